import { createPortalFixtures } from './fixtures/portal.js';
import { createHmac } from 'node:crypto';
import type { HttpHandler } from 'msw';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AnyRoute } from '../route-types.js';
import { fillPath, type RouteId, routeIds, routes } from '../routes.js';
import { problemSchema } from '../schemas/common.js';
import {
  createMockFetch,
  handlers,
  MOCK_STATES,
  type MockState,
  type MockStates,
  routeHandler,
} from './handlers.js';
import { INGEST_FIXTURE } from './fixtures/ingest.js';
import { SCENARIOS, scenario } from './scenarios.js';

const BASE = 'http://mock.test';

/** A valid request for each route (the contract kit sends the same ones to real backends). */
type MockCall = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
};

const BEARER = { authorization: `Bearer ${INGEST_FIXTURE.token}` };
const WEBHOOK_TARGET = {
  'x-github-hook-installation-target-type': INGEST_FIXTURE.webhook.targetType,
  'x-github-hook-installation-target-id': INGEST_FIXTURE.webhook.targetId,
};
const DEPLOYMENT = {
  externalId: 'run-1',
  environment: 'production',
  status: 'success',
  finishedAt: '2026-03-01T10:00:00Z',
};

const REQUESTS: Record<RouteId, MockCall> = {
  session: {},
  loginRedirect: { query: { returnTo: '/home' } },
  signIn: { body: { email: 'maya.okafor@northwind.example', password: 'portal-demo' } },
  authCallback: { query: { code: 'abc', state: 'xyz' } },
  logoutRedirect: {},
  signOut: { body: {} },
  staffCompanies: {},
  actAs: { body: { companyId: '88001' } },
  projects: {},
  profile: { body: {} },
  crm: { body: {} },
  talent: {},
  talentAssociations: { body: { contactId: '51234' } },
  teams: {},
  accountManager: {},
  analyticsProjects: {},
  projectAnalytics: { params: { projectKey: 'PORTAL' } },
  githubOrganisations: { query: { projectId: '9001' } },
  githubRepositories: { query: { projectId: '9001' } },
  dora: { query: { projectKey: 'PORTAL', grain: 'month' } },
  doraEvents: { params: { projectKey: 'PORTAL', metric: 'changeFailureRate' }, query: { pageSize: '20' } },
  aiUsage: { query: { jiraProjectKey: 'PORTAL' } },
  signedUrl: { body: { fileId: 'file_0001' } },
  documents: {},
  knowledgeBase: {},
  knowledgeBaseSearch: { query: { q: 'dora' } },
  knowledgeBaseArticle: { params: { slug: 'reading-dora-metrics' } },
  ingestDeployments: { headers: BEARER, body: { events: [DEPLOYMENT] } },
  ingestChanges: {
    headers: BEARER,
    body: {
      events: [{ externalId: '42', repository: 'northwind/portal', mergedAt: '2026-03-01T09:00:00Z' }],
    },
  },
  ingestIncidents: {
    headers: BEARER,
    body: { events: [{ externalId: 'INC-1', openedAt: '2026-03-01T11:00:00Z' }] },
  },
  ingestPushes: {
    headers: BEARER,
    body: { events: [{ repository: 'northwind/portal', ref: 'main', commits: ['abcdef1'] }] },
  },
  githubWebhook: {
    headers: { ...WEBHOOK_TARGET, 'x-github-event': 'ping', 'x-github-delivery': 'delivery-1' },
    body: { zen: 'Keep it logically awesome.', hook_id: 1 },
  },
  syncStatus: {},
  requestMeta: {},
  requests: { query: { scope: 'company' } },
  createRequest: { body: { type: 'question', title: 'Can we add a stand-up?' } },
  requestSettings: { body: { defaultVisibility: 'company' } },
  requestsExport: {},
  request: { params: { key: 'NORTH-1' } },
  requestAction: {
    params: { key: 'NORTH-2' },
    headers: { 'if-match': '"3"' },
    body: { action: 'answer', comment: 'Thursdays at 10:00, please.' },
  },
  updateRequest: {
    params: { key: 'NORTH-3' },
    headers: { 'if-match': '"3"' },
    body: { visibility: 'company' },
  },
  requestComment: { params: { key: 'NORTH-1' }, body: { body: 'Thanks!' } },
  requestParticipant: { params: { key: 'NORTH-1' }, body: { userId: 'user_01HZX3K9S5' } },
  requestHistory: { params: { key: 'NORTH-1' } },
  requestAttachments: { params: { key: 'NORTH-1' }, body: 'multipart' },
  requestAttachmentLink: { params: { key: 'NORTH-1', attachmentId: 'att_1_1' } },
  requestAttachmentSave: { params: { key: 'NORTH-4', attachmentId: 'att_4_1' } },
  staffRequestQueue: {},
  staffRequestQueueOptions: {},
};

