import { describe, expect, it } from 'vitest';
import {
  type DeliveryDay,
  doraHeadline,
  doraMetrics,
  emptyDeliveryDay,
  previousRange,
  roundHours,
  roundRate,
} from './dora-rollup.js';
import { doraMetricsSchema } from './schemas/dora.js';

// Hand-computed answers. Every figure below is worked out in the comment beside it.

const day = (date: string, fields: Partial<Omit<DeliveryDay, 'day'>> = {}): DeliveryDay => ({
  ...emptyDeliveryDay(date),
  ...fields,
});

/** Two ISO weeks: Monday 2025-06-02 … Sunday 2025-06-15. */
const range = { from: '2025-06-02', to: '2025-06-15' };

const DAYS: DeliveryDay[] = [
  // The previous range's last day (2025-05-19 … 2025-06-01).
  day('2025-06-01', { deployments: 1, leadTimes: [100] }),
  // The range's first day: included.
  day('2025-06-02', {
    deployments: 2,
    failedDeployments: 1,
    reworkDeployments: 1,
    leadTimes: [1, 20],
    incidentsOpened: 2,
    incidentsUnattributed: 1,
  }),
  day('2025-06-04', { deployments: 1, leadTimes: [3, 10], recoveries: [5] }),
  day('2025-06-10', {
    deployments: 1,
    leadTimes: [5, 5],
    recoveries: [2, 4],
    changesWaiting: 2,
    incidentsOpened: 1,
    incidentsExcluded: 1,
  }),
  // The range's last day: included.
  day('2025-06-15', { deployments: 1, leadTimes: [7] }),
  // After the range: ignored.
  day('2025-06-16', { deployments: 9, failedDeployments: 9, leadTimes: [0.1] }),
];

describe('doraHeadline (DORA 2023, the default)', () => {
  const headline = doraHeadline(DAYS, range);

  it('counts the deployments of the range, both ends included', () => {
    // 2 + 1 + 1 + 1; 5 over 14 days = 2.5 a week; deployment days: 2 in each week, 4 in June.
    expect(headline.deploymentFrequency).toEqual({
      deployments: 5,
      perWeek: 2.5,
      medianDeploymentDaysPerWeek: 2,
      medianDeploymentDaysPerMonth: 4,
      medianDeploymentDaysPerSixMonths: 4,
      tier: 'high',
    });
  });

  it('takes the lower median of an odd sample with ties, and counts the sample and the waiting', () => {
    // [1, 3, 5, 5, 7, 10, 20]: the 4th of 7 is 5 (elite: < 24 h).
    expect(headline.leadTimeForChanges).toEqual({
      medianHours: 5,
      changes: 7,
      changesWaiting: 2,
      tier: 'elite',
    });
  });

  it('rates failed deployments and splits the incidents opened by attribution', () => {
    // 1 of 5 = 20 % (low: above 15 %); opened 3 = 1 attributed + 1 without a cause + 1 excluded.
    expect(headline.changeFailureRate).toEqual({
      rate: 0.2,
      failedDeployments: 1,
      deployments: 5,
      incidents: { attributed: 1, unattributed: 1, excluded: 1 },
      tier: 'low',
    });
  });

  it('takes the recovery median over the attributed incidents resolved in the range', () => {
    // [2, 4, 5]: the 2nd of 3 is 4 h (high: < 1 day).
    expect(headline.failedDeploymentRecoveryTime).toEqual({ medianHours: 4, incidents: 3, tier: 'high' });
  });

  it('rates rework deployments, without a tier', () => {
    expect(headline.reworkRate).toEqual({ rate: 0.2, reworkDeployments: 1, deployments: 5 });
  });
});

describe('tiers by report year', () => {
  it('gives the same figures other tiers under the 2021 thresholds', () => {
    const metrics = doraMetrics({
      projectKey: 'KEY',
      days: DAYS,
      range,
      grain: 'week',
      benchmark: 'dora-2021',
    });
    const h = metrics.headline;
    // DF: 2 days a week is not on demand, ≥ 1 a month → high; LT 5 h: not < 1 h, < 1 week → high;
    // CFR 20 %: ≤ 20 % → high; recovery 4 h → high.
    expect([
      h.deploymentFrequency.tier,
      h.leadTimeForChanges.tier,
      h.changeFailureRate.tier,
      h.failedDeploymentRecoveryTime.tier,
    ]).toEqual(['high', 'high', 'high', 'high']);
    expect(metrics.performance).toEqual({ tier: 'high', benchmark: 'dora-2021' });
    // Under 2023 the change failure rate is low, and the overall tier is the lowest.
    expect(doraMetrics({ projectKey: 'KEY', days: DAYS, range, grain: 'week' }).performance).toEqual({
      tier: 'low',
      benchmark: 'dora-2023',
    });
  });

  it('2021 rates deployment frequency by half-years where 2023 sees months without a deployment', () => {
    const year = { from: '2025-01-01', to: '2025-12-31' };
    const rare = [day('2025-02-10', { deployments: 1 }), day('2025-08-10', { deployments: 1 })];
    // Months: ten without and two with one deployment day → lower median 0; half-years: 1 and 1.
    const h2023 = doraHeadline(rare, year);
    expect(h2023.deploymentFrequency).toMatchObject({
      medianDeploymentDaysPerWeek: 0,
      medianDeploymentDaysPerMonth: 0,
      medianDeploymentDaysPerSixMonths: 1,
      tier: 'low',
    });
    expect(doraHeadline(rare, year, 'dora-2021').deploymentFrequency.tier).toBe('medium');
  });

  it('takes tiers from the rounded figures, so a figure and its tier agree at a threshold', () => {
    // 23.996 h is shown as 24 h: not under a day.
    const lead = doraHeadline([day('2025-06-03', { deployments: 1, leadTimes: [23.996] })], range);
    expect(lead.leadTimeForChanges).toMatchObject({ medianHours: 24, tier: 'high' });
    // 1 000 of 19 999 = 0.050002… is shown as 0.05: elite (≤ 5 %), though the exact rate is not.
    const cfr = doraHeadline([day('2025-06-03', { deployments: 19_999, failedDeployments: 1_000 })], range);
    expect(cfr.changeFailureRate).toMatchObject({ rate: 0.05, tier: 'elite' });
  });
});

