/** Badge text for a tab count: negative/invalid → null (no badge), above `max` → "99+", locale digits. */
export function formatCount(count: number | null | undefined, max = 99, locale?: string): string | null {
  if (count === null || count === undefined || !Number.isFinite(count) || count < 0) return null;
  const fmt = new Intl.NumberFormat(locale);
  const n = Math.floor(count);
  return n > max ? `${fmt.format(max)}+` : fmt.format(n);
}
