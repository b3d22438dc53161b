import { base } from './en/base.js';
import type { MessageKey, Messages } from './messages.en.js';

/**
 * The English messages at hand. The base (frame, sign-in, states, every page's title and lead) is
 * in the entry; the rest of the catalogue travels in parts (./en/), each added by the modules that
 * show it when their code is evaluated — a page's part arrives with the page's chunk, before the
 * page renders — so the first view does not download every page's words (~8 KB gzip). English is
 * the fallback of every other catalogue. english.test.ts checks that every module that shows a
 * key has its part added in its own import graph.
 */
const english: Partial<Messages> = { ...base };

/** Makes English parts available (idempotent; call at module level, next to the imports). */
export function addEnglish(...parts: Partial<Messages>[]): void {
  for (const part of parts) Object.assign(english, part);
}

/** The English message for `key`, once its part has been added. */
export const englishMessage = (key: MessageKey): string | undefined => english[key];
