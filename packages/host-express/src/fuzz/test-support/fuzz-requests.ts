import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { OpenApiDocument } from '@client-portal/api-client';
import fc from 'fast-check';
import { DEMO_FIXTURES } from '../../store/demo/index.js';
import { DEMO_ORIGIN } from '../../test-support/demo-host.js';
import {
  type Category,
  COMPANY_ID_HOSTILES,
  CONTENT_TYPE_HOSTILES,
  COOKIE_HOSTILES,
  describeValue,
  ENCODING_HOSTILES,
  EXTRA_QUERY,
  endsInYear9999,
  type FieldSchema,
  type Hostile,
  HEADER_HOSTILES,
  hostilesFor,
  isDateSchema,
  METHODS,
  percentEncode,
  RANGE_HOSTILES,
  RAW_BODY_HOSTILES,
  type Slot,
  WHOLE_BODY_HOSTILES,
} from './hostile-values.js';

// ── The operations of the OpenAPI document ─────────────────────────────────────────────────────

export interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: FieldSchema;
}

export interface BodySpec {
  required: boolean;
  properties: Record<string, FieldSchema>;
  requiredProperties: string[];
  /** `additionalProperties: false` (strict bodies refuse unknown fields). */
  strict: boolean;
}

export interface Operation {
  operationId: string;
  method: string;
  /** OpenAPI template, e.g. `/api/analytics/projects/{projectKey}`. */
  path: string;
  /** `GET /api/analytics/projects/{projectKey}`: the row of the summary table. */
  route: string;
  session: boolean;
  /** Machine-to-machine (an ingest token or a GitHub signature, never a session). */
  machine: boolean;
  params: Param[];
  body: BodySpec | null;
}

type JsonSchema = Record<string, unknown>;

function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace('#/components/schemas/', '');
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`unresolved $ref ${ref}`);
  return resolve(doc, target);
}

/** Every path and method of the document, with its parameters and JSON body. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        operationId: string;
        security?: Record<string, unknown>[];
        parameters?: { name: string; in: string; required?: boolean; schema: FieldSchema }[];
        requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
      };
      const params = (op.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          name: p.name,
          in: p.in as 'path' | 'query',
          required: p.in === 'path' || p.required === true,
          schema: resolve(doc, p.schema as JsonSchema) as FieldSchema,
        }));
      let body: BodySpec | null = null;
      const json = op.requestBody?.content['application/json'];
      if (json) {
        const schema = resolve(doc, json.schema);
        const properties: Record<string, FieldSchema> = {};
        for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
          properties[name] = resolve(doc, prop) as FieldSchema;
        }
        body = {
          required: op.requestBody?.required === true,
          properties,
          requiredProperties: (schema.required as string[] | undefined) ?? [],
          strict: schema.additionalProperties === false,
        };
      }
      const upper = method.toUpperCase();
      out.push({
        operationId: op.operationId,
        method: upper,
        path,
        route: `${upper} ${path}`,
        session: (op.security ?? []).some((scheme) => 'sessionCookie' in scheme),
        machine: (op.security ?? []).some((scheme) => 'ingestToken' in scheme || 'githubSignature' in scheme),
        params,
        body,
      });
    }
  }
  return out;
}

// ── Valid baselines: the demo's own ids ────────────────────────────────────────────────────────

const own = DEMO_FIXTURES;

/**
 * Sign-in fuzzing uses an account that does not exist, so no attempt counts against a demo account
 * (their per-account limit would lock them); and a loopback address of its own, so the per-IP
 * limit it soon reaches never refuses the suite's own sign-ins (127.0.0.1).
 */
export const SIGN_IN_PROBE = { email: 'fuzz-nobody@example.invalid', password: 'not-the-password' };
export const SIGN_IN_FUZZ_ADDRESS = '127.0.0.2';

