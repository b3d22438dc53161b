import { type RouteId, routeIds, routes } from '@client-portal/api-client';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildPdf, DEMO_FIXTURES, GLOBEX } from './store/demo/index.js';
import { ACME_USER, GLOBEX_USER, SAME_ORIGIN_HEADERS, useDemoHost } from './test-support/demo-host.js';
import { featureStores } from './test-support/stores.js';

// The host's security rules, across every data route at once: tenancy (another company's ids are
// 404 and nothing of theirs leaks into any body), the open-redirect rule, CSRF, and hostile bodies.
// Each route module has its own detailed tests; this file makes sure no route is left out.

type Input = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart upload (field "file") instead of a JSON body. */
  file?: { name: string; bytes: Buffer };
};

const own = DEMO_FIXTURES;
const foreign = DEMO_FIXTURES.foreign;

/** A successful request of every route that needs a session, with Acme's ids. */
const ACME_REQUESTS: Partial<Record<RouteId, Input>> = {
  staffCompanies: {},
  actAs: { body: { companyId: null } },
  projects: {},
  profile: { body: {} },
  crm: { body: {} },
  talent: {},
  talentAssociations: { body: { contactId: own.contactId } },
  teams: {},
  accountManager: {},
  analyticsProjects: {},
  projectAnalytics: { params: { projectKey: own.projectKey } },
  githubOrganisations: { query: { projectId: own.projectId } },
  githubRepositories: { query: { projectId: own.projectId } },
  dora: { query: { projectKey: own.projectKey, grain: 'month' } },
  doraEvents: {
    params: { projectKey: own.projectKey, metric: 'changeFailureRate' },
    query: { pageSize: '10' },
  },
  aiUsage: { query: { jiraProjectKey: own.projectKey } },
  documents: {},
  signedUrl: { body: { fileId: own.fileId } },
  knowledgeBase: {},
  knowledgeBaseSearch: { query: { q: own.searchQuery } },
  knowledgeBaseArticle: { params: { slug: own.articleSlug } },
  syncStatus: {},
  // The requests tracker (demo@acme.example is Acme's company admin); If-Match: the seed's versions.
  requestMeta: {},
  requests: { query: { scope: 'company' } },
  createRequest: { body: { type: 'question', title: 'Security check' } },
  requestsExport: { query: { scope: 'company' } },
  requestSettings: { body: { defaultVisibility: 'participants' } },
  request: { params: { key: own.requestKey } },
  requestAction: { params: { key: 'ACME-2' }, headers: { 'If-Match': '"4"' }, body: { action: 'confirm' } },
  updateRequest: {
    params: { key: 'ACME-4' },
    headers: { 'If-Match': '"6"' },
    body: { visibility: 'company' },
  },
  requestComment: { params: { key: own.requestKey }, body: { body: 'Security check' } },
  requestParticipant: { params: { key: own.requestKey }, body: { userId: 'u-acme-member' } },
  requestHistory: { params: { key: own.requestKey } },
  requestAttachments: {
    params: { key: own.requestKey },
    file: {
      name: 'check.pdf',
      bytes: buildPdf({ title: 'Security check', lines: ['x'], createdAt: new Date(0) }),
    },
  },
  requestAttachmentLink: { params: { key: own.requestKey, attachmentId: own.attachmentId } },
  requestAttachmentSave: { params: { key: own.requestKey, attachmentId: own.attachmentId } },
  staffRequestQueue: {},
  staffRequestQueueOptions: {},
};

/** Every route that takes an id, with Globex's. */
const FOREIGN_REQUESTS: [RouteId, Input][] = [
  ['projectAnalytics', { params: { projectKey: foreign.projectKey } }],
  ['dora', { query: { projectKey: foreign.projectKey } }],
  ['doraEvents', { params: { projectKey: foreign.projectKey, metric: 'deploymentFrequency' } }],
  ['aiUsage', { query: { jiraProjectKey: foreign.projectKey } }],
  ['githubOrganisations', { query: { projectId: foreign.projectId } }],
  ['githubRepositories', { query: { projectId: foreign.projectId } }],
  ['talentAssociations', { body: { contactId: foreign.contactId } }],
  ['signedUrl', { body: { fileId: foreign.fileId } }],
  ['knowledgeBaseArticle', { params: { slug: foreign.articleSlug } }],
  ['request', { params: { key: foreign.requestKey } }],
  ['requestHistory', { params: { key: foreign.requestKey } }],
  ['requestComment', { params: { key: foreign.requestKey }, body: { body: 'Hello' } }],
  [
    'requestAction',
    { params: { key: foreign.requestKey }, headers: { 'If-Match': '"1"' }, body: { action: 'cancel' } },
  ],
  ['requestAttachmentLink', { params: { key: foreign.requestKey, attachmentId: own.attachmentId } }],
];

