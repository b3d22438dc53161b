import { differenceInCalendarDays, isValid, subDays } from 'date-fns';

/** The check-in marker sits this many days before a subscription's end date. */
export const CHECK_IN_DAYS_BEFORE_END = 60;
/** Total days used when a date is missing or invalid (the rest of the result is then 0 and 'N/A'). */
export const FALLBACK_TOTAL_DAYS = 100;

export interface CheckInProgress {
  totalDays: number;
  daysPassed: number;
  percentageComplete: number;
  markerPosition: number;
  checkInMessage: string;
}

const FALLBACK: CheckInProgress = {
  totalDays: FALLBACK_TOTAL_DAYS,
  daysPassed: 0,
  percentageComplete: 0,
  markerPosition: 0,
  checkInMessage: 'N/A',
};

const toDate = (v: Date | string | number | null | undefined): Date | null => {
  if (v === null || v === undefined || v === '') return null;
  const d = v instanceof Date ? v : new Date(v);
  return isValid(d) ? d : null;
};

/**
 * 'in 12 days' / '3 days ago' in `locale` (a BCP 47 tag), always in days and with a number (never
 * 'tomorrow'); the day itself reads '0 days ago'.
 */
const relativeDays = (days: number, locale: string) =>
  new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(days === 0 ? -0 : days, 'day');

const clampPercent = (n: number) => Math.min(100, Math.max(0, n));
const sentenceCase = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/**
 * The phrase the renewal check-in uses for a day ("In 12 days", "3 days ago", "0 days ago"), for
 * any dated check-in (a request's next check-in too); '' for a missing or invalid date.
 */
export function relativeDayPhrase(
  day: Date | string | number | null | undefined,
  now: Date = new Date(),
  locale = 'en-US',
): string {
  const d = toDate(day);
  return d ? sentenceCase(relativeDays(differenceInCalendarDays(d, now), locale)) : '';
}

/**
 * Progress of a dated engagement and its renewal check-in: days elapsed, percent complete, where
 * the check-in marker (60 days before the end) falls on the bar, and a relative phrase for it
 * ("In 12 days", "3 days ago") in `locale`. Percentages are clamped to 0–100 for display.
 */
export function checkInProgress(
  start: Date | string | number | null | undefined,
  end: Date | string | number | null | undefined,
  now: Date = new Date(),
  locale = 'en-US',
): CheckInProgress {
  const s = toDate(start);
  const e = toDate(end);
  if (!s || !e) return FALLBACK;
  const totalDays = differenceInCalendarDays(e, s);
  if (totalDays <= 0) return { ...FALLBACK, totalDays: Math.max(totalDays, 0) || FALLBACK_TOTAL_DAYS };
  const daysPassed = Math.max(0, differenceInCalendarDays(now, s));
  const checkIn = subDays(e, CHECK_IN_DAYS_BEFORE_END);
  return {
    totalDays,
    daysPassed,
    percentageComplete: Math.round(clampPercent((daysPassed / totalDays) * 100)),
    markerPosition: clampPercent((differenceInCalendarDays(checkIn, s) / totalDays) * 100),
    checkInMessage: relativeDayPhrase(checkIn, now, locale),
  };
}