/** Valid values by parameter/property name (today is TEST_NOW, 2025-06-16). */
const FIXTURE_VALUES: Record<string, unknown> = {
  projectKey: own.projectKey,
  jiraProjectKey: own.projectKey,
  projectId: own.projectId,
  slug: own.articleSlug,
  q: own.searchQuery,
  category: 'Getting started',
  fileId: own.fileId,
  contactId: own.contactId,
  companyId: own.companyId,
  email: SIGN_IN_PROBE.email,
  password: SIGN_IN_PROBE.password,
  returnTo: '/',
  grain: 'month',
  from: '2025-05-01',
  to: '2025-06-15',
  code: 'fuzz-code',
  state: 'fuzz-state',
  error: 'access_denied',
  error_description: 'fuzz',
  // The requests tracker: a request of Acme (a document request with a file), a type, a colleague.
  key: own.requestKey,
  attachmentId: own.attachmentId,
  type: 'question',
  userId: 'u-acme-member',
};

/**
 * Request headers of a valid baseline. A change of a request names the version it was made on:
 * "1" is stale for the demo's request, so every case of these routes stays a 412 and none changes it.
 */
const BASELINE_HEADERS: Record<string, Record<string, string>> = {
  requestAction: { 'If-Match': '"1"' },
  updateRequest: { 'If-Match': '"1"' },
};
/** POSTs without a body in the contract, sent `{}` as the typed client sends them (JSON, for the CSRF guard). */
const EMPTY_JSON_POSTS: ReadonlySet<string> = new Set(['requestAttachmentLink', 'requestAttachmentSave']);

/** A valid value for a field: the fixture of that name, else one made from the schema. */
export function validValue(name: string, schema: FieldSchema): unknown {
  if (name in FIXTURE_VALUES) return FIXTURE_VALUES[name];
  if (schema.enum?.length) return schema.enum[0];
  const string = schema.type === 'string' ? schema : schema.anyOf?.find((s) => s.type === 'string');
  if (string?.format === 'date') return '2025-06-01';
  if (string) return 'a'.repeat(Math.max(1, string.minLength ?? 1));
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return 'a';
}

const validString = (name: string, schema: FieldSchema) => String(validValue(name, schema));

// ── Requests ──────────────────────────────────────────────────────────────────────────────────

/** Who sends a request; the runner adds the session cookie of the identity. */
export type Identity =
  /** demo@acme.example */
  | 'customer'
  /** staff@provider.example acting for Acme (data routes) */
  | 'staff'
  /** a second staff session, only for fuzzing act-as itself */
  | 'staff-act-as'
  | 'anonymous';

export interface FuzzCase {
  route: string;
  category: Category;
  /** What is hostile, e.g. `query projectKey = "%00"`. */
  label: string;
  identity: Identity;
  method: string;
  /** The exact request target. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  localAddress?: string;
  /** The hostile texts sent (decoded and raw), to check they are not echoed or mistaken for leaks. */
  hostileTexts: string[];
  /** Ends its range in the year 9999: sent last (see endsInYear9999). */
  hangProne: boolean;
  /** A named regression case must answer 4xx (not only "not 5xx"). */
  expect4xx?: boolean;
  /** fast-check seed and index, for the random phase. */
  sample?: string;
}

/** The parts of a request, each already in wire form; cases replace one part at a time. */
interface Parts {
  path: Record<string, string>;
  query: { name: string; fragment: string }[];
  /** JSON text of each body property, in order; null for a body given whole in `rawBody`. */
  bodyProps: { name: string; json: string }[] | null;
  rawBody?: Buffer | string;
  /** Send no body at all. */
  noBody?: boolean;
  contentType: string | null;
  encoding?: string;
  headers: Record<string, string>;
  method: string;
}

function baselineParts(op: Operation): Parts {
  const path: Record<string, string> = {};
  const query: Parts['query'] = [];
  for (const p of op.params) {
    const value = percentEncode(validString(p.name, p.schema));
    if (p.in === 'path') path[p.name] = value;
    else if (p.required) query.push({ name: p.name, fragment: `${p.name}=${value}` });
  }
  const bodyProps = op.body
    ? op.body.requiredProperties.map((name) => ({
        name,
        json: JSON.stringify(validValue(name, op.body?.properties[name] ?? {})),
      }))
    : null;
  const emptyJson = EMPTY_JSON_POSTS.has(op.operationId);
  return {
    path,
    query,
    bodyProps,
    ...(emptyJson ? { rawBody: '{}' } : {}),
    contentType: op.body || emptyJson ? 'application/json' : null,
    headers: { ...BASELINE_HEADERS[op.operationId] },
    method: op.method,
  };
}

