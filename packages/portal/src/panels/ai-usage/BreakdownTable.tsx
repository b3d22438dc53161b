import type { AiUsage } from '@client-portal/api-client';
import { Table, type TableColumn, type TableSort } from '@client-portal/ui';
import { useMemo, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { formatNumber } from '../../lib/figures.js';
import * as styles from './AiUsagePanel.css.js';
import { CsvButton } from '../CsvButton.js';
import { csvFileName } from '../../lib/csv.js';
import { tableRows } from './exportRows.js';
import { type BreakdownDimension, type BreakdownLine, breakdownLines, TOOL_NAMES } from './usageFigures.js';
import { acceptanceText, reportedText } from './usageText.js';
import { useTableLabels } from '../useTableLabels.js';

const PAGE_SIZE = 10;

/** One breakdown (languages, IDEs or models) of every tool: sortable, paged, exportable. */
export function BreakdownTable({
  usage,
  dimension,
  fileName,
}: {
  usage: AiUsage;
  dimension: BreakdownDimension;
  fileName: readonly string[];
}) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const tableLabels = useTableLabels();
  const lines = useMemo(() => breakdownLines(usage, dimension), [usage, dimension]);
  const [sort, setSort] = useState<TableSort>(null);
  const nameHeader = t(`aiUsage.breakdown.${dimension}`);
  const caption = `${t('aiUsage.breakdown.title')}: ${nameHeader}`;
  const columns: TableColumn<BreakdownLine>[] = [
    { key: 'name', header: nameHeader, rowHeader: true, sortable: true, minWidth: '144px' },
    {
      key: 'tool',
      header: t('aiUsage.col.tool'),
      sortable: true,
      sortValue: (l) => TOOL_NAMES[l.tool],
      cell: (l) => TOOL_NAMES[l.tool],
    },
    {
      key: 'suggestions',
      header: t('aiUsage.col.shown'),
      sortable: true,
      align: 'end',
      cell: (l) => (
        <span className={l.suggestions === null ? styles.muted : undefined}>
          {reportedText(i18n, l.suggestions)}
        </span>
      ),
    },
    {
      key: 'acceptances',
      header: t('aiUsage.col.completions'),
      sortable: true,
      align: 'end',
      cell: (l) => formatNumber(l.acceptances, locale),
    },
    {
      key: 'acceptance',
      header: t('aiUsage.col.acceptance'),
      sortable: true,
      align: 'end',
      sortValue: (l) => (l.acceptance.kind === 'rate' ? l.acceptance.rate : null),
      cell: (l) => (
        <span className={l.acceptance.kind === 'rate' ? undefined : styles.muted}>
          {acceptanceText(i18n, l.acceptance, l.tool)}
        </span>
      ),
    },
    {
      key: 'linesAccepted',
      header: t('aiUsage.col.lines'),
      sortable: true,
      align: 'end',
      cell: (l) => formatNumber(l.linesAccepted, locale),
    },
  ];
  return (
    <div className={styles.block}>
      <div className={styles.blockHead}>
        <span className={styles.note}>{t('aiUsage.breakdown.note')}</span>
        <CsvButton
          what={caption}
          fileName={csvFileName(...fileName)}
          build={() => ({
            header: columns.map((c) => String(c.header)),
            rows: tableRows(
              lines,
              columns,
              sort,
              (l) => [
                l.name,
                TOOL_NAMES[l.tool],
                l.suggestions ?? t('aiUsage.notReported'),
                l.acceptances,
                acceptanceText(i18n, l.acceptance, l.tool),
                l.linesAccepted,
              ],
              locale,
            ),
          })}
        />
      </div>
      <Table
        caption={caption}
        captionHidden
        columns={columns}
        rows={lines}
        getRowId={(l) => l.id}
        sort={sort}
        onSortChange={setSort}
        pageSize={lines.length > PAGE_SIZE ? PAGE_SIZE : undefined}
        empty={t('aiUsage.breakdown.empty')}
        labels={tableLabels}
      />
    </div>
  );
}
