import type { DoraSource } from '@client-portal/api-client';
import { Badge, Table } from '@client-portal/ui';
import { type ReactNode, useId } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { csvFileName } from '../../lib/csv.js';
import { CsvButton } from '../CsvButton.js';
import * as styles from './DoraPanel.css.js';
import { type CsvColumn, tableCsv } from './doraCsv.js';
import { absoluteTime, isStale, relativeTime, STALE_AFTER_HOURS } from './sourceFreshness.js';
import { useTableLabels } from '../useTableLabels.js';

const KNOWN_SOURCES = ['github', 'github_actions', 'jira', 'ingest', 'seed'] as const;

/**
 * When each source last delivered data for the project: relative and exact time, and "stale" when
 * it has been silent for longer than STALE_AFTER_HOURS, so a figure that stopped moving is not
 * mistaken for a team that stopped shipping.
 */
export function SourcesFreshness({
  projectKey,
  sources,
  now,
}: {
  projectKey: string;
  sources: readonly DoraSource[];
  now: Date;
}) {
  const { t, locale } = useI18n();
  const labels = useTableLabels();
  const headingId = useId();
  const sourceName = (source: string) =>
    (KNOWN_SOURCES as readonly string[]).includes(source)
      ? t(`dora.source.${source as (typeof KNOWN_SOURCES)[number]}`)
      : source;
  const title = t('dora.sources.title');
  const stateOf = (s: DoraSource) =>
    isStale(s.lastDeliveredAt, now) ? t('dora.sources.stale') : t('dora.sources.fresh');
  const columns: (CsvColumn<DoraSource> & {
    key: string;
    cell: (s: DoraSource) => ReactNode;
    rowHeader?: boolean;
  })[] = [
    {
      key: 'kind',
      header: t('dora.sources.col.kind'),
      cell: (s) => t(`dora.sources.kind.${s.kind}`),
      csv: (s) => t(`dora.sources.kind.${s.kind}`),
      rowHeader: true,
    },
    {
      key: 'source',
      header: t('dora.sources.col.source'),
      cell: (s) => sourceName(s.source),
      csv: (s) => sourceName(s.source),
    },
    {
      key: 'last',
      header: t('dora.sources.col.last'),
      cell: (s) => (
        <time dateTime={s.lastDeliveredAt} title={absoluteTime(s.lastDeliveredAt, locale)}>
          {relativeTime(s.lastDeliveredAt, now, locale)}
          <span className={styles.muted}> · {absoluteTime(s.lastDeliveredAt, locale)}</span>
        </time>
      ),
      csv: (s) => s.lastDeliveredAt,
    },
    {
      key: 'state',
      header: t('dora.sources.col.state'),
      cell: (s) => (
        <Badge size="sm" tone={isStale(s.lastDeliveredAt, now) ? 'warning' : 'success'}>
          {stateOf(s)}
        </Badge>
      ),
      csv: stateOf,
    },
  ];
  const stale = sources.some((s) => isStale(s.lastDeliveredAt, now));
  return (
    <div className={styles.sources}>
      <div className={styles.head}>
        <div className={styles.headText}>
          <h3 id={headingId} className={styles.sectionTitle}>
            {title}
          </h3>
          <p className={styles.muted}>{t('dora.sources.lead', { days: STALE_AFTER_HOURS / 24 })}</p>
        </div>
        <CsvButton
          what={title}
          disabled={sources.length === 0}
          fileName={csvFileName(projectKey, 'sources')}
          build={() => tableCsv(columns, sources)}
        />
      </div>
      {stale ? (
        <p className={styles.note} role="note">
          {t('dora.sources.staleNote', { days: STALE_AFTER_HOURS / 24 })}
        </p>
      ) : null}
      <Table
        caption={title}
        captionHidden
        columns={columns}
        rows={sources}
        getRowId={(s) => `${s.kind}:${s.source}`}
        empty={t('dora.sources.empty')}
        labels={labels}
      />
    </div>
  );
}
