import { languageOf, shipsLanguage } from './catalogues.js';

/**
 * The locale dates are shown in (a BCP 47 tag for Intl) when the portal's locale is `locale`: that
 * locale when its language is one we ship besides English ('de-AT' → 'de-AT'), US English otherwise,
 * so a date never speaks another language than the text around it and English dates read
 * 'Mar 5, 2024' (spec §3).
 */
export function dateLocaleFor(locale: string): string {
  const language = languageOf(locale);
  return language !== 'en' && shipsLanguage(language) ? locale : 'en-US';
}
