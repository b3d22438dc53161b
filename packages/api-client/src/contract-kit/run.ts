import type * as z from 'zod/mini';
import { describeIssues, type ResponseIssue, toResponseIssues } from '../errors.js';
import type { AnyRoute } from '../route-types.js';
import { fillPath, type RouteId, routeIds, routes } from '../routes.js';
import { problemSchema } from '../schemas/common.js';
import { buildChecks, type CheckSpec, type ContractFixtures } from './checks.js';

export interface ContractCheckOptions {
  /** Origin of the backend under test, e.g. 'http://127.0.0.1:3000'. */
  baseUrl: string;
  /** Cookie header of a signed-in session, e.g. 'portal_session=…'. */
  cookie?: string;
  /** Or any headers that authenticate (e.g. { authorization: 'Bearer …' }). */
  headers?: Record<string, string>;
  fixtures: ContractFixtures;
  /** Local-mode credentials: checks POST /api/auth/login (200 right, 401 wrong). Skipped when left out. */
  signIn?: { email: string; password: string };
  fetch?: typeof fetch;
  /** Per request. Default 15 000 ms. */
  timeoutMs?: number;
}

export interface ContractCheckResult {
  name: string;
  routeId: RouteId;
  method: string;
  /** Path and query as sent. */
  url: string;
  signedIn: boolean;
  expected: readonly number[];
  /** Null when no response arrived. */
  status: number | null;
  /** Whether the body matched its schema (route schema for 2xx, problem+json for errors); null if not checked. */
  schemaValid: boolean | null;
  ok: boolean;
  failures: string[];
  issues: ResponseIssue[];
  durationMs: number;
}

export interface ContractReport {
  ok: boolean;
  baseUrl: string;
  passed: number;
  failed: number;
  checks: ContractCheckResult[];
  /** Routes of the contract no check reached (should be empty). */
  routesNotChecked: RouteId[];
}

const isProblemType = (type: string | null) => /application\/problem\+json/i.test(type ?? '');

async function runOne(spec: CheckSpec, options: ContractCheckOptions, memory: Map<string, unknown>) {
  const route: AnyRoute = routes[spec.routeId];
  const search = new URLSearchParams(spec.query ?? {}).toString();
  const path = `${fillPath(route.path, spec.params)}${search ? `?${search}` : ''}`;
  const origin = new URL(options.baseUrl).origin;
  const headers: Record<string, string> = { accept: 'application/json, application/problem+json' };
  if (spec.signedIn)
    Object.assign(headers, options.headers, options.cookie ? { cookie: options.cookie } : {});
  Object.assign(headers, spec.headers);
  let body: string | undefined;
  // Navigations (sign-in and sign-out redirects) carry the backend's own origin, so a backend that
  // refuses cross-site sign-out (as it should) lets them through (fetch may not set Sec-Fetch-Site).
  if (route.kind === 'redirect') headers.origin = origin;
  if (route.method === 'POST') {
    // Same-origin POST as a browser would send it, so CSRF defences let the request through.
    headers.origin = origin;
    const json = spec.bodyFrom ? spec.bodyFrom(memory) : (spec.body ?? {});
    headers['content-type'] = spec.rawBody?.contentType ?? 'application/json';
    body = spec.rawBody?.text ?? JSON.stringify(json);
  }
  const result: ContractCheckResult = {
    name: spec.name,
    routeId: spec.routeId,
    method: route.method,
    url: path,
    signedIn: spec.signedIn,
    expected: spec.expect,
    status: null,
    schemaValid: null,
    ok: false,
    failures: [],
    issues: [],
    durationMs: 0,
  };
  const started = performance.now();
  try {
    const response = await (options.fetch ?? fetch)(`${options.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: route.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    result.status = response.status;
    const text = await response.text();
    if (!spec.expect.includes(response.status)) {
      result.failures.push(`expected ${spec.expect.join(' or ')}, got ${response.status}`);
    }
    let parsedBody: unknown;
    if (text) {
      try {
        parsedBody = JSON.parse(text);
      } catch {
        parsedBody = undefined;
      }
    }
    const validate = (schema: z.ZodMiniType, what: string) => {
      const parsed = schema.safeParse(parsedBody);
      result.schemaValid = parsed.success;
      if (!parsed.success) {
        result.issues = toResponseIssues(parsed.error);
        result.failures.push(
          parsedBody === undefined
            ? `${what}: body is not JSON`
            : `${what}: ${describeIssues(result.issues)}`,
        );
      }
      return parsed.success;
    };
    if (response.status >= 400) {
      if (!isProblemType(response.headers.get('content-type'))) {
        result.failures.push(
          `error without application/problem+json (got ${response.headers.get('content-type')})`,
        );
      }
      validate(problemSchema, 'problem+json');
    } else if (
      response.status >= 200 &&
      response.status < 300 &&
      route.kind === 'json' &&
      response.status !== 204
    ) {
      if (validate(route.response, 'response schema')) {
        spec.remember?.(parsedBody, memory);
        result.failures.push(...(spec.assert?.({ response, body: parsedBody, memory }) ?? []));
      }
    } else if (spec.expect.includes(response.status)) {
      result.failures.push(...(spec.assert?.({ response, body: parsedBody, memory }) ?? []));
    }
  } catch (error) {
    result.failures.push(`no response: ${error instanceof Error ? error.message : String(error)}`);
  }
  result.durationMs = Math.round(performance.now() - started);
  result.ok = result.failures.length === 0;
  return result;
}

/**
 * Checks that a running backend honours the /api contract: every route answers with the right
 * status and a schema-valid body, signed in and signed out, including 404 for ids that are not
 * the caller's, strict request bodies and the open-redirect rule. Sequential, so the report is
 * stable and a small backend is not flooded. Runs in Node (it reads redirect responses).
 */
export async function runContractChecks(options: ContractCheckOptions): Promise<ContractReport> {
  const specs = buildChecks(options.fixtures);
  if (options.signIn) {
    const { email, password } = options.signIn;
    specs.push(
      {
        name: 'signIn: right credentials → 200',
        routeId: 'signIn',
        signedIn: false,
        body: { email, password },
        expect: [200],
      },
      {
        name: 'signIn: wrong password → 401',
        routeId: 'signIn',
        signedIn: false,
        body: { email, password: `${password}-wrong` },
        expect: [401],
      },
    );
  }
  const memory = new Map<string, unknown>();
  const checks: ContractCheckResult[] = [];
  for (const spec of specs) checks.push(await runOne(spec, options, memory));
  const reached = new Set(checks.map((c) => c.routeId));
  const failed = checks.filter((c) => !c.ok).length;
  return {
    ok: failed === 0,
    baseUrl: options.baseUrl,
    passed: checks.length - failed,
    failed,
    checks,
    routesNotChecked: routeIds.filter((id) => !reached.has(id)),
  };
}
