import { describe, expect, it } from 'vitest';
import { absoluteTime, isStale, relativeTime, STALE_AFTER_HOURS } from './sourceFreshness.js';

const now = new Date('2026-03-02T12:00:00Z');

describe('source freshness', () => {
  it('is stale after three days of silence, not before', () => {
    expect(STALE_AFTER_HOURS).toBe(72);
    expect(isStale('2026-02-27T12:00:00Z', now)).toBe(false); // exactly 72 h
    expect(isStale('2026-02-27T11:59:00Z', now)).toBe(true);
    expect(isStale('2026-03-02T11:00:00Z', now)).toBe(false);
    expect(isStale('not a time', now)).toBe(true);
  });

  it('says when in words of the locale, and the exact time in UTC', () => {
    expect(relativeTime('2026-03-02T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2026-02-28T12:00:00Z', now, 'en')).toBe('2 days ago');
    expect(relativeTime('2026-03-02T11:59:30Z', now, 'en')).toBe('this minute');
    expect(relativeTime('2026-02-28T12:00:00Z', now, 'de')).toBe('vorgestern');
    expect(relativeTime('garbage', now, 'en')).toBe('');
    expect(absoluteTime('2026-03-02T14:05:00Z', 'en')).toMatch(/Mar 2, 2026.*2:05.*PM.*UTC/);
  });
});
