import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeIds, routes } from '../routes.js';
import { createPortalFixtures } from '../mocks/fixtures/portal.js';
import { handlers, routeHandler } from '../mocks/handlers.js';
import { scenario } from '../mocks/scenarios.js';
import { serveHandlers, type TestServer } from '../test-support/http-server.js';
import { formatContractReport } from './report.js';
import { runContractChecks } from './run.js';

const fixtures = createPortalFixtures();
const COOKIE = 'portal_session=contract-test';
const signedIn = (request: Request) => (request.headers.get('cookie') ?? '').includes(COOKIE);

/** A backend built from the package's own mocks, with a cookie session like the host's. */
const good = handlers({}, { fixtures });
const signedOut = scenario('signedOut', {}, { fixtures });

/** A broken backend: wrong shapes, wrong statuses, an open redirect and a session that ignores cookies. */
const leaks = [
  http.get('*/api/auth/me', () => HttpResponse.json(fixtures.user)),
  http.get(
    '*/api/auth/login',
    () => new HttpResponse(null, { status: 302, headers: { location: 'https://evil.example/steal' } }),
  ),
];
const broken = [
  ...leaks,
  routeHandler('dora', 'malformed', { fixtures }),
  routeHandler('documents', 'error', { fixtures }),
  http.post('*/api/create-signed-url', async ({ request }) => {
    const body = (await request.json().catch(() => ({}))) as { fileId?: string };
    return HttpResponse.json({ url: `/files/${body.fileId}`, expiresAt: 'tomorrow' });
  }),
  http.get('*/api/teams', () => HttpResponse.json({ message: 'no teams' }, { status: 404 })),
  ...good,
];

let goodServer: TestServer;
let brokenServer: TestServer;
beforeAll(async () => {
  goodServer = await serveHandlers((request) => (signedIn(request) ? good : signedOut));
  brokenServer = await serveHandlers((request) => (signedIn(request) ? broken : [...leaks, ...signedOut]));
});
afterAll(async () => {
  await goodServer.close();
  await brokenServer.close();
});

describe('runContractChecks', () => {
  it('passes against a backend serving the package’s own fixtures', async () => {
    const report = await runContractChecks({
      baseUrl: goodServer.url,
      cookie: COOKIE,
      fixtures: { ...fixtures.ids, contactId: undefined, foreignContactId: '99999' },
      signIn: fixtures.credentials,
    });
    const failures = report.checks.filter((c) => !c.ok);
    expect(failures, formatContractReport(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.routesNotChecked).toEqual([]);
    expect(report.passed).toBe(report.checks.length);
    // Every session route is also checked signed out, and the session route both ways.
    const twins = report.checks.filter((c) => c.name.endsWith('401 without a session'));
    expect(twins.map((c) => c.routeId).sort()).toEqual(
      routeIds.filter((id) => routes[id].auth === 'session').sort(),
    );
    const doraCheck = report.checks.find((c) => c.name === 'dora: answers signed in')!;
    expect(doraCheck).toMatchObject({
      status: 200,
      schemaValid: true,
      url: '/api/analytics/dora?projectKey=PORTAL',
    });
  });

  it('reports each broken route precisely', async () => {
    const report = await runContractChecks({
      baseUrl: brokenServer.url,
      cookie: COOKIE,
      fixtures: fixtures.ids,
    });
    expect(report.ok).toBe(false);
    const failed = Object.fromEntries(report.checks.filter((c) => !c.ok).map((c) => [c.name, c.failures]));
    const schema = (text: string) => [expect.stringContaining(text)];
    expect(failed).toEqual({
      'session: answers signed in': ['Cache-Control must be no-store'],
      'session: 204 without a session': ['expected 204, got 200'],
      'loginRedirect: refuses an off-origin returnTo': [
        'open redirect: Location is https://evil.example/steal',
      ],
      'dora: answers signed in': [expect.stringMatching(/^response schema: projectKey: .*expected string/)],
      'dora: daily grain over an explicit range': [expect.stringMatching(/^response schema: projectKey: /)],
      'dora: tiers of the 2021 report on request': [expect.stringMatching(/^response schema: projectKey: /)],
      // The project is unknown, but the broken backend answers 200 with an HTML page.
      'dora: unknown project → 404': ['expected 404, got 200', 'response schema: body is not JSON'],
      'documents: answers signed in': ['expected 200, got 500'],
      'teams: answers signed in': [
        'expected 200, got 404',
        'error without application/problem+json (got application/json)',
        expect.stringMatching(/^problem\+json: type: .*; title: /),
      ],
      // The signed-URL route validates nothing and sends a date that is not RFC 3339.
      'signedUrl: answers signed in': schema('expiresAt: Invalid ISO datetime'),
      'signedUrl: unknown file → 404': ['expected 404, got 200', expect.stringContaining('expiresAt')],
      'signedUrl: missing fileId → 400': ['expected 400, got 200', expect.stringContaining('expiresAt')],
      'signedUrl: unknown field → 400 (strict body)': [
        'expected 400, got 200',
        expect.stringContaining('expiresAt'),
      ],
      'signedUrl: non-JSON body → 400 or 415': [
        'expected 400 or 415, got 200',
        expect.stringContaining('expiresAt'),
      ],
    });
    const dora = report.checks.find((c) => c.name === 'dora: answers signed in')!;
    expect(dora).toMatchObject({
      status: 200,
      schemaValid: false,
      issues: [{ path: 'projectKey', message: expect.any(String) }],
    });
    const text = formatContractReport(report);
    expect(text).toContain('✗ documents: answers signed in — GET /api/documents → 500');
    expect(text.trim().split('\n').at(-1)).toBe(`${report.passed} passed, ${report.failed} failed`);
  });

  it('reports an unreachable backend as no response', async () => {
    const report = await runContractChecks({
      baseUrl: 'http://127.0.0.1:9',
      cookie: COOKIE,
      fixtures: fixtures.ids,
      timeoutMs: 2000,
    });
    expect(report.passed).toBe(0);
    expect(report.checks[0]).toMatchObject({
      status: null,
      ok: false,
      failures: [expect.stringMatching(/^no response: /)],
    });
  });
});
