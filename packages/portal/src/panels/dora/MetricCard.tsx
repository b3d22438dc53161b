import {
  DEFAULT_RANGE_DAYS,
  type DoraMetric,
  type DoraMetrics,
  type DoraTier,
} from '@client-portal/api-client';
import { Badge, BarChart, Button, Card, type ChartData, Icon, LineChart, Stat } from '@client-portal/ui';
import { Info } from 'lucide-react';
import { csvFileName } from '../../lib/csv.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { CsvButton } from '../CsvButton.js';
import * as styles from './DoraPanel.css.js';
import { formatBucket, formatRange } from './doraDates.js';
import { csvFigure } from './doraCsv.js';
import {
  bucketSamplesOf,
  changeOf,
  formatChangeAmount,
  formatFigure,
  headlineValue,
  isSmallSample,
  METRIC_UNIT,
  SMALL_SAMPLE,
  sampleOf,
  seriesOf,
  tierOf,
} from './doraFigures.js';
import { rangeDays } from './doraRange.js';
import { useChartLabels } from './useDoraLabels.js';

export const TIER_TONE = { elite: 'success', high: 'accent', medium: 'warning', low: 'danger' } as const;
const VERDICT_TONE = { better: 'success', worse: 'danger', same: 'neutral' } as const;