function bodyText(parts: Parts): Buffer | undefined {
  if (parts.noBody) return undefined;
  if (parts.rawBody !== undefined) {
    return typeof parts.rawBody === 'string' ? Buffer.from(parts.rawBody, 'utf8') : parts.rawBody;
  }
  if (!parts.bodyProps) return undefined;
  return Buffer.from(
    `{${parts.bodyProps.map((p) => `${JSON.stringify(p.name)}:${p.json}`).join(',')}}`,
    'utf8',
  );
}

function buildCase(
  op: Operation,
  parts: Parts,
  meta: Pick<FuzzCase, 'category' | 'label' | 'identity' | 'hostileTexts'> & Partial<FuzzCase>,
): FuzzCase {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => parts.path[name] ?? '');
  const query = parts.query.map((q) => q.fragment).filter((f) => f !== '');
  const target = query.length ? `${path}?${query.join('&')}` : path;
  const body = bodyText(parts);
  const headers: Record<string, string> = {
    // A same-origin fetch from the portal page: passes the CSRF guard, so bodies are parsed.
    Origin: DEMO_ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    Accept: 'application/json',
    ...parts.headers,
  };
  if (body !== undefined && parts.contentType !== null) headers['Content-Type'] = parts.contentType;
  if (parts.encoding) headers['Content-Encoding'] = parts.encoding;
  const to = parts.query.find((q) => q.name === 'to')?.fragment.split('=')[1];
  return {
    route: op.route,
    method: parts.method,
    target,
    headers,
    ...(body ? { body } : {}),
    hangProne: endsInYear9999(to ? safeDecode(to) : undefined),
    ...(op.operationId === 'signIn' ? { localAddress: SIGN_IN_FUZZ_ADDRESS } : {}),
    ...meta,
  };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function clone(parts: Parts): Parts {
  return {
    ...parts,
    path: { ...parts.path },
    query: [...parts.query],
    bodyProps: parts.bodyProps ? [...parts.bodyProps] : null,
    headers: { ...parts.headers },
  };
}

const urlForm = (h: Hostile) =>
  h.url ?? percentEncode(typeof h.value === 'string' ? h.value : String(h.value));
const jsonForm = (h: Hostile) => h.json ?? JSON.stringify(h.value);

/** The texts of a hostile value as the host may see or echo them. */
function textsOf(h: Hostile): string[] {
  const texts = [typeof h.value === 'string' ? h.value : undefined, h.url, h.json];
  if (h.url) texts.push(safeDecode(h.url));
  return texts.filter((t): t is string => typeof t === 'string' && t.length > 0);
}

function setQuery(parts: Parts, name: string, fragment: string | null): void {
  parts.query = parts.query.filter((q) => q.name !== name);
  if (fragment !== null) parts.query.push({ name, fragment });
}

function setBodyProp(parts: Parts, name: string, json: string | null): void {
  const props = (parts.bodyProps ?? []).filter((p) => p.name !== name);
  if (json !== null) props.push({ name, json });
  parts.bodyProps = props;
}

/** Who sends a route's requests: customers and staff on data routes, never a real session on sign-out. */
export function identitiesOf(op: Operation): Identity[] {
  if (op.operationId === 'actAs') return ['staff-act-as', 'customer'];
  // Sign-in attempts go without a session; signing out would end the suite's sessions.
  if (op.path === '/api/auth/login' && op.method === 'POST') return ['anonymous'];
  if (op.path === '/api/auth/logout') return ['anonymous'];
  // A session must not authenticate a machine route: sent with one and without.
  if (!op.session) return ['customer', 'anonymous'];
  return ['customer', 'staff'];
}

/** The valid request of an operation (what every one-at-a-time case starts from). */
export function baselineCase(op: Operation, identity: Identity): FuzzCase {
  return buildCase(op, baselineParts(op), {
    category: 'baseline',
    label: 'baseline',
    identity,
    hostileTexts: [],
  });
}

/**
 * One hostile part at a time, over the valid baseline: every path and query parameter and every
 * body property gets every hostile value that fits it; then ranges, extra query parameters, whole
 * and raw bodies, content types and encodings, headers, cookies and other methods. Each case for
 * each of the route's identities (and some without a session).
 */
