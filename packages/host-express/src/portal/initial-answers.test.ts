// The standalone page carries the signed-in visitor's first answers: exactly what the /api calls
// would answer them, nothing of anyone else, never kept by a cache.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ACME_USER, GLOBEX_USER, STAFF_USER, useDemoHost } from '../test-support/demo-host.js';
import { pgliteTestStore } from '../test-support/stores.js';
import { INITIAL_ANSWERS_ID } from './runtime-config.js';

let portalDir: string | undefined;

/** The answers block of a served page, or null when it has none. */
function answersIn(html: string): Record<string, { status: number; body?: unknown }> | null {
  const match = new RegExp(
    `<script type="application/json" id="${INITIAL_ANSWERS_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1] as string) as { answers: never }).answers : null;
}

describe('the first answers and the code of the standalone page', () => {
  const demo = useDemoHost(pgliteTestStore, {
    env: async () => {
      portalDir = await mkdtemp(join(tmpdir(), 'portal-answers-'));
      await mkdir(join(portalDir, 'assets'));
      await writeFile(
        join(portalDir, 'index.html'),
        '<!doctype html><html><head><title>Portal</title>\n<link rel="preload" href="/api/auth/me" as="fetch" crossorigin="anonymous" />\n</head><body><div id="root"></div></body></html>',
      );
      await writeFile(
        join(portalDir, 'page-preloads.json'),
        JSON.stringify({
          DashboardPage: ['assets/DashboardPage-a1.js', 'assets/Card-b2.js'],
          RelatedRequests: ['assets/RelatedRequests-c3.js', 'assets/Card-b2.js'],
          RequestsPage: ['assets/RequestsPage-d4.js', '../secrets.js', 'https://evil.example/x.js'],
          RequestDetailPage: ['assets/RequestDetailPage-e5.js'],
        }),
      );
      return { PORTAL_DIR: portalDir, PORTAL_BASE_PATH: '/portal' };
    },
  });
  afterAll(async () => {
    if (portalDir) await rm(portalDir, { recursive: true, force: true });
  });

  it("are the answers the visitor's own calls get, on a page no cache keeps", async () => {
    const cookie = await demo.signIn(ACME_USER);
    const page = await demo.get('/portal/dashboard', cookie).expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers.vary).toMatch(/cookie/i);
    // The session is in the page: its preload would fetch it again for nothing.
    expect(page.text).not.toContain('rel="preload"');
    const answers = answersIn(page.text);
    expect(Object.keys(answers ?? {}).sort()).toEqual(
      [
        'GET /api/account-manager',
        'GET /api/analytics/projects',
        'GET /api/analytics/projects/ROUTE',
        'GET /api/analytics/projects/PORTAL',
        'GET /api/auth/me',
        'GET /api/requests?scope=company&status=submitted%2Cin_progress%2Cwaiting_for_you&page=1&pageSize=100',
        'POST /api/hubspot',
        'POST /api/profile',
      ].sort(),
    );
    for (const [call, answer] of Object.entries(answers ?? {})) {
      const [method, path] = call.split(' ') as [string, string];
      const own = method === 'GET' ? await demo.get(path, cookie) : await demo.post(path, {}, cookie);
      expect(answer, call).toEqual({ status: 200, body: own.body });
    }
  });

  it("carry a page's own record only when it is the visitor's company's", async () => {
    const acme = await demo.signIn(ACME_USER);
    const globex = await demo.signIn(GLOBEX_USER);
    const acmeKey = (await demo.get('/api/requests', acme).expect(200)).body.items[0].key as string;
    const globexKey = (await demo.get('/api/requests', globex).expect(200)).body.items[0].key as string;

    const own = answersIn((await demo.get(`/portal/requests/${acmeKey}`, acme).expect(200)).text) ?? {};
    expect(own[`GET /api/requests/${acmeKey}`]?.status).toBe(200);
    expect(own['GET /api/requests/meta']?.status).toBe(200);

    const other = answersIn((await demo.get(`/portal/requests/${globexKey}`, acme).expect(200)).text) ?? {};
    expect(other).toHaveProperty(['GET /api/auth/me']);
    expect(other).not.toHaveProperty([`GET /api/requests/${globexKey}`]);
    expect(JSON.stringify(other)).not.toContain(globexKey);

    // A path that is not a request key asks for nothing of its own.
    const odd = answersIn((await demo.get('/portal/requests/auth%2Fme', acme).expect(200)).text) ?? {};
    expect(Object.keys(odd).filter((call) => call.startsWith('GET /api/requests'))).toEqual([]);
  });

  it('are only "no session" for a stale cookie or none', async () => {
    const name = demo.host.config.auth.cookieName;
    const stale = await demo.get('/portal/dashboard', `${name}=not-a-session`).expect(200);
    expect(answersIn(stale.text)).toEqual({ 'GET /api/auth/me': { status: 204 } });
    // No cookie, no session: said without asking, on a page that is the same for every such visitor.
    const none = await demo.get('/portal/dashboard').expect(200);
    expect(answersIn(none.text)).toEqual({ 'GET /api/auth/me': { status: 204 } });
    expect(none.headers['cache-control']).toBe('no-cache');
  });

  it('are the session and the company list for staff who act for no company yet', async () => {
    const staff = await demo.signIn(STAFF_USER);
    const answers = answersIn((await demo.get('/portal/dashboard', staff).expect(200)).text) ?? {};
    expect(Object.keys(answers).sort()).toEqual(['GET /api/auth/companies', 'GET /api/auth/me']);
  });

  it("lists the page's code for the browser to fetch beside the entry, under the base path", async () => {
    const links = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const dashboard = await demo.get('/portal/dashboard').expect(200);
    expect(links(dashboard.text)).toEqual([
      '/portal/assets/DashboardPage-a1.js',
      '/portal/assets/Card-b2.js',
      '/portal/assets/RelatedRequests-c3.js',
    ]);
    // A request's page needs the list's code and the request's; what is not an asset of the build is left out.
    const request = await demo.get('/portal/requests/ACME-1').expect(200);
    expect(links(request.text)).toEqual([
      '/portal/assets/RequestsPage-d4.js',
      '/portal/assets/RequestDetailPage-e5.js',
    ]);
    expect(links((await demo.get('/portal/no-such-page').expect(200)).text)).toEqual([]);
  });
});
