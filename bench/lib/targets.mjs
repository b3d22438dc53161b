// The routes the benchmarks load: every session GET route of the contract with demo values; sign-in.
import { BrokenError } from './common.mjs';

/** Contract parameter names that are spelled differently in DEMO_FIXTURES. */
const FIXTURE_ALIASES = {
  jiraProjectKey: 'projectKey',
  slug: 'articleSlug',
  q: 'searchQuery',
  key: 'requestKey',
};

function fixtureFor(name, fixtures) {
  const key = name in fixtures ? name : FIXTURE_ALIASES[name];
  const value = key === undefined ? undefined : fixtures[key];
  return typeof value === 'string' ? value : undefined;
}

/** Required keys of a zod object schema (an optional key accepts undefined). */
function requiredKeys(schema) {
  const shape = schema?.shape ?? {};
  return Object.entries(shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);
}

/**
 * Every GET JSON route of the contract that needs a session, with its path parameters and required
 * query parameters filled from DEMO_FIXTURES; then /api/auth/me and the health probes.
 */
export function buildTargets(routes, fillPath, fixtures) {
  const targets = [];
  const problems = [];
  for (const [id, route] of Object.entries(routes)) {
    if (route.method !== 'GET' || route.kind !== 'json' || route.auth !== 'session') continue;
    const params = {};
    for (const name of Object.keys(route.params?.shape ?? {})) {
      const value = fixtureFor(name, fixtures);
      if (value === undefined) problems.push(`${id}: no demo value for path parameter "${name}"`);
      else params[name] = value;
    }
    const query = new URLSearchParams();
    for (const name of requiredKeys(route.query)) {
      const value = fixtureFor(name, fixtures);
      if (value === undefined) problems.push(`${id}: no demo value for required query parameter "${name}"`);
      else query.set(name, value);
    }
    if (problems.some((p) => p.startsWith(`${id}:`))) continue;
    const search = query.size > 0 ? `?${query}` : '';
    targets.push({
      id,
      path: `${fillPath(route.path, params)}${search}`,
      kind: 'contract',
      errors: route.errors,
    });
  }
  targets.push({ id: routes.session ? 'session' : 'me', path: '/api/auth/me', kind: 'contract', errors: [] });
  targets.push({ id: 'healthz', path: '/healthz', kind: 'probe', errors: [] });
  targets.push({ id: 'readyz', path: '/readyz', kind: 'probe', errors: [] });
  if (problems.length > 0) {
    throw new BrokenError(`cannot fill these routes from DEMO_FIXTURES:\n  ${problems.join('\n  ')}`);
  }
  return targets;
}

// ── HTTP ────────────────────────────────────────────────────────────────────────────────────────

/** Signs in with POST /api/auth/login (the CSRF guard wants Origin and Sec-Fetch-Site); returns the Cookie header. */
export async function signIn(baseUrl, email, password) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Origin: baseUrl,
      'Sec-Fetch-Site': 'same-origin',
    },
    body: JSON.stringify({ email, password }),
  });
  const body = await res.text();
  if (res.status !== 200) {
    throw new BrokenError(`signing in as ${email} answered ${res.status}: ${body.slice(0, 300)}`);
  }
  const cookies = res.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0].trim())
    .filter((pair) => /^[^=]+=.+/.test(pair));
  if (cookies.length === 0) throw new BrokenError(`signing in as ${email} set no cookie`);
  return cookies.join('; ');
}

export async function probe(baseUrl, path, headers) {
  const res = await fetch(`${baseUrl}${path}`, { headers });
  const body = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    bytes: Buffer.byteLength(body),
    body,
  };
}

/** The demo accounts the benchmarks sign in as: demo@acme.example (else the first customer), and staff. */
export function demoAccounts(signIns) {
  return {
    customer:
      signIns.find((a) => a.email === 'demo@acme.example') ?? signIns.find((a) => a.role === 'customer'),
    staff: signIns.find((a) => a.role === 'staff'),
  };
}

/**
 * GETs a target once with `headers(as)` before it is loaded; a route the customer is refused (403,
 * staff only) is tried again as the demo `staff` account, signed in on first need into
 * `sessions.staff`. Resolves with the account that was used, the probe, and what to report when it
 * did not answer 200 (else null).
 */
export async function checkTarget(baseUrl, target, { as, headers, sessions, staff, password }) {
  let check = await probe(baseUrl, target.path, headers(as));
  if (check.status === 403 && staff && target.errors.includes(403)) {
    sessions.staff ??= await signIn(baseUrl, staff.email, password);
    as = 'staff';
    check = await probe(baseUrl, target.path, headers(as));
  }
  const failure =
    check.status === 200
      ? null
      : { id: target.id, path: target.path, status: check.status, body: check.body.slice(0, 300) };
  return { as, check, failure };
}

/** The i-th (0-based) extra customer account bench/faults.mjs adds to `company` (bench-001@acme.example …). */
export function benchAccount(i, company) {
  const n = String(i + 1).padStart(3, '0');
  return { id: `bench-user-${n}`, email: `bench-${n}@${company}.example`, name: `Bench User ${i + 1}` };
}