export function oneAtATimeCases(
  op: Operation,
  otherMethods: readonly string[],
  cookieName: string,
): FuzzCase[] {
  const base = baselineParts(op);
  const identities = identitiesOf(op);
  type Draft = {
    parts: Parts;
    category: Category;
    label: string;
    hostileTexts: string[];
    anonymousToo?: boolean;
  };
  const drafts: Draft[] = [];
  const add = (
    parts: Parts,
    category: Category,
    label: string,
    hostileTexts: string[] = [],
    anonymousToo = false,
  ) => drafts.push({ parts, category, label, hostileTexts, anonymousToo });

  for (const p of op.params) {
    const valid = validString(p.name, p.schema);
    const hostiles = hostilesFor(p.in, p.schema, valid);
    if (op.operationId === 'actAs') hostiles.push(...COMPANY_ID_HOSTILES);
    for (const h of hostiles) {
      const parts = clone(base);
      if (p.in === 'path') {
        if (h.query) continue;
        parts.path[p.name] = urlForm(h);
      } else {
        setQuery(parts, p.name, h.query ? h.query(p.name) : `${p.name}=${urlForm(h)}`);
      }
      add(parts, h.category, `${p.in} ${p.name} = ${h.label}`, textsOf(h));
    }
    if (p.in === 'query') {
      const missing = clone(base);
      setQuery(missing, p.name, null);
      add(missing, 'boundary', `query ${p.name} missing`);
      const empty = clone(base);
      setQuery(empty, p.name, `${p.name}=`);
      add(empty, 'boundary', `query ${p.name} empty`);
    }
  }

  const names = new Set(op.params.map((p) => p.name));
  if (names.has('from') && names.has('to')) {
    for (const r of RANGE_HOSTILES) {
      const parts = clone(base);
      if (r.from) setQuery(parts, 'from', `from=${r.from}`);
      if (r.to) setQuery(parts, 'to', `to=${r.to}`);
      add(parts, 'range', `range ${r.label}: from=${r.from ?? '(default)'} to=${r.to ?? '(default)'}`);
    }
  }

  for (const extra of EXTRA_QUERY) {
    const parts = clone(base);
    parts.query.push({ name: `extra:${extra.label}`, fragment: extra.query });
    add(parts, extra.category, `extra query ${extra.label}`, [extra.query, safeDecode(extra.query)], true);
  }

  if (op.body) {
    const body = op.body;
    const propNames = [...new Set([...Object.keys(body.properties), ...body.requiredProperties])];
    for (const name of propNames) {
      const schema = body.properties[name] ?? {};
      const hostiles = hostilesFor('body', schema, validString(name, schema));
      if (op.operationId === 'actAs' && name === 'companyId') hostiles.push(...COMPANY_ID_HOSTILES);
      for (const h of hostiles) {
        if (h.query) continue;
        const parts = clone(base);
        setBodyProp(parts, name, jsonForm(h));
        add(parts, h.category, `body ${name} = ${h.label}`, textsOf(h));
      }
      if (body.requiredProperties.includes(name)) {
        const parts = clone(base);
        setBodyProp(parts, name, null);
        add(parts, 'boundary', `body ${name} missing`);
      }
    }
    const unknown = clone(base);
    setBodyProp(unknown, 'isAdmin', 'true');
    add(unknown, 'proto-key', 'body with an unknown field isAdmin');
    const proto = clone(base);
    setBodyProp(proto, '__proto__', '{"isAdmin":true}');
    add(proto, 'proto-key', 'body with "__proto__" beside the fields');

    for (const h of WHOLE_BODY_HOSTILES) {
      const parts = clone(base);
      parts.rawBody = jsonForm(h);
      add(parts, h.category, `whole body = ${h.label}`, textsOf(h), true);
    }
    const valid = bodyText(base)?.toString('utf8') ?? '{}';
    for (const raw of RAW_BODY_HOSTILES) {
      const parts = clone(base);
      parts.rawBody = typeof raw.text === 'string' ? expandRaw(raw.text, valid, base) : raw.text;
      add(parts, raw.category, `raw body: ${raw.label}`, [], true);
    }
    for (const type of CONTENT_TYPE_HOSTILES) {
      const parts = clone(base);
      parts.contentType = type.type;
      if (type.form === 'form') parts.rawBody = formBody(base);
      if (type.form === 'multipart') parts.rawBody = multipartBody(base);
      add(parts, 'content-type', `Content-Type: ${type.label}`, [], true);
    }
    for (const enc of ENCODING_HOSTILES) {
      const parts = clone(base);
      parts.encoding = enc.encoding;
      parts.rawBody = encodedBody(enc.body, Buffer.from(valid, 'utf8'));
      add(parts, 'encoding', `Content-Encoding: ${enc.label}`, [], true);
    }
    if (!body.required) {
      const parts = clone(base);
      parts.noBody = true;
      add(parts, 'raw-body', 'no body at all (optional)');
    }
  } else {
    // A body where none belongs is parsed (GET bodies too) and must still not break anything.
    for (const [label, text] of [
      ['JSON body on a route without one', '{"fileId":"doc-acme-msa","__proto__":{"x":1}}'],
      ['malformed JSON body on a route without one', '{"a":'],
      ['70 kB JSON body on a route without one', `{"pad":"${'x'.repeat(70_000)}"}`],
    ] as const) {
      const parts = clone(base);
      parts.rawBody = text;
      parts.contentType = 'application/json';
      add(parts, 'raw-body', label, [], true);
    }
  }

  for (const h of HEADER_HOSTILES) {
    const parts = clone(base);
    parts.headers = { ...parts.headers, ...h.headers };
    add(parts, 'header', `header ${h.label}`, Object.values(h.headers));
  }

  const cases: FuzzCase[] = [];
  drafts.forEach((draft, index) => {
    // Anonymous requests: the body-level cases (parsed before the session is checked), and every
    // fifth of the others.
    const who: Identity[] = [...identities];
    if (!who.includes('anonymous') && (draft.anonymousToo || index % 5 === 0)) who.push('anonymous');
    for (const identity of who) {
      cases.push(
        buildCase(op, draft.parts, {
          category: draft.category,
          label: draft.label,
          identity,
          hostileTexts: draft.hostileTexts,
        }),
      );
    }
  });

  // Hostile session cookies, instead of a session.
  if (op.session) {
    for (const cookie of COOKIE_HOSTILES) {
      const parts = clone(base);
      parts.headers = { Cookie: `${cookieName}=${cookie.value}` };
      cases.push(
        buildCase(op, parts, {
          category: 'cookie',
          label: `session cookie ${cookie.label}`,
          identity: 'anonymous',
          hostileTexts: [cookie.value],
        }),
      );
    }
  }

  cases.push(...methodCases(op, base, otherMethods));
  return cases;
}

