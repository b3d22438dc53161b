import * as z from 'zod/mini';
import { MAX_RANGE_DAYS, parseDay } from '../analytics-range.js';
import { described } from './registry.js';

/*
 * The rules for request input: every `params`, `query` and `body` schema of the route table is
 * built from these, so the host, the MSW mocks and the OpenAPI document refuse the same values.
 * A value that breaks a rule is a 400 whose `errors` name the field and the rule.
 *
 * - Text: no NUL (U+0000), no unpaired UTF-16 surrogate, no other control character (Unicode
 *   category Cc: U+0001–U+001F, U+007F–U+009F). Multi-line text would allow tab, LF and CR; no
 *   request field takes multi-line text. Lengths count UTF-16 code units.
 * - Ids and slugs: a fixed ASCII character set and length, so traversal ("..", "/", "\"),
 *   spaces, "%", quotes and look-alike characters (e.g. U+202E) never reach a query or a path.
 * - Dates: real calendar days `YYYY-MM-DD` from MIN_REQUEST_DATE to MAX_REQUEST_DATE; a range
 *   has `from` ≤ `to` and spans at most MAX_RANGE_DAYS days.
 * - Numbers: finite, and integers are safe integers (|n| ≤ 2^53 − 1).
 */

/** Earliest calendar date a request may carry. */
export const MIN_REQUEST_DATE = '2000-01-01';
/** Latest calendar date a request may carry. */
export const MAX_REQUEST_DATE = '2099-12-31';

/** Jira project keys: a letter or digit, then letters, digits, "_" or "-"; 100 characters at most. */
export const PROJECT_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
export const PROJECT_KEY_MAX_LENGTH = 100;

/**
 * CRM and store record ids (company, contact, project, file): letters, digits, ".", "_", ":" and
 * "-", starting with a letter or digit; a "." only between other characters, so never "..".
 */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_:-]*(?:\.[A-Za-z0-9_:-]+)*$/;
export const RECORD_ID_MAX_LENGTH = 128;

/** Knowledge base slugs: lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX_LENGTH = 200;

/**
 * A real calendar date from 2000-01-01 to 2099-12-31: in those years every year divisible by 4
 * is a leap year (2000 included). Equivalent to `parseDay` plus the two bounds; a test checks it.
 */
export const REQUEST_DATE_PATTERN =
  /^(?:20\d\d-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))|20(?:[02468][048]|[13579][26])-02-29)$/;

/**
 * Single-line text as JSON Schema can state it: no control character, no unpaired surrogate. The
 * parser checks the same with `textViolation`, which names the rule that failed.
 */
