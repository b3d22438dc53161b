import type { AiUsage, DoraMetrics } from '@client-portal/api-client';
import { BarChart, type ChartData, LineChart, Select, Skeleton } from '@client-portal/ui';
import { useMemo } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as panel from '../../panels/ai-usage/AiUsagePanel.css.js';
import { ChartBlock } from '../../panels/ai-usage/ChartBlock.js';
import { SURFACES, TOOL_NAMES } from '../../panels/ai-usage/usageFigures.js';
import { dayText } from '../../panels/ai-usage/usageText.js';
import { formatRate } from '../../lib/figures.js';
import * as styles from './AiAgentsPage.css.js';
import { adoptionTrend, TREND_GRAINS, type TrendGrain } from './adoptionTrend.js';
import type { useAdoption } from './useAdoption.js';

/** An axis label for a bucket's first day: "Mar 3, 2025" for weeks, "Mar 2025" for months. */
function bucketLabel(locale: string, grain: TrendGrain) {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    ...(grain === 'week' ? { day: 'numeric' } : {}),
  });
  return (label: string) => format.format(new Date(`${label}T00:00:00Z`));
}

/**
 * AI use beside delivery over the whole history kept, on one axis of weeks or months: active users
 * and deployments together, requests per surface, and acceptance per tool. Every chart has the same
 * labels, so a week in one is the same week in the others.
 */
export function TrendSection({ adoption }: { adoption: ReturnType<typeof useAdoption> }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const { rows, range, grain, setGrain } = adoption;
  const loading = rows.some(
    (r) => (r.usage.pending && !r.usage.error) || (r.delivery.pending && !r.delivery.error),
  );
  const usages = rows.map((r) => r.usage.data).filter((u): u is AiUsage => Boolean(u));
  const deliveries = rows.map((r) => r.delivery.data).filter((d): d is DoraMetrics => Boolean(d));
  const trend = useMemo(
    () => (loading ? null : adoptionTrend(range, grain, usages, deliveries)),
    [loading, range, grain, usages, deliveries],
  );
  const deliveryFailed = rows.filter((r) => r.delivery.error).map((r) => r.project.name);
  const fileRange = trend?.labels.length ? `${trend.labels[0]}_${range.to}` : range.to;
  const formatLabel = bucketLabel(locale, grain);
  const perBucket = grain === 'week' ? t('aiAgents.perWeek') : t('aiAgents.perMonth');
  const labelHeader = grain === 'week' ? t('aiAgents.col.week') : t('aiAgents.col.month');
  const grainSelect = (
    <div className={styles.grain}>
      <Select
        size="sm"
        label={t('aiAgents.grain')}
        items={TREND_GRAINS.map((g) => ({ value: g, label: t(`aiAgents.grain.${g}`) }))}
        value={grain}
        onValueChange={(value) => {
          if (value === 'week' || value === 'month') setGrain(value);
        }}
      />
    </div>
  );
  let body: React.ReactNode;
  if (!trend) {
    body = (
      <div aria-busy="true">
        <Skeleton height="280px" />
      </div>
    );
  } else {
    const together: ChartData = {
      labels: trend.labels,
      series: [
        { name: t('aiAgents.series.activeUsers'), data: trend.activeUsers },
        { name: t('aiAgents.series.deployments', { per: perBucket }), data: trend.deployments },
      ],
    };
    const surfaceName = {
      completions: t('aiUsage.surface.completions'),
      chat: t('aiUsage.surface.chat'),
      agent: t('aiUsage.surface.agent'),
    };
    const surfaces: ChartData = {
      labels: trend.labels,
      series: SURFACES.filter((s) => trend.surfaces[s].some((v) => v !== null)).map((s) => ({
        name: surfaceName[s],
        data: trend.surfaces[s],
      })),
    };
    const acceptance: ChartData = {
      labels: trend.labels,
      series: trend.acceptanceByTool.map((a) => ({ name: TOOL_NAMES[a.tool], data: a.data })),
    };
    body = (
      <>
        <p className={styles.muted}>
          {trend.historySince
            ? t('aiAgents.history', { since: dayText(locale, trend.historySince) })
            : t('aiAgents.noHistory')}
          {deliveryFailed.length > 0
            ? ` ${t('aiAgents.deliveryMissing', { projects: deliveryFailed.join(', ') })}`
            : ''}
        </p>
        <ChartBlock
          title={t('aiAgents.trend.together')}
          description={t('aiAgents.trend.togetherHelp')}
          labelHeader={labelHeader}
          fileName={['ai-use-and-deployments', grain, fileRange]}
          data={together}
          formatLabel={formatLabel}
          render={(props) => <LineChart {...props} height={280} yDomain={[0, null]} />}
        />
        <div className={panel.charts}>
          <ChartBlock
            title={t('aiAgents.trend.surfaces', { per: perBucket })}
            labelHeader={labelHeader}
            fileName={['ai-surfaces', grain, fileRange]}
            data={surfaces}
            formatLabel={formatLabel}
            render={(props) => <BarChart {...props} stacked />}
          />
          <ChartBlock
            title={t('aiAgents.trend.acceptance')}
            description={t('aiAgents.trend.acceptanceHelp')}
            labelHeader={labelHeader}
            fileName={['ai-acceptance', grain, fileRange]}
            data={acceptance}
            formatLabel={formatLabel}
            render={(props) => (
              <LineChart {...props} yDomain={[0, null]} formatValue={(v) => formatRate(v, locale) ?? ''} />
            )}
          />
        </div>
      </>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="ai-agents-trend">
      <div className={styles.sectionHead}>
        <header>
          <h2 id="ai-agents-trend" className={styles.sectionTitle}>
            {t('aiAgents.trend.title')}
          </h2>
          <p className={styles.muted}>{t('aiAgents.trend.lead')}</p>
        </header>
        {grainSelect}
      </div>
      {body}
    </section>
  );
}
