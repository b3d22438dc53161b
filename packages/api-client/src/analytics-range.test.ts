import { describe, expect, it } from 'vitest';
import { addDays, dateBuckets, daysBetween, resolveAnalyticsRange } from './analytics-range.js';

const NOW = new Date('2026-03-02T23:59:00Z');

describe('resolveAnalyticsRange', () => {
  it('defaults to the last 90 days, today included', () => {
    expect(resolveAnalyticsRange({}, NOW)).toEqual({ from: '2025-12-03', to: '2026-03-02' });
    expect(resolveAnalyticsRange({ to: '2026-01-31' }, NOW)).toEqual({
      from: '2025-11-03',
      to: '2026-01-31',
    });
  });

  it('refuses a reversed range and one longer than 3 years', () => {
    expect(resolveAnalyticsRange({ from: '2026-02-01', to: '2026-01-31' }, NOW)).toBeNull();
    expect(resolveAnalyticsRange({ from: '2023-01-01', to: '2026-01-31' }, NOW)).toBeNull();
    expect(resolveAnalyticsRange({ from: '2026-01-31', to: '2026-01-31' }, NOW)).toEqual({
      from: '2026-01-31',
      to: '2026-01-31',
    });
  });
});

describe('dateBuckets', () => {
  it('days', () => {
    expect(dateBuckets({ from: '2026-02-27', to: '2026-03-01' }, 'day').map((b) => b.label)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });

  it('ISO weeks starting on Monday, clipped to the range', () => {
    // 2026-01-01 is a Thursday.
    expect(dateBuckets({ from: '2026-01-01', to: '2026-01-20' }, 'week')).toEqual([
      { label: '2026-01-01', from: '2026-01-01', to: '2026-01-04' },
      { label: '2026-01-05', from: '2026-01-05', to: '2026-01-11' },
      { label: '2026-01-12', from: '2026-01-12', to: '2026-01-18' },
      { label: '2026-01-19', from: '2026-01-19', to: '2026-01-20' },
    ]);
  });

  it('calendar months across a year end and a leap day', () => {
    expect(dateBuckets({ from: '2023-12-15', to: '2024-03-01' }, 'month')).toEqual([
      { label: '2023-12-15', from: '2023-12-15', to: '2023-12-31' },
      { label: '2024-01-01', from: '2024-01-01', to: '2024-01-31' },
      { label: '2024-02-01', from: '2024-02-01', to: '2024-02-29' },
      { label: '2024-03-01', from: '2024-03-01', to: '2024-03-01' },
    ]);
  });

  it('day arithmetic is UTC and exact', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(daysBetween('2025-12-03', '2026-03-02')).toBe(89);
  });
});