/** Signs a webhook body as GitHub does, with the mock webhook's secret. */
const sign = (body: string) =>
  `sha256=${createHmac('sha256', INGEST_FIXTURE.webhook.secret).update(body).digest('hex')}`;

function send(list: HttpHandler[], id: RouteId, override: Partial<MockCall> = {}) {
  const route: AnyRoute = routes[id];
  const req = { ...REQUESTS[id], ...override };
  const search = new URLSearchParams(req.query).toString();
  if (req.body === 'multipart') {
    const form = new FormData();
    form.append('file', new File(['%PDF-1.7 mock'], 'plan.pdf', { type: 'application/pdf' }));
    return createMockFetch(list)(`${BASE}${fillPath(route.path, req.params)}`, {
      method: 'POST',
      body: form,
    });
  }
  const body = JSON.stringify(req.body ?? {});
  const signature: Record<string, string> =
    route.auth === 'githubSignature' ? { 'x-hub-signature-256': sign(body) } : {};
  return createMockFetch(list)(`${BASE}${fillPath(route.path, req.params)}${search ? `?${search}` : ''}`, {
    method: route.method,
    ...(route.method === 'POST'
      ? { headers: { 'content-type': 'application/json', ...signature, ...req.headers }, body }
      : { headers: req.headers ?? {} }),
  });
}

const SUCCESS_STATUS: Record<AnyRoute['kind'], number> = {
  json: 200,
  redirect: 302,
  noContent: 204,
  file: 200,
};
const EMPTY_IS_404: ReadonlySet<RouteId> = new Set([
  'aiUsage',
  'signedUrl',
  'knowledgeBaseArticle',
  'request',
]);
const PUBLIC: ReadonlySet<RouteId> = new Set([
  'loginRedirect',
  'signIn',
  'authCallback',
  'logoutRedirect',
  'signOut',
]);

function expectedStatus(id: RouteId, state: MockState): number {
  const route: AnyRoute = routes[id];
  switch (state) {
    case 'success':
    case 'slow':
      return route.kind === 'json' && route.created ? 201 : SUCCESS_STATUS[route.kind];
    case 'empty':
      if (route.kind === 'json' && route.created) return 201;
      return id === 'session' ? 204 : EMPTY_IS_404.has(id) ? 404 : SUCCESS_STATUS[route.kind];
    case 'signedOut':
      return id === 'session' ? 204 : PUBLIC.has(id) ? SUCCESS_STATUS[route.kind] : 401;
    case 'forbidden':
      return 403;
    case 'notFound':
      return 404;
    case 'error':
      return 500;
    default:
      return 200; // malformed
  }
}

describe('MSW handlers serve every route in every state', () => {
  const served = MOCK_STATES.filter((s) => s !== 'loading' && s !== 'networkError');
  describe.each(routeIds)('%s', (id) => {
    it.each(served)('%s', async (state) => {
      // Fresh fixtures: the requests' mock backend keeps state (an action bumps the version).
      const response = await send(
        handlers({ [id]: state }, { slowMs: 5, fixtures: createPortalFixtures() }),
        id,
      );
      expect(response.status).toBe(expectedStatus(id, state));
      const route: AnyRoute = routes[id];
      const text = await response.text();
      if (response.status >= 400) {
        expect(response.headers.get('content-type')).toContain('application/problem+json');
        expect(problemSchema.parse(JSON.parse(text)).status).toBe(response.status);
      } else if (route.kind === 'json' && (response.status === 200 || response.status === 201)) {
        const valid = route.response.safeParse(JSON.parse(text)).success;
        expect(valid).toBe(state !== 'malformed');
      } else if (state === 'malformed') {
        expect(response.headers.get('content-type')).toContain('text/html');
      }
    });

    it('networkError fails without a response', async () => {
      await expect(send(handlers({ [id]: 'networkError' }), id)).rejects.toThrow(TypeError);
    });

    it('loading never answers', async () => {
      const outcome = await Promise.race([
        send(handlers({ [id]: 'loading' }), id).then(() => 'answered'),
        new Promise((resolve) => setTimeout(resolve, 50, 'pending')),
      ]);
      expect(outcome).toBe('pending');
    });
  });
});

