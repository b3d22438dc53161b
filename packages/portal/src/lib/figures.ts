// Number formats of delivery and usage figures (dashboard, projects, AI agents), localised through
// Intl (no message keys).

const HOURS_IN_DAYS_FROM = 48;

/** A duration in hours as people read it: hours under two days ("18 hr"), days above ("3.5 days"). */
export function formatHours(hours: number | null, locale: string): string | null {
  if (hours === null || !Number.isFinite(hours)) return null;
  const days = hours >= HOURS_IN_DAYS_FROM;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: days ? 'day' : 'hour',
    unitDisplay: days ? 'long' : 'short',
    maximumFractionDigits: days || hours < 10 ? 1 : 0,
  }).format(days ? hours / 24 : hours);
}

/** A rate 0–1 as a percentage with at most one decimal ("4.7%"). */
export function formatRate(rate: number | null, locale: string): string | null {
  if (rate === null || !Number.isFinite(rate)) return null;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A count or mean with at most one decimal, in the locale's digits and separators. */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}
