import { createPortalFixtures } from '@client-portal/api-client/mocks';
import { describe, expect, it } from 'vitest';
import {
  changeOf,
  formatChangeAmount,
  formatFigure,
  hasNoEvents,
  type HIGHER_IS_BETTER,
  headlineValue,
  isSmallSample,
  SMALL_SAMPLE,
  sampleOf,
  tierOf,
} from './doraFigures.js';

const fixtures = createPortalFixtures();
const dora = fixtures.dora('PORTAL', { from: '2026-01-01', to: '2026-02-28' })!;
const change = (absolute: number | null, relative: number | null, previous = 1) => ({
  previous,
  absolute,
  relative,
});
const comparison = (metric: keyof typeof HIGHER_IS_BETTER, c: ReturnType<typeof change>) => ({
  ...dora.comparison!,
  [metric]: c,
});

describe('DORA figures', () => {
  it('more deployments is better; for everything else lower is better', () => {
    expect(changeOf('deploymentFrequency', comparison('deploymentFrequency', change(2, 0.25)))).toEqual({
      direction: 'up',
      verdict: 'better',
      amount: { kind: 'percent', value: 0.25 },
    });
    for (const metric of ['leadTimeForChanges', 'failedDeploymentRecoveryTime'] as const) {
      expect(changeOf(metric, comparison(metric, change(5, 0.1)))?.verdict).toBe('worse');
      expect(changeOf(metric, comparison(metric, change(-5, -0.1)))?.verdict).toBe('better');
    }
    expect(changeOf('reworkRate', comparison('reworkRate', change(0, 0)))).toMatchObject({
      direction: 'flat',
      verdict: 'same',
    });
  });

  it('rates change by percentage points; a change from 0 by its own unit; no previous figure, no change', () => {
    expect(changeOf('changeFailureRate', comparison('changeFailureRate', change(0.02, 0.4)))).toEqual({
      direction: 'up',
      verdict: 'worse',
      amount: { kind: 'points', value: 2 },
    });
    expect(
      changeOf('leadTimeForChanges', comparison('leadTimeForChanges', change(6, null, 0)))?.amount,
    ).toEqual({
      kind: 'hours',
      value: 6,
    });
    expect(changeOf('leadTimeForChanges', comparison('leadTimeForChanges', change(null, null)))).toBeNull();
    expect(changeOf('leadTimeForChanges', null)).toBeNull();
    expect(formatChangeAmount({ kind: 'percent', value: -0.254 }, 'en')).toBe('25%');
    expect(formatChangeAmount({ kind: 'points', value: -1.25 }, 'en')).toBe('1.3');
    expect(formatChangeAmount({ kind: 'hours', value: 6 }, 'en')).toBe('6 hr');
  });

  it('a sample is small from 1 to SMALL_SAMPLE − 1 events; none is "no data", not small', () => {
    expect(SMALL_SAMPLE).toBe(5);
    expect([0, 1, 4, 5, 120].map(isSmallSample)).toEqual([false, true, true, false, false]);
  });

  it('reads each figure, its sample and tier from the answer', () => {
    const h = dora.headline;
    expect(headlineValue('deploymentFrequency', h)).toBe(h.deploymentFrequency.perWeek);
    expect(headlineValue('changeFailureRate', h)).toBe(h.changeFailureRate.rate);
    expect(sampleOf('leadTimeForChanges', h)).toBe(h.leadTimeForChanges.changes);
    expect(sampleOf('failedDeploymentRecoveryTime', h)).toBe(h.failedDeploymentRecoveryTime.incidents);
    expect(sampleOf('reworkRate', h)).toBe(h.reworkRate.deployments);
    expect(tierOf('reworkRate', h)).toBeNull();
    expect(tierOf('leadTimeForChanges', h)).toBe(h.leadTimeForChanges.tier);
    expect(hasNoEvents(h)).toBe(false);
  });

  it('writes figures in the reader’s locale', () => {
    expect(formatFigure('rate', 0.047, 'en')).toBe('4.7%');
    expect(formatFigure('hours', 18, 'en')).toBe('18 hr');
    expect(formatFigure('hours', 84, 'en')).toBe('3.5 days');
    expect(formatFigure('perWeek', 12.34, 'de')).toBe('12,3');
    expect(formatFigure('rate', null, 'en')).toBeNull();
  });
});
