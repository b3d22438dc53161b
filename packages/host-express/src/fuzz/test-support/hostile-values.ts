/**
 * The hostile values the contract fuzz sends, by category. A value can be given three ways, and
 * every request part takes the form that fits it:
 *
 *   value  a JavaScript value: percent-encoded (UTF-8) into a path segment or query value,
 *          JSON-encoded into a body; arrays become repeated query parameters (`a=1&a=2`) and
 *          objects bracket syntax (`a[b]=1`).
 *   url    the exact text for a path segment or query value, sent byte for byte (`%ff`, `%c0%af`,
 *          `..%2f`): what no encoder would produce.
 *   json   the exact JSON text for a body property (`"\ud800"`, `1e309`, `-0`).
 */

export const CATEGORIES = [
  'baseline',
  'nul',
  'bad-utf8',
  'lone-surrogate',
  'unicode',
  'long',
  'date',
  'range',
  'number',
  'type-confusion',
  'proto-key',
  'duplicate-param',
  'bracket',
  'traversal',
  'sql-like',
  'injection',
  'boundary',
  'whitespace',
  'raw-body',
  'encoding',
  'content-type',
  'whole-body',
  'method',
  'cookie',
  'header',
  'act-as',
  'random',
  'regression',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Hostile {
  category: Category;
  /** Short description for reports (long values are summarised, never printed whole). */
  label: string;
  value?: unknown;
  url?: string;
  json?: string;
  /** The exact query fragment(s) standing for parameter `name` (repetition, brackets, no "="). */
  query?: (name: string) => string;
}

/** Where a value goes. */
export type Slot = 'path' | 'query' | 'body';

/** The subset of a JSON Schema the fuzz reads from the OpenAPI document. */
export interface FieldSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  anyOf?: FieldSchema[];
  description?: string;
}

const v = (category: Category, label: string, value: unknown): Hostile => ({ category, label, value });
const u = (category: Category, label: string, url: string): Hostile => ({ category, label, url });
const j = (category: Category, label: string, json: string): Hostile => ({ category, label, json });

/** `'x' × 10000` instead of ten thousand x's. */
export function describeValue(value: unknown, max = 60): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  if (text.length <= max) return text;
  return `${text.slice(0, max - 20)}…(${text.length} chars)`;
}

const long = (unit: string, times: number, what: string) =>
  v('long', `${what} × ${times.toLocaleString('en')}`, unit.repeat(times));

