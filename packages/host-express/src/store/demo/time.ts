import { addDays, utcDay } from '@client-portal/api-client';

// Demo timestamps are offsets from an injected "now", so a fixed now gives a fixed store.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Midnight UTC of the day `now` falls on. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** 'YYYY-MM-DD' of `days` days from `now`'s UTC day (negative: in the past). */
export function dayFrom(now: Date, days: number): string {
  return addDays(utcDay(now), days);
}

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * HOUR_MS);
}

/** `hour` o'clock UTC, `days` days before `now`'s UTC day. */
export function daysAgo(now: Date, days: number, hour = 10): Date {
  return new Date(startOfUtcDay(now).getTime() - days * DAY_MS + hour * HOUR_MS);
}
