import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { catalogueFor } from './catalogues.js';
import { en, type MessageKey, type Messages } from './messages.en.js';

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

/** The catalogue of `locale` (English for unknown ones) under the host's overrides. */
export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages?: Partial<Messages> | undefined;
  children: ReactNode;
}) {
  const value = useMemo<I18n>(() => {
    const merged: Messages = { ...en, ...catalogueFor(locale), ...messages };
    return { locale, t: (key, values) => format(merged[key] ?? en[key], values) };
  }, [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const ctx = useContext(I18nContext);
  if (!ctx) throw new Error('useI18n() outside <ClientPortal>');
  return ctx;
}