/** Values that are hostile wherever a string goes: path, query or body. */
export const STRING_HOSTILES: readonly Hostile[] = [
  // NUL: PostgreSQL text cannot hold it; the contract's strings do not refuse it.
  { category: 'nul', label: '"\\u0000"', value: '\u0000', url: '%00' },
  v('nul', '"PORTAL\\u0000"', 'PORTAL\u0000'),
  v('nul', '"\\u0000PORTAL"', '\u0000PORTAL'),
  v('nul', '"a\\u0000b"', 'a\u0000b'),
  v('nul', '"\\u0000" × 50', '\u0000'.repeat(50)),
  // Lone surrogates: in JSON as escapes; in a URL the closest bytes are CESU-8 (%ed%a0%80).
  { category: 'lone-surrogate', label: '"\\ud800"', value: '\ud800', url: '%ed%a0%80', json: '"\\ud800"' },
  {
    category: 'lone-surrogate',
    label: '"\\udc00x"',
    value: '\udc00x',
    url: '%ed%b0%80x',
    json: '"\\udc00x"',
  },
  j('lone-surrogate', '"a\\ud83d" (half a pair)', '"a\\ud83d"'),
  // Unicode that changes how text reads or compares.
  v('unicode', 'RTL override "\\u202eLATROP"', '\u202eLATROP'),
  v('unicode', '"PORTAL\\u202e"', 'PORTAL\u202e'),
  v('unicode', 'fullwidth "ＰＯＲＴＡＬ"', 'ＰＯＲＴＡＬ'),
  v('unicode', 'zero-width "PORT\\u200bAL"', 'PORT\u200bAL'),
  v('unicode', 'BOM "\\ufeffPORTAL"', '\ufeffPORTAL'),
  v('unicode', 'combining "e\\u0301"', 'e\u0301'),
  v('unicode', 'emoji "😀"', '😀'),
  v('unicode', 'line separator "\\u2028"', 'a\u2028b'),
  v('unicode', 'noncharacter "\\uffff"', '\uffff'),
  v('unicode', 'dotted "İ"', 'İ'),
  // Length.
  long('x', 10_000, '"x"'),
  long('x', 100_000, '"x"'),
  long('é', 10_000, '"é" (2 bytes)'),
  long('😀', 5_000, '"😀" (4 bytes)'),
  // SQL and LIKE metacharacters.
  v('sql-like', "' or 1=1--", "' or 1=1--"),
  v('sql-like', "' OR '1'='1", "' OR '1'='1"),
  v('sql-like', "'; drop table users;--", "'; drop table users;--"),
  v('sql-like', "1'; select pg_sleep(10)--", "1'; select pg_sleep(10)--"),
  v('sql-like', '%', '%'),
  v('sql-like', '%%', '%%'),
  v('sql-like', '_', '_'),
  v('sql-like', '__', '__'),
  v('sql-like', '\\', '\\'),
  v('sql-like', '\\%', '\\%'),
  v('sql-like', 'PORT%', 'PORT%'),
  v('sql-like', 'P_RTAL', 'P_RTAL'),
  v('sql-like', "'", "'"),
  v('sql-like', '"', '"'),
  v('sql-like', '$1', '$1'),
  v('sql-like', '$$', '$$'),
  v('sql-like', "E'\\\\x00'", "E'\\\\x00'"),
  v('sql-like', '*', '*'),
  v('sql-like', '(', '('),
  v('sql-like', '[a-z]', '[a-z]'),
  v('sql-like', ':*', ':*'),
  v('sql-like', '!', '!'),
  v('sql-like', '& | !', '& | !'),
  v('sql-like', "<-> 'a'", "<-> 'a'"),
  // Other injections.
  v('injection', '<script>', '<script>alert(1)</script>'),
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the template syntax is the hostile value.
  v('injection', '${7*7}', '${7*7}'),
  v('injection', '{{7*7}}', '{{7*7}}'),
  v('injection', 'CRLF header', 'a\r\nX-Injected: 1'),
  v('injection', 'javascript:', 'javascript:alert(1)'),
  v('injection', '//evil.example', '//evil.example'),
  v('injection', 'https://evil.example', 'https://evil.example/'),
  v('injection', '/\\evil.example', '/\\evil.example'),
  // Whitespace and case.
  v('whitespace', '""', ''),
  v('whitespace', '" "', ' '),
  v('whitespace', '"\\t"', '\t'),
  v('whitespace', '"\\n"', '\n'),
  v('whitespace', '" PORTAL "', ' PORTAL '),
  v('whitespace', '"portal"', 'portal'),
  // Numbers as strings.
  v('number', '"1"', '1'),
  v('number', '"-1"', '-1'),
  v('number', '"-0"', '-0'),
  v('number', '"NaN"', 'NaN'),
  v('number', '"Infinity"', 'Infinity'),
  v('number', '"1e309"', '1e309'),
  v('number', '"9007199254740993"', '9007199254740993'),
  v('number', '"0x1F"', '0x1F'),
];

