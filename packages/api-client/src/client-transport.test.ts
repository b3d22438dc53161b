// The client over real HTTP (node:http on 127.0.0.1): failures MSW cannot fake faithfully.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.js';
import { RequestError } from './errors.js';
import { createPortalFixtures } from './mocks/fixtures/portal.js';
import { closedPortUrl, startServer, type TestServer } from './test-support/http-server.js';

const fixtures = createPortalFixtures();
let server: TestServer;
const requests: { method: string; path: string; headers: Headers; body: string }[] = [];

beforeAll(async () => {
  server = await startServer(async (request) => {
    const path = new URL(request.url).pathname;
    requests.push({ method: request.method, path, headers: request.headers, body: await request.text() });
    switch (path) {
      case '/api/auth/me':
        return Response.json(fixtures.user, { headers: { 'cache-control': 'no-store' } });
      case '/api/documents':
        return new Response('{"documents": [', { headers: { 'content-type': 'application/json' } });
      case '/api/teams':
        // The classic proxy mistake: the SPA's index.html answering an API path.
        return new Response('<!doctype html><html><body>Portal</body></html>', {
          headers: { 'content-type': 'text/html' },
        });
      case '/api/account-manager':
        return new Response(null, { status: 200 });
      case '/api/projects':
        return 'hang-up-mid-body';
      case '/api/analytics/dora':
        await new Promise((resolve) => setTimeout(resolve, 500));
        return Response.json({});
      case '/api/create-signed-url':
        return new Response('<h1>Bad gateway</h1>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html' },
        });
      default:
        return new Response(null, { status: 418, statusText: "I'm a teapot" });
    }
  });
});
afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe('client over a real HTTP server', () => {
  const client = () => createApiClient({ baseUrl: server.url, retryLimit: 0 });

  it('validates a real response', async () => {
    expect(await client().getSession()).toEqual(fixtures.user);
    const last = requests.at(-1)!;
    expect(last.headers.get('accept')).toContain('application/json');
    expect(last.headers.get('authorization')).toBeNull();
  });

  it('reports a closed port as a network failure with status 0', async () => {
    const offline = createApiClient({ baseUrl: await closedPortUrl(), retryLimit: 0 });
    const error = await failure(offline.getSession());
    expect(error).toMatchObject({ kind: 'network', status: 0, message: 'Network error', routeId: 'session' });
    expect(error.cause).toBeInstanceOf(TypeError);
    const analytics = await failure(offline.getAnalyticsProjects());
    expect(analytics).toMatchObject({ status: 0, message: 'Failed to load analytics projects' });
  });

  it('retries a network failure of a GET before giving up', async () => {
    const url = await closedPortUrl();
    const started = performance.now();
    const error = await failure(createApiClient({ baseUrl: url, retryLimit: 1 }).getSession());
    expect(error.status).toBe(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250); // one back-off of ~300 ms
  });

  it('reports truncated JSON as a malformed response', async () => {
    const error = await failure(client().getDocuments());
    expect(error.kind).toBe('malformed-response');
    expect(error.message).toBe(
      'GET /api/documents: malformed response (body is not JSON (application/json))',
    );
  });

  it('reports an HTML page on an API path as a malformed response', async () => {
    const error = await failure(client().getTeams());
    expect(error).toMatchObject({ kind: 'malformed-response', status: 200 });
    expect(error.message).toContain('body is not JSON (text/html)');
  });

  it('reports an empty 200 body as a malformed response', async () => {
    const error = await failure(client().getAccountManager());
    expect(error.message).toContain('empty body with status 200');
  });

  it('reports a connection that breaks mid-body as a network failure', async () => {
    const error = await failure(client().getProjects());
    expect(error).toMatchObject({ kind: 'network', status: 0, message: 'Network error' });
  });

  it('times out with status 0 and kind "timeout"', async () => {
    const impatient = createApiClient({ baseUrl: server.url, timeout: 100, retryLimit: 0 });
    const error = await failure(impatient.getDoraMetrics({ projectKey: 'PORTAL' }));
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: 'Failed to load DORA metrics' });
  });

  it('uses the status text of a non-JSON error response (signed URL)', async () => {
    const error = await failure(client().createSignedUrl('file_0001'));
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'Bad Gateway', title: undefined });
    const sent = requests.at(-1)!;
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({ fileId: 'file_0001' });
  });

  it('keeps an unusual status text as the message', async () => {
    const error = await failure(client().getTalent());
    expect(error).toMatchObject({ status: 418, message: "I'm a teapot" });
  });
});
