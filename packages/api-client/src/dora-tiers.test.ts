import { describe, expect, it } from 'vitest';
import {
  changeFailureRateTier,
  deploymentFrequencyTier,
  leadTimeTier,
  lowerMedian,
  overallTier,
  recoveryTimeTier,
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
