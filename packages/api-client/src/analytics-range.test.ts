import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  type DateBucket,
  dateBuckets,
  dayNumber,
  daysBetween,
  formatDay,
  isoWeekday,
  MAX_BUCKETS,
  MAX_RANGE_DAYS,
  parseDay,
  resolveAnalyticsRange,
  utcDay,
} from './analytics-range.js';
import { DORA_GRAINS, type DoraGrain } from './schemas/dora.js';

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

describe('day numbers', () => {
  it('count days from 1970-01-01 over the whole four-digit calendar', () => {
    expect(parseDay('1970-01-01')).toBe(0);
    expect(parseDay('0000-01-01')).toBe(-719_528);
    expect(parseDay('9999-12-31')).toBe(2_932_896);
    // Years 0–99 are themselves, not 1900–1999 (as Date.UTC would read them).
    expect(formatDay(parseDay('0099-03-01')! - 1)).toBe('0099-02-28');
    expect(formatDay(parseDay('0096-03-01')! - 1)).toBe('0096-02-29');
    expect(addDays('0000-03-01', -1)).toBe('0000-02-29'); // year 0 is a leap year
  });

  it('refuse what is not a real calendar date', () => {
    for (const bad of ['2023-02-29', '2023-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-05']) {
      expect(parseDay(bad)).toBeNull();
    }
    for (const bad of ['+010000-01-01', '-000001-01-01', '2026-01-01T00:00:00Z', ' 2026-01-01', '']) {
      expect(parseDay(bad)).toBeNull();
      expect(() => dayNumber(bad)).toThrow(RangeError);
    }
    expect(parseDay('2024-02-29')).not.toBeNull();
    expect(parseDay('2000-02-29')).not.toBeNull();
    expect(parseDay('2100-02-29')).toBeNull();
  });

  it('never write a day that YYYY-MM-DD cannot hold', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0000-01-01', -1)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', 0.5)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', Number.NaN)).toThrow(RangeError);
    expect(() => formatDay(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => utcDay(new Date(Number.NaN))).toThrow(RangeError);
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
  });

  it('agree with the Date API wherever it reads years correctly', () => {
    const day = fc.integer({ min: parseDay('1000-01-01')!, max: parseDay('9999-12-31')! });
    fc.assert(
      fc.property(day, (n) => {
        const date = formatDay(n);
        expect(parseDay(date)).toBe(n);
        expect(new Date(n * 86_400_000).toISOString().slice(0, 10)).toBe(date);
        expect(isoWeekday(n)).toBe((new Date(n * 86_400_000).getUTCDay() + 6) % 7);
      }),
    );
  });

  it('addDays and daysBetween are inverse', () => {
    const day = fc.integer({ min: parseDay('0000-01-01')!, max: parseDay('9999-12-31')! });
    fc.assert(
      fc.property(day, day, (a, b) => {
        expect(daysBetween(formatDay(a), formatDay(b))).toBe(b - a);
        expect(addDays(formatDay(a), b - a)).toBe(formatDay(b));
      }),
    );
  });
});

describe('resolveAnalyticsRange at the edges', () => {
  it('returns null for ends that are not dates, instead of throwing', () => {
    expect(resolveAnalyticsRange({ from: '2023-02-30', to: '2023-03-10' }, NOW)).toBeNull();
    expect(resolveAnalyticsRange({ to: '+010000-01-01' }, NOW)).toBeNull();
    expect(resolveAnalyticsRange({ from: '2026-01-01', to: 'tomorrow' }, NOW)).toBeNull();
    // The default `from` would fall before year 0000.
    expect(resolveAnalyticsRange({ to: '0000-02-01' }, NOW)).toBeNull();
  });

  it('checks the span where a default end is applied', () => {
    // `to` defaults to today (2026-03-02): exactly MAX_RANGE_DAYS days is fine, one more is not.
    const longest = addDays('2026-03-02', -(MAX_RANGE_DAYS - 1));
    expect(resolveAnalyticsRange({ from: longest }, NOW)).toEqual({ from: longest, to: '2026-03-02' });
    expect(resolveAnalyticsRange({ from: addDays(longest, -1) }, NOW)).toBeNull();
    expect(resolveAnalyticsRange({ from: '2026-03-03' }, NOW)).toBeNull();
  });

  it('handles the last days of 9999', () => {
    expect(resolveAnalyticsRange({ to: '9999-12-31' }, NOW)).toEqual({
      from: '9999-10-03',
      to: '9999-12-31',
    });
  });
});

