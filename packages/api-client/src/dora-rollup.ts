import { type DateBucket, dateBuckets, dayNumber, formatDay } from './analytics-range.js';
import { overallTier, tierRules } from './dora-tiers.js';
import type { DateRange } from './schemas/common.js';
import {
  DEFAULT_DORA_BENCHMARK,
  type DoraBenchmark,
  type DoraComparison,
  type DoraGrain,
  type DoraHeadline,
  type DoraMetrics,
  type DoraSource,
  type DoraTier,
} from './schemas/dora.js';

// The DORA roll-up: from a project's delivery days to the DORA answer. The one home of the metric
// rules that are not in SQL (medians, rates, buckets, tiers, rounding, period over period): the
// host's DORA route and project card and the mocks all call it. What a day holds is decided where
// the days are derived (the host's delivery_days, the mocks' generator); the definitions are written
// down in openapi-notes.ts and the host's README.

/** The facts of one UTC day of a project, as the roll-up reads them. */
export interface DeliveryDay {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** Successful production deployments that finished that day. */
  deployments: number;
  /** Those of them with at least one attributed incident. */
  failedDeployments: number;
  /** Those of them that are hotfixes or ship a revert. */
  reworkDeployments: number;
  /** Hours from first commit to deployment of each pull request deployed that day (> 0 only). */
  leadTimes: readonly number[];
  /** Hours from opened to resolved of each attributed incident resolved that day. */
  recoveries: readonly number[];
  /** Pull requests merged that day and not deployed yet. */
  changesWaiting: number;
  /** Incidents opened that day: all of them, those without a cause, those not a change failure. */
  incidentsOpened: number;
  incidentsUnattributed: number;
  incidentsExcluded: number;
}

/** A day with nothing on it (fixtures and mocks fill in what they have). */
export function emptyDeliveryDay(day: string): DeliveryDay {
  return {
    day,
    deployments: 0,
    failedDeployments: 0,
    reworkDeployments: 0,
    leadTimes: [],
    recoveries: [],
    changesWaiting: 0,
    incidentsOpened: 0,
    incidentsUnattributed: 0,
    incidentsExcluded: 0,
  };
}

// Rounding happens here and nowhere else: hours to 2 decimals (36 s), rates and relative changes to
// 4 (0.01 %). A lower median commutes with rounding (it is an order statistic), so rounding the
// median equals the median of rounded values.
export const roundHours = (hours: number): number => Math.round(hours * 100) / 100;
export const roundRate = (rate: number): number => Math.round(rate * 10_000) / 10_000;
const roundPerWeek = (perWeek: number): number => Math.round(perWeek * 100) / 100;

/** The range before `range`, as many days long and ending the day before it; null before year 0. */
export function previousRange(range: DateRange): DateRange | null {
  const from = dayNumber(range.from);
  const length = dayNumber(range.to) - from + 1;
  try {
    return { from: formatDay(from - length), to: formatDay(from - 1) };
  } catch {
    return null;
  }
}

/**
 * The k-th smallest of `values` (0-based), found in place by quickselect (Hoare partition): O(n)
 * where a sort is O(n log n). Measured on the 80k lead times of 3 years of the largest tier-L
 * project (bench/README.md): 3.0 ms, against 31 ms for a Float64Array sort and 114 ms for
 * Array#sort; the DORA answer takes three such medians (range, previous range, buckets).
 */
function kthSmallest(values: Float64Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1] as number;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const t = values[i] as number;
        values[i] = values[j] as number;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return values[k] as number;
}

/** Lower median (the value at rank ⌈n/2⌉, DevLake's rule) of a scratch array it may reorder. */
function lowerMedianOf(values: Float64Array): number | null {
  return values.length === 0 ? null : kthSmallest(values, Math.ceil(values.length / 2) - 1);
}

function lowerMedianOfCounts(counts: readonly number[]): number {
  return lowerMedianOf(Float64Array.from(counts)) ?? 0;
}

/**
 * The days of a range by offset from its first day (undefined: a day without events), so buckets
 * are slices. Days outside the range are left out; a day listed twice counts once (the last).
 */
class RangeDays {
  readonly first: number;
  readonly length: number;
  readonly days: (DeliveryDay | undefined)[];

  constructor(days: readonly DeliveryDay[], range: DateRange) {
    this.first = dayNumber(range.from);
    this.length = dayNumber(range.to) - this.first + 1;
    this.days = new Array(this.length);
    for (const day of days) {
      const offset = dayNumber(day.day) - this.first;
      if (offset >= 0 && offset < this.length) this.days[offset] = day;
    }
  }

