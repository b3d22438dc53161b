import { delay, getResponse, type HttpHandler, HttpResponse, http } from 'msw';
import type { AnyRoute } from '../route-types.js';
import { type RouteId, routeIds, routes } from '../routes.js';
import { createPortalFixtures, type PortalFixtures } from './fixtures/portal.js';
import { ingestRefusalOf } from '../ingest-requests.js';
import { refuseCredentials } from './machine-routes.js';
import { corruptFirstLeaf, invalid, type MockReply, problemResponse, toResponse } from './replies.js';
import { type MockRequest, routeMocks } from './route-mocks.js';

/**
 * Every state a route can be put in:
 * - success: realistic fixture data · empty: nothing there yet (empty lists, 204 session, 404 no data)
 * - loading: never answers · slow: answers after `slowMs` (default 2 s)
 * - signedOut: 204 for /api/auth/me, 401 elsewhere (sign-in routes keep working)
 * - forbidden: 403 · notFound: 404 · error: 500 (all problem+json)
 * - networkError: the request fails without a response · malformed: 200 with a body that breaks the schema
 */
export const MOCK_STATES = [
  'success',
  'empty',
  'loading',
  'slow',
  'signedOut',
  'forbidden',
  'notFound',
  'error',
  'networkError',
  'malformed',
] as const;
export type MockState = (typeof MOCK_STATES)[number];
export type MockStates = Partial<Record<RouteId, MockState>>;

export interface MockOptions {
  /** The data to serve; one shared instance by default (deterministic, seed 1). */
  fixtures?: PortalFixtures;
  /** API origin to match, e.g. 'http://127.0.0.1:3000'. Default: any origin. */
  baseUrl?: string;
  /** Delay of the 'slow' state. Default 2000 ms. */
  slowMs?: number;
  /** Delay added to every answer, to feel like a network. Default 0. */
  latencyMs?: number;
}

let sharedFixtures: PortalFixtures | undefined;
const defaultFixtures = () => {
  sharedFixtures ??= createPortalFixtures();
  return sharedFixtures;
};

const PUBLIC_WHEN_SIGNED_OUT: ReadonlySet<RouteId> = new Set([
  'loginRedirect',
  'signIn',
  'authCallback',
  'logoutRedirect',
  'signOut',
]);

const mswPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * The query string as the host's parser reads it: a parameter given twice is an array, which the
 * route's schema refuses (a scalar is expected), instead of silently keeping one of the values.
 */
function readQuery(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return query;
}

/**
 * Validates the request with the route's own schemas, the way the host does, so a portal bug shows
 * up in Storybook too: a violation is a 400 whose `errors` name the field and the rule. The route
 * mocks then read the parsed values (unknown query parameters dropped, `q` trimmed), as the host's
 * handlers do.
 */
async function readRequest(
  route: AnyRoute,
  request: Request,
  rawParams: Record<string, string>,
  fixtures: PortalFixtures,
): Promise<MockRequest | MockReply> {
  let params = rawParams;
  let query: Record<string, string | undefined> = {};
  let headers: Record<string, string> = Object.fromEntries(request.headers);
  if (route.params) {
    const parsed = route.params.safeParse(rawParams);
    if (!parsed.success) return invalid(parsed.error, 'path');
    params = parsed.data as Record<string, string>;
  }
  if (route.query) {
    const parsed = route.query.safeParse(readQuery(new URL(request.url)));
    if (!parsed.success) return invalid(parsed.error, 'query string');
    query = parsed.data as Record<string, string | undefined>;
  }
  if (route.headers) {
    const parsed = route.headers.safeParse(headers);
    if (!parsed.success) return invalid(parsed.error, 'headers');
    headers = parsed.data as Record<string, string>;
  }
  let body: unknown = {};
  if (route.method === 'POST' && route.multipart) {
    // The upload route: multipart/form-data, read as the host's streaming parser would see it.
    const type = request.headers.get('content-type') ?? '';
    if (!type.startsWith('multipart/form-data')) {
      return {
        type: 'problem',
        status: 415,
        title: 'Unsupported Media Type',
        detail: 'Send the files as multipart/form-data.',
      };
    }
    const form = await request.formData();
    const files = form
      .getAll(route.multipart.field)
      .filter((f): f is File => typeof f !== 'string')
      .map((f) => ({ name: f.name, type: f.type, size: f.size }));
    if (files.length === 0 || files.length > route.multipart.maxFiles) {
      return {
        type: 'problem',
        status: 400,
        title: 'Bad Request',
        detail: `Send 1 to ${route.multipart.maxFiles} files in the "${route.multipart.field}" field.`,
      };
    }
    const replaces = form.get('replaces');
    return {
      fixtures,
      params,
      query,
      headers,
      body: { files, ...(typeof replaces === 'string' ? { replaces } : {}) },
    };
  }
  if (route.method === 'POST') {
    const text = await request.text();
    const type = request.headers.get('content-type') ?? '';
    if (text && !type.includes('application/json')) {
      return { type: 'problem', status: 415, title: 'Unsupported Media Type', detail: 'Send JSON.' };
    }
    if (!text && !route.bodyOptional && route.body) {
      return { type: 'problem', status: 400, title: 'Bad Request', detail: 'A JSON body is required.' };
    }
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      return { type: 'problem', status: 400, title: 'Bad Request', detail: 'The body is not valid JSON.' };
    }
    const parsed = route.body?.safeParse(body);
    if (parsed && !parsed.success && route.auth === 'ingestToken') {
      return { type: 'problem', status: 400, title: 'Bad Request', ...ingestRefusalOf(parsed.error) };
    }
    if (parsed && !parsed.success) return invalid(parsed.error, 'body');
    if (parsed) body = parsed.data;
  }
  return { fixtures, params, query, headers, body: (body ?? {}) as Record<string, unknown> };
}

