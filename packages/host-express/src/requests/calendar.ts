// Calendar days ('YYYY-MM-DD', UTC) for the schedule: the store keeps contract dates and check-in
// dates as days, and the schedule compares them with its clock in UTC.

const DAY_MS = 86_400_000;

/** The UTC day of an instant. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Midnight UTC at the start of `day`. */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(startOfDay(day).getTime() + days * DAY_MS));
}

/** `day` plus whole months; the 31st of a shorter month becomes its last day (Jan 31 + 1 → Feb 28). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dayOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / DAY_MS);
}
