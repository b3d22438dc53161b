// The requests of bench/faults.mjs: the route mix (every session GET route of the contract with demo
// values, and /api/auth/me), checked on each host before its load, and sign-ins of the extra accounts.
import { BrokenError } from '../common.mjs';
import { benchAccount, checkTarget, signIn } from '../targets.mjs';
import { BENCH_ACCOUNT_PASSWORD } from './accounts.mjs';

/** What the portal's fetch sends from a browser on the same origin (Chromium's Accept-Encoding). */
export function browserHeaders(origin) {
  return {
    Accept: 'application/json',
    'Accept-Encoding': 'gzip, deflate, br, zstd',
    Origin: origin,
    'Sec-Fetch-Site': 'same-origin',
  };
}

/** An address per sign-in, as clients behind a load balancer (198.18.0.0/15 is for benchmarks). */
const clientAddress = (i, net = 18) => `198.${net}.${(i >> 8) & 255}.${i & 255}`;

/** POST /api/auth/login as the extra account `account` (0-based), from the `i`-th address of 198.<net>. */
export function signInRequest(origin, company, account, i, net) {
  return {
    id: 'sign-in',
    method: 'POST',
    path: '/api/auth/login',
    headers: {
      ...browserHeaders(origin),
      'Content-Type': 'application/json',
      'X-Forwarded-For': clientAddress(i, net),
    },
    body: JSON.stringify({ email: benchAccount(account, company).email, password: BENCH_ACCOUNT_PASSWORD }),
  };
}

/**
 * Signs in as the demo customer (and staff, for a route the customer is refused) on this host, and
 * checks that every route of the mix answers 200 once; one that does not is left out and reported.
 */
export async function prepareMix(ctx, host) {
  const headers = browserHeaders(host.url);
  const sessions = { customer: await signIn(host.url, ctx.customer.email, ctx.demoPassword) };
  const requests = [];
  const failures = [];
  for (const target of ctx.targets) {
    const { as, failure } = await checkTarget(host.url, target, {
      as: 'customer',
      headers: (who) => ({ ...headers, Cookie: sessions[who] }),
      sessions,
      staff: ctx.staff,
      password: ctx.demoPassword,
    });
    if (failure) {
      failures.push(failure);
      continue;
    }
    requests.push({ id: target.id, path: target.path, as, headers: { Cookie: sessions[as] } });
  }
  if (requests.length === 0) throw new BrokenError('no route of the mix answered 200');
  return { requests, failures, headers };
}

/** The mix as raw requests for bench/lib/http-load.mjs, each connection starting at another route. */
export function mixRequests(mix) {
  const list = mix.requests.map((r) => ({
    id: r.id,
    path: r.path,
    headers: { ...mix.headers, ...r.headers },
  }));
  return (worker, n) => list[(worker + n) % list.length];
}