async function answer(
  id: RouteId,
  state: MockState,
  request: Request,
  params: Record<string, string>,
  options: MockOptions,
) {
  const route: AnyRoute = routes[id];
  const fixtures = options.fixtures ?? defaultFixtures();
  if (options.latencyMs) await delay(options.latencyMs);
  switch (state) {
    case 'loading':
      await delay('infinite');
      break;
    case 'slow':
      await delay(options.slowMs ?? 2000);
      break;
    case 'networkError':
      return HttpResponse.error();
    case 'forbidden':
      return problemResponse(403, 'Forbidden', 'You do not have access to this resource.');
    case 'notFound':
      return problemResponse(404, 'Not Found', 'Nothing was found here.');
    case 'error':
      return problemResponse(
        500,
        'Internal Server Error',
        'Something went wrong on our side. Please try again.',
      );
    case 'signedOut':
      if (id === 'session')
        return new HttpResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } });
      if (!PUBLIC_WHEN_SIGNED_OUT.has(id))
        return problemResponse(401, 'Unauthorized', 'Sign in to continue.');
      break;
  }
  // Machine routes check their credentials before reading the body, as the host does.
  const refused = await refuseCredentials(route, request);
  if (refused) return toResponse(refused);
  const parsed = await readRequest(route, request, params, fixtures);
  if ('type' in parsed) return toResponse(parsed);
  const reply = state === 'empty' ? routeMocks[id].empty(parsed) : routeMocks[id].success(parsed);
  if (state === 'malformed') {
    if (reply.type !== 'json')
      return HttpResponse.html('<!doctype html><title>Portal</title>', { status: 200 });
    return HttpResponse.json(corruptFirstLeaf(reply.body) as never, { status: 200 });
  }
  return toResponse(reply);
}

/** One route in one state, e.g. `routeHandler('dora', 'empty')` for `msw.use(...)` in a story. */
export function routeHandler(
  id: RouteId,
  state: MockState = 'success',
  options: MockOptions = {},
): HttpHandler {
  const route = routes[id];
  const path = `${options.baseUrl?.replace(/\/+$/, '') ?? '*'}${mswPath(route.path)}`;
  const method = route.method === 'GET' ? http.get : http.post;
  return method(path, ({ request, params }) =>
    answer(id, state, request, params as Record<string, string>, options),
  );
}

/** Handlers for every route; unlisted routes succeed. `handlers({ dora: 'empty', profile: 'error' })`. */
export function handlers(states: MockStates = {}, options: MockOptions = {}): HttpHandler[] {
  return routeIds.map((id) => routeHandler(id, states[id] ?? 'success', options));
}

/**
 * A fetch that answers from handlers in-process, without a service worker or interceptor:
 * `createApiClient({ baseUrl: 'http://mock', fetch: createMockFetch(handlers()) })`.
 */
export function createMockFetch(list: HttpHandler[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const response = await getResponse(list, request);
    if (!response) return problemResponse(404, 'Not Found', `No mock for ${request.method} ${request.url}`);
    if (response.type === 'error') throw new TypeError('Failed to fetch');
    return response;
  };
}
