import { LRUCache } from 'lru-cache';

/** Plain-text snippets of knowledge-base articles for search results (the portal shows them as text). */

/** Markdown as plain text for snippets (the portal shows them as text). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/`{3}[^\n]*\n?/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`~]+/g, '')
    .replace(/[#>|]+/g, ' ')
    .replace(/^\s*[-+]\s+/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Plain texts by markdown: stripping a body's markdown (a dozen regular expressions over the whole
 * body) was the knowledge-base search's largest cost in the host, and the same articles are found
 * again and again. Keyed by the body itself, so an edited body is never served stale. Bounded.
 */
const plainTexts = new LRUCache<string, string>({ max: 500 });

export function plainTextOf(markdown: string): string {
  let text = plainTexts.get(markdown);
  if (text === undefined) {
    text = plainText(markdown);
    plainTexts.set(markdown, text);
  }
  return text;
}

const SNIPPET_LENGTH = 160;

function firstIndex(text: string, words: readonly string[]): number {
  let at = -1;
  for (const word of words) {
    const index = text.indexOf(word);
    if (index >= 0 && (at < 0 || index < at)) at = index;
  }
  return at;
}

/** About 160 characters of `text` around the first word of `query` found in it. */
export function snippetOf(text: string, query: string): string {
  const lower = text.toLowerCase();
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((word) => word.length >= 2 && word !== 'or');
  // The words, else their stem-ish prefixes ("deployments" → "deploym"): full-text search stems.
  let at = firstIndex(lower, words);
  if (at < 0)
    at = firstIndex(
      lower,
      words.map((w) => w.slice(0, Math.max(3, w.length - 3))),
    );
  let start = Math.max(0, at - 60);
  if (start > 0) {
    // Start at a word boundary before the match.
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < at) start = space + 1;
  }
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
