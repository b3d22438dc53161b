import { describe, expect, it } from 'vitest';
import {
  changeFailureRateTier,
  deploymentFrequencyTier,
  leadTimeTier,
  lowerMedian,
  overallTier,
  recoveryTimeTier,
  tierRules,
} from './dora-tiers.js';

const df = (perWeek: number, perMonth: number, deployments = 10) =>
  deploymentFrequencyTier({
    deployments,
    medianDeploymentDaysPerWeek: perWeek,
    medianDeploymentDaysPerMonth: perMonth,
  });

describe('DORA 2023 tiers (DevLake thresholds)', () => {
  it('deployment frequency: median deployment days per week, then per month', () => {
    expect([df(5, 20), df(4, 18), df(1, 4), df(0, 2), df(0, 1), df(0, 0)]).toEqual([
      'elite',
      'high',
      'high',
      'medium',
      'medium',
      'low',
    ]);
    expect(df(0, 0, 0)).toBeNull();
  });

  it('lead time: < 1 day, < 1 week, < 30 days', () => {
    expect([23.9, 24, 167.9, 168, 719.9, 720].map(leadTimeTier)).toEqual([
      'elite',
      'high',
      'high',
      'medium',
      'medium',
      'low',
    ]);
    expect(leadTimeTier(null)).toBeNull();
  });

  it('change failure rate: ≤ 5 %, ≤ 10 %, ≤ 15 % (inclusive)', () => {
    expect([0, 0.05, 0.0501, 0.1, 0.15, 0.1501].map(changeFailureRateTier)).toEqual([
      'elite',
      'elite',
      'high',
      'high',
      'medium',
      'low',
    ]);
    expect(changeFailureRateTier(null)).toBeNull();
  });

  it('recovery time: < 1 hour, < 1 day, < 1 week', () => {
    expect([0.5, 1, 23.99, 24, 167, 168].map(recoveryTimeTier)).toEqual([
      'elite',
      'high',
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });

  it('overall: the lowest tier among metrics with data', () => {
    expect(overallTier(['elite', 'high', null, 'elite'])).toBe('high');
    expect(overallTier(['elite', 'low'])).toBe('low');
    expect(overallTier([null, null])).toBeNull();
  });

  it('lower median, as DevLake computes it', () => {
    expect(lowerMedian([])).toBeNull();
    expect(lowerMedian([7])).toBe(7);
    expect(lowerMedian([4, 1, 3, 2])).toBe(2);
    expect(lowerMedian([5, 1, 3])).toBe(3);
  });
});

describe('DORA 2021 tiers (DevLake thresholds)', () => {
  const t = tierRules('dora-2021');
  const df = (perWeek: number, perMonth: number, perSixMonths: number) =>
    t.deploymentFrequency({
      deployments: 1,
      medianDeploymentDaysPerWeek: perWeek,
      medianDeploymentDaysPerMonth: perMonth,
      medianDeploymentDaysPerSixMonths: perSixMonths,
    });

  it('deployment frequency: on demand, ≥ 1 day a month, ≥ 1 day a half-year', () => {
    expect([df(5, 20, 100), df(4, 18, 90), df(0, 1, 6), df(0, 0, 1), df(0, 0, 0)]).toEqual([
      'elite',
      'high',
      'high',
      'medium',
      'low',
    ]);
  });

  it('lead time: < 1 hour, < 1 week, < 180 days', () => {
    expect([0.99, 1, 167.9, 168, 4319.9, 4320].map((h) => t.leadTimeForChanges(h))).toEqual([
      'elite',
      'high',
      'high',
      'medium',
      'medium',
      'low',
    ]);
  });

  it('change failure rate: ≤ 15 %, ≤ 20 %, ≤ 30 % (inclusive)', () => {
    expect([0.15, 0.1501, 0.2, 0.3, 0.3001].map((r) => t.changeFailureRate(r))).toEqual([
      'elite',
      'high',
      'high',
      'medium',
      'low',
    ]);
  });

  it('time to restore: the same bounds as 2023', () => {
    expect([0.5, 1, 24, 168].map((h) => t.failedDeploymentRecoveryTime(h))).toEqual([
      'elite',
      'high',
      'medium',
      'low',
    ]);
  });

  it('the 2023 rules are what the single-metric functions use', () => {
    const t2023 = tierRules('dora-2023');
    for (const h of [0.5, 23.9, 24, 200, 800]) expect(t2023.leadTimeForChanges(h)).toBe(leadTimeTier(h));
    expect(t2023.changeFailureRate(0.12)).toBe(changeFailureRateTier(0.12));
  });
});