/** Percent-encodings no encoder produces, and traversal: only in URLs. */
export const URL_HOSTILES: readonly Hostile[] = [
  u('nul', '%00 (raw)', '%00'),
  u('nul', 'PORTAL%00', 'PORTAL%00'),
  u('nul', '%2500 (double-encoded NUL)', '%2500'),
  u('bad-utf8', '%ff', '%ff'),
  u('bad-utf8', '%c0%af (overlong "/")', '%c0%af'),
  u('bad-utf8', '%ed%a0%80 (surrogate)', '%ed%a0%80'),
  u('bad-utf8', '%e2%82 (truncated)', '%e2%82'),
  u('bad-utf8', '%f8%88%80%80%80 (5 bytes)', '%f8%88%80%80%80'),
  u('bad-utf8', '% (lone)', '%'),
  u('bad-utf8', '%zz', '%zz'),
  u('bad-utf8', '%%', '%%'),
  u('bad-utf8', '%e2%80%ae (RTL override, valid)', '%e2%80%ae'),
  u('traversal', '..%2f..%2fetc%2fpasswd', '..%2f..%2fetc%2fpasswd'),
  u('traversal', '%2e%2e', '%2e%2e'),
  u('traversal', '%2e%2e%2f%2e%2e%2f', '%2e%2e%2f%2e%2e%2f'),
  u('traversal', '..', '..'),
  u('traversal', '.', '.'),
  u('traversal', '..%5c..%5cwindows', '..%5c..%5cwindows'),
  u('traversal', '%252e%252e%252f', '%252e%252e%252f'),
  u('traversal', '%2fetc%2fpasswd', '%2fetc%2fpasswd'),
  u('traversal', '....%2f%2f', '....%2f%2f'),
  u('traversal', '%c0%ae%c0%ae%c0%af', '%c0%ae%c0%ae%c0%af'),
  u('injection', '%0d%0aX-Injected:%201', '%0d%0aX-Injected:%201'),
];

