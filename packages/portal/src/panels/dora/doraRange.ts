import {
  addDays,
  type DateRange,
  DEFAULT_RANGE_DAYS,
  daysBetween,
  MAX_RANGE_DAYS,
  MAX_REQUEST_DATE,
  MIN_REQUEST_DATE,
  requestDay,
} from '@client-portal/api-client';

/** The ranges offered in one click: the last N days, today included. */
export const RANGE_PRESETS = [30, 90, 180, 365] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** What is wrong with a typed range, in the order it is checked; null when the API accepts it. */
export type RangeProblem = 'missing' | 'outside' | 'order' | 'tooLong';

/** The limits a custom range must keep (the analytics routes' own). */
export const RANGE_LIMITS = {
  min: MIN_REQUEST_DATE,
  max: MAX_REQUEST_DATE,
  maxDays: MAX_RANGE_DAYS,
} as const;

export function rangeProblem(
  from: string | null | undefined,
  to: string | null | undefined,
): RangeProblem | null {
  const a = (from ?? '').trim();
  const b = (to ?? '').trim();
  if (!a || !b) return 'missing';
  const first = requestDay(a);
  const last = requestDay(b);
  if (first === null || last === null) return 'outside';
  if (first > last) return 'order';
  if (last - first + 1 > MAX_RANGE_DAYS) return 'tooLong';
  return null;
}

/** The range when the API accepts it, else null. */
export function validRange(from: string | null | undefined, to: string | null | undefined): DateRange | null {
  return rangeProblem(from, to) === null
    ? { from: (from as string).trim(), to: (to as string).trim() }
    : null;
}

/** The last `days` days ending `today` (both included). */
export function presetRange(days: RangePreset, today: string): DateRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * Which preset a range is: no range is the API's default (the last 90 days); a range ending today
 * with a preset's length is that preset; anything else is custom.
 */
export function presetOf(range: DateRange | undefined, today: string): RangePreset | 'custom' {
  if (!range) return DEFAULT_RANGE_DAYS as RangePreset;
  if (range.to !== today) return 'custom';
  const days = daysBetween(range.from, range.to) + 1;
  return RANGE_PRESETS.find((preset) => preset === days) ?? 'custom';
}

/** Days in a range, both ends included. */
export const rangeDays = (range: DateRange) => daysBetween(range.from, range.to) + 1;