  /** The days of a bucket of the range (its ends inside the range). */
  slice(bucket: DateBucket): DeliveryDay[] {
    const out: DeliveryDay[] = [];
    for (
      let i = dayNumber(bucket.from) - this.first, end = dayNumber(bucket.to) - this.first;
      i <= end;
      i++
    ) {
      const day = this.days[i];
      if (day) out.push(day);
    }
    return out;
  }

  all(): DeliveryDay[] {
    return this.days.filter((d): d is DeliveryDay => d !== undefined);
  }
}

type CountKey =
  | 'deployments'
  | 'failedDeployments'
  | 'reworkDeployments'
  | 'changesWaiting'
  | 'incidentsOpened'
  | 'incidentsUnattributed'
  | 'incidentsExcluded';

const sum = (days: readonly DeliveryDay[], key: CountKey) => days.reduce((n, d) => n + d[key], 0);
const sampleSize = (days: readonly DeliveryDay[], key: 'leadTimes' | 'recoveries') =>
  days.reduce((n, d) => n + d[key].length, 0);

/** Rounded lower median of all values of the days; null when none. */
function medianHours(days: readonly DeliveryDay[], key: 'leadTimes' | 'recoveries'): number | null {
  const values = new Float64Array(sampleSize(days, key));
  let i = 0;
  for (const day of days) {
    values.set(day[key], i);
    i += day[key].length;
  }
  const median = lowerMedianOf(values);
  return median === null ? null : roundHours(median);
}

/** Rounded share of the deployments; null without deployments. */
function rateOf(days: readonly DeliveryDay[], key: 'failedDeployments' | 'reworkDeployments'): number | null {
  const deployments = sum(days, 'deployments');
  return deployments === 0 ? null : roundRate(sum(days, key) / deployments);
}

/**
 * Median number of days with a deployment per bucket (week, month or half-year) of the range,
 * days without deployments included (Four Keys, DevLake); buckets are clipped to the range.
 */
function medianDeploymentDays(days: RangeDays, buckets: readonly DateBucket[][]): number {
  return lowerMedianOfCounts(
    buckets.map((group) =>
      group.reduce((n, bucket) => n + days.slice(bucket).filter((d) => d.deployments > 0).length, 0),
    ),
  );
}

/** Months grouped by half-year (January–June, July–December). */
function halfYears(months: readonly DateBucket[]): DateBucket[][] {
  const groups = new Map<string, DateBucket[]>();
  for (const month of months) {
    const key = `${month.label.slice(0, 4)}-${Number(month.label.slice(5, 7)) <= 6 ? 1 : 2}`;
    groups.set(key, [...(groups.get(key) ?? []), month]);
  }
  return [...groups.values()];
}

function headlineOf(days: RangeDays, range: DateRange, benchmark: DoraBenchmark): DoraHeadline {
  const tiers = tierRules(benchmark);
  const all = days.all();
  const deployments = sum(all, 'deployments');
  const months = dateBuckets(range, 'month');
  const frequency = {
    deployments,
    perWeek: roundPerWeek(deployments / (days.length / 7)),
    medianDeploymentDaysPerWeek: medianDeploymentDays(
      days,
      dateBuckets(range, 'week').map((b) => [b]),
    ),
    medianDeploymentDaysPerMonth: medianDeploymentDays(
      days,
      months.map((b) => [b]),
    ),
    medianDeploymentDaysPerSixMonths: medianDeploymentDays(days, halfYears(months)),
  };
  const leadTime = medianHours(all, 'leadTimes');
  const failureRate = rateOf(all, 'failedDeployments');
  const recovery = medianHours(all, 'recoveries');
  const opened = sum(all, 'incidentsOpened');
  const unattributed = sum(all, 'incidentsUnattributed');
  const excluded = sum(all, 'incidentsExcluded');
  return {
    deploymentFrequency: { ...frequency, tier: tiers.deploymentFrequency(frequency) },
    leadTimeForChanges: {
      medianHours: leadTime,
      changes: sampleSize(all, 'leadTimes'),
      changesWaiting: sum(all, 'changesWaiting'),
      tier: tiers.leadTimeForChanges(leadTime),
    },
    changeFailureRate: {
      rate: failureRate,
      failedDeployments: sum(all, 'failedDeployments'),
      deployments,
      incidents: { attributed: Math.max(0, opened - unattributed - excluded), unattributed, excluded },
      tier: tiers.changeFailureRate(failureRate),
    },
    failedDeploymentRecoveryTime: {
      medianHours: recovery,
      incidents: sampleSize(all, 'recoveries'),
      tier: tiers.failedDeploymentRecoveryTime(recovery),
    },
    reworkRate: {
      rate: rateOf(all, 'reworkDeployments'),
      reworkDeployments: sum(all, 'reworkDeployments'),
      deployments,
    },
  };
}

