import { imageUrl } from '@client-portal/api-client';

// CRM and staffing data is hand-typed or synced from vendors; these turn stored values into what
// the contract promises, so one odd row degrades to "no image" instead of breaking a response.

/** An image the portal can render (the contract's `imageUrl`), else null: the portal's fallback shows. */
export function displayableImage(value: string | null): string | null {
  return value !== null && imageUrl.safeParse(value).success ? value : null;
}

const ABSOLUTE_HTTP_URL = /^https?:\/\/\S+$/;

/** A meetings link the "Book a meeting" button can open in a new tab, else null. */
export function bookingLink(value: string | null): string | null {
  return value !== null && ABSOLUTE_HTTP_URL.test(value) ? value : null;
}

/** The name a person is shown under: first and last name, else the email, else empty. */
export function personName(first: string | null, last: string | null, email: string | null): string {
  const name = [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || email || '';
}

/**
 * Alphabetical order that is the same on PGlite and PostgreSQL: database collations differ
 * between the two (C vs the server's locale), so lists shown by name are sorted here.
 */
// One collator for every comparison: `localeCompare(b, 'en')` builds one per call.
const english = new Intl.Collator('en');
export const alphabetical = (a: string, b: string): number => english.compare(a, b);
