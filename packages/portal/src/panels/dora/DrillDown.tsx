import {
  DORA_EVENTS_PAGE_SIZE,
  DORA_METRIC_LISTS,
  type DateRange,
  type DoraEventList,
  type DoraEvents,
  type DoraMetric,
} from '@client-portal/api-client';
import { Dialog, Table, Tabs } from '@client-portal/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePortalData } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { csvFileName } from '../../lib/csv.js';
import { CsvButton } from '../CsvButton.js';
import * as styles from './DoraPanel.css.js';
import { tableCsv } from './doraCsv.js';
import { formatRange } from './doraDates.js';
import { deploymentColumns, type EventColumn, incidentColumns, pullRequestColumns } from './eventColumns.js';
import { useTableLabels } from '../useTableLabels.js';

/** One list behind a figure, a server page at a time, with its CSV (the page on screen). */
function EventList({
  projectKey,
  metric,
  list,
  range,
}: {
  projectKey: string;
  metric: DoraMetric;
  list: DoraEventList;
  range: DateRange;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { queries } = usePortalData();
  const tableLabels = useTableLabels();
  const labels = { ...tableLabels, noResults: t('dora.drill.empty'), error: t('dora.drill.error') };
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...queries.doraEvents({ projectKey, metric, list, from: range.from, to: range.to, page }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const caption = t(`dora.list.${list}`);
  const table = (events: DoraEvents | undefined) => {
    const common = {
      caption,
      captionHidden: true,
      manual: true,
      pageSize: DORA_EVENTS_PAGE_SIZE,
      page,
      onPageChange: setPage,
      total: events?.total ?? 0,
      loading: query.isPending,
      error: query.error ? t('dora.drill.error') : undefined,
      onRetry: () => void query.refetch(),
      retrying: query.isFetching,
      empty: t('dora.drill.empty'),
      labels,
      maxHeight: '60vh',
    };
    if (!events || events.kind === 'deployments') {
      const columns = deploymentColumns(i18n);
      const rows = events?.kind === 'deployments' ? events.rows : [];
      return {
        node: <Table {...common} columns={columns} rows={rows} getRowId={(r) => r.id} />,
        csv: () => tableCsv(columns, rows),
      };
    }
    if (events.kind === 'pullRequests') {
      const columns = pullRequestColumns(i18n);
      return {
        node: <Table {...common} columns={columns} rows={events.rows} getRowId={(r) => r.id} />,
        csv: () => tableCsv(columns as EventColumn<(typeof events.rows)[number]>[], events.rows),
      };
    }
    const columns = incidentColumns(i18n);
    return {
      node: <Table {...common} columns={columns} rows={events.rows} getRowId={(r) => r.id} />,
      csv: () => tableCsv(columns, events.rows),
    };
  };
  const shown = table(data);
  return (
    <div className={styles.drill} aria-busy={query.isFetching || undefined}>
      <div className={styles.actions}>
        <CsvButton
          what={caption}
          disabled={!data || data.rows.length === 0}
          fileName={csvFileName(projectKey, metric, list, range.from, range.to, `page-${page}`)}
          build={shown.csv}
        />
      </div>
      {shown.node}
    </div>
  );
}

/**
 * The deployments, pull requests and incidents behind one figure, in a dialog: one tab per list
 * when the metric has more than one (lead time: deployed and waiting; change failure rate:
 * deployments and incidents). Each incident says why it counts, or why not.
 */
export function DrillDown({
  projectKey,
  metric,
  range,
  onClose,
}: {
  projectKey: string;
  metric: DoraMetric | null;
  range: DateRange;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const lists = metric ? DORA_METRIC_LISTS[metric] : [];
  const [first] = lists;
  return (
    <Dialog
      size="lg"
      open={metric !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={metric ? t('dora.drill.title', { metric: t(`dora.metric.${metric}`) }) : ''}
      description={t('dora.drill.description', { range: formatRange(range, locale) })}
      closeLabel={t('dora.drill.close')}
    >
      {metric && first ? (
        lists.length > 1 ? (
          <Tabs
            listLabel={t('dora.drill.lists')}
            lazyMount
            items={lists.map((list) => ({
              value: list,
              label: t(`dora.list.${list}`),
              content: <EventList projectKey={projectKey} metric={metric} list={list} range={range} />,
            }))}
          />
        ) : (
          <EventList projectKey={projectKey} metric={metric} list={first} range={range} />
        )
      ) : null}
    </Dialog>
  );
}