/** The words under a figure: the counts it was computed from. */
function CountsBehind({ metric, dora }: { metric: DoraMetric; dora: DoraMetrics }) {
  const { t, locale } = useI18n();
  const n = (value: number) => new Intl.NumberFormat(locale).format(value);
  const h = dora.headline;
  const lines: string[] = [];
  switch (metric) {
    case 'deploymentFrequency':
      lines.push(
        t('dora.count.deployments', {
          count: n(h.deploymentFrequency.deployments),
          days: n(rangeDays(dora.range)),
        }),
      );
      break;
    case 'leadTimeForChanges':
      lines.push(t('dora.count.changes', { count: n(h.leadTimeForChanges.changes) }));
      lines.push(t('dora.count.waiting', { count: n(h.leadTimeForChanges.changesWaiting) }));
      break;
    case 'changeFailureRate': {
      const { incidents } = h.changeFailureRate;
      lines.push(
        t('dora.count.failed', {
          failed: n(h.changeFailureRate.failedDeployments),
          total: n(h.changeFailureRate.deployments),
        }),
      );
      lines.push(
        t('dora.count.incidents', {
          attributed: n(incidents.attributed),
          unattributed: n(incidents.unattributed),
          excluded: n(incidents.excluded),
        }),
      );
      break;
    }
    case 'failedDeploymentRecoveryTime':
      lines.push(t('dora.count.recovery', { count: n(h.failedDeploymentRecoveryTime.incidents) }));
      break;
    case 'reworkRate':
      lines.push(
        t('dora.count.rework', {
          rework: n(h.reworkRate.reworkDeployments),
          total: n(h.reworkRate.deployments),
        }),
      );
      break;
  }
  return (
    <ul className={styles.counts}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

export function TierBadge({ tier, year }: { tier: DoraTier; year: string }) {
  const { t } = useI18n();
  return <Badge tone={TIER_TONE[tier]}>{t('dora.tier.badge', { tier: t(`dora.tier.${tier}`), year })}</Badge>;
}

/**
 * One DORA metric: its figure over the range with its tier and report year, the change against the
 * previous range (better or worse said in words), the counts behind it, a note when they are too
 * few to mean much, what it measures, its chart per bucket, a CSV of the chart and the way to the
 * events behind it.
 */
export function MetricCard({
  metric,
  dora,
  year,
  onDrillDown,
}: {
  metric: DoraMetric;
  dora: DoraMetrics;
  year: string;
  onDrillDown: (metric: DoraMetric) => void;
}) {
  const { t, locale } = useI18n();
  const chartLabels = useChartLabels();
  const name = t(`dora.metric.${metric}`);
  const unit = METRIC_UNIT[metric];
  const value = formatFigure(unit, headlineValue(metric, dora.headline), locale);
  const tier = tierOf(metric, dora.headline);
  const change = changeOf(metric, dora.comparison);
  const sample = sampleOf(metric, dora.headline);
  const previousDays = dora.comparison ? rangeDays(dora.comparison.range) : DEFAULT_RANGE_DAYS;

  const chartUnit = metric === 'deploymentFrequency' ? 'count' : unit === 'rate' ? 'rate' : 'hours';
  const values = seriesOf(metric, dora);
  const samples = bucketSamplesOf(metric, dora);
  const seriesName = t(`dora.series.${metric}`);
  const chartData: ChartData = { labels: dora.labels, series: [{ name: seriesName, data: values }] };
  const chartTitle = t(`dora.chart.${dora.grain}`, { metric: name });
  const formatLabel = (label: string) => formatBucket(label, dora.grain, locale);
  const chartFormat = (v: number) =>
    chartUnit === 'count'
      ? new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(v)
      : (formatFigure(unit, v, locale) ?? '');
  const Chart = metric === 'deploymentFrequency' ? BarChart : LineChart;

  const tierText =
    tier !== null ? null : metric === 'reworkRate' ? t('dora.tier.noneRework') : t('dora.tier.none');

  return (
    <Card
      as="article"
      className={styles.card}
      title={name}
      headingLevel={3}
      description={
        tier ? <TierBadge tier={tier} year={year} /> : <span className={styles.muted}>{tierText}</span>
      }
    >
      <div className={styles.cardBody}>
        <Stat
          className={styles.stat}
          size="lg"
          label={t(`dora.value.${metric}`)}
          value={value}
          labels={{
            up: t('dora.change.up'),
            down: t('dora.change.down'),
            flat: t('dora.change.flat'),
            noValue: t('dora.noData'),
            loading: t('state.loading'),
          }}
          {...(change
            ? {
                delta: {
                  value:
                    change.amount.kind === 'points'
                      ? t('dora.change.points', { value: formatChangeAmount(change.amount, locale) })
                      : formatChangeAmount(change.amount, locale),
                  direction: change.direction,
                  tone: VERDICT_TONE[change.verdict],
                  period: t(`dora.change.${change.verdict}`, { days: previousDays }),
                },
              }
            : {})}
          helpText={
            change || !dora.comparison
              ? undefined
              : t('dora.change.none', { range: formatRange(dora.comparison.range, locale) })
          }
        />
        <CountsBehind metric={metric} dora={dora} />
        {isSmallSample(sample) ? (
          <p className={styles.note}>
            <Icon icon={Info} size={16} className={styles.noteIcon} />
            <span>{t('dora.smallSample', { count: sample, min: SMALL_SAMPLE })}</span>
          </p>
        ) : null}
        <p className={styles.about}>{t(`dora.about.${metric}`)}</p>
        <Chart
          data={chartData}
          title={chartTitle}
          height={200}
          formatLabel={formatLabel}
          formatValue={chartFormat}
          {...(chartUnit === 'rate' ? { yDomain: [0, null] as const } : {})}
          labels={chartLabels}
        />
        <div className={styles.actions}>
          <Button
            size="sm"
            variant="subtle"
            aria-label={`${t('dora.drill.open')}: ${name}`}
            onClick={() => onDrillDown(metric)}
          >
            {t('dora.drill.open')}
          </Button>
          <CsvButton
            what={chartTitle}
            fileName={csvFileName(dora.projectKey, metric, dora.grain, dora.range.from, dora.range.to)}
            build={() => ({
              header: [
                t('dora.csv.bucket'),
                t(`dora.csv.value.${chartUnit}`, { series: seriesName }),
                t('dora.csv.sample'),
              ],
              rows: dora.labels.map((label, i) => [
                label,
                csvFigure(values[i] ?? null, chartUnit),
                samples[i] ?? 0,
              ]),
            })}
          />
        </div>
      </div>
    </Card>
  );
}
