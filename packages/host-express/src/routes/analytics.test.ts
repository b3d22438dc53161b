import { routes } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/index.js';
import { ANALYTICS_ROUTES } from '../test-support/analytics-routes.js';
import { ACME_USER, GLOBEX_USER, STAFF_USER, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

const { projectKey, projectId, foreign } = DEMO_FIXTURES;

/** The same routes asking for Globex's project. */
const FOREIGN = [
  `/api/analytics/projects/${foreign.projectKey}`,
  `/api/github/organisations?projectId=${foreign.projectId}`,
  `/api/github/repositories?projectId=${foreign.projectId}`,
  `/api/analytics/dora?projectKey=${foreign.projectKey}`,
  `/api/agents/windsurf?jiraProjectKey=${foreign.projectKey}`,
];

/** What must never appear in an answer to Acme: Globex's names, ids and logins. */
const GLOBEX_WORDS = ['globex', 'Storefront', 'SHOP', 'checkout-service'];

describe.each(featureStores)('analytics routes on $name', (kind) => {
  const demo = useDemoHost(kind);

  it('answer 401 without a session', async () => {
    for (const path of ANALYTICS_ROUTES) {
      const res = await demo.get(path).expect(401);
      expect(res.type).toBe('application/problem+json');
    }
  });

  it('answer 403 to staff until they act for a company, then that company’s data', async () => {
    const staff = await demo.signIn(STAFF_USER);
    for (const path of ANALYTICS_ROUTES) await demo.get(path, staff).expect(403);
    await demo.post('/api/auth/act-as', { companyId: foreign.companyId }, staff).expect(200);
    const res = await demo.get('/api/projects', staff).expect(200);
    expect(routes.projects.response.parse(res.body).data.map((p) => p.id)).toEqual([foreign.projectId]);
  });

  it('carry a weak ETag the browser revalidates with: 304 while the answer is the same', async () => {
    const acme = await demo.signIn(ACME_USER);
    for (const path of ANALYTICS_ROUTES) {
      const first = await demo.get(path, acme).expect(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await demo.get(path, acme).set('If-None-Match', `"other", ${etag}`).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
      // A reload that bypasses the cache, or another version, gets the whole answer.
      await demo.get(path, acme).set('If-None-Match', etag).set('Cache-Control', 'no-cache').expect(200);
      await demo.get(path, acme).set('If-None-Match', 'W/"1-AAAA"').expect(200);
    }
  });

  it('GET /api/projects lists the analytics projects that are also CRM projects, by key', async () => {
    const res = await demo.get('/api/projects', await demo.signIn(ACME_USER)).expect(200);
    expect(routes.projects.response.parse(res.body)).toEqual({
      data: [
        { id: 'acme-portal', name: 'Customer Portal Rebuild', jiraProjectKey: 'PORTAL' },
        { id: 'acme-route', name: 'Route Optimisation Engine', jiraProjectKey: 'ROUTE' },
      ],
    });
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('GET /api/analytics/projects lists every analytics project of the company, CRM or not', async () => {
    const res = await demo.get('/api/analytics/projects', await demo.signIn(ACME_USER)).expect(200);
    expect(routes.analyticsProjects.response.parse(res.body)).toEqual({
      projects: [
        { jiraProjectKey: 'FLEET', name: 'Fleet Telemetry' },
        { jiraProjectKey: 'PORTAL', name: 'Customer Portal Rebuild' },
        { jiraProjectKey: 'ROUTE', name: 'Route Optimisation Engine' },
      ],
    });
    const globex = await demo.get('/api/analytics/projects', await demo.signIn(GLOBEX_USER)).expect(200);
    expect(globex.body.projects).toEqual([{ jiraProjectKey: 'SHOP', name: 'Storefront Replatform' }]);
  });

  it('answer 404 with nothing of theirs for another company’s project', async () => {
    const acme = await demo.signIn(ACME_USER);
    for (const path of FOREIGN) {
      const res = await demo.get(path, acme).expect(404);
      expect(res.type).toBe('application/problem+json');
      for (const word of GLOBEX_WORDS) expect(res.text).not.toContain(word);
    }
    // Globex's own user gets them.
    const globex = await demo.signIn(GLOBEX_USER);
    for (const path of FOREIGN) await demo.get(path, globex).expect(200);
  });

  it('answer 404 for projects without analytics, unknown keys and keys that differ in case', async () => {
    const acme = await demo.signIn(ACME_USER);
    for (const key of ['WMS', 'NOPE', 'portal']) {
      await demo.get(`/api/analytics/projects/${key}`, acme).expect(404);
      await demo.get(`/api/analytics/dora?projectKey=${key}`, acme).expect(404);
      await demo.get(`/api/agents/windsurf?jiraProjectKey=${key}`, acme).expect(404);
    }
    // FLEET has delivery analytics but no AI usage: "no data" is a 404 too.
    await demo.get('/api/analytics/dora?projectKey=FLEET', acme).expect(200);
    await demo.get('/api/agents/windsurf?jiraProjectKey=FLEET', acme).expect(404);
    await demo.get('/api/github/organisations?projectId=no-such-project', acme).expect(404);
  });

  it('GET /api/github/organisations counts the project’s repositories per organisation', async () => {
    const acme = await demo.signIn(ACME_USER);
    const res = await demo.get(`/api/github/organisations?projectId=${projectId}`, acme).expect(200);
    const body = routes.githubOrganisations.response.parse(res.body);
    expect(body.data.map((o) => [o.login, o.repositoryCount])).toEqual([['acme-corp', 3]]);
    // An organisation connected for another project still owns FLEET's repository.
    const fleet = await demo.get('/api/github/organisations?projectId=acme-fleet', acme).expect(200);
    expect(fleet.body.data.map((o: { login: string; repositoryCount: number }) => o.repositoryCount)).toEqual(
      [1],
    );
    // A CRM project without a Jira key and without GitHub data: an empty list, not an error.
    const none = await demo.get('/api/github/organisations?projectId=acme-discovery', acme).expect(200);
    expect(none.body).toEqual({ data: [] });
  });

  it('GET /api/github/organisations sends no GitHub avatar address, only an image the host serves itself', async () => {
    const acme = await demo.signIn(ACME_USER);
    const organisations = async () =>
      routes.githubOrganisations.response.parse(
        (await demo.get(`/api/github/organisations?projectId=${projectId}`, acme).expect(200)).body,
      ).data;
    // The demo stores GitHub's address, as a connector given it would: the browser must not fetch it.
    const stored = await demo.store.db
      .selectFrom('github_organisations')
      .select(['id', 'avatar_url'])
      .where('login', '=', 'acme-corp')
      .executeTakeFirstOrThrow();
    expect(stored.avatar_url).toMatch(/^https:\/\/github\.com\//);
    expect((await organisations()).map((o) => o.avatarUrl)).toEqual([null]);
    // A data: URL (or a path of the host's own) is the host's to serve, and is passed on.
    const own = 'data:image/png;base64,iVBORw0KGgo=';
    const setAvatar = (url: string | null) =>
      demo.store.db
        .updateTable('github_organisations')
        .set({ avatar_url: url })
        .where('id', '=', stored.id)
        .execute();
    await setAvatar(own);
    try {
      expect((await organisations()).map((o) => o.avatarUrl)).toEqual([own]);
      await setAvatar('//avatars.githubusercontent.com/u/1');
      expect((await organisations()).map((o) => o.avatarUrl)).toEqual([null]);
    } finally {
      await setAvatar(stored.avatar_url);
    }
  });

  it('GET /api/github/repositories lists the project’s repositories with their owner, archived ones flagged', async () => {
    const acme = await demo.signIn(ACME_USER);
    const res = await demo.get(`/api/github/repositories?projectId=${projectId}`, acme).expect(200);
    const body = routes.githubRepositories.response.parse(res.body);
    expect(body.data.map((r) => r.fullName)).toEqual([
      'acme-corp/design-system',
      'acme-corp/portal-api',
      'acme-corp/portal-web',
    ]);
    expect(body.data.every((r) => r.organisation === 'acme-corp' && !r.archived)).toBe(true);
    const billing = await demo.get('/api/github/repositories?projectId=acme-billing', acme).expect(200);
    expect(routes.githubRepositories.response.parse(billing.body).data).toMatchObject([
      { fullName: 'acme-corp/legacy-billing', archived: true, pushedAt: expect.any(String) },
    ]);
  });

  it('refuse hostile and invalid queries with 400 problem+json, never 500', async () => {
    const acme = await demo.signIn(ACME_USER);
    const long = 'A'.repeat(5000);
    const bad = [
      '/api/analytics/dora',
      `/api/analytics/dora?projectKey=${projectKey}&projectKey=ROUTE`,
      `/api/analytics/dora?projectKey[a]=1`,
      `/api/analytics/dora?projectKey=${long}`,
      `/api/analytics/dora?projectKey=${projectKey}&grain=year`,
      `/api/analytics/dora?projectKey=${projectKey}&grain=day&grain=week`,
      `/api/analytics/dora?projectKey=${projectKey}&from=2025-02-30`,
      `/api/analytics/dora?projectKey=${projectKey}&from=yesterday`,
      `/api/analytics/dora?projectKey=${projectKey}&from=2025-06-10&to=2025-06-01`,
      `/api/analytics/dora?projectKey=${projectKey}&from=2020-01-01&to=2025-06-01`,
      `/api/analytics/dora?projectKey=${projectKey}&from=2025-06-17`,
      `/api/analytics/projects/${projectKey}?from=2025-06-10&to=2025-06-01`,
      `/api/analytics/projects/${projectKey}?to=${long}`,
      `/api/analytics/projects/${long}`,
      `/api/agents/windsurf?jiraProjectKey=${projectKey}&from=2021-01-01`,
      '/api/agents/windsurf?jiraProjectKey=',
      '/api/github/repositories',
      `/api/github/repositories?projectId=${projectId}&projectId=acme-route`,
      `/api/github/organisations?projectId=${long}`,
    ];
    for (const path of bad) {
      const res = await demo.get(path, acme);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.type).toBe('application/problem+json');
      expect(res.body.status).toBe(400);
    }
    // A malformed escape in the path is the client's mistake too.
    const malformed = await demo.get('/api/analytics/projects/%E0%A4%A', acme);
    expect(malformed.status).toBe(400);
  });

  it('accept a range of exactly the longest length (3 years)', async () => {
    const acme = await demo.signIn(ACME_USER);
    const res = await demo
      .get(`/api/analytics/dora?projectKey=${projectKey}&from=2022-06-16&to=2025-06-15&grain=month`, acme)
      .expect(200);
    expect(routes.dora.response.parse(res.body).labels).toHaveLength(37);
  });
});
