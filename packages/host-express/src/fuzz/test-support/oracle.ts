import { problemSchema } from '@client-portal/api-client';
import type { FuzzCase } from './fuzz-requests.js';
import type { RawOutcome, RawResponse } from './raw-http.js';

/** What a response must never be; each violation names one rule. */
export type ViolationKind =
  | 'timeout'
  | 'host process died'
  | 'transport error'
  | '5xx'
  | '503 without Retry-After'
  | 'not 4xx'
  | 'a fuzzed sign-in succeeded'
  | '4xx not problem+json'
  | '4xx body not a Problem'
  | 'Problem status differs from HTTP status'
  | 'stack trace in body'
  | 'SQL or driver text in body'
  | 'echoes > 200 characters of the input';

export interface Violation {
  kind: ViolationKind;
  detail: string;
}

/** How much of a hostile input an error may quote. */
export const ECHO_LIMIT = 200;

/** Signs of a stack trace or of source paths. */
const STACK_PATTERNS: [string, RegExp][] = [
  ['"at …("', /\bat [^\s()]+ \(/],
  ['a stack line', /(^|\n)\s+at \S/],
  ['".ts:"', /\.ts:/],
  ['".js:"', /\.js:/],
  ['"node_modules"', /node_modules/],
];

/** Signs of SQL text or of the database driver's messages (compared in lower case). */
const SQL_PATTERNS = [
  'select ',
  'insert ',
  'update ',
  'delete from',
  'syntax error',
  'relation "',
  'invalid byte sequence',
  'sqlstate',
  'pglite',
  'postgres',
  'kysely',
];

/** The string values of a parsed JSON body, joined: escapes (`\n`, `\u0000`) as the client sees them. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

/**
 * Whether `haystack` holds more than ECHO_LIMIT consecutive characters of `input`: windows of
 * ECHO_LIMIT + 1 characters at its start, middle and end are looked for (exact for the repeated
 * strings the catalogue uses, a good sample for the others).
 */
function echoAt(haystack: string, input: string): number {
  const size = ECHO_LIMIT + 1;
  if (input.length < size || haystack.length < size) return -1;
  for (const at of [0, Math.floor((input.length - size) / 2), input.length - size]) {
    const found = haystack.indexOf(input.slice(at, at + size));
    if (found >= 0) return found;
  }
  return -1;
}

export function excerpt(text: string, max = 240): string {
  const flat = JSON.stringify(text).slice(1, -1);
  return flat.length <= max ? flat : `${flat.slice(0, max)}… (${text.length} chars)`;
}

/** Leak and echo checks of an error body (4xx, and 5xx for the report). */
function bodyViolations(c: FuzzCase, res: RawResponse, parsed: unknown): Violation[] {
  const out: Violation[] = [];
  const texts = [res.text, stringsOf(parsed).join('\n')];
  // A pattern the request itself carries may be an (allowed, short) echo, not a leak.
  const sent = [c.target, ...c.hostileTexts, c.body?.toString('utf8') ?? ''].join('\n');
  let decodedTarget = c.target;
  try {
    decodedTarget = decodeURIComponent(c.target);
  } catch {
    // kept as sent
  }
  const sentLower = `${sent}\n${decodedTarget}`.toLowerCase();
  for (const [name, pattern] of STACK_PATTERNS) {
    if (pattern.test(sent) || pattern.test(decodedTarget)) continue;
    if (texts.some((t) => pattern.test(t))) out.push({ kind: 'stack trace in body', detail: name });
  }
  for (const needle of SQL_PATTERNS) {
    // The word alone counts: a path ending in it (POST /api/requests/{key}/update) is echoed
    // followed by a space in "… does not answer PATCH".
    if (sentLower.includes(needle.trimEnd())) continue;
    if (texts.some((t) => t.toLowerCase().includes(needle))) {
      out.push({ kind: 'SQL or driver text in body', detail: JSON.stringify(needle) });
    }
  }
  const inputs = [...c.hostileTexts, decodedTarget, c.target, c.body?.toString('utf8') ?? ''];
  echo: for (const input of inputs) {
    for (const text of texts) {
      const at = echoAt(text, input);
      if (at < 0) continue;
      const start = Math.max(0, at - 60);
      out.push({
        kind: 'echoes > 200 characters of the input',
        detail: `${text.length}-char body, from char ${at}: …${excerpt(text.slice(start, at + 40), 120)}…`,
      });
      break echo;
    }
  }
  return out;
}

/** Every rule a response to `c` breaks (empty: the response is acceptable). */
export function violationsOf(c: FuzzCase, outcome: RawOutcome, timeoutMs: number): Violation[] {
  if (outcome.kind === 'timeout') {
    return [{ kind: 'timeout', detail: `no response within ${timeoutMs} ms` }];
  }
  if (outcome.kind === 'error') return [{ kind: 'transport error', detail: outcome.message }];
  const res = outcome.response;
  const out: Violation[] = [];
  if (res.status >= 500) {
    if (res.status !== 503) out.push({ kind: '5xx', detail: String(res.status) });
    else if (!res.headers['retry-after']) out.push({ kind: '503 without Retry-After', detail: '503' });
  }
  // The sign-in fuzz uses an account that does not exist: no variation of it may sign in.
  if (c.route === 'POST /api/auth/login' && c.method === 'POST' && res.status < 300) {
    out.push({ kind: 'a fuzzed sign-in succeeded', detail: String(res.status) });
  }
  if (c.expect4xx && (res.status < 400 || res.status >= 500)) {
    out.push({ kind: 'not 4xx', detail: String(res.status) });
  }
  if (res.status >= 400) {
    const type = String(res.headers['content-type'] ?? '');
    const isProblem = /^application\/problem\+json(\s*;|$)/i.test(type);
    if (res.status < 500 && !isProblem) {
      out.push({ kind: '4xx not problem+json', detail: type ? `Content-Type: ${type}` : 'no Content-Type' });
    }
    let parsed: unknown;
    // HEAD responses carry no body by definition.
    if (c.method !== 'HEAD') {
      try {
        parsed = JSON.parse(res.text);
      } catch {
        parsed = undefined;
      }
      if (res.status < 500) {
        const problem = problemSchema.safeParse(parsed);
        if (!problem.success) {
          out.push({ kind: '4xx body not a Problem', detail: excerpt(res.text, 80) || '(empty body)' });
        } else if (problem.data.status !== res.status) {
          out.push({
            kind: 'Problem status differs from HTTP status',
            detail: `${problem.data.status} in the body`,
          });
        }
      }
      out.push(...bodyViolations(c, res, parsed));
    }
  }
  return out;
}