describe('doraMetrics series', () => {
  it('buckets by ISO week with the lower median of even samples and the counts behind each figure', () => {
    const metrics = doraMetrics({ projectKey: 'KEY', days: DAYS, range, grain: 'week' });
    expect(metrics.labels).toEqual(['2025-06-02', '2025-06-09']);
    expect(metrics.series).toEqual({
      deploymentFrequency: [3, 2],
      // Week 1: [1, 3, 10, 20] → 3 (the lower of the middle two); week 2: [5, 5, 7] → 5.
      leadTimeForChanges: [3, 5],
      // 1 of 3 → 0.3333; 0 of 2.
      changeFailureRate: [0.3333, 0],
      // [5] → 5; [2, 4] → 2.
      failedDeploymentRecoveryTime: [5, 2],
      reworkRate: [0.3333, 0],
    });
    expect(metrics.counts).toEqual({
      changes: [4, 3],
      incidents: [1, 2],
      failedDeployments: [1, 0],
      reworkDeployments: [1, 0],
    });
    expect(doraMetricsSchema.parse(metrics)).toEqual(metrics);
  });

  it('gives empty buckets zeros and nulls, never a made-up 0 rate', () => {
    const metrics = doraMetrics({ projectKey: 'KEY', days: DAYS, range, grain: 'day' });
    expect(metrics.labels).toHaveLength(14);
    // 2025-06-03 had nothing.
    expect(metrics.series.deploymentFrequency[1]).toBe(0);
    expect(metrics.series.leadTimeForChanges[1]).toBeNull();
    expect(metrics.series.changeFailureRate[1]).toBeNull();
    expect(metrics.series.failedDeploymentRecoveryTime[1]).toBeNull();
    expect(metrics.series.reworkRate[1]).toBeNull();
    expect(metrics.counts.changes[1]).toBe(0);
    // The last label is the range's last day, with its deployment.
    expect(metrics.labels.at(-1)).toBe('2025-06-15');
    expect(metrics.series.deploymentFrequency.at(-1)).toBe(1);
  });

  it('clips the first and last month to the range', () => {
    const metrics = doraMetrics({
      projectKey: 'KEY',
      days: [
        day('2025-01-29', { deployments: 5 }),
        day('2025-01-31', { deployments: 1 }),
        day('2025-03-02', { deployments: 2 }),
      ],
      range: { from: '2025-01-30', to: '2025-03-02' },
      grain: 'month',
    });
    expect(metrics.labels).toEqual(['2025-01-30', '2025-02-01', '2025-03-01']);
    expect(metrics.series.deploymentFrequency).toEqual([1, 0, 2]);
  });

  it('answers a range without data with zeros, nulls and no tiers', () => {
    const metrics = doraMetrics({ projectKey: 'KEY', days: [], range, grain: 'week' });
    expect(metrics.headline).toEqual({
      deploymentFrequency: {
        deployments: 0,
        perWeek: 0,
        medianDeploymentDaysPerWeek: 0,
        medianDeploymentDaysPerMonth: 0,
        medianDeploymentDaysPerSixMonths: 0,
        tier: null,
      },
      leadTimeForChanges: { medianHours: null, changes: 0, changesWaiting: 0, tier: null },
      changeFailureRate: {
        rate: null,
        failedDeployments: 0,
        deployments: 0,
        incidents: { attributed: 0, unattributed: 0, excluded: 0 },
        tier: null,
      },
      failedDeploymentRecoveryTime: { medianHours: null, incidents: 0, tier: null },
      reworkRate: { rate: null, reworkDeployments: 0, deployments: 0 },
    });
    expect(metrics.performance).toEqual({ tier: null, benchmark: 'dora-2023' });
    expect(metrics.sources).toEqual([]);
    expect(doraMetricsSchema.parse(metrics)).toEqual(metrics);
  });

  it('passes the sources through', () => {
    const sources = [
      { kind: 'deployments' as const, source: 'ingest', lastDeliveredAt: '2025-06-15T10:00:00.000Z' },
    ];
    expect(doraMetrics({ projectKey: 'KEY', days: [], range, grain: 'week', sources }).sources).toEqual(
      sources,
    );
  });
});

