import { Badge, Button, Table, type TableColumn, type TableSort, visuallyHidden } from '@client-portal/ui';
import { useMemo, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as panel from '../../panels/ai-usage/AiUsagePanel.css.js';
import { CsvButton } from '../../panels/CsvButton.js';
import { csvFileName } from '../../lib/csv.js';
import { tableRows } from '../../panels/ai-usage/exportRows.js';
import { TOOL_NAMES } from '../../panels/ai-usage/usageFigures.js';
import { acceptanceText, throughText, usersText } from '../../panels/ai-usage/usageText.js';
import { formatNumber } from '../../lib/figures.js';
import * as styles from './AiAgentsPage.css.js';
import { type ProjectLine, projectLine } from './projectLines.js';
import type { ProjectAdoption } from './useAdoption.js';
import { useTableLabels } from '../../panels/useTableLabels.js';

/**
 * The projects side by side under the same definitions: which assistants each has ("not
 * connected" when none), its users against seats, acceptance, deployments and data freshness. A
 * project that failed says so in its row, with its own retry.
 */
export function ProjectsSection({ rows }: { rows: readonly ProjectAdoption[] }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const tableLabels = useTableLabels();
  const [sort, setSort] = useState<TableSort>(null);
  const lines = useMemo(() => rows.map(projectLine), [rows]);
  const retryOf = new Map(rows.map((r) => [r.project.jiraProjectKey, r]));
  const statusText = (line: ProjectLine) =>
    line.status === 'loading'
      ? t('state.loading')
      : line.status === 'error'
        ? t('aiAgents.project.failed')
        : line.status === 'notConnected'
          ? t('aiAgents.project.notConnected')
          : line.tools.map((tool) => TOOL_NAMES[tool]).join(', ');
  const title = t('aiAgents.projects.title');
  const caption = t('aiAgents.projects.table');
  const columns: TableColumn<ProjectLine>[] = [
    {
      key: 'name',
      header: t('aiAgents.col.project'),
      rowHeader: true,
      sortable: true,
      minWidth: '176px',
      cell: (line) => (
        <span className={styles.projectName}>
          <span>{line.name}</span>
          <span className={styles.muted}>{line.key}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('aiAgents.col.assistants'),
      sortable: true,
      sortValue: statusText,
      minWidth: '176px',
      cell: (line) => {
        if (line.status === 'error') {
          const row = retryOf.get(line.key);
          return (
            <span className={styles.failed}>
              <Badge tone="danger">{t('aiAgents.project.failed')}</Badge>
              <Button
                size="sm"
                variant="outline"
                tone="neutral"
                loading={Boolean(row && (row.usage.fetching || row.delivery.fetching))}
                onClick={() => row?.retry()}
              >
                {t('state.retry')}
                <span className={visuallyHidden}>: {line.name}</span>
              </Button>
            </span>
          );
        }
        if (line.status === 'notConnected')
          return <Badge tone="neutral">{t('aiAgents.project.notConnected')}</Badge>;
        if (line.status === 'loading') return <span className={panel.muted}>{t('state.loading')}</span>;
        return (
          <span className={styles.tools}>
            {line.tools.map((tool) => (
              <Badge key={tool} tone="accent">
                {TOOL_NAMES[tool]}
              </Badge>
            ))}
          </span>
        );
      },
    },
    {
      key: 'activeUsers',
      header: t('aiUsage.col.activeUsers'),
      sortable: true,
      align: 'end',
      cell: (line) => (line.totals ? usersText(i18n, line.totals.activeUsers, line.totals.seats) : '–'),
      sortValue: (line) => line.totals?.activeUsers ?? null,
    },
    {
      key: 'acceptance',
      header: t('aiUsage.col.acceptance'),
      sortable: true,
      align: 'end',
      sortValue: (line) => (line.totals?.acceptance.kind === 'rate' ? line.totals.acceptance.rate : null),
      cell: (line) => (line.totals ? acceptanceText(i18n, line.totals.acceptance, line.onlyTool) : '–'),
    },
    {
      key: 'deployments',
      header: t('aiAgents.col.deployments'),
      sortable: true,
      align: 'end',
      cell: (line) => (line.deployments === null ? '–' : formatNumber(line.deployments, locale)),
    },
    {
      key: 'dataThrough',
      header: t('aiUsage.col.dataThrough'),
      sortable: true,
      sortValue: (line) => line.dataThrough?.earliest ?? null,
      minWidth: '136px',
      cell: (line) => (line.status === 'connected' ? throughText(i18n, line.dataThrough) : '–'),
    },
  ];
  return (
    <section className={styles.section} aria-labelledby="ai-agents-projects">
      <div className={styles.sectionHead}>
        <header>
          <h2 id="ai-agents-projects" className={styles.sectionTitle}>
            {title}
          </h2>
          <p className={styles.muted}>{t('aiAgents.projects.lead')}</p>
        </header>
        <CsvButton
          what={caption}
          fileName={csvFileName('ai-assistants-by-project')}
          build={() => ({
            header: [
              t('aiAgents.col.project'),
              t('aiAgents.col.key'),
              t('aiAgents.col.assistants'),
              t('aiUsage.col.activeUsers'),
              t('aiUsage.col.seats'),
              t('aiUsage.col.acceptance'),
              t('aiAgents.col.deployments'),
              t('aiUsage.col.dataThrough'),
            ],
            rows: tableRows(
              lines,
              columns,
              sort,
              (line) => [
                line.name,
                line.key,
                statusText(line),
                line.totals?.activeUsers,
                line.totals?.seats,
                line.totals ? acceptanceText(i18n, line.totals.acceptance, line.onlyTool) : null,
                line.deployments,
                line.dataThrough?.earliest,
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
        getRowId={(line) => line.key}
        sort={sort}
        onSortChange={setSort}
        {...(lines.length > 10 ? { pageSize: 10 } : {})}
        labels={tableLabels}
      />
    </section>
  );
}
