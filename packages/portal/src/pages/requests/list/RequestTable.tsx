import type { RequestSummary } from '@client-portal/api-client/requests';
import { Badge, Table, type TableColumn } from '@client-portal/ui';
import { useMemo } from 'react';
import { Link as RouterLink } from 'wouter';
import { dateLocaleFor } from '../../../i18n/dates.js';
import { useI18n } from '../../../i18n/I18nProvider.js';
import { formatDateShort } from '../../../lib/dates.js';
import { useTableLabels } from '../../../panels/useTableLabels.js';
import { dueMessage, dueTone, labelMessage, labelTone, nextCheckInPhrase } from '../requestLabels.js';
import { requestHref } from '../requestsAddress.js';
import * as styles from '../RequestsPage.css.js';
import { typeName } from '../typeWords.js';

/**
 * A page of requests: the title links to the request; status and due state are badges whose words
 * carry the meaning. The host orders the rows (due date first), so the columns do not sort.
 */
export function RequestTable({
  rows,
  loading,
  now = new Date(),
}: {
  rows: readonly RequestSummary[];
  loading: boolean;
  now?: Date;
}) {
  const { t, locale } = useI18n();
  const labels = useTableLabels();
  const dateLocale = dateLocaleFor(locale);
  const columns = useMemo<TableColumn<RequestSummary>[]>(
    () => [
      {
        key: 'title',
        header: t('requests.column.title'),
        rowHeader: true,
        minWidth: '224px',
        cell: (row) => (
          <RouterLink href={requestHref(row.key)} className={styles.title} dir="auto">
            {row.title}
          </RouterLink>
        ),
      },
      {
        key: 'key',
        header: t('requests.column.key'),
        cell: (row) => <span className={styles.nowrap}>{row.key}</span>,
      },
      {
        key: 'type',
        header: t('requests.column.type'),
        minWidth: '128px',
        cell: (row) => typeName(t, row.type, row.typeLabel),
      },
      {
        key: 'status',
        header: t('requests.column.status'),
        cell: (row) => (
          <Badge tone={labelTone(row.label)} className={styles.nowrap}>
            {t(labelMessage(row.label))}
          </Badge>
        ),
      },
      {
        key: 'due',
        header: t('requests.column.due'),
        cell: (row) =>
          row.dueAt ? (
            <span className={styles.cellStack}>
              <span className={styles.nowrap}>{formatDateShort(row.dueAt, dateLocale)}</span>
              {row.dueState ? (
                <Badge size="sm" tone={dueTone(row.dueState)}>
                  {t(dueMessage(row.dueState))}
                </Badge>
              ) : null}
            </span>
          ) : (
            <span className={styles.muted}>{t('requests.noDueDate')}</span>
          ),
      },
      {
        key: 'checkIn',
        header: t('requests.column.checkIn'),
        cell: (row) =>
          row.nextCheckIn ? (
            <span className={styles.nowrap}>{nextCheckInPhrase(row.nextCheckIn, now, dateLocale)}</span>
          ) : (
            <span className={styles.muted}>{t('requests.noCheckIn')}</span>
          ),
      },
      {
        key: 'requester',
        header: t('requests.column.requester'),
        cell: (row) => <bdi>{row.requester.name}</bdi>,
      },
      {
        key: 'assignee',
        header: t('requests.column.assignee'),
        cell: (row) =>
          row.assignee ? (
            <bdi>{row.assignee.name}</bdi>
          ) : (
            <span className={styles.muted}>{t('requests.unassigned')}</span>
          ),
      },
      {
        key: 'updated',
        header: t('requests.column.updated'),
        cell: (row) => <span className={styles.nowrap}>{formatDateShort(row.updatedAt, dateLocale)}</span>,
      },
    ],
    [t, dateLocale, now],
  );
  return (
    <Table
      caption={t('requests.list.caption')}
      captionHidden
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      loading={loading}
      loadingRows={5}
      labels={labels}
    />
  );
}
