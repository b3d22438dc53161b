import type { CrmResponse } from '@client-portal/api-client';
import { Badge, Card, Progress, statusTones, Table, type TableColumn } from '@client-portal/ui';
import { lazy, Suspense, useMemo } from 'react';
import { dateLocaleFor } from '../../i18n/dates.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { formatDateNumeric } from '../../lib/dates.js';
import * as styles from './dashboard.css.js';
import { formatNumber } from '../../lib/figures.js';
import { type SubscriptionRow, subscriptionRows } from './subscriptions.js';
import { useTableLabels } from '../../panels/useTableLabels.js';

const PAGE_SIZE = 5;

// The requests' code loads after the table: the row's count and links fill in when it arrives.
const SubscriptionRequests = lazy(() =>
  import('../requests/related/RelatedRequests.js').then((m) => ({ default: m.SubscriptionRequests })),
);

/** The active subscriptions: sortable, paged, each with its term's progress and renewal check-in. */
export function SubscriptionsCard({
  crm,
  loading,
  error,
  onRetry,
  retrying,
  now = new Date(),
}: {
  crm: CrmResponse | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  now?: Date;
}) {
  const { t, locale } = useI18n();
  const tableLabels = useTableLabels();
  const rows = useMemo(
    () => subscriptionRows(crm?.hubspot.deals ?? [], now, dateLocaleFor(locale)),
    [crm, now, locale],
  );
  // Minimum widths that fit the eight columns in the card at a 1440 px window (the dates, status
  // and hours need less than the table's 120 px floor; e2e/portal/walk checks it on the demo).
  const columns: TableColumn<SubscriptionRow>[] = [
    {
      key: 'name',
      header: t('dashboard.subscriptions.name'),
      rowHeader: true,
      sortable: true,
      minWidth: '176px',
    },
    {
      key: 'startDate',
      header: t('dashboard.subscriptions.start'),
      sortable: true,
      minWidth: '104px',
      cell: (row) => formatDateNumeric(row.startDate),
    },
    {
      key: 'endDate',
      header: t('dashboard.subscriptions.end'),
      sortable: true,
      minWidth: '104px',
      cell: (row) => formatDateNumeric(row.endDate),
    },
    {
      key: 'status',
      header: t('dashboard.subscriptions.status'),
      minWidth: '96px',
      cell: (row) => (
        <Badge tone={statusTones[row.status.toLowerCase() as keyof typeof statusTones] ?? 'neutral'}>
          {row.status}
        </Badge>
      ),
    },
    {
      key: 'hours',
      header: t('dashboard.subscriptions.hours'),
      sortable: true,
      align: 'end',
      minWidth: '88px',
      cell: (row) => (row.hours === null ? '-' : formatNumber(row.hours, locale)),
    },
    { key: 'service', header: t('dashboard.subscriptions.service'), sortable: true },
    {
      key: 'term',
      header: t('dashboard.subscriptions.term'),
      minWidth: '160px',
      cell: (row) => (
        <div className={styles.term}>
          <Progress
            value={row.progress.percentageComplete}
            label={`${row.name}: ${t('dashboard.subscriptions.progress', { percent: row.progress.percentageComplete })}`}
            hideLabel
            size="sm"
            marker={{
              position: row.progress.markerPosition,
              label: t('dashboard.subscriptions.checkIn', { when: row.progress.checkInMessage }),
            }}
          />
        </div>
      ),
    },
    {
      key: 'requests',
      header: t('dashboard.subscriptions.requests'),
      minWidth: '128px',
      cell: (row) => (
        <Suspense fallback={null}>
          <SubscriptionRequests subscriptionId={row.id} name={row.name} />
        </Suspense>
      ),
    },
  ];
  return (
    <Card as="div" title={t('dashboard.subscriptions.title')} headingLevel={2}>
      <Table
        caption={t('dashboard.subscriptions.title')}
        captionHidden
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        defaultSort={{ key: 'endDate', direction: 'asc' }}
        pageSize={PAGE_SIZE}
        loading={loading}
        error={error ? t('dashboard.subscriptions.error') : undefined}
        onRetry={onRetry}
        retrying={retrying}
        empty={t('dashboard.subscriptions.empty')}
        labels={tableLabels}
      />
    </Card>
  );
}
