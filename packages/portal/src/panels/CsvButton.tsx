import { Button, Icon } from '@client-portal/ui';
import { Download } from 'lucide-react';
import { useI18n } from '../i18n/I18nProvider.js';
import { type CsvRows, downloadCsv, toCsv } from '../lib/csv.js';

/**
 * "Download CSV" for one table or chart, on every page that has one: builds the file when clicked,
 * from the rows on screen, in the order shown. `what` names the table for screen readers ("Download
 * CSV: Incidents"), so several buttons on a page stay distinct; the name is an aria-label that
 * starts with the visible text, not hidden text inside the button, whose box would add a space.
 */
export function CsvButton({
  what,
  fileName,
  build,
  disabled,
}: {
  what: string;
  fileName: string;
  build: () => { header: readonly string[]; rows: CsvRows };
  disabled?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Button
      size="sm"
      variant="outline"
      tone="neutral"
      disabled={disabled}
      aria-label={`${t('csv.download')}: ${what}`}
      iconStart={<Icon icon={Download} size={16} />}
      onClick={() => {
        const { header, rows } = build();
        downloadCsv(fileName, toCsv(header, rows));
      }}
    >
      {t('csv.download')}
    </Button>
  );
}
