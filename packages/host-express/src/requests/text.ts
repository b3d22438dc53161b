// The contract's text rules (api-client/src/schemas/request-rules.ts), applied again here because
// the store may be called by the host itself (the schedule, the CLI), not only through a route:
// no NUL, other control characters or unpaired surrogates; multi-line text keeps tab, LF and CR.
// Lengths count UTF-16 code units, like the database's check constraints count characters of
// ordinary text.

const SINGLE_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern states which control characters are refused.
  /^(?:[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const MULTI_LINE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern states which control characters are refused.
  /^(?:[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
/** Direction overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder what a reader sees. */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

export interface TextRule {
  /** The field's name in messages, e.g. "The title". */
  label: string;
  min: number;
  max: number;
  multiLine?: boolean;
}

/** The value trimmed, or a plain-English sentence saying why it is refused. */
export function cleanText(
  value: unknown,
  rule: TextRule,
): { ok: true; value: string } | { ok: false; error: string } {
  if (typeof value !== 'string') return { ok: false, error: `${rule.label} must be text.` };
  const text = value.trim();
  if (!(rule.multiLine ? MULTI_LINE : SINGLE_LINE).test(text)) {
    return {
      ok: false,
      error: rule.multiLine
        ? `${rule.label} must not contain control characters other than tab, line feed and carriage return.`
        : `${rule.label} must be one line of text without control characters.`,
    };
  }
  if (DIRECTION_CONTROLS.test(text)) {
    return { ok: false, error: `${rule.label} must not contain text direction override characters.` };
  }
  if (text.length < rule.min) {
    return {
      ok: false,
      error: rule.min === 1 ? `${rule.label} must not be empty.` : `${rule.label} is too short.`,
    };
  }
  if (text.length > rule.max) {
    return { ok: false, error: `${rule.label} must be at most ${rule.max.toLocaleString('en')} characters.` };
  }
  return { ok: true, value: text };
}
