const ABSOLUTE_HTTP = /^(?:https?:)?\/\//i;

/**
 * Whether `href` leaves the current site: an absolute http(s) or protocol-relative URL on another origin.
 * Relative paths, fragments, `mailto:`/`tel:` and same-origin absolute URLs are not external. Without a
 * `currentOrigin` (server rendering) every absolute http(s) URL counts as external.
 */
export function isExternalHref(href: string | null | undefined, currentOrigin?: string | null): boolean {
  const value = href?.trim();
  if (!value || !ABSOLUTE_HTTP.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value, currentOrigin || 'https://invalid.invalid');
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return !currentOrigin || url.origin !== currentOrigin;
}

/** Adds `noopener noreferrer` to a `rel` value, keeping any other tokens. */
export function externalRel(rel?: string | null): string {
  const tokens = new Set((rel ?? '').split(/\s+/).filter(Boolean));
  tokens.add('noopener');
  tokens.add('noreferrer');
  return [...tokens].join(' ');
}
