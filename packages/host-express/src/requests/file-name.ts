/**
 * The name an attachment is kept and shown under, from whatever name the browser sent.
 *
 * - Only the last path segment: both "/" and "\" separate (a Windows browser may send
 *   "C:\Users\a\report.pdf"; a crafted one "../../etc/passwd").
 * - NFC normalised, so the same name typed on two systems is the same string.
 * - No control characters (C0, DEL, C1, NUL included), no Unicode direction marks, embeddings,
 *   overrides or isolates (U+200E/F, U+061C, U+202A–U+202E, U+2066–U+2069: "invoice‮fdp.exe"
 *   would show as "invoiceexe.pdf"), and no lone surrogates. Line and paragraph separators
 *   (U+2028/9) go too: a name is one line.
 * - No leading dots (no hidden files, no "." or ".."), no surrounding white space.
 * - At most 255 bytes of UTF-8 (the file system limit), cut from the stem so the extension stays.
 * - Nothing left → "attachment".
 */

export const MAX_FILE_NAME_BYTES = 255;
export const FALLBACK_FILE_NAME = 'attachment';

// \p{Cc}: C0 controls (NUL included), DEL and C1 controls.
const CONTROLS = /\p{Cc}/gu;
const DIRECTION_MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\u2028\u2029]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** An extension worth keeping when the name is cut: a dot and 1–16 letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}]{1,16}$/u;

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/** The longest prefix of `text` (whole code points) that fits in `bytes` of UTF-8. */
function cutToBytes(text: string, bytes: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (used + size > bytes) break;
    out += char;
    used += size;
  }
  return out;
}

export function cleanFileName(raw: unknown): string {
  if (typeof raw !== 'string') return FALLBACK_FILE_NAME;
  const base = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(LONE_SURROGATE, '')
    .normalize('NFC')
    .replace(CONTROLS, '')
    .replace(DIRECTION_MARKS, '')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  let name = cleaned;
  if (utf8Length(name) > MAX_FILE_NAME_BYTES) {
    const extension = EXTENSION.exec(cleaned)?.[0] ?? '';
    const stem = cleaned.slice(0, cleaned.length - extension.length);
    name = `${cutToBytes(stem, MAX_FILE_NAME_BYTES - utf8Length(extension)).trimEnd()}${extension}`;
    // Nothing of the stem fitted: keep what fits of the whole name instead.
    if (name === extension) name = cutToBytes(cleaned, MAX_FILE_NAME_BYTES).trim();
  }
  return name || FALLBACK_FILE_NAME;
}

/** The name's extension in lower case without the dot ("" when it has none). */
export function extensionOf(name: string): string {
  const match = /\.([^.]+)$/.exec(name);
  return match?.[1]?.toLowerCase() ?? '';
}