export const SINGLE_LINE_TEXT_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern states which control characters are refused.
  /^(?:[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
/** Multi-line text: the same, except that tab, LF and CR are allowed. */
export const MULTI_LINE_TEXT_PATTERN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern states which control characters are refused.
  /^(?:[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
/** OAuth 2.0 / OIDC values the identity provider sends (code, state, error): printable ASCII. */
export const PRINTABLE_ASCII_PATTERN = /^[\x20-\x7E]*$/;

export const SEARCH_QUERY_MIN_LENGTH = 2;
export const SEARCH_QUERY_MAX_LENGTH = 200;
export const CATEGORY_MAX_LENGTH = 100;
export const RETURN_TO_MAX_LENGTH = 2048;
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 320;
export const PASSWORD_MAX_LENGTH = 1024;
export const OAUTH_CODE_MAX_LENGTH = 4096;
export const OAUTH_STATE_MAX_LENGTH = 1024;
export const OAUTH_ERROR_MAX_LENGTH = 256;
export const OAUTH_ERROR_DESCRIPTION_MAX_LENGTH = 2048;

/** The message of each rule, as the problem+json `errors[].message` carries it. */
export const INPUT_RULE_MESSAGES = {
  nul: 'must not contain NUL characters',
  surrogate: 'must not contain unpaired UTF-16 surrogates',
  control: 'must not contain control characters',
  controlExceptWhitespace:
    'must not contain control characters other than tab, line feed and carriage return',
  printableAscii: 'must contain only printable ASCII characters',
  projectKey: 'must be a project key: a letter or digit, then letters, digits, "_" or "-"',
  recordId:
    'must be an id: letters, digits, ".", "_", ":" and "-", starting with a letter or digit, without ".."',
  slug: 'must be a slug: lowercase letters and digits, words joined by single "-"',
  dateShape: 'must be a date written YYYY-MM-DD',
  dateReal: 'must be a real calendar date',
  dateBounds: `must be between ${MIN_REQUEST_DATE} and ${MAX_REQUEST_DATE}`,
  rangeOrder: '`from` must not be after `to`',
  rangeSpan: `the range may span at most ${MAX_RANGE_DAYS} days`,
  pageNumber: 'must be a whole number from 1, written without leading zeros',
} as const;

type TextRule = 'nul' | 'surrogate' | 'control' | 'controlExceptWhitespace';

/**
 * The first text rule `value` breaks, scanning UTF-16 code units once: NUL, then an unpaired
 * surrogate, then another control character (tab, LF and CR are allowed when `multiline`).
 * Null when the value keeps every rule.
 */
export function textViolation(value: string, multiline = false): TextRule | null {
  let control: TextRule | null = null;
  let surrogate = false;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return 'nul';
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else surrogate = true;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      surrogate = true;
    } else if (control === null && (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f))) {
      const whitespace = unit === 0x09 || unit === 0x0a || unit === 0x0d;
      if (!(multiline && whitespace)) control = multiline ? 'controlExceptWhitespace' : 'control';
    }
  }
  return surrogate ? 'surrogate' : control;
}

/** The text rules as one zod check; its issue names the rule that failed. */
const textRules = (multiline: boolean) =>
  z.superRefine<string>((value, ctx) => {
    const rule = textViolation(value, multiline);
    if (rule)
      ctx.addIssue({ code: 'custom', message: INPUT_RULE_MESSAGES[rule], input: value, continue: false });
  });

interface TextOptions {
  min?: number;
  max: number;
  /** Allow tab, LF and CR (free text); refused otherwise. */
  multiline?: boolean;
  /** Trim before the length checks; the parsed value is trimmed. */
  trim?: boolean;
  /** What else the value must match, shown as the JSON Schema `pattern`; default: the text rule. */
  pattern?: { regex: RegExp; message: string };
}

/**
 * A string under the text rules. Order: trim, maximum length (stops further checks, so no check
 * runs over an oversized value), the text rules (NUL, unpaired surrogates, control characters;
 * stops further checks), minimum length, then the field's pattern, which is also its JSON Schema
 * `pattern` (for plain text it restates the text rules, for ids and slugs it is their character set).
 */
/** Text with the rules above and a pattern of its own (documented as the parameter's `pattern`). */
export function patternedText(options: TextOptions & { pattern: { regex: RegExp; message: string } }) {
  return text(options);
}

function text(options: TextOptions) {
  const textPattern = options.multiline ? MULTI_LINE_TEXT_PATTERN : SINGLE_LINE_TEXT_PATTERN;
  const pattern = options.pattern ?? {
    regex: textPattern,
    message: options.multiline ? INPUT_RULE_MESSAGES.controlExceptWhitespace : INPUT_RULE_MESSAGES.control,
  };
  return z
    .string()
    .check(
      ...(options.trim ? [z.trim()] : []),
      z.maxLength(options.max, { abort: true }),
      textRules(options.multiline ?? false),
      ...(options.min ? [z.minLength(options.min)] : []),
      z.regex(pattern.regex, { message: pattern.message }),
    );
}

/** Single-line text: a label, a search, an email address. No control character at all. */
export function singleLineText(options: { min?: number; max: number; trim?: boolean }) {
  return text(options);
}

/** Free text that may span lines: tab, LF and CR are allowed, other control characters are not. */
export function multiLineText(options: { min?: number; max: number; trim?: boolean }) {
  return text({ ...options, multiline: true });
}

/** A Jira project key as requests carry it (`projectKey`, `jiraProjectKey`). */
export const projectKeyParam = described(
  text({
    min: 1,
    max: PROJECT_KEY_MAX_LENGTH,
    pattern: { regex: PROJECT_KEY_PATTERN, message: INPUT_RULE_MESSAGES.projectKey },
  }),
  'Jira project key, e.g. "PORTAL": a letter or digit, then letters, digits, "_" or "-" (at most 100).',
);

/** A CRM or store record id as requests carry it (`projectId`, `fileId`, `companyId`, `contactId`). */
export const recordIdParam = described(
  text({
    min: 1,
    max: RECORD_ID_MAX_LENGTH,
    pattern: { regex: RECORD_ID_PATTERN, message: INPUT_RULE_MESSAGES.recordId },
  }),
  'Record id: letters, digits, ".", "_", ":" and "-", starting with a letter or digit, no "..", at most 128.',
);

/**
 * A record id sent as a JSON number (the original portal passed CRM ids as they came): a safe
 * integer ≥ 0.
 */
export const recordIdNumber = described(
  z.number().check(z.int(), z.gte(0)),
  'Numeric record id: a safe integer ≥ 0 (at most 2^53 − 1).',
);

/**
 * The message of a failed `z.union([recordIdParam, recordIdNumber])`: the failing branch's own
 * message for a string or a number (so "must not contain NUL characters" is not lost in
 * "Invalid input"), else what the field takes.
 */
export function recordIdUnionMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_union') return undefined;
  const branch = typeof issue.input === 'string' ? 0 : typeof issue.input === 'number' ? 1 : -1;
  const errors = 'errors' in issue ? (issue.errors as z.core.$ZodIssue[][] | undefined) : undefined;
  return errors?.[branch]?.[0]?.message ?? 'must be a record id (string) or a safe integer ≥ 0';
}