describe('the mock backend enforces the contract on requests', () => {
  const all = handlers();
  it('refuses unknown fields of strict bodies, bad queries and non-JSON bodies', async () => {
    expect((await send(all, 'signedUrl', { body: { fileId: 'file_0001', extra: 1 } })).status).toBe(400);
    expect((await send(all, 'dora', { query: { projectKey: 'PORTAL', grain: 'year' } })).status).toBe(400);
    expect(
      (await send(all, 'dora', { query: { projectKey: 'PORTAL', from: '2026-02-01', to: '2026-01-01' } }))
        .status,
    ).toBe(400);
    const text = await createMockFetch(all)(`${BASE}/api/create-signed-url`, {
      method: 'POST',
      body: 'fileId=x',
    });
    expect(text.status).toBe(415);
  });

  it('answers 400 naming the field and the rule, with the route’s own schemas', async () => {
    const problem = async (response: Response) => {
      expect(response.status).toBe(400);
      return (await response.json()).errors;
    };
    expect(
      await problem(await send(all, 'dora', { query: { projectKey: 'PORTAL', from: '2023-02-30' } })),
    ).toEqual([{ path: 'from', message: 'must be a real calendar date' }]);
    expect(await problem(await send(all, 'signedUrl', { body: { fileId: 'file_0001\u0000' } }))).toEqual([
      { path: 'fileId', message: 'must not contain NUL characters' },
    ]);
    expect(
      await problem(
        await send(all, 'knowledgeBaseArticle', { params: { slug: 'reading-dora-metrics\u202e' } }),
      ),
    ).toMatchObject([{ path: 'slug' }]);
    const proto = await createMockFetch(all)(`${BASE}/api/create-signed-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"fileId":"file_0001","__proto__":{"polluted":true}}',
    });
    expect((await problem(proto))[0].message).toContain('__proto__');
  });

  it('refuses a parameter given twice, as the host’s query parser does', async () => {
    const twice = await createMockFetch(all)(`${BASE}/api/analytics/dora?projectKey=PORTAL&projectKey=ROUTE`);
    expect(twice.status).toBe(400);
    expect((await twice.json()).errors[0].path).toBe('projectKey');
    const grains = await createMockFetch(all)(
      `${BASE}/api/analytics/dora?projectKey=PORTAL&grain=day&grain=week`,
    );
    expect(grains.status).toBe(400);
  });

  it('hands the parsed request to the route mocks (trimmed search, unknown parameters dropped)', async () => {
    const response = await send(all, 'knowledgeBaseSearch', { query: { q: '  dora  ', cacheBust: '1' } });
    expect((await response.json()).query).toBe('dora');
  });

  it('answers 404 for ids that are not the caller’s company’s', async () => {
    expect((await send(all, 'dora', { query: { projectKey: 'NOPE' } })).status).toBe(404);
    expect((await send(all, 'projectAnalytics', { params: { projectKey: 'NOPE' } })).status).toBe(404);
    expect((await send(all, 'githubRepositories', { query: { projectId: '1' } })).status).toBe(404);
    expect((await send(all, 'talentAssociations', { body: { contactId: 999 } })).status).toBe(404);
    expect((await send(all, 'signedUrl', { body: { fileId: 'file_9999' } })).status).toBe(404);
  });

  it('keeps returnTo on the same origin and checks sign-in credentials', async () => {
    const evil = await send(all, 'loginRedirect', { query: { returnTo: '//evil.example/x' } });
    expect(evil.headers.get('location')).toBe('/');
    const wrong = await send(all, 'signIn', {
      body: { email: 'maya.okafor@northwind.example', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
  });

  it('marks the session response no-store', async () => {
    expect((await send(all, 'session')).headers.get('cache-control')).toBe('no-store');
  });

  it('matches a given base URL only', async () => {
    const only = [routeHandler('teams', 'success', { baseUrl: 'http://api.example' })];
    expect((await createMockFetch(only)('http://api.example/api/teams')).status).toBe(200);
    expect((await createMockFetch(only)('http://other.example/api/teams')).status).toBe(404);
  });
});

describe('scenarios', () => {
  it.each(Object.keys(SCENARIOS) as (keyof typeof SCENARIOS)[])(
    '%s has a handler for every route',
    (name) => {
      expect(scenario(name)).toHaveLength(routeIds.length);
    },
  );

  it('signedOut answers 204 for the session and 401 for data', async () => {
    const list = scenario('signedOut');
    expect((await send(list, 'session')).status).toBe(204);
    expect((await send(list, 'crm')).status).toBe(401);
  });

  it('takes per-route overrides', async () => {
    const list = scenario('newCustomer', { teams: 'error' });
    expect((await send(list, 'teams')).status).toBe(500);
    expect(await (await send(list, 'documents')).json()).toEqual({ documents: [] });
  });

  it('types states and scenario names', () => {
    expectTypeOf<MockStates['dora']>().toEqualTypeOf<MockState | undefined>();
    // @ts-expect-error: not a state
    handlers({ dora: 'broken' });
    // @ts-expect-error: not a route
    handlers({ nope: 'success' });
    // @ts-expect-error: not a scenario
    scenario('sunny');
  });
});
