import {
  CATEGORY_MAX_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
} from '@client-portal/api-client';

/** The page's own path, relative to the portal's base path. */
export const KNOWLEDGE_BASE_PATH = '/knowledge-base';

/** What an address below the page shows: the list, one article, or nothing (not found). */
export type KnowledgeBaseView = { kind: 'list' } | { kind: 'article'; slug: string } | { kind: 'notFound' };

/**
 * `/knowledge-base` is the list and `/knowledge-base/<slug>` an article. A segment that cannot be
 * a slug (upper case, "..", an encoded slash, a deeper path) is "not found" without asking the
 * host, which would refuse it anyway.
 */
export function viewOf(path: string): KnowledgeBaseView {
  const clean = (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
  const lower = clean.toLowerCase();
  const root = lower.indexOf(KNOWLEDGE_BASE_PATH);
  if (root === -1) return { kind: 'list' };
  const rest = clean.slice(root + KNOWLEDGE_BASE_PATH.length);
  if (rest === '') return { kind: 'list' };
  const segment = rest.slice(1);
  if (!rest.startsWith('/') || segment.includes('/')) return { kind: 'notFound' };
  let slug: string;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    return { kind: 'notFound' };
  }
  return slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug)
    ? { kind: 'article', slug }
    : { kind: 'notFound' };
}

export const articleHref = (slug: string) => `${KNOWLEDGE_BASE_PATH}/${encodeURIComponent(slug)}`;

/** Text the host accepts: no control characters, no unpaired surrogates (both would be a 400). */
const cleanText = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');

/** The search as the host takes it: trimmed, clean, at most the route's length; '' below the minimum. */
export function searchTermOf(input: string | null | undefined): string {
  const term = cleanText(input ?? '')
    .trim()
    .slice(0, SEARCH_QUERY_MAX_LENGTH)
    .trim();
  return term.length >= SEARCH_QUERY_MIN_LENGTH ? term : '';
}

/** True while something is typed that is still too short to search for. */
export const isTooShort = (input: string) => input.trim() !== '' && searchTermOf(input) === '';

/** The category filter of the address; one the host would refuse is no filter. */
export function categoryOf(value: string | null | undefined): string | undefined {
  const category = cleanText(value ?? '').trim();
  return category && category.length <= CATEGORY_MAX_LENGTH ? category : undefined;
}

/** The list's query string: `q` and `category` when set, in that order. */
export function listSearch(state: { q?: string | undefined; category?: string | undefined }): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  return params.toString();
}
