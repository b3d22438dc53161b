import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { catalogueFor, loadCatalogue } from './catalogues.js';
import { englishMessage } from './english.js';
import type { MessageKey, Messages } from './messages.en.js';

export interface I18n {
  locale: string;
  /** The message for `key` with `{name}` placeholders filled in. */
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
}

const I18nContext = createContext<I18n | null>(null);

function format(template: string, values?: Record<string, string | number>): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}

const noSubscription = () => () => {};
const clientSnapshot = () => true;
const serverSnapshot = () => false;

/**
 * The catalogue of `locale` (English for unknown ones) under the host's overrides. A catalogue
 * other than English is its own chunk: in the browser nothing renders until it has arrived (one
 * small request, so the page never flashes English first); on a server, where it cannot be
 * awaited, the first render is English.
 */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages?: Partial<Messages> | undefined;
  children: ReactNode;
}) {
  const [, setArrived] = useState<Partial<Messages> | null>(null);
  // False on a server and while hydrating what it rendered (English there), true once in the browser.
  const onClient = useSyncExternalStore(noSubscription, clientSnapshot, serverSnapshot);
  const catalogue = catalogueFor(locale);
  useEffect(() => {
    if (catalogue !== undefined) return;
    let current = true;
    void loadCatalogue(locale).then((loaded) => {
      if (current) setArrived(loaded);
    });
    return () => {
      current = false;
    };
  }, [locale, catalogue]);
  const value = useMemo<I18n>(() => {
    const merged: Partial<Messages> = { ...catalogue, ...messages };
    // English is the fallback; a key whose English part was never added shows as itself (a bug
    // english.test.ts exists to catch) rather than breaking the page.
    return { locale, t: (key, values) => format(merged[key] ?? englishMessage(key) ?? key, values) };
  }, [locale, catalogue, messages]);
  if (catalogue === undefined && onClient) return null;
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n() outside <ClientPortal>');
  return ctx;
}
