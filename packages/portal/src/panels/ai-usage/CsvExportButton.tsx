import { Button, Icon, visuallyHidden } from '@client-portal/ui';
import { Download } from 'lucide-react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { type CsvRows, csvFileName, downloadCsv, toCsv } from '../../lib/csv.js';

/**
 * "Export CSV" for one table or chart: the rows it shows, in the order it shows them. `what` names
 * the table for screen readers (several export buttons on one page stay distinct).
 */
export function CsvExportButton({
  what,
  fileName,
  header,
  rows,
}: {
  what: string;
  fileName: readonly string[];
  header: readonly string[];
  rows: () => CsvRows;
}) {
  const { t } = useI18n();
  return (
    <Button
      variant="outline"
      tone="neutral"
      size="sm"
      iconStart={<Icon icon={Download} />}
      onClick={() => downloadCsv(csvFileName(...fileName), toCsv(header, rows()))}
    >
      {t('aiUsage.export')}
      <span className={visuallyHidden}>: {what}</span>
    </Button>
  );
}
