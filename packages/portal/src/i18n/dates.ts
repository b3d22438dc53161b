import type { Locale } from 'date-fns';
import { ar } from 'date-fns/locale/ar';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { languageOf } from './catalogues.js';

/** date-fns locale for dates shown in a locale (pages import this; the frame shows no dates). */
export function dateLocaleFor(locale: string): Locale {
  switch (languageOf(locale)) {
    case 'ar':
      return ar;
    case 'de':
      return de;
    default:
      return enUS;
  }
}
