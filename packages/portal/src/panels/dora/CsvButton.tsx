import { Button, Icon } from '@client-portal/ui';
import { Download } from 'lucide-react';
import { type CsvRows, downloadCsv, toCsv } from '../../lib/csv.js';
import { useI18n } from '../../i18n/I18nProvider.js';

/**
 * "Download CSV" for one table or chart: builds the file when clicked, from the rows on screen.
 * `what` names the table for screen readers, so several buttons on a page stay distinct.
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
      aria-label={`${t('dora.csv')}: ${what}`}
      iconStart={<Icon icon={Download} size={16} />}
      onClick={() => {
        const { header, rows } = build();
        downloadCsv(fileName, toCsv(header, rows));
      }}
    >
      {t('dora.csv')}
    </Button>
  );
}