const STRICT_POSTS: RouteId[] = [
  'talentAssociations',
  'signedUrl',
  'actAs',
  'createRequest',
  'requestAction',
  'updateRequest',
  'requestComment',
  'requestParticipant',
  'requestSettings',
];
const STAFF_ONLY: RouteId[] = [
  'staffCompanies',
  'actAs',
  'syncStatus',
  'staffRequestQueue',
  'staffRequestQueueOptions',
];
/** Routes whose success is 201 Created. */
const CREATED: RouteId[] = ['createRequest'];

function urlOf(id: RouteId, input: Input): string {
  const path = routes[id].path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(input.params?.[name] ?? ''),
  );
  const search = new URLSearchParams(input.query ?? {}).toString();
  return search ? `${path}?${search}` : path;
}

describe.each(featureStores)('security across every route on $name', (kind) => {
  const demo = useDemoHost(kind);

  const send = (id: RouteId, input: Input, cookie: string) => {
    if (input.file) {
      return request(demo.host.app)
        .post(urlOf(id, input))
        .set({ ...SAME_ORIGIN_HEADERS, Cookie: cookie })
        .attach('file', input.file.bytes, input.file.name);
    }
    const req =
      routes[id].method === 'GET'
        ? demo.get(urlOf(id, input), cookie)
        : demo.post(urlOf(id, input), input.body ?? {}, cookie);
    return input.headers ? req.set(input.headers) : req;
  };

  /** Strings that only Globex's records hold: names, ids, keys, emails, titles. */
  async function globexStrings(): Promise<string[]> {
    const db = demo.store.db;
    const of = GLOBEX;
    const rows = await Promise.all([
      db.selectFrom('companies').select(['id', 'name']).where('id', '=', of).execute(),
      db.selectFrom('contacts').select(['id', 'email', 'last_name']).where('company_id', '=', of).execute(),
      db.selectFrom('projects').select(['id', 'name', 'jira_key']).where('company_id', '=', of).execute(),
      db.selectFrom('deals').select(['id', 'name']).where('company_id', '=', of).execute(),
      db.selectFrom('documents').select(['id', 'title', 'file_name']).where('company_id', '=', of).execute(),
      db.selectFrom('github_organisations').select(['id', 'login']).where('company_id', '=', of).execute(),
      db.selectFrom('github_repositories').select(['id', 'full_name']).where('company_id', '=', of).execute(),
      db.selectFrom('kb_articles').select(['slug', 'title']).where('company_id', '=', of).execute(),
      db.selectFrom('teams').select(['id', 'name']).where('company_id', '=', of).execute(),
      db.selectFrom('requests').select(['id', 'key', 'title']).where('company_id', '=', of).execute(),
    ]);
    const values = rows.flat().flatMap((row) => Object.values(row));
    return [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length >= 4))];
  }

  it('covers every route that needs a session', () => {
    const sessionRoutes = routeIds.filter((id) => routes[id].auth === 'session');
    expect(sessionRoutes.filter((id) => !(id in ACME_REQUESTS))).toEqual([]);
  });

  it('answers Acme from Acme’s records only: no Globex string in any body', async () => {
    const cookie = await demo.signIn(ACME_USER);
    const secrets = await globexStrings();
    expect(secrets.length).toBeGreaterThan(20);
    for (const [id, input] of Object.entries(ACME_REQUESTS) as [RouteId, Input][]) {
      const res = await send(id, input, cookie);
      // Customers are refused the staff routes; every other route answers.
      const status = STAFF_ONLY.includes(id) ? 403 : CREATED.includes(id) ? 201 : 200;
      expect({ id, status: res.status }).toEqual({ id, status });
      const route = routes[id];
      if (route.kind === 'json' && status < 300) route.response.parse(res.body);
      const leaked = secrets.filter((s) => res.text.includes(s));
      expect({ id, leaked }).toEqual({ id, leaked: [] });
    }
  });

  it('answers another company’s ids with 404, saying nothing of them', async () => {
    const cookie = await demo.signIn(ACME_USER);
    const secrets = await globexStrings();
    for (const [id, input] of FOREIGN_REQUESTS) {
      const res = await send(id, input, cookie);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect({ id, leaked: secrets.filter((s) => res.text.includes(s)) }).toEqual({ id, leaked: [] });
    }
    // And the other way round: Globex cannot reach Acme's ids.
    const globex = await demo.signIn(GLOBEX_USER);
    for (const [id, input] of FOREIGN_REQUESTS) {
      const mirrored = JSON.parse(
        JSON.stringify(input)
          .replaceAll(foreign.projectKey, own.projectKey)
          .replaceAll(foreign.projectId, own.projectId)
          .replaceAll(foreign.contactId, own.contactId)
          .replaceAll(foreign.fileId, own.fileId)
          .replaceAll(foreign.requestKey, own.requestKey)
          .replaceAll(foreign.articleSlug, `${own.articleSlug}-not-public`),
      ) as Input;
      expect({ id, status: (await send(id, mirrored, globex)).status }).toEqual({ id, status: 404 });
    }
  });

  it('never redirects off-origin, whatever returnTo says', async () => {
    for (const evil of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      const login = await demo.get(`/api/auth/login?returnTo=${encodeURIComponent(evil)}`);
      expect(login.status).toBe(302);
      expect(login.headers.location).toBe('/auth/signin?returnTo=%2F');
      const logout = await demo
        .get(`/api/auth/logout?returnTo=${encodeURIComponent(evil)}`)
        .set('Sec-Fetch-Site', 'same-origin');
      expect(logout.headers.location).toBe('/');
      const signIn = await demo.post('/api/auth/login', {
        email: ACME_USER,
        password: 'demo-password',
        returnTo: evil,
      });
      expect(signIn.body.returnTo).toBe('/');
    }
  });

  it('refuses state-changing requests from another site', async () => {
    const cookie = await demo.signIn(ACME_USER);
    for (const id of routeIds.filter((r) => routes[r].method === 'POST' && routes[r].auth === 'session')) {
      const res = await request(demo.host.app)
        .post(urlOf(id, ACME_REQUESTS[id] ?? {}))
        .set({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Cookie: cookie })
        .send((ACME_REQUESTS[id]?.body ?? {}) as object);
      expect({ id, status: res.status }).toEqual({ id, status: 403 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('answers hostile bodies with 4xx problem+json, never 5xx', async () => {
    const cookie = await demo.signIn(ACME_USER);
    const posts = routeIds.filter((r) => routes[r].method === 'POST' && routes[r].auth === 'session');
    const huge = { padding: 'x'.repeat(2 * 1024 * 1024) };
    for (const id of posts) {
      const url = urlOf(id, ACME_REQUESTS[id] ?? {});
      const raw = (body: string, type: string) =>
        request(demo.host.app)
          .post(url)
          .set({ ...SAME_ORIGIN_HEADERS, Cookie: cookie, 'Content-Type': type })
          .send(body);
      const cases = [
        ['malformed JSON', await raw('{"contactId": ', 'application/json')],
        ['form body', await raw('fileId=1', 'application/x-www-form-urlencoded')],
        ['oversized', await demo.post(url, huge, cookie)],
        ['wrong types', await demo.post(url, { contactId: [1], fileId: { $ne: 1 }, companyId: 7 }, cookie)],
        ...(STRICT_POSTS.includes(id)
          ? [
              [
                'unknown field',
                await demo.post(url, { ...(ACME_REQUESTS[id]?.body as object), isAdmin: true }, cookie),
              ] as const,
            ]
          : []),
      ] as const;
      for (const [name, res] of cases) {
        const ok = res.status >= 400 && res.status < 500;
        // Routes whose body is ignored may accept "wrong types"; everything else must refuse.
        if (name === 'wrong types' && !STRICT_POSTS.includes(id) && res.status === 200) continue;
        expect({ id, name, status: res.status, ok }).toEqual({ id, name, status: res.status, ok: true });
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    }
  });
});
