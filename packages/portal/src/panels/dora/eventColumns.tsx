import type { DoraDeploymentRow, DoraIncidentRow, DoraPullRequestRow } from '@client-portal/api-client';
import { Badge, type TableColumn } from '@client-portal/ui';
import type { ReactNode } from 'react';
import type { I18n } from '../../i18n/I18nProvider.js';
import { formatHours } from '../../lib/figures.js';
import type { CsvColumn } from './doraCsv.js';
import { formatInstant } from './doraDates.js';
import * as styles from './DoraPanel.css.js';
import { deploymentFlags, whyItCounts } from './eventWords.js';

/** A drill-down column: how the screen shows it and what the CSV holds. */
export type EventColumn<Row> = TableColumn<Row> & CsvColumn<Row>;

const column = <Row,>(
  key: string,
  header: string,
  cell: (row: Row) => ReactNode,
  csv: CsvColumn<Row>['csv'],
  extra: Omit<Partial<TableColumn<Row>>, 'key' | 'header' | 'cell'> = {},
): EventColumn<Row> => ({ key, header, cell, csv, ...extra });

const short = (sha: string | null) => (sha ? sha.slice(0, 7) : '');

export function deploymentColumns({ t, locale }: I18n): EventColumn<DoraDeploymentRow>[] {
  return [
    column(
      'finishedAt',
      t('dora.col.finished'),
      (r) => formatInstant(r.finishedAt, locale),
      (r) => r.finishedAt,
    ),
    column(
      'externalId',
      t('dora.col.deployment'),
      (r) => <span className={styles.cellText}>{r.externalId}</span>,
      (r) => r.externalId,
      { rowHeader: true },
    ),
    column(
      'repository',
      t('dora.col.repository'),
      (r) => <span className={styles.cellText}>{r.repository ?? t('dora.col.several')}</span>,
      (r) => r.repository,
    ),
    column(
      'commitSha',
      t('dora.col.commit'),
      (r) => <code className={styles.mono}>{short(r.commitSha)}</code>,
      (r) => r.commitSha,
    ),
    column(
      'status',
      t('dora.col.status'),
      (r) => (
        <span className={styles.badges}>
          {deploymentFlags(r, t).map((flag) => (
            <Badge key={flag} size="sm" tone={r.failed ? 'danger' : r.rework ? 'warning' : 'neutral'}>
              {flag}
            </Badge>
          ))}
        </span>
      ),
      (r) => deploymentFlags(r, t).join('; '),
      { minWidth: 160 },
    ),
    column(
      'source',
      t('dora.col.source'),
      (r) => r.source,
      (r) => r.source,
    ),
  ];
}

export function pullRequestColumns({ t, locale }: I18n): EventColumn<DoraPullRequestRow>[] {
  return [
    column(
      'externalId',
      t('dora.col.pullRequest'),
      (r) => <span className={styles.cellText}>#{r.externalId}</span>,
      (r) => r.externalId,
      { rowHeader: true, minWidth: 96 },
    ),
    column(
      'title',
      t('dora.col.title'),
      (r) => <span className={styles.cellText}>{r.title ?? ''}</span>,
      (r) => r.title,
      { minWidth: 200 },
    ),
    column(
      'repository',
      t('dora.col.repository'),
      (r) => <span className={styles.cellText}>{r.repository ?? ''}</span>,
      (r) => r.repository,
    ),
    column(
      'author',
      t('dora.col.author'),
      (r) => r.author ?? '',
      (r) => r.author,
    ),
    column(
      'firstCommitAt',
      t('dora.col.firstCommit'),
      (r) => formatInstant(r.firstCommitAt, locale),
      (r) => r.firstCommitAt,
    ),
    column(
      'mergedAt',
      t('dora.col.merged'),
      (r) => formatInstant(r.mergedAt, locale),
      (r) => r.mergedAt,
    ),
    column(
      'deployment',
      t('dora.col.deployedIn'),
      (r) =>
        r.deployment ? (
          <span className={styles.cellText}>
            {r.deployment.externalId} · {formatInstant(r.deployment.finishedAt, locale)}
          </span>
        ) : (
          t('dora.waiting')
        ),
      (r) => r.deployment?.externalId ?? null,
    ),
    column(
      'leadTimeHours',
      t('dora.col.leadTime'),
      (r) => formatHours(r.leadTimeHours, locale) ?? '',
      (r) => r.leadTimeHours,
      { align: 'end' },
    ),
  ];
}

export function incidentColumns({ t, locale }: I18n): EventColumn<DoraIncidentRow>[] {
  return [
    column(
      'externalId',
      t('dora.col.incident'),
      (r) => <span className={styles.cellText}>{r.externalId}</span>,
      (r) => r.externalId,
      { rowHeader: true, minWidth: 96 },
    ),
    column(
      'title',
      t('dora.col.title'),
      (r) => <span className={styles.cellText}>{r.title ?? ''}</span>,
      (r) => r.title,
      {
        minWidth: 200,
      },
    ),
    column(
      'why',
      t('dora.col.why'),
      (r) => <span className={styles.why}>{whyItCounts(r, t)}</span>,
      (r) => whyItCounts(r, t),
      { minWidth: 240 },
    ),
    column(
      'severity',
      t('dora.col.severity'),
      (r) => r.severity ?? '',
      (r) => r.severity,
    ),
    column(
      'openedAt',
      t('dora.col.opened'),
      (r) => formatInstant(r.openedAt, locale),
      (r) => r.openedAt,
    ),
    column(
      'resolvedAt',
      t('dora.col.resolved'),
      (r) => (r.resolvedAt ? formatInstant(r.resolvedAt, locale) : t('dora.stillOpen')),
      (r) => r.resolvedAt,
    ),
    column(
      'recoveryHours',
      t('dora.col.recovery'),
      (r) => formatHours(r.recoveryHours, locale) ?? '',
      (r) => r.recoveryHours,
      { align: 'end' },
    ),
    column(
      'source',
      t('dora.col.source'),
      (r) => r.source,
      (r) => r.source,
    ),
  ];
}
