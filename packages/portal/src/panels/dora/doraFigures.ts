import type { DoraComparison, DoraHeadline, DoraMetric, DoraMetrics } from '@client-portal/api-client';
import { formatHours, formatNumber, formatRate } from '../../lib/figures.js';

/**
 * The DORA panel's rules, one place each: which way is better per metric, what a figure's sample
 * is and when it is too small to mean much, how a figure and its change are written.
 */

/** Fewer than this many events behind a figure, and the figure says little: the panel notes it. */
export const SMALL_SAMPLE = 5;

/** More deployments is better; a shorter lead time or recovery, fewer failures and less rework too. */
export const HIGHER_IS_BETTER: Readonly<Record<DoraMetric, boolean>> = {
  deploymentFrequency: true,
  leadTimeForChanges: false,
  changeFailureRate: false,
  failedDeploymentRecoveryTime: false,
  reworkRate: false,
};

export type FigureUnit = 'perWeek' | 'hours' | 'rate';

export const METRIC_UNIT: Readonly<Record<DoraMetric, FigureUnit>> = {
  deploymentFrequency: 'perWeek',
  leadTimeForChanges: 'hours',
  changeFailureRate: 'rate',
  failedDeploymentRecoveryTime: 'hours',
  reworkRate: 'rate',
};

/** The headline figure of a metric over the whole range (null without data). */
export function headlineValue(metric: DoraMetric, headline: DoraHeadline): number | null {
  switch (metric) {
    case 'deploymentFrequency':
      return headline.deploymentFrequency.perWeek;
    case 'leadTimeForChanges':
      return headline.leadTimeForChanges.medianHours;
    case 'changeFailureRate':
      return headline.changeFailureRate.rate;
    case 'failedDeploymentRecoveryTime':
      return headline.failedDeploymentRecoveryTime.medianHours;
    case 'reworkRate':
      return headline.reworkRate.rate;
  }
}

/** How many events a figure was computed from: deployments, changes or incidents. */
export function sampleOf(metric: DoraMetric, headline: DoraHeadline): number {
  switch (metric) {
    case 'deploymentFrequency':
      return headline.deploymentFrequency.deployments;
    case 'leadTimeForChanges':
      return headline.leadTimeForChanges.changes;
    case 'changeFailureRate':
      return headline.changeFailureRate.deployments;
    case 'failedDeploymentRecoveryTime':
      return headline.failedDeploymentRecoveryTime.incidents;
    case 'reworkRate':
      return headline.reworkRate.deployments;
  }
}

/** A figure with data but fewer than SMALL_SAMPLE events behind it. No data at all is not "small". */
export const isSmallSample = (sample: number) => sample > 0 && sample < SMALL_SAMPLE;

/** The metric's tier, or null (no data, or rework rate, which DORA gives no tiers). */
export function tierOf(metric: DoraMetric, headline: DoraHeadline) {
  return metric === 'reworkRate' ? null : headline[metric].tier;
}

export function formatFigure(unit: FigureUnit, value: number | null, locale: string): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  if (unit === 'hours') return formatHours(value, locale);
  if (unit === 'rate') return formatRate(value, locale);
  return formatNumber(value, locale);
}

export type Verdict = 'better' | 'worse' | 'same';
export type ChangeAmount =
  | { kind: 'percent'; value: number }
  | { kind: 'points'; value: number }
  | { kind: 'hours'; value: number }
  | { kind: 'perWeek'; value: number };

export interface FigureChange {
  direction: 'up' | 'down' | 'flat';
  verdict: Verdict;
  amount: ChangeAmount;
}

/**
 * The change of a figure against the previous range, or null when either range has no figure.
 * Rates change by percentage points (5 % → 7 % is "+2 points", not "+40 %"); other figures by
 * their relative change, or by their own unit when the previous figure was 0.
 */
export function changeOf(metric: DoraMetric, comparison: DoraComparison | null): FigureChange | null {
  const change = comparison?.[metric];
  if (!change || change.absolute === null) return null;
  const { absolute, relative } = change;
  const direction = absolute > 0 ? 'up' : absolute < 0 ? 'down' : 'flat';
  const verdict: Verdict =
    direction === 'flat' ? 'same' : (direction === 'up') === HIGHER_IS_BETTER[metric] ? 'better' : 'worse';
  const unit = METRIC_UNIT[metric];
  const amount: ChangeAmount =
    unit === 'rate'
      ? { kind: 'points', value: absolute * 100 }
      : relative !== null
        ? { kind: 'percent', value: relative }
        : { kind: unit, value: absolute };
  return { direction, verdict, amount };
}

/** The size of a change, without its sign (the direction is said in words and by the arrow). */
export function formatChangeAmount(amount: ChangeAmount, locale: string): string {
  const size = Math.abs(amount.value);
  switch (amount.kind) {
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(size);
    case 'points':
      return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(size);
    case 'hours':
      return formatHours(size, locale) ?? '';
    case 'perWeek':
      return formatNumber(size, locale);
  }
}

/** One metric's series as a chart draws it: a value (or null) per bucket label. */
export function seriesOf(metric: DoraMetric, dora: DoraMetrics): readonly (number | null)[] {
  return dora.series[metric];
}

/** The events behind each bucket's value (the chart's counts, for the table and CSV). */
export function bucketSamplesOf(metric: DoraMetric, dora: DoraMetrics): readonly number[] {
  switch (metric) {
    case 'deploymentFrequency':
    case 'changeFailureRate':
    case 'reworkRate':
      return dora.series.deploymentFrequency;
    case 'leadTimeForChanges':
      return dora.counts.changes;
    case 'failedDeploymentRecoveryTime':
      return dora.counts.incidents;
  }
}

/** True when the range has nothing at all: no deployment, change or incident. */
export function hasNoEvents(headline: DoraHeadline): boolean {
  const { incidents } = headline.changeFailureRate;
  return (
    headline.deploymentFrequency.deployments === 0 &&
    headline.leadTimeForChanges.changes === 0 &&
    headline.leadTimeForChanges.changesWaiting === 0 &&
    incidents.attributed + incidents.unattributed + incidents.excluded === 0
  );
}
