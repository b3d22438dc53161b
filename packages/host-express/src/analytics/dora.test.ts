import { dateBuckets, doraMetricsSchema, lowerMedian } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import { type DeliveryDay, doraHeadline, doraMetrics, groupByBucket, medianDeploymentDays } from './dora.js';

const day = (date: string, fields: Partial<Omit<DeliveryDay, 'day'>> = {}): DeliveryDay => ({
  day: date,
  deployments: 0,
  failedDeployments: 0,
  leadTimes: [],
  recoveries: [],
  ...fields,
});

describe('groupByBucket', () => {
  it('splits at calendar months, the first and last clipped to the range', () => {
    const range = { from: '2025-01-30', to: '2025-03-02' };
    const buckets = dateBuckets(range, 'month');
    expect(buckets.map((b) => b.label)).toEqual(['2025-01-30', '2025-02-01', '2025-03-01']);
    const groups = groupByBucket(
      [day('2025-01-29'), day('2025-01-31'), day('2025-02-01'), day('2025-02-28'), day('2025-03-01')],
      buckets,
    );
    expect(groups.map((g) => g.map((d) => d.day))).toEqual([
      ['2025-01-31'],
      ['2025-02-01', '2025-02-28'],
      ['2025-03-01'],
    ]);
  });

  it('starts weeks on Monday: Sunday belongs to the week before', () => {
    // 2025-06-01 is a Sunday, 2025-06-09 and 2025-06-16 are Mondays.
    const range = { from: '2025-06-01', to: '2025-06-16' };
    const buckets = dateBuckets(range, 'week');
    expect(buckets.map((b) => b.label)).toEqual(['2025-06-01', '2025-06-02', '2025-06-09', '2025-06-16']);
    const groups = groupByBucket([day('2025-06-08'), day('2025-06-09'), day('2025-06-17')], buckets);
    expect(groups.map((g) => g.map((d) => d.day))).toEqual([[], ['2025-06-08'], ['2025-06-09'], []]);
  });
});

describe('doraMetrics', () => {
  const range = { from: '2025-06-02', to: '2025-06-15' }; // two full ISO weeks

  it('takes the lower median of an even number of values, per bucket and over the range', () => {
    const metrics = doraMetrics(
      'KEY',
      [
        day('2025-06-03', { deployments: 2, leadTimes: [1, 20] }),
        day('2025-06-04', { deployments: 1, leadTimes: [3, 10] }),
        day('2025-06-10', { deployments: 1, leadTimes: [5, 7], recoveries: [2, 4] }),
      ],
      range,
      'week',
    );
    expect(metrics.series.leadTimeForChanges).toEqual([3, 5]);
    expect(metrics.headline.leadTimeForChanges).toEqual({ medianHours: 5, changes: 6, tier: 'elite' });
    expect(metrics.series.failedDeploymentRecoveryTime).toEqual([null, 2]);
    expect(metrics.headline.failedDeploymentRecoveryTime).toEqual({
      medianHours: 2,
      incidents: 2,
      tier: 'high',
    });
    expect(doraMetricsSchema.parse(metrics)).toEqual(metrics);
  });

  it('answers an empty range with zeros, nulls and no tiers', () => {
    const metrics = doraMetrics('KEY', [], range, 'day');
    expect(metrics.labels).toHaveLength(14);
    expect(metrics.series.deploymentFrequency).toEqual(Array(14).fill(0));
    expect(metrics.series.leadTimeForChanges).toEqual(Array(14).fill(null));
    expect(metrics.series.changeFailureRate).toEqual(Array(14).fill(null));
    expect(metrics.series.failedDeploymentRecoveryTime).toEqual(Array(14).fill(null));
    expect(metrics.headline).toEqual({
      deploymentFrequency: {
        deployments: 0,
        perWeek: 0,
        medianDeploymentDaysPerWeek: 0,
        medianDeploymentDaysPerMonth: 0,
        tier: null,
      },
      leadTimeForChanges: { medianHours: null, changes: 0, tier: null },
      changeFailureRate: { rate: null, failedDeployments: 0, deployments: 0, tier: null },
      failedDeploymentRecoveryTime: { medianHours: null, incidents: 0, tier: null },
    });
    expect(metrics.performance).toEqual({ tier: null, benchmark: 'dora-2023' });
    expect(doraMetricsSchema.parse(metrics)).toEqual(metrics);
  });

  it('rates failed deployments per bucket, null where a bucket has no deployment', () => {
    const metrics = doraMetrics(
      'KEY',
      [day('2025-06-03', { deployments: 3, failedDeployments: 1 }), day('2025-06-05', { deployments: 1 })],
      range,
      'week',
    );
    expect(metrics.series.deploymentFrequency).toEqual([4, 0]);
    expect(metrics.series.changeFailureRate).toEqual([0.25, null]);
    expect(metrics.headline.changeFailureRate).toEqual({
      rate: 0.25,
      failedDeployments: 1,
      deployments: 4,
      tier: 'low',
    });
    expect(metrics.headline.deploymentFrequency.perWeek).toBe(2);
    // The overall tier is the lowest among metrics with data.
    expect(metrics.performance.tier).toBe('low');
  });

  it('ignores days outside the range', () => {
    const metrics = doraMetrics(
      'KEY',
      [day('2025-06-16', { deployments: 9, leadTimes: [1] })],
      range,
      'week',
    );
    expect(metrics.headline.deploymentFrequency.deployments).toBe(0);
    expect(metrics.series.deploymentFrequency).toEqual([0, 0]);
  });
});

