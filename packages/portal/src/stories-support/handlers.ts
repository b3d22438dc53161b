import { type RouteId, routes } from '@client-portal/api-client';
import { DEMO_CREDENTIALS } from '@client-portal/api-client/mocks';
import { type HttpHandler, HttpResponse, http } from 'msw';

/**
 * MSW helpers for portal stories. Each returns handlers to put *before* the contract's
 * `handlers()` / `scenario()`: a resolver that returns nothing lets the request fall through to
 * the contract mock, so the real fixtures and validation still answer.
 */

const pathOf = (id: RouteId) => `*${routes[id].path.replace(/\{(\w+)\}/g, ':$1')}`;
const methodOf = (id: RouteId) => (routes[id].method === 'GET' ? http.get : http.post);

const problem = (status: number, title: string, detail: string) =>
  HttpResponse.json(
    { type: 'about:blank', title, status, detail },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

/** How a route fails while its switch is on. */
export type Failure = 'networkError' | 'serverError' | 'tooManyRequests';

function failureResponse(failure: Failure) {
  switch (failure) {
    case 'networkError':
      return HttpResponse.error();
    case 'serverError':
      return problem(500, 'Internal Server Error', 'Something went wrong on our side. Please try again.');
    case 'tooManyRequests':
      return new HttpResponse(
        JSON.stringify({
          type: 'about:blank',
          title: 'Too Many Requests',
          status: 429,
          detail: 'Too many sign-in attempts. Try again in a minute.',
        }),
        { status: 429, headers: { 'content-type': 'application/problem+json', 'retry-after': '60' } },
      );
  }
}

/**
 * A route that fails until `recover()` is called (e.g. the host comes back online while the
 * offline message shows), then answers from the contract mocks. Call `reset()` in `beforeEach`.
 */
export function switchableRoute(id: RouteId, failure: Failure) {
  let failing = true;
  let calls = 0;
  const handler = methodOf(id)(pathOf(id), () => {
    calls += 1;
    return failing ? failureResponse(failure) : undefined;
  });
  return {
    handler,
    recover: () => {
      failing = false;
    },
    get calls() {
      return calls;
    },
    reset: () => {
      failing = true;
      calls = 0;
    },
  };
}

/** Counts the requests of one route (answered by the contract mocks). */
export function countRequests(id: RouteId) {
  let calls = 0;
  const handler = methodOf(id)(pathOf(id), () => {
    calls += 1;
    return undefined;
  });
  return {
    handler,
    get calls() {
      return calls;
    },
    reset: () => {
      calls = 0;
    },
  };
}

/**
 * A host with a session cookie: no session (204) until a sign-in with the demo credentials, then
 * the fixture user. Sign-in itself is answered (and validated) by the contract mock.
 */
export function sessionAfterSignIn() {
  let signedIn = false;
  const handlers: HttpHandler[] = [
    http.get(pathOf('session'), () =>
      signedIn
        ? undefined
        : new HttpResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } }),
    ),
    http.post(pathOf('signIn'), async ({ request }) => {
      const body = (await request
        .clone()
        .json()
        .catch(() => ({}))) as {
        email?: unknown;
        password?: unknown;
      };
      signedIn =
        typeof body.email === 'string' &&
        body.email.toLowerCase() === DEMO_CREDENTIALS.email &&
        body.password === DEMO_CREDENTIALS.password;
      return undefined;
    }),
  ];
  return {
    handlers,
    get signedIn() {
      return signedIn;
    },
    reset: () => {
      signedIn = false;
    },
  };
}

/** Every call of a route answers `failure` (e.g. sign-in rate-limited). */
export function failingRoute(id: RouteId, failure: Failure): HttpHandler {
  return methodOf(id)(pathOf(id), () => failureResponse(failure));
}

/** Records, in order, which of these routes were requested (answered by the contract mocks). */
export function requestLog(ids: readonly RouteId[]) {
  const entries: RouteId[] = [];
  const handlers = ids.map((id) =>
    methodOf(id)(pathOf(id), () => {
      entries.push(id);
      return undefined;
    }),
  );
  return {
    handlers,
    entries,
    reset: () => {
      entries.length = 0;
    },
  };
}

/**
 * A signed-in host until the portal signs out (POST /api/auth/logout, answered after `delayMs`),
 * then no session (204). `afterSignOut` lists every other API request made once the sign-out
 * began: the host would refuse them all.
 */
export function sessionUntilSignOut(delayMs = 0) {
  let signingOut = false;
  let signedOut = false;
  const afterSignOut: string[] = [];
  const handlers: HttpHandler[] = [
    http.all('*/api/*', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (signingOut && path !== routes.signOut.path) afterSignOut.push(`${request.method} ${path}`);
      return undefined;
    }),
    http.get(pathOf('session'), () =>
      signedOut
        ? new HttpResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } })
        : undefined,
    ),
    methodOf('signOut')(pathOf('signOut'), async () => {
      signingOut = true;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      signedOut = true;
      return undefined;
    }),
  ];
  return {
    handlers,
    get signedOut() {
      return signedOut;
    },
    afterSignOut,
    reset: () => {
      signingOut = false;
      signedOut = false;
      afterSignOut.length = 0;
    },
  };
}
