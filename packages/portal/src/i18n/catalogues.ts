import type { Messages } from './messages.en.js';

/** The language part of a BCP 47 tag, lower-cased ('ar-EG' → 'ar'). */
export const languageOf = (locale: string) => locale.split('-')[0]?.toLowerCase() ?? 'en';

/**
 * The languages we ship besides English, each its own chunk: a page in one language downloads only
 * that one's catalogue (each is ~10 KB gzip, and grows with every page). English is the fallback of
 * every key and stays in the entry. Dates and numbers are formatted by the browser's Intl.
 */
const LOADERS: Record<string, () => Promise<Partial<Messages>>> = {
  ar: async () => (await import('./messages.ar.js')).ar,
  de: async () => (await import('./messages.de.js')).de,
};

const loaded = new Map<string, Partial<Messages>>();

/** Whether we ship a catalogue for `language` besides English. */
export const shipsLanguage = (language: string) => Object.hasOwn(LOADERS, language);

/**
 * The catalogue of a locale if it is at hand: `{}` for English and languages we do not ship
 * (English then), the catalogue once loaded, undefined while it still has to be (see loadCatalogue).
 */
export function catalogueFor(locale: string): Partial<Messages> | undefined {
  const language = languageOf(locale);
  if (!shipsLanguage(language)) return {};
  return loaded.get(language);
}

/** Loads a locale's catalogue (once; later calls share it). Resolves `{}` for English and unknown languages. */
export async function loadCatalogue(locale: string): Promise<Partial<Messages>> {
  const language = languageOf(locale);
  const load = shipsLanguage(language) ? LOADERS[language] : undefined;
  if (!load) return {};
  const arrived = loaded.get(language) ?? (await load());
  loaded.set(language, arrived);
  return arrived;
}
