import type { DateRange } from './schemas/common.js';
import type { DoraGrain } from './schemas/dora.js';

const DAY_MS = 86_400_000;

/** Default window of the analytics routes: the last 90 days, today included. */
export const DEFAULT_RANGE_DAYS = 90;
/** Longest range the analytics routes accept (3 years); longer is a 400. */
export const MAX_RANGE_DAYS = 1096;

const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toDay(to) - toDay(from)) / DAY_MS);
}

/** Today as a UTC calendar day; `now` is injected so callers (and fixtures) stay deterministic. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Applies the analytics routes' defaults: `to` = today, `from` = `to` − 89 days. Returns null for
 * a range the contract refuses (from after to, or longer than MAX_RANGE_DAYS).
 */
export function resolveAnalyticsRange(query: { from?: string; to?: string }, now: Date): DateRange | null {
  const to = query.to ?? utcDay(now);
  const from = query.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  const span = daysBetween(from, to) + 1;
  if (span < 1 || span > MAX_RANGE_DAYS) return null;
  return { from, to };
}

export interface DateBucket {
  /** First day of the bucket inside the range (the chart label). */
  label: string;
  from: string;
  to: string;
}

function bucketStart(day: string, grain: DoraGrain): string {
  if (grain === 'day') return day;
  if (grain === 'month') return `${day.slice(0, 8)}01`;
  const weekday = (new Date(toDay(day)).getUTCDay() + 6) % 7; // Monday = 0 (ISO weeks)
  return addDays(day, -weekday);
}

function nextBucket(start: string, grain: DoraGrain): string {
  if (grain === 'day') return addDays(start, 1);
  if (grain === 'week') return addDays(start, 7);
  const d = new Date(toDay(start));
  return fromDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/**
 * The buckets of a range: days; ISO weeks (Monday first); calendar months. The first and last are
 * clipped to the range, so the first label is always `from`.
 */
export function dateBuckets(range: DateRange, grain: DoraGrain): DateBucket[] {
  const buckets: DateBucket[] = [];
  let start = bucketStart(range.from, grain);
  while (start <= range.to) {
    const next = nextBucket(start, grain);
    const from = daysBetween(range.from, start) < 0 ? range.from : start;
    const last = addDays(next, -1);
    buckets.push({ label: from, from, to: daysBetween(last, range.to) < 0 ? range.to : last });
    start = next;
  }
  return buckets;
}
