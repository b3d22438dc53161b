import type { DateRange } from './schemas/common.js';
import type { DoraGrain } from './schemas/dora.js';

/** Default window of the analytics routes: the last 90 days, today included. */
export const DEFAULT_RANGE_DAYS = 90;
/** Longest range the analytics routes accept (3 years); longer is a 400. */
export const MAX_RANGE_DAYS = 1096;
/**
 * Most buckets `dateBuckets` builds; more is a RangeError. A range the contract accepts has at most
 * MAX_RANGE_DAYS days, hence at most that many buckets of any grain.
 */
export const MAX_BUCKETS = MAX_RANGE_DAYS;

const DAY_MS = 86_400_000;
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day numbers of 0000-01-01 and 9999-12-31: the days `YYYY-MM-DD` can write. */
const FIRST_WRITABLE_DAY = -719_528;
const LAST_WRITABLE_DAY = 2_932_896;

// Day arithmetic runs on integer day numbers (days since 1970-01-01, proleptic Gregorian, UTC),
// never on `YYYY-MM-DD` strings: strings stop sorting like days past 9999-12-31 (the next day
// would be "+010000-01-01"), and Date.UTC maps the years 0–99 to 1900–1999. The conversions count
// in 400-year eras of 146 097 days, with years starting on 1 March so the leap day is the last day
// of a year; integer arithmetic only, exact for every year.

function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function civilFromDays(dayNumber: number): [year: number, month: number, day: number] {
  const z = dayNumber + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The day number (days since 1970-01-01) of a real calendar date `YYYY-MM-DD`, or null for
 * anything else: another shape ("+010000-01-01", "2026-1-5"), month 13, 2023-02-30.
 */
export function parseDay(date: string): number | null {
  const match = DATE_SHAPE.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

/** Like parseDay, but a date that is not real is a RangeError. */
export function dayNumber(date: string): number {
  const day = parseDay(date);
  if (day === null) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(date)}`);
  return day;
}

/**
 * `YYYY-MM-DD` of a day number. A day before 0000-01-01 or after 9999-12-31, or a number that is
 * not an integer, is a RangeError: four-digit years cannot write it.
 */
export function formatDay(day: number): string {
  if (!Number.isInteger(day) || day < FIRST_WRITABLE_DAY || day > LAST_WRITABLE_DAY) {
    throw new RangeError(`Day number ${day} is outside 0000-01-01 … 9999-12-31`);
  }
  const [year, month, date] = civilFromDays(day);
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;
}

export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new RangeError(`Not a whole number of days: ${days}`);
  return formatDay(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (0 when equal, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The day number of an instant's UTC calendar day. */
export function dayOf(now: Date): number {
  const ms = now.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('Invalid Date');
  return Math.floor(ms / DAY_MS);
}

/** Today as a UTC calendar day; `now` is injected so callers (and fixtures) stay deterministic. */
export function utcDay(now: Date): string {
  return formatDay(dayOf(now));
}

/** ISO weekday of a day number: Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): number {
  return (((day + 3) % 7) + 7) % 7;
}

/**
 * Applies the analytics routes' defaults: `to` = today, `from` = `to` − 89 days. Returns null for
 * a range the contract refuses: an end that is not a real calendar date, `from` after `to`, or
 * longer than MAX_RANGE_DAYS. The request schemas check ranges with both ends given; this is where
 * a range with a defaulted end is checked.
 */
export function resolveAnalyticsRange(query: { from?: string; to?: string }, now: Date): DateRange | null {
  const to = query.to === undefined ? dayOf(now) : parseDay(query.to);
  if (to === null) return null;
  const from = query.from === undefined ? to - (DEFAULT_RANGE_DAYS - 1) : parseDay(query.from);
  if (from === null) return null;
  const span = to - from + 1;
  if (span < 1 || span > MAX_RANGE_DAYS) return null;
  if (from < FIRST_WRITABLE_DAY || to > LAST_WRITABLE_DAY) return null;
  return { from: formatDay(from), to: formatDay(to) };
}

export interface DateBucket {
  /** First day of the bucket inside the range (the chart label). */
  label: string;
  from: string;
  to: string;
}

/** First day of the bucket of `grain` that holds `day`. */
function bucketStart(day: number, grain: DoraGrain): number {
  if (grain === 'day') return day;
  if (grain === 'week') return day - isoWeekday(day);
  const [year, month] = civilFromDays(day);
  return daysFromCivil(year, month, 1);
}

/** First day of the bucket after the one starting on `start`. */
function nextBucketStart(start: number, grain: DoraGrain): number {
  if (grain === 'day') return start + 1;
  if (grain === 'week') return start + 7;
  const [year, month] = civilFromDays(start);
  return start + daysInMonth(year, month);
}

/**
 * The buckets of a range: days; ISO weeks (Monday first); calendar months. The first and last are
 * clipped to the range, so the first label is always `from`. Together they cover the range exactly,
 * in order. A reversed range has no buckets; an end that is not a calendar date, or a range with
 * more than MAX_BUCKETS buckets, is a RangeError.
 */
export function dateBuckets(range: DateRange, grain: DoraGrain): DateBucket[] {
  const first = dayNumber(range.from);
  const last = dayNumber(range.to);
  const buckets: DateBucket[] = [];
  for (let start = first; start <= last; ) {
    if (buckets.length === MAX_BUCKETS) {
      throw new RangeError(`${range.from} … ${range.to} has more than ${MAX_BUCKETS} ${grain} buckets`);
    }
    const next = nextBucketStart(bucketStart(start, grain), grain);
    const end = Math.min(next - 1, last);
    const from = formatDay(start);
    buckets.push({ label: from, from, to: formatDay(end) });
    start = end + 1;
  }
  return buckets;
}
