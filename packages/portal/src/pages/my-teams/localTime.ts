/**
 * The time of day in a person's time zone with its offset ("2:05 PM GMT+1"), in the page's language,
 * so a customer sees at a glance whether it is a good moment to write; null for a zone the browser
 * does not know.
 */
export function localTimeIn(timezone: string | null, now: Date, locale: string): string | null {
  if (!timezone?.trim()) return null;
  try {
    return new Intl.DateTimeFormat(locale, {
      timeZone: timezone.trim(),
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'shortOffset',
    }).format(now);
  } catch {
    return null;
  }
}
