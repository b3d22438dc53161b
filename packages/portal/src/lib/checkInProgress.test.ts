import { describe, expect, it } from 'vitest';
import { checkInProgress } from './checkInProgress.js';

const now = new Date('2026-06-01T12:00:00Z');

describe('checkInProgress', () => {
  it('falls back when a date is missing or invalid', () => {
    const fallback = {
      totalDays: 100,
      daysPassed: 0,
      percentageComplete: 0,
      markerPosition: 0,
      checkInMessage: 'N/A',
    };
    expect(checkInProgress(null, '2026-12-31', now)).toEqual(fallback);
    expect(checkInProgress('2026-01-01', undefined, now)).toEqual(fallback);
    expect(checkInProgress('not a date', '2026-12-31', now)).toEqual(fallback);
    expect(checkInProgress('', '', now)).toEqual(fallback);
  });

  it('computes days, percentage and the marker 60 days before the end', () => {
    const p = checkInProgress('2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z', now);
    expect(p.totalDays).toBe(364);
    expect(p.daysPassed).toBe(151);
    expect(p.percentageComplete).toBe(41);
    expect(p.markerPosition).toBeCloseTo(((364 - 60) / 364) * 100, 5);
    expect(p.checkInMessage).toBe('In 153 days');
  });

  it('phrases a past check-in with "ago" and clamps percentages', () => {
    const p = checkInProgress('2025-01-01', '2026-06-11', now);
    expect(p.checkInMessage).toBe('50 days ago');
    const done = checkInProgress('2024-01-01', '2025-01-01', now);
    expect(done.percentageComplete).toBe(100);
  });

  it('phrases the check-in in the locale, and its own day as "0 days ago"', () => {
    expect(checkInProgress('2026-01-01', '2026-08-12', now, 'de').checkInMessage).toBe('In 12 Tagen');
    expect(checkInProgress('2025-01-01', '2026-07-30', now, 'de').checkInMessage).toBe('Vor 1 Tag');
    expect(checkInProgress('2026-01-01', '2026-08-12', now, 'ar').checkInMessage).toBe('خلال 12 يومًا');
    expect(checkInProgress('2026-01-01', '2026-07-31', now).checkInMessage).toBe('0 days ago');
    expect(checkInProgress('2026-01-01', '2026-08-01', now).checkInMessage).toBe('In 1 day');
  });

  it('does not divide by zero for an end before the start', () => {
    const p = checkInProgress('2026-05-01', '2026-04-01', now);
    expect(Number.isFinite(p.percentageComplete)).toBe(true);
    expect(p.checkInMessage).toBe('N/A');
  });
});