describe('period over period', () => {
  it('compares with the previous range of equal length, from the same roll-up', () => {
    const { comparison } = doraMetrics({ projectKey: 'KEY', days: DAYS, range, grain: 'week' });
    expect(comparison).toEqual({
      range: { from: '2025-05-19', to: '2025-06-01' },
      // 0.5 a week before (1 deployment in 2 weeks), 2.5 now: +2, +400 %.
      deploymentFrequency: { previous: 0.5, absolute: 2, relative: 4 },
      // 100 h before, 5 h now: −95 h, −95 %.
      leadTimeForChanges: { previous: 100, absolute: -95, relative: -0.95 },
      // 0 before (no relative change from 0), 0.2 now.
      changeFailureRate: { previous: 0, absolute: 0.2, relative: null },
      // Nothing resolved before.
      failedDeploymentRecoveryTime: { previous: null, absolute: null, relative: null },
      reworkRate: { previous: 0, absolute: 0.2, relative: null },
    });
  });

  it('has no previous range before year 0', () => {
    expect(previousRange({ from: '0000-01-05', to: '0000-01-10' })).toBeNull();
    expect(previousRange({ from: '2024-03-01', to: '2024-03-31' })).toEqual({
      from: '2024-01-30',
      to: '2024-02-29',
    });
  });
});

describe('rounding, in one place', () => {
  it('hours to 2 decimals, rates to 4', () => {
    expect(roundHours(1 / 3)).toBe(0.33);
    expect(roundHours(2.005 + 1e-9)).toBe(2.01);
    expect(roundRate(1 / 3)).toBe(0.3333);
    expect(roundRate(0.12345)).toBe(0.1235);
  });

  it('rounds the median once: equal to the median of rounded values', () => {
    const values = [0.123, 0.456, 0.789, 1.0049];
    const h = doraHeadline([day('2025-06-03', { deployments: 1, leadTimes: values })], range);
    expect(h.leadTimeForChanges.medianHours).toBe(0.46);
  });
});

describe('deployment frequency tier inputs', () => {
  it('counts days with a deployment, not deployments, and counts empty weeks', () => {
    const threeWeeks = { from: '2025-06-02', to: '2025-06-22' };
    const days = ['2025-06-02', '2025-06-03', '2025-06-10', '2025-06-11', '2025-06-12'].map((d, i) =>
      day(d, { deployments: i === 0 ? 5 : 1 }),
    );
    // Weeks: 2, 3, 0 deployment days → lower median 2; June: 5 days.
    expect(doraHeadline(days, threeWeeks).deploymentFrequency).toMatchObject({
      deployments: 9,
      medianDeploymentDaysPerWeek: 2,
      medianDeploymentDaysPerMonth: 5,
    });
  });

  it('five deployment days a week is elite, four high; monthly is medium, rarer low (2023)', () => {
    const week = { from: '2025-06-02', to: '2025-06-08' };
    const weekdays = (n: number) =>
      ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06']
        .slice(0, n)
        .map((d) => day(d, { deployments: 1 }));
    expect(doraHeadline(weekdays(5), week).deploymentFrequency.tier).toBe('elite');
    expect(doraHeadline(weekdays(4), week).deploymentFrequency.tier).toBe('high');
    // Four weeks and a day, deployments in one week only: 0 a week, 1 in June → medium.
    const june = { from: '2025-06-02', to: '2025-06-30' };
    expect(doraHeadline([day('2025-06-10', { deployments: 2 })], june).deploymentFrequency.tier).toBe(
      'medium',
    );
    // Two months, a deployment in one: the lower median of [1, 0] is 0 → low.
    const twoMonths = { from: '2025-06-01', to: '2025-07-31' };
    expect(doraHeadline([day('2025-07-10', { deployments: 1 })], twoMonths).deploymentFrequency.tier).toBe(
      'low',
    );
  });
});

describe('medians of a range', () => {
  it('are the lower medians of all values, whatever the values and their order', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const lower = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted.length === 0 ? null : roundHours(sorted[Math.ceil(sorted.length / 2) - 1] as number);
    };
    for (let run = 0; run < 200; run++) {
      const days = Array.from({ length: 1 + Math.floor(random() * 20) }, (_, i) =>
        day(`2025-03-${String(i + 1).padStart(2, '0')}`, {
          deployments: 1,
          leadTimes: Array.from({ length: Math.floor(random() * 6) }, () => Math.round(random() * 5000) / 7),
          recoveries: Array.from({ length: Math.floor(random() * 3) }, () => random() * 100),
        }),
      );
      const headline = doraHeadline(days, { from: '2025-03-01', to: '2025-03-31' });
      expect(headline.leadTimeForChanges.medianHours).toBe(lower(days.flatMap((d) => [...d.leadTimes])));
      expect(headline.failedDeploymentRecoveryTime.medianHours).toBe(
        lower(days.flatMap((d) => [...d.recoveries])),
      );
    }
  });
});