describe('DORA 2023 tiers at their thresholds', () => {
  const week = { from: '2025-06-02', to: '2025-06-08' };
  const headline = (days: DeliveryDay[]) => doraHeadline(days, week);

  it('lead time: under a day is elite, exactly a day is high', () => {
    const tier = (hours: number) =>
      headline([day('2025-06-03', { deployments: 1, leadTimes: [hours] })]).leadTimeForChanges.tier;
    expect(tier(23.99)).toBe('elite');
    expect(tier(24)).toBe('high');
    expect(tier(24 * 7)).toBe('medium');
    expect(tier(24 * 30)).toBe('low');
  });

  it('change failure rate: 5 % is still elite, just above is high; 15 % medium, above low', () => {
    const tier = (deployments: number, failed: number) =>
      headline([day('2025-06-03', { deployments, failedDeployments: failed })]).changeFailureRate.tier;
    expect(tier(20, 1)).toBe('elite');
    expect(tier(19, 1)).toBe('high');
    expect(tier(20, 3)).toBe('medium');
    expect(tier(19, 3)).toBe('low');
  });

  it('recovery: under an hour is elite, exactly an hour is high, a week is low', () => {
    const tier = (hours: number) =>
      headline([day('2025-06-03', { recoveries: [hours] })]).failedDeploymentRecoveryTime.tier;
    expect(tier(0.99)).toBe('elite');
    expect(tier(1)).toBe('high');
    expect(tier(24)).toBe('medium');
    expect(tier(24 * 7)).toBe('low');
  });

  it('deployment frequency: five deployment days a week is elite, four is high', () => {
    const days = (n: number) =>
      ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06']
        .slice(0, n)
        .map((d) => day(d, { deployments: 1 }));
    expect(headline(days(5)).deploymentFrequency).toMatchObject({
      medianDeploymentDaysPerWeek: 5,
      tier: 'elite',
    });
    expect(headline(days(4)).deploymentFrequency.tier).toBe('high');
    expect(headline([]).deploymentFrequency.tier).toBeNull();
  });

  it('deployment frequency: below a day a week but monthly is medium, rarer is low', () => {
    // Four weeks (2025-06-02 … 2025-06-29) plus one day: deployments in one week only.
    const range = { from: '2025-06-02', to: '2025-06-30' };
    const once = doraHeadline([day('2025-06-10', { deployments: 2 })], range).deploymentFrequency;
    expect(once).toMatchObject({ medianDeploymentDaysPerWeek: 0, medianDeploymentDaysPerMonth: 1 });
    expect(once.tier).toBe('medium');
    // Two months, a deployment in one: the lower median of [1, 0] is 0 → low.
    const rare = doraHeadline([day('2025-07-10', { deployments: 1 })], {
      from: '2025-06-01',
      to: '2025-07-31',
    }).deploymentFrequency;
    expect(rare.medianDeploymentDaysPerMonth).toBe(0);
    expect(rare.tier).toBe('low');
  });
});

describe('medianDeploymentDays', () => {
  it('counts days with a deployment, not deployments, and counts empty weeks', () => {
    const range = { from: '2025-06-02', to: '2025-06-22' }; // three ISO weeks
    const days = [
      day('2025-06-02', { deployments: 5 }),
      day('2025-06-03', { deployments: 1 }),
      day('2025-06-10', { deployments: 1 }),
      day('2025-06-11', { deployments: 1 }),
      day('2025-06-12', { deployments: 1 }),
    ];
    // Weeks: 2, 3, 0 deployment days → median 2.
    expect(medianDeploymentDays(days, range, 'week')).toBe(2);
    expect(medianDeploymentDays(days, range, 'month')).toBe(5);
  });
});

describe('medians of a range', () => {
  it('are the lower medians the mocks take, whatever the values and their order', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let run = 0; run < 200; run++) {
      const days: DeliveryDay[] = Array.from({ length: 1 + Math.floor(random() * 20) }, (_, i) => ({
        day: `2025-03-${String(i + 1).padStart(2, '0')}`,
        deployments: 1,
        failedDeployments: 0,
        leadTimes: Array.from({ length: Math.floor(random() * 6) }, () => Math.round(random() * 5000) / 7),
        recoveries: Array.from({ length: Math.floor(random() * 3) }, () => random() * 100),
      }));
      const range = { from: '2025-03-01', to: '2025-03-31' };
      const headline = doraHeadline(days, range);
      const median = (values: number[]) => {
        const m = lowerMedian(values);
        return m === null ? null : Math.round(m * 100) / 100;
      };
      expect(headline.leadTimeForChanges.medianHours).toBe(median(days.flatMap((d) => d.leadTimes)));
      expect(headline.failedDeploymentRecoveryTime.medianHours).toBe(
        median(days.flatMap((d) => d.recoveries)),
      );
    }
  });
});
