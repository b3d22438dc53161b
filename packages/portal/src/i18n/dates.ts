import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { loadedDateLocale } from './catalogues.js';

/**
 * date-fns locale for dates shown in a locale (pages import this; the frame shows no dates). The
 * other languages' date names arrive with their catalogue (catalogues.ts); until then, and for
 * languages we do not ship, English.
 */
export function dateLocaleFor(locale: string): Locale {
  return loadedDateLocale(locale) ?? enUS;
}