function expandRaw(text: string, valid: string, base: Parts): string {
  const first = base.bodyProps?.[0];
  const duplicate = first
    ? `{${JSON.stringify(first.name)}:${first.json},${JSON.stringify(first.name)}:"other"}`
    : '{"a":1,"a":2}';
  const pad = (size: number) =>
    `{"pad":"${'x'.repeat(size)}"${valid === '{}' ? '' : `,${valid.slice(1, -1)}`}}`;
  return text
    .replace('$BODY', valid)
    .replace('$BODY', valid)
    .replace('$DUPLICATE', duplicate)
    .replace('$PAD70K', pad(70_000))
    .replace('$PAD2M', pad(2 * 1024 * 1024));
}

function formBody(base: Parts): string {
  return (base.bodyProps ?? [])
    .map((p) => `${p.name}=${percentEncode(String(JSON.parse(p.json)))}`)
    .join('&');
}

function multipartBody(base: Parts): string {
  const fields = (base.bodyProps ?? []).map(
    (p) =>
      `--fuzz\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${String(JSON.parse(p.json))}\r\n`,
  );
  return `${fields.join('')}--fuzz--\r\n`;
}

function encodedBody(kind: (typeof ENCODING_HOSTILES)[number]['body'], valid: Buffer): Buffer {
  switch (kind) {
    case 'gzip':
      return gzipSync(valid);
    case 'deflate':
      return deflateSync(valid);
    case 'br':
      return brotliCompressSync(valid);
    case 'gzip-twice':
      return gzipSync(gzipSync(valid));
    case 'gzip-bomb':
      return gzipSync(
        Buffer.concat([Buffer.from('{"pad":"'), Buffer.alloc(5 * 1024 * 1024, 0x78), Buffer.from('"}')]),
      );
    case 'corrupt':
      return Buffer.concat([gzipSync(valid).subarray(0, 10), Buffer.from('not deflate data at all')]);
    case 'plain':
      return valid;
  }
}