/** A page number or size in a query string: 1 to 9 999 999, digits only, no leading zero. */
export const PAGE_NUMBER_PATTERN = /^[1-9][0-9]{0,6}$/;

/** A page number or page size (`page`, `pageSize`) from 1 to `max`; the handler reads `Number(value)`. */
export function pageNumberParam(max: number) {
  return text({
    min: 1,
    max: 20,
    pattern: { regex: PAGE_NUMBER_PATTERN, message: INPUT_RULE_MESSAGES.pageNumber },
  }).check(z.refine((value) => Number(value) <= max, { message: `must be at most ${max}` }));
}

/** A knowledge base slug (`/api/knowledge-base/articles/{slug}`). */
export const slugParam = described(
  text({ min: 1, max: SLUG_MAX_LENGTH, pattern: { regex: SLUG_PATTERN, message: INPUT_RULE_MESSAGES.slug } }),
  'Article slug, e.g. "understanding-dora-metrics": lowercase words joined by "-", at most 200.',
);

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const MIN_DAY = parseDay(MIN_REQUEST_DATE) as number;
const MAX_DAY = parseDay(MAX_REQUEST_DATE) as number;

/** The day number of a date a request may carry (real, within the bounds), or null. */
export function requestDay(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const day = parseDay(value);
  return day !== null && day >= MIN_DAY && day <= MAX_DAY ? day : null;
}

function dateMessage(input: unknown): string | undefined {
  if (typeof input !== 'string') return undefined; // the type issue keeps zod's message
  if (!DATE_SHAPE.test(input)) return INPUT_RULE_MESSAGES.dateShape;
  if (parseDay(input) === null) return INPUT_RULE_MESSAGES.dateReal;
  return INPUT_RULE_MESSAGES.dateBounds;
}

/**
 * A calendar date in a request: `YYYY-MM-DD`, a real day, from MIN_REQUEST_DATE to
 * MAX_REQUEST_DATE. The text rules run first, so a NUL is reported as such. JSON Schema:
 * `format: date` and REQUEST_DATE_PATTERN, which states all three.
 */
export const requestDate = described(
  z
    .string()
    .check(
      textRules(false),
      z.stringFormat('date', REQUEST_DATE_PATTERN, { error: (issue) => dateMessage(issue.input) }),
    ),
  `Calendar date, YYYY-MM-DD (UTC), from ${MIN_REQUEST_DATE} to ${MAX_REQUEST_DATE}.`,
);

/**
 * The range rule of a query with optional `from` and `to`: when both are valid dates, `from` ≤ `to`
 * and the range spans at most MAX_RANGE_DAYS days (both ends inclusive). Reported on `from`. With
 * one end left out, `resolveAnalyticsRange` applies the default and the same limits.
 */
export const dateRangeCheck = z.superRefine<{ from?: string | undefined; to?: string | undefined }>(
  (query, ctx) => {
    const from = requestDay(query.from);
    const to = requestDay(query.to);
    if (from === null || to === null) return;
    if (from > to) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: INPUT_RULE_MESSAGES.rangeOrder,
        input: query.from,
      });
    } else if (to - from + 1 > MAX_RANGE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: INPUT_RULE_MESSAGES.rangeSpan,
        input: query.from,
      });
    }
  },
);

/** Free-text search (`q`): trimmed, then 2–200 characters of single-line text. */
export const searchQueryParam = described(
  singleLineText({ trim: true, min: SEARCH_QUERY_MIN_LENGTH, max: SEARCH_QUERY_MAX_LENGTH }),
  'Words to find in titles, summaries, tags and bodies: 2–200 characters after trimming, single line.',
);

/** A category label to filter by, e.g. "Getting started": single-line text, at most 100. */
export const categoryParam = singleLineText({ max: CATEGORY_MAX_LENGTH });

/** Where to go after sign-in or sign-out: single-line text, at most 2048 (the host keeps same-origin paths only). */
export const returnToParam = singleLineText({ max: RETURN_TO_MAX_LENGTH });

/** Sign-in email as typed: single-line text, 3–320 (the host trims and lower-cases it). */
export const emailInput = singleLineText({ min: EMAIL_MIN_LENGTH, max: EMAIL_MAX_LENGTH });

/**
 * Sign-in password: 1–1024 characters; any printable character, spaces included. Control
 * characters (tab and newlines too), NUL and unpaired surrogates are refused.
 */
export const passwordInput = singleLineText({ min: 1, max: PASSWORD_MAX_LENGTH });

/** A value the identity provider sends on the callback (code, state, error): printable ASCII. */
export function oauthParam(max: number) {
  return text({
    max,
    pattern: { regex: PRINTABLE_ASCII_PATTERN, message: INPUT_RULE_MESSAGES.printableAscii },
  });
}
