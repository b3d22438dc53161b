import { ar } from './messages.ar.js';
import { de } from './messages.de.js';
import type { Messages } from './messages.en.js';

/** The language part of a BCP 47 tag, lower-cased ('ar-EG' → 'ar'). */
export const languageOf = (locale: string) => locale.split('-')[0]?.toLowerCase() ?? 'en';

/** The bundled catalogue of a locale; English (empty overrides) for languages we do not ship. */
export function catalogueFor(locale: string): Partial<Messages> {
  switch (languageOf(locale)) {
    case 'ar':
      return ar;
    case 'de':
      return de;
    default:
      return {};
  }
}