/**
 * Headline figures over a range, each with the counts behind it and its tier of the report year
 * (tiers from the rounded figures). Days outside the range are ignored.
 */
export function doraHeadline(
  days: readonly DeliveryDay[],
  range: DateRange,
  benchmark: DoraBenchmark = DEFAULT_DORA_BENCHMARK,
): DoraHeadline {
  return headlineOf(new RangeDays(days, range), range, benchmark);
}

/** The overall tier: the lowest among the metrics with data (conservative; see dora-tiers.ts). */
export function performanceTier(headline: DoraHeadline): DoraTier | null {
  return overallTier([
    headline.deploymentFrequency.tier,
    headline.leadTimeForChanges.tier,
    headline.changeFailureRate.tier,
    headline.failedDeploymentRecoveryTime.tier,
  ]);
}

type Change = DoraComparison['deploymentFrequency'];

function changeOf(current: number | null, previous: number | null, round: (n: number) => number): Change {
  if (current === null || previous === null) return { previous, absolute: null, relative: null };
  return {
    previous,
    absolute: round(current - previous),
    relative: previous === 0 ? null : roundRate((current - previous) / previous),
  };
}

/** This range's headline against the previous range's, figure by figure. */
export function doraComparison(
  headline: DoraHeadline,
  previous: DoraHeadline,
  previousRange: DateRange,
): DoraComparison {
  return {
    range: previousRange,
    deploymentFrequency: changeOf(
      headline.deploymentFrequency.perWeek,
      previous.deploymentFrequency.perWeek,
      roundPerWeek,
    ),
    leadTimeForChanges: changeOf(
      headline.leadTimeForChanges.medianHours,
      previous.leadTimeForChanges.medianHours,
      roundHours,
    ),
    changeFailureRate: changeOf(headline.changeFailureRate.rate, previous.changeFailureRate.rate, roundRate),
    failedDeploymentRecoveryTime: changeOf(
      headline.failedDeploymentRecoveryTime.medianHours,
      previous.failedDeploymentRecoveryTime.medianHours,
      roundHours,
    ),
    reworkRate: changeOf(headline.reworkRate.rate, previous.reworkRate.rate, roundRate),
  };
}

export interface DoraRollupInput {
  projectKey: string;
  /** The project's days: those of the range and of the previous range (for the comparison). */
  days: readonly DeliveryDay[];
  range: DateRange;
  grain: DoraGrain;
  benchmark?: DoraBenchmark;
  /** When each source last delivered data (passed through, newest first). */
  sources?: readonly DoraSource[];
}

/**
 * The DORA answer: one label per bucket (days; ISO weeks from Monday; calendar months; the first
 * and last clipped to the range), the five series and the counts behind them per bucket (null
 * where a bucket has nothing to take a median or rate of), the headline, the comparison with the
 * previous range and the overall tier.
 */
export function doraMetrics(input: DoraRollupInput): DoraMetrics {
  const { range, grain } = input;
  const benchmark = input.benchmark ?? DEFAULT_DORA_BENCHMARK;
  const days = new RangeDays(input.days, range);
  const buckets = dateBuckets(range, grain);
  const groups = buckets.map((bucket) => days.slice(bucket));
  const headline = headlineOf(days, range, benchmark);
  const before = previousRange(range);
  return {
    projectKey: input.projectKey,
    range,
    grain,
    labels: buckets.map((b) => b.label),
    series: {
      deploymentFrequency: groups.map((g) => sum(g, 'deployments')),
      leadTimeForChanges: groups.map((g) => medianHours(g, 'leadTimes')),
      changeFailureRate: groups.map((g) => rateOf(g, 'failedDeployments')),
      failedDeploymentRecoveryTime: groups.map((g) => medianHours(g, 'recoveries')),
      reworkRate: groups.map((g) => rateOf(g, 'reworkDeployments')),
    },
    counts: {
      changes: groups.map((g) => sampleSize(g, 'leadTimes')),
      incidents: groups.map((g) => sampleSize(g, 'recoveries')),
      failedDeployments: groups.map((g) => sum(g, 'failedDeployments')),
      reworkDeployments: groups.map((g) => sum(g, 'reworkDeployments')),
    },
    headline,
    comparison:
      before &&
      doraComparison(headline, headlineOf(new RangeDays(input.days, before), before, benchmark), before),
    sources: [...(input.sources ?? [])],
    performance: { tier: performanceTier(headline), benchmark },
  };
}
