/** Response headers of a download, safe whatever a document row holds. */

const MAX_NAME_LENGTH = 200;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Controls, path separators and characters file systems refuse.
const UNSAFE_IN_NAME = /[\p{Cc}/\\:*?<>|]/gu;

/** The name a browser should save the file under: no paths, no controls, never empty. */
export function safeFileName(name: string): string {
  const cleaned = name.replace(LONE_SURROGATE, '\uFFFD').replace(UNSAFE_IN_NAME, '_').trim();
  const chars = Array.from(cleaned);
  const cut = chars.length > MAX_NAME_LENGTH ? chars.slice(chars.length - MAX_NAME_LENGTH).join('') : cleaned;
  // Leading dots would make a hidden file.
  return cut.replace(/^\.+/, '').trim() || 'download';
}

/** RFC 8187 value characters (attr-char); everything else is percent-encoded. */
function encodeRfc8187(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): the quoted ASCII fallback has
 * non-ASCII characters, quotes, backslashes and percent signs replaced; `filename*` carries the
 * exact (sanitised) name in UTF-8, and browsers prefer it.
 */
export function contentDisposition(name: string): string {
  const safe = safeFileName(name);
  const fallback =
    safe
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]|["\\%]/g, '_')
      .trim() || 'download';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc8187(safe)}`;
}

const TOKEN = '[A-Za-z0-9!#$&^_.+-]+';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:\\s*;\\s*${TOKEN}=(?:${TOKEN}|"[^"\\\\\\r\\n]*"))*$`);

/** The row's media type when it is one (it goes into a header); otherwise application/octet-stream. */
export function safeContentType(value: string): string {
  const trimmed = value.trim();
  return trimmed.length <= 200 && MEDIA_TYPE.test(trimmed) ? trimmed : 'application/octet-stream';
}
