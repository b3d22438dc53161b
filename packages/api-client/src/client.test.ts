import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.js';
import { isRequestError, RequestError } from './errors.js';
import { createPortalFixtures } from './mocks/fixtures/portal.js';
import { handlers, routeHandler } from './mocks/handlers.js';

const BASE = 'http://api.test';
const fixtures = createPortalFixtures();
const server = setupServer(...handlers({}, { baseUrl: BASE, fixtures }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = createApiClient({ baseUrl: BASE, retryLimit: 0 });
const use = (...args: Parameters<typeof routeHandler>) =>
  server.use(routeHandler(args[0], args[1], { baseUrl: BASE, fixtures, slowMs: 10, ...args[2] }));

async function rejection(promise: Promise<unknown>): Promise<RequestError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return error as RequestError;
}

describe('createApiClient against the package’s own MSW handlers', () => {
  it('returns validated data for every JSON route', async () => {
    expect(await client.getSession()).toEqual(fixtures.user);
    expect(await client.getProfile({ user: fixtures.user })).toEqual(fixtures.profile);
    expect(await client.getCrm({ profileData: fixtures.profile })).toEqual(fixtures.crm);
    expect(await client.getProjects()).toEqual(fixtures.projects);
    expect(await client.getTalent()).toEqual(fixtures.talent);
    expect(await client.getTalentAssociations(fixtures.ids.contactId)).toEqual(fixtures.talentAssociations);
    expect(await client.getTeams()).toEqual(fixtures.teams);
    expect(await client.getAccountManager()).toEqual(fixtures.accountManager);
    expect(await client.getAnalyticsProjects()).toEqual(fixtures.analyticsProjects);
    expect(await client.getProjectAnalytics('PORTAL')).toEqual(fixtures.projectAnalytics('PORTAL'));
    expect((await client.getGithubOrganisations('9001')).data.map((o) => o.login)).toEqual([
      'northwind',
      'northwind-labs',
    ]);
    expect((await client.getGithubRepositories('9001')).data).toHaveLength(4);
    const dora = await client.getDoraMetrics({
      projectKey: 'PORTAL',
      from: '2026-01-01',
      to: '2026-01-31',
      grain: 'week',
    });
    expect(dora.labels[0]).toBe('2026-01-01');
    expect(dora.series.deploymentFrequency).toHaveLength(dora.labels.length);
    const usage = await client.getAiUsage({ jiraProjectKey: 'PORTAL' });
    expect(usage?.tools.map((t) => t.tool)).toEqual(['copilot', 'windsurf', 'cursor']);
    expect(await client.getDocuments()).toEqual(fixtures.documents);
    expect((await client.createSignedUrl(fixtures.ids.fileId)).url).toMatch(/^\/api\/files\/file_/);
    expect((await client.getKnowledgeBase()).articles.length).toBeGreaterThan(5);
    expect((await client.searchKnowledgeBase('dora')).results[0]?.article.slug).toBe('reading-dora-metrics');
    expect((await client.getKnowledgeBaseArticle('security-and-data')).article.body).toContain('# Security');
    expect(await client.signIn(fixtures.credentials)).toEqual({ user: fixtures.user, returnTo: '/' });
    await expect(client.signOut()).resolves.toBeUndefined();
  });

  it('sends the DORA report year and reads a page of the events behind a figure', async () => {
    const range = { from: '2026-01-01', to: '2026-02-28' };
    const tiers2021 = await client.getDoraMetrics({ projectKey: 'PORTAL', ...range, benchmark: 'dora-2021' });
    expect(tiers2021.performance.benchmark).toBe('dora-2021');
    expect((await client.getDoraMetrics({ projectKey: 'PORTAL', ...range })).performance.benchmark).toBe(
      'dora-2023',
    );

    const deployments = await client.getDoraEvents(
      { projectKey: 'PORTAL', metric: 'deploymentFrequency' },
      range,
    );
    expect(deployments).toMatchObject({ kind: 'deployments', list: 'deployments', page: 1, range });
    expect(deployments.total).toBe(tiers2021.headline.deploymentFrequency.deployments);

    const incidents = await client.getDoraEvents(
      { projectKey: 'PORTAL', metric: 'changeFailureRate' },
      { ...range, list: 'incidents', page: 1, pageSize: 2 },
    );
    expect(incidents.kind).toBe('incidents');
    expect(incidents.rows.length).toBeLessThanOrEqual(2);
    expect(incidents.pageSize).toBe(2);
    if (incidents.total > 2) {
      expect(incidents.nextPage).toBe(2);
      const second = await client.getDoraEvents(
        { projectKey: 'PORTAL', metric: 'changeFailureRate' },
        { ...range, list: 'incidents', page: 2, pageSize: 2 },
      );
      expect(second.page).toBe(2);
      expect(second.rows[0]?.id).not.toBe(incidents.rows[0]?.id);
    }
  });

  it('refuses a list the metric does not have (400) and an unknown project (404)', async () => {
    const wrongList = await rejection(
      client.getDoraEvents({ projectKey: 'PORTAL', metric: 'deploymentFrequency' }, { list: 'incidents' }),
    );
    expect(wrongList).toMatchObject({
      status: 400,
      routeId: 'doraEvents',
      message: 'Failed to load the events behind the DORA figure',
    });
    expect(wrongList.fieldErrors).toEqual([expect.objectContaining({ path: 'list' })]);
    const unknown = await rejection(
      client.getDoraEvents(
        { projectKey: 'NOPE', metric: 'reworkRate' },
        { from: '2026-01-01', to: '2026-01-31' },
      ),
    );
    expect(unknown.status).toBe(404);
  });

  it('builds sign-in and sign-out navigation URLs', () => {
    expect(client.loginUrl('/services/projects?tab=x')).toBe(
      `${BASE}/api/auth/login?returnTo=%2Fservices%2Fprojects%3Ftab%3Dx`,
    );
    expect(client.logoutUrl()).toBe(`${BASE}/api/auth/logout`);
    expect(createApiClient().loginUrl()).toBe('/api/auth/login');
  });

  it('maps 204 from /api/auth/me to null and 404 from the AI-usage route to null', async () => {
    use('session', 'signedOut');
    expect(await client.getSession()).toBeNull();
    expect(await client.getAiUsage({ jiraProjectKey: 'WMS' })).toBeNull();
    use('aiUsage', 'empty');
    expect(await client.getAiUsage({ jiraProjectKey: 'PORTAL' })).toBeNull();
  });

  it('uses the catalogue message and keeps the problem+json fields', async () => {
    use('dora', 'error');
    const error = await rejection(client.getDoraMetrics({ projectKey: 'PORTAL' }));
    expect(error).toMatchObject({
      name: 'RequestError',
      message: 'Failed to load DORA metrics',
      kind: 'http',
      status: 500,
      statusText: 'Internal Server Error',
      title: 'Internal Server Error',
      detail: 'Something went wrong on our side. Please try again.',
      type: 'about:blank',
      routeId: 'dora',
      method: 'GET',
    });
    expect(error.isTransient).toBe(true);
    expect(isRequestError(error)).toBe(true);
  });

  it.each([
    ['analyticsProjects', () => client.getAnalyticsProjects(), 'Failed to load analytics projects'],
    ['projectAnalytics', () => client.getProjectAnalytics('PORTAL'), 'Failed to load project analytics'],
    [
      'talentAssociations',
      () => client.getTalentAssociations('51234'),
      'Failed to fetch talent associations',
    ],
    ['aiUsage', () => client.getAiUsage({ jiraProjectKey: 'PORTAL' }), 'Failed to load Windsurf analytics'],
  ] as const)('%s fails with its catalogue message', async (id, call, message) => {
    use(id, 'forbidden');
    const error = await rejection(call());
    expect(error.message).toBe(message);
    expect(error.status).toBe(403);
  });

  it('uses the HTTP status text for the signed URL and routes without a catalogue entry', async () => {
    const notFound = await rejection(client.createSignedUrl('not-ours'));
    expect(notFound).toMatchObject({
      message: 'Not Found',
      status: 404,
      detail: 'No file for this company.',
    });
    use('profile', 'signedOut');
    const unauthorized = await rejection(client.getProfile());
    expect(unauthorized).toMatchObject({ message: 'Unauthorized', status: 401, isUnauthorized: true });
  });

  it('reports the field errors of a 400', async () => {
    const error = await rejection(client.getDoraMetrics({ projectKey: 'PORTAL', grain: 'year' as 'week' }));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual([expect.objectContaining({ path: 'grain' })]);
  });

  it('fails with status 0 and kind "network" when the request gets no response', async () => {
    use('teams', 'networkError');
    const error = await rejection(client.getTeams());
    expect(error).toMatchObject({ kind: 'network', status: 0, message: 'Network error', isTransient: true });
    use('dora', 'networkError');
    expect(await rejection(client.getDoraMetrics({ projectKey: 'PORTAL' }))).toMatchObject({
      kind: 'network',
      status: 0,
      message: 'Failed to load DORA metrics',
    });
  });

  it('turns a body that breaks the schema into a malformed-response error naming the paths', async () => {
    use('profile', 'malformed');
    const error = await rejection(client.getProfile());
    expect(error.kind).toBe('malformed-response');
    expect(error.status).toBe(200);
    expect(error.issues).toEqual([
      { path: 'profile.contact.id', message: expect.stringContaining('string') },
    ]);
    expect(error.message).toMatch(/^POST \/api\/profile: malformed response \(profile\.contact\.id: /);
    use('dora', 'malformed');
    const dora = await rejection(client.getDoraMetrics({ projectKey: 'PORTAL' }));
    expect(dora.message).toMatch(/^Failed to load DORA metrics: malformed response \(projectKey: /);
    expect(dora.isTransient).toBe(false);
  });

  it('resolves slow answers and passes cancellation through untouched', async () => {
    use('documents', 'slow');
    expect((await client.getDocuments()).documents.length).toBeGreaterThan(0);
    use('documents', 'loading');
    const controller = new AbortController();
    const pending = client.getDocuments({ signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(RequestError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('request shape', () => {
  const seen: Request[] = [];
  const record = (method: 'get' | 'post', path: string, body: object, status = 200) =>
    server.use(
      http[method](`${BASE}${path}`, ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json(body, { status });
      }),
    );
  afterEach(() => {
    seen.length = 0;
  });

  it('sends JSON bodies with Content-Type: application/json and no Authorization header', async () => {
    record('post', '/api/create-signed-url', {
      url: '/api/files/x?sig=1',
      expiresAt: '2026-03-02T09:35:00.000Z',
    });
    await client.createSignedUrl('file_0001');
    const request = seen[0]!;
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('authorization')).toBeNull();
    expect(await request.json()).toEqual({ fileId: 'file_0001' });
  });

  it('adds a bearer token only when getAccessToken returns one', async () => {
    record('get', '/api/auth/me', fixtures.user);
    let token: string | null = 'tok_123';
    const withToken = createApiClient({ baseUrl: BASE, getAccessToken: async () => token });
    await withToken.getSession();
    token = null;
    await withToken.getSession();
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual(['Bearer tok_123', null]);
  });

  it('staff: lists companies, acts for one and stops with null', async () => {
    record('get', '/api/auth/companies', { companies: [{ id: 'acme', name: 'Acme Corp' }] });
    expect(await client.getStaffCompanies()).toEqual({ companies: [{ id: 'acme', name: 'Acme Corp' }] });
    record('post', '/api/auth/act-as', { companyId: 'acme', companyName: 'Acme Corp' });
    expect(await client.actAs('acme')).toEqual({ companyId: 'acme', companyName: 'Acme Corp' });
    expect(await seen[1]!.json()).toEqual({ companyId: 'acme' });
    expect(seen[1]!.headers.get('content-type')).toBe('application/json');
    record('post', '/api/auth/act-as', { companyId: null, companyName: null });
    expect(await client.actAs(null)).toEqual({ companyId: null, companyName: null });
    expect(await seen[2]!.json()).toEqual({ companyId: null });
  });

  it('staff: act-as is never retried and keeps the host’s 404 for an unknown company', async () => {
    let sent = 0;
    server.use(
      http.post(`${BASE}/api/auth/act-as`, () => {
        sent += 1;
        return HttpResponse.json(
          { title: 'Not Found', status: 404, detail: 'There is no such company.' },
          { status: 404, headers: { 'content-type': 'application/problem+json' } },
        );
      }),
    );
    const error = await rejection(createApiClient({ baseUrl: BASE }).actAs('initech'));
    expect([error.status, error.detail, sent]).toEqual([404, 'There is no such company.', 1]);
  });

  it('sends the original portal’s compatibility bodies and POSTs `{}` when given nothing', async () => {
    record('post', '/api/profile', fixtures.profile);
    await client.getProfile();
    expect(await seen[0]!.json()).toEqual({});
    record('post', '/api/hubspot', fixtures.crm);
    await client.getCrm({ profileData: fixtures.profile });
    expect(await seen[1]!.json()).toEqual({ profileData: fixtures.profile });
  });

  it('retries an idempotent GET once on 503, never a POST', async () => {
    const retrying = createApiClient({ baseUrl: BASE, retryLimit: 1 });
    let gets = 0;
    let posts = 0;
    server.use(
      http.get(`${BASE}/api/teams`, () => {
        gets++;
        return gets === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json(fixtures.teams);
      }),
      http.post(`${BASE}/api/create-signed-url`, () => {
        posts++;
        return new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' });
      }),
    );
    expect(await retrying.getTeams()).toEqual(fixtures.teams);
    expect(gets).toBe(2);
    expect(await rejection(retrying.createSignedUrl('file_0001'))).toMatchObject({
      status: 503,
      message: 'Service Unavailable',
    });
    expect(posts).toBe(1);
  });

  it('does not retry GET /api/talent', async () => {
    const retrying = createApiClient({ baseUrl: BASE, retryLimit: 2 });
    let calls = 0;
    server.use(
      http.get(`${BASE}/api/talent`, () => {
        calls++;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    await rejection(retrying.getTalent());
    expect(calls).toBe(1);
  });
});
