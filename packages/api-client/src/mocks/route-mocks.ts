import { resolveAnalyticsRange } from '../analytics-range.js';
import { safeReturnTo } from '../return-to.js';
import type { RouteId } from '../routes.js';
import { emptyProfileFixture } from './fixtures/company.js';
import { emptyCrmFixture } from './fixtures/crm.js';
import { doraEventsMock, doraMock } from './dora-route-mocks.js';
import { doraMetricsFromHistory } from './fixtures/dora.js';
import type { PortalFixtures } from './fixtures/portal.js';
import { emptySyncStatusFixture, syncStatusFixture } from './fixtures/sync-status.js';
import { githubDelivery, ingestBatch } from './machine-routes.js';
import { json, type MockReply, notFound } from './replies.js';

/** A request after validation against the route's schemas. */
export interface MockRequest {
  fixtures: PortalFixtures;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  /** Request headers, lower-case names (validated where the route declares them). */
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

interface RouteMock {
  success: (req: MockRequest) => MockReply;
  /** "Nothing there yet": empty lists, a brand-new customer, or 404 where the route has no empty form. */
  empty: (req: MockRequest) => MockReply;
}

const SESSION_COOKIE = 'portal_session';
const NO_STORE = { 'cache-control': 'no-store' };
const same = (mock: RouteMock['success']): RouteMock => ({ success: mock, empty: mock });
const orNotFound = <T>(value: T | null, what: string) =>
  value === null ? notFound(`No ${what} for this company.`) : json(value);

const range = (req: MockRequest) => resolveAnalyticsRange(req.query, req.fixtures.now);

function emptyProjectAnalytics(req: MockRequest): MockReply {
  const key = req.params.projectKey ?? '';
  const full = req.fixtures.projectAnalytics(key, req.query);
  const r = range(req);
  if (!full || !r) return notFound('No such project for this company.');
  const headline = doraMetricsFromHistory(key, new Map(), r, 'week').headline;
  return json({
    ...full,
    activity: {
      deployments: 0,
      pullRequestsMerged: 0,
      incidentsOpened: 0,
      openIncidents: 0,
      contributors: 0,
      repositories: 0,
      lastDeploymentAt: null,
    },
    dora: headline,
    performanceTier: null,
    aiTools: [],
    freshness: full.freshness.map((f) => ({ ...f, lastSyncedAt: null, dataThrough: null })),
  });
}

/** Per route: what the mock backend answers. The handlers add states, validation and transport. */
export const routeMocks: Record<RouteId, RouteMock> = {
  session: {
    success: ({ fixtures }) => json(fixtures.user, NO_STORE),
    empty: () => ({ type: 'noContent', headers: NO_STORE }),
  },
  loginRedirect: same(({ query }) => ({ type: 'redirect', location: safeReturnTo(query.returnTo) })),
  signIn: same(({ fixtures, body }) => {
    const { email, password, returnTo } = body as { email: string; password: string; returnTo?: string };
    if (email.toLowerCase() !== fixtures.credentials.email || password !== fixtures.credentials.password) {
      return {
        type: 'problem',
        status: 401,
        title: 'Unauthorized',
        detail: 'Email or password is incorrect.',
      };
    }
    return json(
      { user: fixtures.user, returnTo: safeReturnTo(returnTo) },
      { 'set-cookie': `${SESSION_COOKIE}=mock-session; Path=/; HttpOnly; SameSite=Lax` },
    );
  }),
  authCallback: same(() => ({ type: 'redirect', location: '/' })),
  logoutRedirect: same(({ query }) => ({ type: 'redirect', location: safeReturnTo(query.returnTo) })),
  signOut: same(() => ({
    type: 'noContent',
    headers: { 'set-cookie': `${SESSION_COOKIE}=; Path=/; Max-Age=0` },
  })),
  // The mock caller may act for the fixture company only (as staff would after choosing it).
  staffCompanies: {
    success: ({ fixtures }) =>
      json(
        {
          companies: [
            { id: fixtures.profile.profile.company.id, name: fixtures.profile.profile.company.name },
          ],
        },
        NO_STORE,
      ),
    empty: () => json({ companies: [] }, NO_STORE),
  },
  actAs: same(({ fixtures, body }) => {
    const { companyId } = body as { companyId: string | null };
    if (companyId === null) return json({ companyId: null, companyName: null });
    return companyId === fixtures.profile.profile.company.id
      ? json({ companyId, companyName: fixtures.profile.profile.company.name })
      : notFound('No such company.');
  }),
  projects: { success: ({ fixtures }) => json(fixtures.projects), empty: () => json({ data: [] }) },
  profile: { success: ({ fixtures }) => json(fixtures.profile), empty: () => json(emptyProfileFixture()) },
  crm: { success: ({ fixtures }) => json(fixtures.crm), empty: () => json(emptyCrmFixture()) },
  talent: {
    success: ({ fixtures }) => json(fixtures.talent),
    empty: () => json({ talent: [], uniqueSpecializations: [] }),
  },
  talentAssociations: {
    success: ({ fixtures, body }) =>
      fixtures.isContact(body.contactId as string)
        ? json(fixtures.talentAssociations)
        : notFound('No such contact.'),
    empty: ({ fixtures, body }) =>
      fixtures.isContact(body.contactId as string)
        ? json({ talent: [], uniqueSpecializations: [] })
        : notFound('No such contact.'),
  },
  teams: { success: ({ fixtures }) => json(fixtures.teams), empty: () => json({ teams: [] }) },
  accountManager: {
    success: ({ fixtures }) => json(fixtures.accountManager),
    empty: () => json({ accountManager: null }),
  },
  analyticsProjects: {
    success: ({ fixtures }) => json(fixtures.analyticsProjects),
    empty: () => json({ projects: [] }),
  },
  projectAnalytics: {
    success: (req) =>
      orNotFound(req.fixtures.projectAnalytics(req.params.projectKey ?? '', req.query), 'project'),
    empty: emptyProjectAnalytics,
  },
  githubOrganisations: {
    success: ({ fixtures, query }) => wrap(fixtures, query, 'organisations'),
    empty: ({ fixtures, query }) =>
      fixtures.github(query.projectId ?? '') ? json({ data: [] }) : notFound('No such project.'),
  },
  githubRepositories: {
    success: ({ fixtures, query }) => wrap(fixtures, query, 'repositories'),
    empty: ({ fixtures, query }) =>
      fixtures.github(query.projectId ?? '') ? json({ data: [] }) : notFound('No such project.'),
  },
  dora: doraMock,
  doraEvents: doraEventsMock,
  aiUsage: {
    // No data and "not yours" are both 404 by design; the client turns it into null.
    success: ({ fixtures, query }) =>
      orNotFound(fixtures.aiUsage(query.jiraProjectKey ?? '', query), 'AI usage data'),
    empty: () => notFound('No AI usage data for this project.'),
  },
  signedUrl: {
    success: ({ fixtures, body }) => orNotFound(fixtures.signedUrl(body.fileId as string), 'file'),
    empty: () => notFound('No such file.'),
  },
  documents: { success: ({ fixtures }) => json(fixtures.documents), empty: () => json({ documents: [] }) },
  knowledgeBase: {
    success: ({ fixtures, query }) => json(fixtures.knowledgeBase(query.category)),
    empty: () => json({ articles: [], categories: [] }),
  },
  knowledgeBaseSearch: {
    success: ({ fixtures, query }) => json(fixtures.searchKnowledgeBase(query.q ?? '')),
    empty: ({ query }) => json({ query: (query.q ?? '').trim(), results: [] }),
  },
  knowledgeBaseArticle: {
    success: ({ fixtures, params }) => {
      const article = fixtures.article(params.slug ?? '');
      return article ? json({ article }) : notFound('No such article.');
    },
    empty: () => notFound('No such article.'),
  },
  ingestDeployments: same(ingestBatch),
  ingestChanges: same(ingestBatch),
  ingestIncidents: same(ingestBatch),
  ingestPushes: same(ingestBatch),
  githubWebhook: same(githubDelivery),
  // As staff see it: the mock caller is let through, as for staffCompanies ('forbidden': a customer).
  syncStatus: {
    success: ({ fixtures }) => json(syncStatusFixture(fixtures.now), NO_STORE),
    empty: () => json(emptySyncStatusFixture(), NO_STORE),
  },
};

function wrap(
  fixtures: PortalFixtures,
  query: MockRequest['query'],
  what: 'organisations' | 'repositories',
): MockReply {
  const data = fixtures.github(query.projectId ?? '');
  return data ? json({ data: data[what] }) : notFound('No such project for this company.');
}
