import type { Locale } from 'date-fns';
import type { Messages } from './messages.en.js';

/** The language part of a BCP 47 tag, lower-cased ('ar-EG' → 'ar'). */
export const languageOf = (locale: string) => locale.split('-')[0]?.toLowerCase() ?? 'en';

/** What a language other than English brings: its catalogue and date-fns's locale for its dates. */
interface Language {
  messages: Partial<Messages>;
  dates: Locale;
}

/**
 * The languages we ship besides English, each its own chunks: a page in one language downloads
 * only that one's catalogue (each is ~10 KB gzip, and grows with every page) and date names (~2 KB).
 * English is the fallback of every key and stays in the entry.
 */
const LOADERS: Record<string, () => Promise<Language>> = {
  ar: async () => {
    const [{ ar }, dates] = await Promise.all([import('./messages.ar.js'), import('date-fns/locale/ar')]);
    return { messages: ar, dates: dates.ar };
  },
  de: async () => {
    const [{ de }, dates] = await Promise.all([import('./messages.de.js'), import('date-fns/locale/de')]);
    return { messages: de, dates: dates.de };
  },
};

const loaded = new Map<string, Language>();

/**
 * The catalogue of a locale if it is at hand: `{}` for English and languages we do not ship
 * (English then), the catalogue once loaded, undefined while it still has to be (see loadCatalogue).
 */
export function catalogueFor(locale: string): Partial<Messages> | undefined {
  const language = languageOf(locale);
  if (!LOADERS[language]) return {};
  return loaded.get(language)?.messages;
}

/**
 * date-fns's locale for a language once its catalogue has loaded (the provider renders nothing
 * before), undefined for English and languages we do not ship.
 */
export function loadedDateLocale(locale: string): Locale | undefined {
  return loaded.get(languageOf(locale))?.dates;
}

/** Loads a locale's catalogue (once; later calls share it). Resolves `{}` for English and unknown languages. */
export async function loadCatalogue(locale: string): Promise<Partial<Messages>> {
  const language = languageOf(locale);
  const load = LOADERS[language];
  if (!load) return {};
  const arrived = loaded.get(language) ?? (await load());
  loaded.set(language, arrived);
  return arrived.messages;
}