/**
 * Other methods on the route's path (the methods the document lists for the path are skipped;
 * HEAD is GET's), and paths that only look like it: a trailing slash, upper case, doubled slashes,
 * an extra segment and a long one.
 */
function methodCases(op: Operation, base: Parts, otherMethods: readonly string[]): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const identity: Identity = op.session ? 'customer' : 'anonymous';
  for (const method of otherMethods) {
    const parts = clone(base);
    parts.method = method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || method === 'TRACE') {
      parts.noBody = true;
    } else {
      parts.rawBody = bodyText(base)?.toString('utf8') ?? '{}';
      parts.contentType = 'application/json';
    }
    cases.push(
      buildCase(op, parts, { category: 'method', label: `method ${method}`, identity, hostileTexts: [] }),
    );
  }
  const variants: [string, (path: string) => string][] = [
    ['trailing slash', (p) => `${p}/`],
    ['upper case', (p) => p.toUpperCase()],
    ['doubled slashes', (p) => p.replaceAll('/', '//')],
    ['extra segment', (p) => `${p}/extra`],
    ['2000 extra segments', (p) => `${p}${'/a'.repeat(2000)}`],
    ['encoded slash in the path', (p) => p.replace(/\/([^/]*)$/, '%2f$1')],
  ];
  for (const [label, change] of variants) {
    const built = buildCase(op, clone(base), {
      category: 'method',
      label: `path ${label}`,
      identity,
      hostileTexts: [],
    });
    const [path, query] = splitTarget(built.target);
    const changed = change(path);
    built.target = query ? `${changed}?${query}` : changed;
    built.hostileTexts = [changed];
    // Skip when a session route would end the session (the logout paths) — already anonymous.
    cases.push(built);
  }
  return cases;
}

