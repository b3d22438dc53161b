import {
  DORA_BENCHMARKS,
  DORA_METRICS,
  type DateRange,
  type DoraBenchmark,
  type DoraGrain,
  type DoraMetric,
  type DoraMetrics,
} from '@client-portal/api-client';
import { EmptyState, ErrorState, Select, Skeleton, SkeletonText, visuallyHidden } from '@client-portal/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isOffline, usePortalData } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './DoraPanel.css.js';
import { formatRange } from './doraDates.js';
import { hasNoEvents } from './doraFigures.js';
import { DrillDown } from './DrillDown.js';
import { MetricCard, TierBadge } from './MetricCard.js';
import { rangeDays } from './doraRange.js';
import { SourcesFreshness } from './SourcesFreshness.js';
import { dora } from '../../i18n/en/dora.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(dora);

export interface DoraPanelProps {
  projectKey: string;
  /** The project's name, for the empty state. */
  projectName?: string | undefined;
  /** Undefined: the API's default, the last 90 days. */
  range: DateRange | undefined;
  grain: DoraGrain;
  benchmark: DoraBenchmark;
  onBenchmarkChange: (benchmark: DoraBenchmark) => void;
  /** "Now" for the sources' freshness; injected by stories. Default: the clock. */
  now?: Date | undefined;
}

const year = (benchmark: DoraBenchmark) => benchmark.replace('dora-', '');

function PanelSkeleton() {
  const { t } = useI18n();
  return (
    <div aria-busy="true" className={styles.metrics}>
      <span className={visuallyHidden} role="status">
        {t('dora.loading')}
      </span>
      {DORA_METRICS.map((metric) => (
        <div key={metric} className={styles.skeletonCard} aria-hidden="true">
          <Skeleton shape="text" width="40%" />
          <Skeleton height="36px" width="50%" />
          <SkeletonText lines={2} />
          <Skeleton height="200px" />
        </div>
      ))}
    </div>
  );
}

/**
 * The DORA panel of one project: the overall tier by report year (with the switch between 2023
 * and 2021), the four metrics and rework rate each with figure, tier, change, counts, note on
 * small samples, explanation, chart and drill-down, and when each source last delivered data.
 * It fails on its own: the page around it keeps working.
 */
export function DoraPanel({
  projectKey,
  projectName,
  range,
  grain,
  benchmark,
  onBenchmarkChange,
  now,
}: DoraPanelProps) {
  const { t, locale } = useI18n();
  const { queries } = usePortalData();
  const titleId = useId();
  const query = useQuery({
    ...queries.dora({ projectKey, from: range?.from, to: range?.to, grain, benchmark }),
    // Another grain or report year of the same project keeps the figures on screen, dimmed, until
    // the new answer arrives; another project never shows the previous project's figures.
    placeholderData: (previous: DoraMetrics | undefined) =>
      previous?.projectKey === projectKey ? previous : undefined,
  });
  const [drill, setDrill] = useState<DoraMetric | null>(null);
  const dora = query.data;
  const refreshing = query.isPlaceholderData;
  const shownYear = year(dora?.performance.benchmark ?? benchmark);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <PanelSkeleton />;
  } else if (!dora) {
    const offline = isOffline(query.error);
    body = (
      <ErrorState
        headingLevel={3}
        title={offline ? t('state.offline.title') : t('dora.error')}
        message={offline ? t('state.offline.body') : t('dora.error.body')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        labels={{ retry: t('state.retry') }}
      />
    );
  } else if (hasNoEvents(dora.headline)) {
    body = (
      <EmptyState
        headingLevel={3}
        title={t('dora.empty.title')}
        description={t('dora.empty.body', {
          project: projectName ?? projectKey,
          range: formatRange(dora.range, locale),
        })}
      />
    );
  } else {
    body = (
      <ul className={styles.metrics} aria-busy={refreshing || undefined}>
        {DORA_METRICS.map((metric) => (
          <li key={metric} className={[styles.metricItem, refreshing ? styles.refreshing : ''].join(' ')}>
            <MetricCard metric={metric} dora={dora} year={shownYear} onDrillDown={setDrill} />
          </li>
        ))}
      </ul>
    );
  }

  const overall = dora?.performance.tier ?? null;
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.head}>
        <div className={styles.headText}>
          <h2 id={titleId} className={styles.title}>
            {t('dora.title')}
          </h2>
          <p className={styles.muted}>
            {dora
              ? t('dora.lead', {
                  range: formatRange(dora.range, locale),
                  days: rangeDays(dora.range),
                })
              : t('dora.leadShort')}
          </p>
        </div>
        <div className={styles.overall}>
          {dora && !hasNoEvents(dora.headline) ? (
            <div className={styles.overallFigure}>
              <span className={styles.overallLabel}>{t('dora.overall')}</span>
              {overall ? (
                <TierBadge tier={overall} year={shownYear} />
              ) : (
                <span className={styles.muted}>{t('dora.tier.none')}</span>
              )}
            </div>
          ) : null}
          <div className={styles.benchmark}>
            <Select
              size="sm"
              label={t('dora.benchmark')}
              value={benchmark}
              onValueChange={(value) => {
                const next = DORA_BENCHMARKS.find((b) => b === value);
                if (next) onBenchmarkChange(next);
              }}
              items={DORA_BENCHMARKS.map((b) => ({
                value: b,
                label: t('dora.benchmark.year', { year: year(b) }),
              }))}
            />
          </div>
        </div>
      </div>
      {dora && !hasNoEvents(dora.headline) ? (
        <p className={styles.muted}>{t('dora.overall.help', { year: shownYear })}</p>
      ) : null}
      {body}
      {dora ? (
        <SourcesFreshness projectKey={projectKey} sources={dora.sources} now={now ?? new Date()} />
      ) : null}
      {dora ? (
        <DrillDown projectKey={projectKey} metric={drill} range={dora.range} onClose={() => setDrill(null)} />
      ) : null}
    </section>
  );
}