/** JSON texts only a body can carry. */
export const JSON_HOSTILES: readonly Hostile[] = [
  j('number', '1e309 (Infinity after parsing)', '1e309'),
  j('number', '-1e309', '-1e309'),
  j('number', '-0', '-0'),
  j('number', '2^53+1', '9007199254740993'),
  j('number', '1e-400', '1e-400'),
  j('number', '1.5', '1.5'),
  j('number', '-1', '-1'),
  j('number', '0', '0'),
  j('number', '1e21', '1e21'),
  j('nul', 'escaped "\\u0000" in the middle', '"doc\\u0000acme"'),
  j('type-confusion', 'true', 'true'),
  j('type-confusion', 'null', 'null'),
  j('type-confusion', '[]', '[]'),
  j('type-confusion', '["a","b"]', '["a","b"]'),
  j('type-confusion', '{}', '{}'),
  j('type-confusion', '{"$ne":null}', '{"$ne":null}'),
  j('type-confusion', '[[[[[]]]]]', '[[[[[]]]]]'),
  j('type-confusion', 'nested 5000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`),
  j('proto-key', '{"__proto__":{"polluted":1}}', '{"__proto__":{"polluted":1}}'),
  j(
    'proto-key',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
  ),
];

/** UTF-8 percent-encoding of everything but the unreserved characters (RFC 3986). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const q = (category: Category, label: string, query: (name: string) => string): Hostile => ({
  category,
  label,
  query,
});

/** A query parameter repeated, bracketed, bare or numeric (`valid` is the baseline value). */
export function queryTypeHostiles(valid: string): Hostile[] {
  const e = percentEncode(valid);
  return [
    q('duplicate-param', 'a=<valid>&a=<valid>', (n) => `${n}=${e}&${n}=${e}`),
    q('duplicate-param', 'a=<valid>&a=x', (n) => `${n}=${e}&${n}=x`),
    q('duplicate-param', 'a=x&a=<valid>', (n) => `${n}=x&${n}=${e}`),
    q('duplicate-param', 'a=&a=', (n) => `${n}=&${n}=`),
    q('duplicate-param', 'a=<valid> × 1000', (n) =>
      Array.from({ length: 1000 }, () => `${n}=${e}`).join('&'),
    ),
    q('bracket', 'a[]=<valid>', (n) => `${n}[]=${e}`),
    q('bracket', 'a[b]=<valid>', (n) => `${n}[b]=${e}`),
    q('bracket', 'a[__proto__]=<valid>', (n) => `${n}[__proto__]=${e}`),
    q('bracket', 'a[0]=<valid>&a[1]=x', (n) => `${n}[0]=${e}&${n}[1]=x`),
    q('bracket', 'a%5B%5D=<valid>', (n) => `${n}%5B%5D=${e}`),
    q('type-confusion', 'bare "a" (no "=")', (n) => n),
    q('type-confusion', 'a=<valid>&a (bare)', (n) => `${n}=${e}&${n}`),
  ];
}

/** Extra query parameters: prototype keys, bracket syntax and repetition on names the route lacks. */
export const EXTRA_QUERY: readonly { category: Category; label: string; query: string }[] = [
  { category: 'proto-key', label: '__proto__=x', query: '__proto__=x' },
  { category: 'proto-key', label: '__proto__[polluted]=1', query: '__proto__[polluted]=1' },
  { category: 'proto-key', label: 'constructor=x', query: 'constructor=x' },
  {
    category: 'proto-key',
    label: 'constructor[prototype][polluted]=1',
    query: 'constructor[prototype][polluted]=1',
  },
  { category: 'proto-key', label: 'prototype=x', query: 'prototype=x' },
  { category: 'proto-key', label: 'hasOwnProperty=x', query: 'hasOwnProperty=x' },
  { category: 'proto-key', label: 'toString=x', query: 'toString=x' },
  { category: 'bracket', label: 'a[b][c]=1', query: 'a[b][c]=1' },
  { category: 'bracket', label: '%5B%5D=1', query: '%5B%5D=1' },
  {
    category: 'duplicate-param',
    label: '2000 distinct parameters',
    query: Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join('&'),
  },
  { category: 'nul', label: '%00=%00', query: '%00=%00' },
  { category: 'bad-utf8', label: '%ff=%ff', query: '%ff=%ff' },
  { category: 'whitespace', label: '&&&=&', query: '&&&=&' },
];

/** Calendar dates the contract's `YYYY-MM-DD` may or may not refuse. */
export const DATE_HOSTILES: readonly Hostile[] = [
  v('date', '0000-01-01', '0000-01-01'),
  v('date', '0000-12-31', '0000-12-31'),
  v('date', '0001-01-01', '0001-01-01'),
  v('date', '9999-12-31', '9999-12-31'),
  v('date', '9999-01-01', '9999-01-01'),
  v('date', '+010000-01-01', '+010000-01-01'),
  v('date', '-000001-01-01', '-000001-01-01'),
  v('date', '2023-02-30', '2023-02-30'),
  v('date', '2023-02-29', '2023-02-29'),
  v('date', '2024-02-29', '2024-02-29'),
  v('date', '1900-02-29', '1900-02-29'),
  v('date', '1969-12-31', '1969-12-31'),
  v('date', '1970-01-01', '1970-01-01'),
  v('date', '2025-13-01', '2025-13-01'),
  v('date', '2025-00-10', '2025-00-10'),
  v('date', '2025-06-16T00:00:00Z', '2025-06-16T00:00:00Z'),
  v('date', '2025-06-16 (trailing space)', '2025-06-16 '),
  v('date', '20250616', '20250616'),
  v('date', '2025-6-1', '2025-6-1'),
  v('date', 'Arabic-Indic digits', '٢٠٢٥-٠٦-١٦'),
  v('date', 'today', 'today'),
];

/**
 * Pairs for routes with `from` and `to`: reversed, longer than 3 years (MAX_RANGE_DAYS = 1096),
 * exactly 3 years, far past and far future. TEST_NOW is 2025-06-16.
 */
export const RANGE_HOSTILES: readonly { label: string; from?: string; to?: string }[] = [
  { label: 'reversed (from > to)', from: '2025-06-10', to: '2025-06-01' },
  { label: 'reversed by one day', from: '2025-06-02', to: '2025-06-01' },
  { label: 'from after today, to defaulted', from: '2025-07-01' },
  { label: '1097 days (too long)', from: '2022-06-15', to: '2025-06-16' },
  { label: '1096 days (longest allowed)', from: '2022-06-16', to: '2025-06-16' },
  { label: '100 years', from: '1925-06-16', to: '2025-06-16' },
  { label: 'one day', from: '2025-06-16', to: '2025-06-16' },
  { label: 'year 0000', from: '0000-01-01', to: '0000-12-31' },
  { label: 'year 0000 to 0001', from: '0000-12-01', to: '0001-01-31' },
  { label: 'to in year 0000, from defaulted', to: '0000-03-01' },
  { label: 'before 1970', from: '1969-12-01', to: '1970-01-31' },
  { label: 'to 1970-01-01, from defaulted', to: '1970-01-01' },
  { label: 'year 9999, start of December', from: '9999-12-01', to: '9999-12-26' },
  { label: 'far future to, from defaulted', to: '9999-12-31' },
  { label: 'last month of 9999', from: '9999-12-01', to: '9999-12-31' },
  { label: 'first day of 9999', from: '9999-01-01', to: '9999-01-01' },
  { label: 'leap day 2024', from: '2024-02-29', to: '2024-03-01' },
];

/**
 * A range ending in the year 9999 walks its day/week/month buckets up to the end of the calendar,
 * where `Date#toISOString` turns to `+010000-…`: the fuzz sends such requests last (they hung the
 * host when this suite was written).
 */
export function endsInYear9999(to: unknown): boolean {
  return typeof to === 'string' && /^9999-/.test(to);
}

/** Values derived from a field's own schema: just inside and just outside its limits. */
export function boundaryHostiles(schema: FieldSchema): Hostile[] {
  const out: Hostile[] = [];
  const strings = stringSchemaOf(schema);
  if (strings?.maxLength !== undefined) {
    out.push(v('boundary', `maxLength (${strings.maxLength})`, 'A'.repeat(strings.maxLength)));
    out.push(v('boundary', `maxLength + 1 (${strings.maxLength + 1})`, 'A'.repeat(strings.maxLength + 1)));
    out.push(v('boundary', `maxLength in 4-byte characters`, '😀'.repeat(Math.ceil(strings.maxLength / 2))));
  }
  if (strings?.minLength !== undefined && strings.minLength > 0) {
    out.push(v('boundary', `minLength - 1 (${strings.minLength - 1})`, 'A'.repeat(strings.minLength - 1)));
  }
  for (const option of schema.enum ?? []) {
    if (typeof option !== 'string') continue;
    out.push(v('boundary', `enum "${option}" upper-cased`, option.toUpperCase()));
    out.push(v('boundary', `enum "${option}" with a space`, `${option} `));
  }
  if (schema.enum) out.push(v('boundary', 'not in the enum', 'fortnight'));
  return out;
}

/** The string branch of a schema (itself, or an `anyOf` member), if it has one. */
export function stringSchemaOf(schema: FieldSchema): FieldSchema | undefined {
  if (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')))
    return schema;
  return schema.anyOf?.find((s) => s.type === 'string');
}

export function isDateSchema(schema: FieldSchema): boolean {
  return stringSchemaOf(schema)?.format === 'date';
}

/** Every hostile value for one request part, given its schema and its valid (baseline) value. */
export function hostilesFor(slot: Slot, schema: FieldSchema, valid: string): Hostile[] {
  const out: Hostile[] = [...STRING_HOSTILES, ...boundaryHostiles(schema)];
  if (isDateSchema(schema)) out.push(...DATE_HOSTILES);
  if (slot === 'body') out.push(...JSON_HOSTILES);
  else out.push(...URL_HOSTILES);
  if (slot === 'query') out.push(...queryTypeHostiles(valid));
  // Each part takes the forms it can carry: a JSON-only text has no URL form, and the reverse.
  return out.filter((h) =>
    slot === 'body'
      ? h.json !== undefined || (h.value !== undefined && h.query === undefined)
      : h.url !== undefined || h.query !== undefined || h.value !== undefined,
  );
}

/** Whole JSON bodies that are not the object a route expects. */
export const WHOLE_BODY_HOSTILES: readonly Hostile[] = [
  j('whole-body', '[]', '[]'),
  j('whole-body', '[{}]', '[{}]'),
  j('whole-body', '"string"', '"doc-acme-msa"'),
  j('whole-body', '123', '123'),
  j('whole-body', 'null', 'null'),
  j('whole-body', 'true', 'true'),
  j('whole-body', '1e309', '1e309'),
  j('whole-body', '"\\ud800"', '"\\ud800"'),
  j('whole-body', 'nested objects 5000 deep', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`),
  j('whole-body', '10000 keys', `{${Array.from({ length: 10_000 }, (_, i) => `"k${i}":1`).join(',')}}`),
  j('whole-body', 'a 10000-character key', `{"${'k'.repeat(10_000)}":1}`),
  j('proto-key', '{"__proto__":{"isAdmin":true}}', '{"__proto__":{"isAdmin":true}}'),
  j(
    'proto-key',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
  ),
  j('proto-key', '{"prototype":{}}', '{"prototype":{}}'),
];

/** Raw body texts sent as `application/json` (the valid body is spliced in where `$BODY` stands). */
export const RAW_BODY_HOSTILES: readonly { category: Category; label: string; text: string | Buffer }[] = [
  { category: 'raw-body', label: 'empty body', text: '' },
  { category: 'raw-body', label: 'whitespace only', text: '  \n ' },
  { category: 'raw-body', label: 'truncated JSON', text: '{"fileId": ' },
  { category: 'raw-body', label: 'single quotes', text: "{'fileId': 'x'}" },
  { category: 'raw-body', label: 'trailing comma', text: '{"a":1,}' },
  { category: 'raw-body', label: 'NaN literal', text: '{"a":NaN}' },
  { category: 'raw-body', label: 'Infinity literal', text: '{"a":Infinity}' },
  { category: 'raw-body', label: 'comment', text: '// x\n{}' },
  { category: 'raw-body', label: 'undefined', text: 'undefined' },
  { category: 'raw-body', label: 'raw NUL byte in a string', text: Buffer.from('{"a":"x\u0000y"}') },
  {
    category: 'raw-body',
    label: 'invalid UTF-8 bytes in a string',
    text: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
  },
  { category: 'raw-body', label: 'BOM-prefixed valid body', text: '\ufeff$BODY' },
  { category: 'raw-body', label: 'duplicate keys', text: '$DUPLICATE' },
  { category: 'raw-body', label: 'valid body twice', text: '$BODY$BODY' },
  { category: 'raw-body', label: 'oversized: 70 kB of padding', text: '$PAD70K' },
  { category: 'raw-body', label: 'oversized: 2 MB of padding', text: '$PAD2M' },
  {
    category: 'raw-body',
    label: 'oversized: 100000-character fileId',
    text: `{"fileId":"${'x'.repeat(100_000)}"}`,
  },
];

/** Content-Type values for a valid body. */
export const CONTENT_TYPE_HOSTILES: readonly {
  label: string;
  type: string | null;
  form?: 'form' | 'multipart';
}[] = [
  { label: 'no Content-Type', type: null },
  { label: 'text/plain', type: 'text/plain' },
  { label: 'form-urlencoded', type: 'application/x-www-form-urlencoded', form: 'form' },
  { label: 'multipart/form-data', type: 'multipart/form-data; boundary=fuzz', form: 'multipart' },
  { label: 'application/problem+json', type: 'application/problem+json' },
  { label: 'application/json-patch+json', type: 'application/json-patch+json' },
  { label: 'APPLICATION/JSON (upper case)', type: 'APPLICATION/JSON' },
  { label: 'application/jsonx', type: 'application/jsonx' },
  { label: 'charset=utf-16', type: 'application/json; charset=utf-16' },
  { label: 'charset=latin1', type: 'application/json; charset=iso-8859-1' },
  { label: 'charset=nonsense', type: 'application/json; charset=x-fuzz' },
  { label: 'two types', type: 'application/json, text/plain' },
  { label: 'parameter soup', type: 'application/json; ; ;=; charset' },
];

/** Content-Encoding variants of a valid body. */
export const ENCODING_HOSTILES: readonly {
  label: string;
  encoding: string;
  body: 'gzip' | 'deflate' | 'br' | 'gzip-bomb' | 'corrupt' | 'plain' | 'gzip-twice';
}[] = [
  { label: 'gzip', encoding: 'gzip', body: 'gzip' },
  { label: 'deflate', encoding: 'deflate', body: 'deflate' },
  { label: 'br', encoding: 'br', body: 'br' },
  { label: 'gzip bomb (1 kB → 5 MB)', encoding: 'gzip', body: 'gzip-bomb' },
  { label: 'gzip header, corrupt stream', encoding: 'gzip', body: 'corrupt' },
  { label: 'gzip declared, body plain', encoding: 'gzip', body: 'plain' },
  { label: 'gzip, gzip', encoding: 'gzip, gzip', body: 'gzip-twice' },
  { label: 'unknown encoding (compress)', encoding: 'compress', body: 'plain' },
  { label: 'unknown encoding (x-fuzz)', encoding: 'x-fuzz', body: 'plain' },
  { label: 'identity', encoding: 'identity', body: 'plain' },
];

/** Session cookie values: none of these is a session. */
export const COOKIE_HOSTILES: readonly { label: string; value: string }[] = [
  { label: 'empty', value: '' },
  { label: '%00', value: '%00' },
  { label: 'random', value: 'not-a-session' },
  { label: '4000 characters', value: 'A'.repeat(4000) },
  { label: 'quoted', value: '"abc"' },
  { label: 'bad percent', value: '%ff%zz' },
  { label: "' or 1=1--", value: "'%20or%201=1--" },
  { label: 'base64-ish with dots', value: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
];

/** Request headers that caches and content negotiation read. */
export const HEADER_HOSTILES: readonly { label: string; headers: Record<string, string> }[] = [
  { label: 'Accept: text/html', headers: { Accept: 'text/html' } },
  { label: 'Accept: nonsense', headers: { Accept: '*/*;q=x, ;;' } },
  { label: 'If-None-Match: *', headers: { 'If-None-Match': '*' } },
  { label: 'If-None-Match: garbage', headers: { 'If-None-Match': `"${'x'.repeat(2000)}"` } },
  { label: 'If-Modified-Since: year 0', headers: { 'If-Modified-Since': 'Sat, 01 Jan 0000 00:00:00 GMT' } },
  { label: 'Range: bytes=-1', headers: { Range: 'bytes=-1' } },
  { label: 'Accept-Encoding: garbage', headers: { 'Accept-Encoding': 'gzip;q=NaN, br;q=-1, x' } },
  { label: 'X-Request-Id: hostile', headers: { 'X-Request-Id': "' or 1=1--" } },
  { label: 'Authorization: Bearer garbage', headers: { Authorization: 'Bearer %00' } },
];

/** HTTP methods the fuzz sends to every path besides the ones the contract lists. */
export const METHODS = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'PROPFIND',
] as const;

/** Hostile values the act-as route's `companyId` gets on top of the string ones. */
export const COMPANY_ID_HOSTILES: readonly Hostile[] = [
  v('act-as', '"ACME" (case)', 'ACME'),
  v('act-as', '"acme " (space)', 'acme '),
  v('act-as', '"acme\\u0000"', 'acme\u0000'),
  v('act-as', '"globex%"', 'globex%'),
  v('act-as', '"%"', '%'),
  v('act-as', '"_cme"', '_cme'),
  v('act-as', "another company's name", 'Globex Corporation'),
];