function splitTarget(target: string): [string, string | undefined] {
  const at = target.indexOf('?');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

// ── Named regression cases ────────────────────────────────────────────────────────────────────

export interface RegressionCase {
  name: string;
  request: FuzzCase;
}

function regression(
  name: string,
  method: string,
  target: string,
  identity: Identity,
  route: string,
  body?: string,
): RegressionCase {
  const headers: Record<string, string> = {
    Origin: DEMO_ORIGIN,
    'Sec-Fetch-Site': 'same-origin',
    Accept: 'application/json',
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const to = /[?&]to=([^&]*)/.exec(target)?.[1];
  return {
    name,
    request: {
      route,
      category: 'regression',
      label: name,
      identity,
      method,
      target,
      headers,
      ...(body !== undefined ? { body: Buffer.from(body, 'utf8') } : {}),
      hostileTexts: [target, safeDecode(target), ...(body ? [body] : [])],
      hangProne: endsInYear9999(to),
      expect4xx: true,
    },
  };
}

/**
 * Requests that once crashed, hung or 500ed the host (far-future ranges that never ended, NUL in
 * ids, year-0000 dates): each must answer 4xx problem+json within the timeout.
 */
export function regressionCases(): RegressionCase[] {
  const card = 'GET /api/analytics/projects/{projectKey}';
  const dora = 'GET /api/analytics/dora';
  const ai = 'GET /api/agents/windsurf';
  const key = own.projectKey;
  const list: RegressionCase[] = [];
  for (const [routeName, route, base] of [
    ['project analytics', card, `/api/analytics/projects/${key}?`],
    ['DORA', dora, `/api/analytics/dora?projectKey=${key}&`],
    ['AI usage', ai, `/api/agents/windsurf?jiraProjectKey=${key}&`],
  ] as const) {
    list.push(
      regression(
        `${routeName}: dates in year 0000`,
        'GET',
        `${base}from=0000-01-01&to=0000-12-31`,
        'customer',
        route,
      ),
    );
    list.push(regression(`${routeName}: to in year 0000`, 'GET', `${base}to=0000-03-01`, 'customer', route));
  }
  list.push(
    regression(
      '%00 in the projectKey path parameter',
      'GET',
      '/api/analytics/projects/%00',
      'customer',
      card,
    ),
    regression('%00 after a valid projectKey', 'GET', `/api/analytics/projects/${key}%00`, 'customer', card),
    regression('%00 in the DORA projectKey', 'GET', '/api/analytics/dora?projectKey=%00', 'customer', dora),
    regression(
      '%00 in projectId (organisations)',
      'GET',
      '/api/github/organisations?projectId=%00',
      'customer',
      'GET /api/github/organisations',
    ),
    regression(
      '%00 in projectId (repositories)',
      'GET',
      '/api/github/repositories?projectId=%00',
      'customer',
      'GET /api/github/repositories',
    ),
    regression('%00 in jiraProjectKey', 'GET', '/api/agents/windsurf?jiraProjectKey=%00', 'customer', ai),
    regression(
      '%00 in the knowledge-base slug',
      'GET',
      '/api/knowledge-base/articles/%00',
      'customer',
      'GET /api/knowledge-base/articles/{slug}',
    ),
    regression(
      '%00 in the search q',
      'GET',
      '/api/knowledge-base/search?q=%00%00',
      'customer',
      'GET /api/knowledge-base/search',
    ),
    regression(
      '%00 inside the search q',
      'GET',
      '/api/knowledge-base/search?q=do%00ra',
      'customer',
      'GET /api/knowledge-base/search',
    ),
    regression(
      '\\u0000 in the signed-url fileId',
      'POST',
      '/api/create-signed-url',
      'customer',
      'POST /api/create-signed-url',
      '{"fileId":"\\u0000"}',
    ),
    regression(
      '\\u0000 in the act-as companyId (staff)',
      'POST',
      '/api/auth/act-as',
      'staff-act-as',
      'POST /api/auth/act-as',
      '{"companyId":"\\u0000"}',
    ),
  );
  // Last: these looped forever in the host when the suite was written.
  for (const [routeName, route, base] of [
    ['project analytics', card, `/api/analytics/projects/${key}?`],
    ['DORA', dora, `/api/analytics/dora?projectKey=${key}&`],
    ['AI usage', ai, `/api/agents/windsurf?jiraProjectKey=${key}&`],
  ] as const) {
    list.push(regression(`${routeName}: to=9999-12-31`, 'GET', `${base}to=9999-12-31`, 'customer', route));
    list.push(
      regression(
        `${routeName}: from=9999-12-01&to=9999-12-31`,
        'GET',
        `${base}from=9999-12-01&to=9999-12-31`,
        'customer',
        route,
      ),
    );
  }
  return list;
}

// ── Random combinations (fast-check) ──────────────────────────────────────────────────────────

const hostileArb = (slot: Slot, schema: FieldSchema, valid: string): fc.Arbitrary<Hostile> => {
  const catalogue = hostilesFor(slot, schema, valid);
  const random = (label: string, arb: fc.Arbitrary<string>) =>
    arb.map((value): Hostile => ({ category: 'random', label: `${label} ${describeValue(value)}`, value }));
  const dates = fc
    .tuple(
      fc.integer({ min: 0, max: 9999 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(
      ([y, m, d]) =>
        `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
    );
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...catalogue) },
    { weight: 1, arbitrary: fc.constant<Hostile>({ category: 'random', label: 'valid', value: valid }) },
    { weight: 2, arbitrary: random('binary string', fc.string({ unit: 'binary', maxLength: 40 })) },
    { weight: 1, arbitrary: random('ascii string', fc.string({ unit: 'grapheme-ascii', maxLength: 40 })) },
    { weight: isDateSchema(schema) ? 3 : 1, arbitrary: random('date', dates) },
    { weight: 1, arbitrary: random('integer', fc.integer().map(String)) },
    { weight: 1, arbitrary: random('double', fc.double().map(String)) },
    ...(slot === 'body'
      ? [
          {
            weight: 2,
            arbitrary: fc.jsonValue({ maxDepth: 3 }).map(
              (value): Hostile => ({
                category: 'random',
                label: `JSON ${describeValue(value)}`,
                json: JSON.stringify(value) ?? 'null',
              }),
            ),
          },
        ]
      : []),
  );
};

/**
 * Whole random requests: a route, an identity, any number of its parameters and body properties
 * replaced (catalogue values, random strings and dates, random JSON), extra query parameters, a
 * random whole body, content type, encoding and method now and then. Ranges ending in the year
 * 9999 are left to the named regression cases (they may hang the host).
 */
export function randomCaseArbitrary(ops: readonly Operation[]): fc.Arbitrary<FuzzCase> {
  return fc
    .constantFrom(...ops)
    .chain((op) => {
      const base = baselineParts(op);
      const paramArbs = op.params.map((p) =>
        fc.option(hostileArb(p.in, p.schema, validString(p.name, p.schema)), { freq: 2, nil: undefined }),
      );
      const propNames = op.body ? Object.keys(op.body.properties) : [];
      const propArbs = propNames.map((name) => {
        const schema = op.body?.properties[name] ?? {};
        return fc.option(hostileArb('body', schema, validString(name, schema)), { freq: 2, nil: undefined });
      });
      const wholeBody = fc.option(
        fc.oneof(
          fc.constantFrom(...WHOLE_BODY_HOSTILES.map((h) => jsonForm(h))),
          fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
          fc.string({ unit: 'binary', maxLength: 60 }),
        ),
        { freq: 6, nil: undefined },
      );
      return fc.record({
        op: fc.constant(op),
        base: fc.constant(base),
        identity: fc.constantFrom(
          ...identitiesOf(op),
          ...(identitiesOf(op).includes('anonymous') ? [] : (['anonymous'] as const)),
        ),
        params: fc.tuple(...paramArbs),
        props: fc.tuple(...propArbs),
        wholeBody,
        extraQuery: fc.option(fc.constantFrom(...EXTRA_QUERY), { freq: 5, nil: undefined }),
        contentType: fc.option(fc.constantFrom(...CONTENT_TYPE_HOSTILES), { freq: 6, nil: undefined }),
        encoding: fc.option(fc.constantFrom(...ENCODING_HOSTILES.filter((e) => e.body !== 'gzip-bomb')), {
          freq: 8,
          nil: undefined,
        }),
        method: fc.option(fc.constantFrom(...METHODS), { freq: 10, nil: undefined }),
      });
    })
    .map(({ op, base, identity, params, props, wholeBody, extraQuery, contentType, encoding, method }) => {
      const parts = clone(base);
      const labels: string[] = [];
      const texts: string[] = [];
      op.params.forEach((p, i) => {
        const h = params[i];
        if (!h) return;
        labels.push(`${p.in} ${p.name} = ${h.label}`);
        texts.push(...textsOf(h));
        if (p.in === 'path') parts.path[p.name] = h.query ? urlForm({ ...h, query: undefined }) : urlForm(h);
        else setQuery(parts, p.name, h.query ? h.query(p.name) : `${p.name}=${urlForm(h)}`);
      });
      Object.keys(op.body?.properties ?? {}).forEach((name, i) => {
        const h = props[i];
        if (!h || h.query) return;
        labels.push(`body ${name} = ${h.label}`);
        texts.push(...textsOf(h));
        setBodyProp(parts, name, jsonForm(h));
      });
      if (wholeBody !== undefined && op.body) {
        parts.rawBody = wholeBody;
        labels.push(`whole body = ${describeValue(wholeBody)}`);
        texts.push(wholeBody);
      }
      if (extraQuery) {
        parts.query.push({ name: 'extra', fragment: extraQuery.query });
        labels.push(`extra query ${extraQuery.label}`);
      }
      if (contentType && op.body) {
        parts.contentType = contentType.type;
        labels.push(`Content-Type: ${contentType.label}`);
      }
      if (encoding && op.body) {
        parts.encoding = encoding.encoding;
        parts.rawBody = encodedBody(encoding.body, bodyText(parts) ?? Buffer.from('{}'));
        labels.push(`Content-Encoding: ${encoding.label}`);
      }
      if (method && method !== op.method) {
        parts.method = method;
        if (method === 'HEAD' || method === 'GET' || method === 'OPTIONS' || method === 'TRACE')
          parts.noBody = true;
        labels.push(`method ${method}`);
      }
      return buildCase(op, parts, {
        category: 'random',
        label: labels.length ? labels.join('; ') : 'valid (nothing replaced)',
        identity,
        hostileTexts: texts,
      });
    });
}
