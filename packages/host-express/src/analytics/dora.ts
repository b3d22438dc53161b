import {
  changeFailureRateTier,
  type DateBucket,
  type DateRange,
  type DoraGrain,
  type DoraHeadline,
  type DoraMetrics,
  daysBetween,
  dateBuckets,
  deploymentFrequencyTier,
  leadTimeTier,
  lowerMedian,
  overallTier,
  recoveryTimeTier,
} from '@client-portal/api-client';
import { LRUCache } from 'lru-cache';

/**
 * One UTC day of a project's delivery events, as the queries aggregate them (DORA 2023
 * definitions as in Apache DevLake):
 * - deployments: successful production deployments that finished that day;
 * - failedDeployments: those of them with at least one attributed incident;
 * - leadTimes: hours from first commit to deployment of each change deployed that day (> 0 only);
 * - recoveries: hours from opened to resolved of each attributed incident resolved that day.
 */
export interface DeliveryDay {
  day: string;
  deployments: number;
  failedDeployments: number;
  leadTimes: readonly number[];
  recoveries: readonly number[];
}

/** Durations are shown in hours to two decimals, rates to four (0.1234 = 12.34 %). */
export const roundHours = (hours: number): number => Math.round(hours * 100) / 100;
export const roundRate = (rate: number): number => Math.round(rate * 10_000) / 10_000;

const bucketCache = new LRUCache<string, readonly DateBucket[]>({ max: 256 });

/**
 * `dateBuckets`, remembered: a request needs the range's buckets of its grain, weeks and months,
 * and most requests ask for the same range (the default: the last 90 days). Bounded.
 */
export function bucketsOf(range: DateRange, grain: DoraGrain): readonly DateBucket[] {
  const key = `${range.from}/${range.to}/${grain}`;
  let buckets = bucketCache.get(key);
  if (!buckets) {
    buckets = dateBuckets(range, grain);
    bucketCache.set(key, buckets);
  }
  return buckets;
}

/** Days grouped by bucket (same order as `buckets`); days outside the range are dropped. */
export function groupByBucket(days: Iterable<DeliveryDay>, buckets: readonly DateBucket[]): DeliveryDay[][] {
  const groups: DeliveryDay[][] = buckets.map(() => []);
  for (const day of days) {
    // Buckets are sorted and contiguous: the last one starting on or before the day holds it.
    let lo = 0;
    let hi = buckets.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const bucket = buckets[mid] as DateBucket;
      if (bucket.from <= day.day) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found >= 0 && day.day <= (buckets[found] as DateBucket).to) groups[found]?.push(day);
  }
  return groups;
}

const total = (days: readonly DeliveryDay[], key: 'deployments' | 'failedDeployments') =>
  days.reduce((n, d) => n + d[key], 0);

/**
 * The k-th smallest of `values` (0-based), found in place by quickselect: O(n), where a sort is
 * O(n log n). A range's medians are taken over a few hundred values at every DORA request.
 */
function kthSmallest(values: number[], k: number): number {
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

/** Lower median (DevLake's rule, the mocks' `lowerMedian`) of all values of the days; null when none. */
function medianOf(days: readonly DeliveryDay[], key: 'leadTimes' | 'recoveries'): number | null {
  const values: number[] = [];
  for (const day of days) for (const value of day[key]) values.push(value);
  return values.length === 0 ? null : kthSmallest(values, Math.ceil(values.length / 2) - 1);
}

/** Failed ÷ all deployments; null without deployments. */
function failureRate(days: readonly DeliveryDay[]): number | null {
  const deployments = total(days, 'deployments');
  return deployments === 0 ? null : total(days, 'failedDeployments') / deployments;
}

/**
 * The DF tier input: the median number of days with a deployment per week (or month) of the
 * range, days without deployments included (Four Keys, DevLake). Weeks and months are clipped to
 * the range, as DevLake's calendar of days is.
 */
export function medianDeploymentDays(
  days: Iterable<DeliveryDay>,
  range: DateRange,
  grain: 'week' | 'month',
): number {
  const groups = groupByBucket(days, bucketsOf(range, grain));
  return lowerMedian(groups.map((group) => group.filter((d) => d.deployments > 0).length)) ?? 0;
}

/** Headline values over the whole range, each with its DORA 2023 tier (tiers from unrounded values). */
export function doraHeadline(days: readonly DeliveryDay[], range: DateRange): DoraHeadline {
  const inRange = days.filter((d) => d.day >= range.from && d.day <= range.to);
  const deployments = total(inRange, 'deployments');
  const frequency = {
    deployments,
    perWeek: Math.round((deployments / ((daysBetween(range.from, range.to) + 1) / 7)) * 100) / 100,
    medianDeploymentDaysPerWeek: medianDeploymentDays(inRange, range, 'week'),
    medianDeploymentDaysPerMonth: medianDeploymentDays(inRange, range, 'month'),
  };
  const leadTime = medianOf(inRange, 'leadTimes');
  const rate = failureRate(inRange);
  const recovery = medianOf(inRange, 'recoveries');
  return {
    deploymentFrequency: { ...frequency, tier: deploymentFrequencyTier(frequency) },
    leadTimeForChanges: {
      medianHours: leadTime === null ? null : roundHours(leadTime),
      changes: inRange.reduce((n, d) => n + d.leadTimes.length, 0),
      tier: leadTimeTier(leadTime),
    },
    changeFailureRate: {
      rate: rate === null ? null : roundRate(rate),
      failedDeployments: total(inRange, 'failedDeployments'),
      deployments,
      tier: changeFailureRateTier(rate),
    },
    failedDeploymentRecoveryTime: {
      medianHours: recovery === null ? null : roundHours(recovery),
      incidents: inRange.reduce((n, d) => n + d.recoveries.length, 0),
      tier: recoveryTimeTier(recovery),
    },
  };
}

/** The overall tier: the lowest among the metrics with data (conservative; see dora-tiers.ts). */
export function performanceTier(headline: DoraHeadline): DoraMetrics['performance']['tier'] {
  return overallTier([
    headline.deploymentFrequency.tier,
    headline.leadTimeForChanges.tier,
    headline.changeFailureRate.tier,
    headline.failedDeploymentRecoveryTime.tier,
  ]);
}

/**
 * The DORA response from a project's delivery days: one label per bucket (days; ISO weeks from
 * Monday; calendar months; the first and last clipped to the range), the four series per bucket
 * (null where a bucket has nothing to take a median or rate of), the headline and the overall tier.
 */
export function doraMetrics(
  projectKey: string,
  days: readonly DeliveryDay[],
  range: DateRange,
  grain: DoraGrain,
): DoraMetrics {
  const buckets = bucketsOf(range, grain);
  const groups = groupByBucket(days, buckets);
  const median = (group: DeliveryDay[], key: 'leadTimes' | 'recoveries') => {
    const value = medianOf(group, key);
    return value === null ? null : roundHours(value);
  };
  const headline = doraHeadline(days, range);
  return {
    projectKey,
    range,
    grain,
    labels: buckets.map((b) => b.label),
    series: {
      deploymentFrequency: groups.map((g) => total(g, 'deployments')),
      leadTimeForChanges: groups.map((g) => median(g, 'leadTimes')),
      changeFailureRate: groups.map((g) => {
        const rate = failureRate(g);
        return rate === null ? null : roundRate(rate);
      }),
      failedDeploymentRecoveryTime: groups.map((g) => median(g, 'recoveries')),
    },
    headline,
    performance: { tier: performanceTier(headline), benchmark: 'dora-2023' },
  };
}