/** Buckets cover the range exactly: first starts at `from`, each follows the last, the last ends at `to`. */
function coverProblems(buckets: DateBucket[], from: string, to: string, grain: DoraGrain): string[] {
  const problems: string[] = [];
  if (buckets[0]?.from !== from) problems.push(`first bucket starts at ${buckets[0]?.from}`);
  if (buckets.at(-1)?.to !== to) problems.push(`last bucket ends at ${buckets.at(-1)?.to}`);
  buckets.forEach((bucket, i) => {
    const start = dayNumber(bucket.from);
    const end = dayNumber(bucket.to);
    const where = `bucket ${i} (${bucket.from} … ${bucket.to})`;
    if (bucket.label !== bucket.from) problems.push(`${where}: label ${bucket.label}`);
    if (end < start) problems.push(`${where}: ends before it starts`);
    if (i > 0 && start !== dayNumber(buckets[i - 1]!.to) + 1) problems.push(`${where}: gap or overlap`);
    // Inner bucket boundaries fall on the grain: Mondays, first days of months.
    if (i > 0 && grain === 'week' && isoWeekday(start) !== 0) problems.push(`${where}: not a Monday`);
    if (i > 0 && grain === 'month' && bucket.from.slice(8) !== '01') problems.push(`${where}: not a 1st`);
    if (grain === 'day' && end !== start) problems.push(`${where}: not one day`);
    if (grain === 'week' && end - start >= 7) problems.push(`${where}: longer than a week`);
    if (grain === 'month' && bucket.to.slice(0, 7) !== bucket.from.slice(0, 7)) {
      problems.push(`${where}: spans months`);
    }
  });
  return problems;
}

function expectExactCover(buckets: DateBucket[], from: string, to: string, grain: DoraGrain) {
  expect(coverProblems(buckets, from, to, grain)).toEqual([]);
}

describe('dateBuckets terminates and covers every range exactly', () => {
  it.each(DORA_GRAINS)('a range ending 9999-12-31 (%s)', (grain) => {
    const buckets = dateBuckets({ from: '9999-11-15', to: '9999-12-31' }, grain);
    expectExactCover(buckets, '9999-11-15', '9999-12-31', grain);
    expect(dateBuckets({ from: '9999-12-31', to: '9999-12-31' }, grain)).toEqual([
      { label: '9999-12-31', from: '9999-12-31', to: '9999-12-31' },
    ]);
  });

  it('a range starting 0000-01-01 (a Saturday)', () => {
    expectExactCover(
      dateBuckets({ from: '0000-01-01', to: '0000-03-05' }, 'week'),
      '0000-01-01',
      '0000-03-05',
      'week',
    );
    expect(dateBuckets({ from: '0000-01-01', to: '0000-03-05' }, 'month').map((b) => b.to)).toEqual([
      '0000-01-31',
      '0000-02-29',
      '0000-03-05',
    ]);
  });

  it('refuses more than MAX_BUCKETS buckets, and ends that are not dates', () => {
    expect(MAX_BUCKETS).toBe(MAX_RANGE_DAYS);
    const longest = { from: '2023-03-03', to: addDays('2023-03-03', MAX_BUCKETS - 1) };
    expect(dateBuckets(longest, 'day')).toHaveLength(MAX_BUCKETS);
    expect(() => dateBuckets({ ...longest, to: addDays(longest.to, 1) }, 'day')).toThrow(RangeError);
    expect(() => dateBuckets({ from: '0000-01-01', to: '9999-12-31' }, 'day')).toThrow(RangeError);
    // Weeks and months of a long range stay under the limit.
    expect(dateBuckets({ from: '2000-01-01', to: '2020-12-31' }, 'month')).toHaveLength(252);
    expect(() => dateBuckets({ from: '0000-01-01', to: '9999-12-31' }, 'month')).toThrow(RangeError);
    expect(() => dateBuckets({ from: '2026-02-30', to: '2026-03-31' }, 'week')).toThrow(RangeError);
    expect(() => dateBuckets({ from: '2026-01-01', to: '+010000-01-01' }, 'week')).toThrow(RangeError);
  });

  it('a reversed range has no buckets', () => {
    for (const grain of DORA_GRAINS) {
      expect(dateBuckets({ from: '2026-03-02', to: '2026-03-01' }, grain)).toEqual([]);
    }
  });

  it('random ranges and grains (property)', () => {
    const first = parseDay('0000-01-01')!;
    const last = parseDay('9999-12-31')!;
    const range = fc
      .tuple(fc.integer({ min: first, max: last }), fc.integer({ min: 0, max: MAX_RANGE_DAYS - 1 }))
      .filter(([start, length]) => start + length <= last)
      .map(([start, length]) => ({ from: formatDay(start), to: formatDay(start + length) }));
    fc.assert(
      fc.property(range, fc.constantFrom(...DORA_GRAINS), ({ from, to }, grain) => {
        const buckets = dateBuckets({ from, to }, grain);
        expectExactCover(buckets, from, to, grain);
        if (grain === 'day') expect(buckets).toHaveLength(daysBetween(from, to) + 1);
      }),
      { numRuns: 300 },
    );
  });

  it('ranges near the ends of the calendar (property)', () => {
    const last = parseDay('9999-12-31')!;
    const range = fc
      .tuple(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }))
      .map(([before, length]) => ({ from: formatDay(last - before - length), to: formatDay(last - before) }));
    fc.assert(
      fc.property(range, fc.constantFrom(...DORA_GRAINS), ({ from, to }, grain) => {
        expectExactCover(dateBuckets({ from, to }, grain), from, to, grain);
      }),
    );
  });
});
