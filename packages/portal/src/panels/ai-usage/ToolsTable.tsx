import { Table, type TableColumn, type TableSort } from '@client-portal/ui';
import { useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './AiUsagePanel.css.js';
import { CsvButton } from '../CsvButton.js';
import { csvFileName } from '../../lib/csv.js';
import { tableRows } from './exportRows.js';
import { TOOL_NAMES, type ToolSummary } from './usageFigures.js';
import { acceptanceText, reportedText, throughText, usersText } from './usageText.js';
import { useTableLabels } from '../useTableLabels.js';

const rateOf = (s: ToolSummary) => (s.acceptance.kind === 'rate' ? s.acceptance.rate : null);

/**
 * One row per assistant: active users against seats, acceptance (or why there is none), each
 * surface's use and how far its data goes. With `showProjects`, the projects it reports on.
 */
export function ToolsTable({
  summaries,
  caption,
  fileName,
  projectNames,
}: {
  summaries: readonly ToolSummary[];
  caption: string;
  fileName: readonly string[];
  /** Project key → name; shows a Projects column when given. */
  projectNames?: ReadonlyMap<string, string>;
}) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const tableLabels = useTableLabels();
  const [sort, setSort] = useState<TableSort>(null);
  const projectsOf = (s: ToolSummary) => s.projects.map((key) => projectNames?.get(key) ?? key).join(', ');
  const columns: TableColumn<ToolSummary>[] = [
    {
      key: 'tool',
      header: t('aiUsage.col.tool'),
      rowHeader: true,
      sortable: true,
      sortValue: (s) => TOOL_NAMES[s.tool],
      cell: (s) => TOOL_NAMES[s.tool],
    },
    ...(projectNames
      ? [{ key: 'projects', header: t('aiUsage.col.projects'), cell: projectsOf, minWidth: '160px' }]
      : []),
    {
      key: 'activeUsers',
      header: t('aiUsage.col.activeUsers'),
      sortable: true,
      align: 'end',
      cell: (s) => usersText(i18n, s.activeUsers, s.seats),
    },
    {
      key: 'acceptance',
      header: t('aiUsage.col.acceptance'),
      sortable: true,
      align: 'end',
      sortValue: rateOf,
      cell: (s) => (
        <span className={s.acceptance.kind === 'rate' ? undefined : styles.muted}>
          {acceptanceText(i18n, s.acceptance, s.tool)}
        </span>
      ),
    },
    {
      key: 'acceptances',
      header: t('aiUsage.col.completions'),
      sortable: true,
      align: 'end',
      cell: (s) => reportedText(i18n, s.acceptances),
    },
    {
      key: 'chatRequests',
      header: t('aiUsage.col.chat'),
      sortable: true,
      align: 'end',
      cell: (s) => (
        <span className={s.chatRequests === null ? styles.muted : undefined}>
          {reportedText(i18n, s.chatRequests)}
        </span>
      ),
    },
    {
      key: 'agentRequests',
      header: t('aiUsage.col.agent'),
      sortable: true,
      align: 'end',
      cell: (s) => (
        <span className={s.agentRequests === null ? styles.muted : undefined}>
          {reportedText(i18n, s.agentRequests)}
        </span>
      ),
    },
    {
      key: 'cliRequests',
      header: t('aiUsage.col.cli'),
      sortable: true,
      align: 'end',
      cell: (s) => (
        <span className={s.cliRequests === null ? styles.muted : undefined}>
          {reportedText(i18n, s.cliRequests)}
        </span>
      ),
    },
    {
      key: 'dataThrough',
      header: t('aiUsage.col.dataThrough'),
      sortable: true,
      sortValue: (s) => s.dataThrough?.earliest ?? null,
      cell: (s) => throughText(i18n, s.dataThrough),
      minWidth: '136px',
    },
  ];
  const header = [
    t('aiUsage.col.tool'),
    ...(projectNames ? [t('aiUsage.col.projects')] : []),
    t('aiUsage.col.activeUsers'),
    t('aiUsage.col.seats'),
    t('aiUsage.col.acceptance'),
    t('aiUsage.col.completions'),
    t('aiUsage.col.chat'),
    t('aiUsage.col.agent'),
    t('aiUsage.col.cli'),
    t('aiUsage.col.dataThrough'),
  ];
  return (
    <div className={styles.block}>
      <div className={styles.blockHead}>
        <h3 className={styles.blockTitle}>{caption}</h3>
        <CsvButton
          what={caption}
          fileName={csvFileName(...fileName)}
          build={() => ({
            header: header,
            rows: tableRows(
              summaries,
              columns,
              sort,
              (s) => [
                TOOL_NAMES[s.tool],
                ...(projectNames ? [projectsOf(s)] : []),
                s.activeUsers,
                s.seats,
                acceptanceText(i18n, s.acceptance, s.tool),
                s.acceptances,
                s.chatRequests ?? t('aiUsage.notReported'),
                s.agentRequests ?? t('aiUsage.notReported'),
                s.cliRequests ?? t('aiUsage.notReported'),
                s.dataThrough?.earliest ?? '',
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
        rows={summaries}
        getRowId={(s) => s.tool}
        sort={sort}
        onSortChange={setSort}
        labels={tableLabels}
      />
    </div>
  );
}
