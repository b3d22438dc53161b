import { resolveAnalyticsRange } from '../analytics-range.js';
import { safeReturnTo } from '../return-to.js';
import type { RouteId } from '../routes.js';
import { emptyProfileFixture } from './fixtures/company.js';
import { emptyCrmFixture } from './fixtures/crm.js';
import { doraEventsMock, doraMock } from './dora-route-mocks.js';
import { doraMetricsFromHistory } from './fixtures/dora.js';
import type { PortalFixtures } from './fixtures/portal.js';
import { emptyRequestList } from './fixtures/requests.js';
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
  ...requestMocks(),
};

function requestNotFound(): MockReply {
  return notFound('No such request.');
}

function versionOf(headers: Record<string, string>): number {
  return Number((headers['if-match'] ?? '').replace(/\D/g, ''));
}

/** The requests tracker, served from the fixtures' in-memory requests (mocks/fixtures/requests.ts). */
function requestMocks(): Record<
  | 'requestMeta'
  | 'requests'
  | 'createRequest'
  | 'requestSettings'
  | 'requestsExport'
  | 'request'
  | 'requestAction'
  | 'updateRequest'
  | 'requestComment'
  | 'requestParticipant'
  | 'requestHistory'
  | 'requestAttachments'
  | 'requestAttachmentLink'
  | 'requestAttachmentSave'
  | 'staffRequestQueue'
  | 'staffRequestQueueOptions',
  RouteMock
> {
  const detail = (req: MockRequest) => {
    const found = req.fixtures.requests.get(req.params.key ?? '');
    return found ? json(found, { ...NO_STORE, etag: `"${found.version}"` }) : requestNotFound();
  };
  return {
    requestMeta: same(({ fixtures }) => json(fixtures.requests.meta(), NO_STORE)),
    requests: {
      success: ({ fixtures, query }) => json(fixtures.requests.list(query), NO_STORE),
      empty: ({ query }) => json(emptyRequestList(query), NO_STORE),
    },
    createRequest: same(({ fixtures, body }) => {
      const errors = fixtures.requests.check(body);
      if (errors.length) {
        return {
          type: 'problem',
          status: 400,
          title: 'Bad Request',
          detail: errors.map((e) => e.message).join(' '),
          errors,
        };
      }
      const created = fixtures.requests.create(body);
      return {
        type: 'json',
        status: 201,
        body: created,
        headers: { ...NO_STORE, location: `/api/requests/${created.key}` },
      };
    }),
    requestSettings: same(({ fixtures, body }) =>
      json(fixtures.requests.setDefaultVisibility(body.defaultVisibility as 'participants' | 'company')),
    ),
    requestsExport: same(({ fixtures, query }) => ({
      type: 'file',
      body: fixtures.requests.csv(query),
      contentType: 'text/csv; charset=utf-8',
      fileName: 'requests.csv',
    })),
    request: { success: detail, empty: requestNotFound },
    requestAction: same(({ fixtures, params, headers, body }) => {
      const outcome = fixtures.requests.act(
        params.key ?? '',
        versionOf(headers),
        body.action as Parameters<typeof fixtures.requests.act>[2],
        body.comment as string | undefined,
      );
      if (outcome === 'missing') return requestNotFound();
      if (outcome === 'stale') {
        return {
          type: 'problem',
          status: 412,
          title: 'Precondition Failed',
          detail: 'The request was changed by someone else; reload it and try again.',
        };
      }
      if (outcome === 'refused') {
        return { type: 'problem', status: 409, title: 'Conflict', detail: 'This action is not open now.' };
      }
      return json(outcome, NO_STORE);
    }),
    updateRequest: same((req) => {
      const found = req.fixtures.requests.get(req.params.key ?? '');
      if (!found) return requestNotFound();
      if (found.version !== versionOf(req.headers)) {
        return {
          type: 'problem',
          status: 412,
          title: 'Precondition Failed',
          detail: 'The request was changed by someone else; reload it and try again.',
        };
      }
      if (req.body.visibility) found.visibility = req.body.visibility as 'participants' | 'company';
      found.version += 1;
      return json(found, NO_STORE);
    }),
    requestComment: same(({ fixtures, params, body }) => {
      const found = fixtures.requests.comment(params.key ?? '', String(body.body));
      return found ? json(found, NO_STORE) : requestNotFound();
    }),
    requestParticipant: same(({ fixtures, params, body }) => {
      const found = fixtures.requests.participant(
        params.key ?? '',
        String(body.userId),
        body.remove === true,
      );
      return found ? json(found, NO_STORE) : requestNotFound();
    }),
    requestHistory: same(({ fixtures, params }) => {
      const found = fixtures.requests.history(params.key ?? '');
      return found ? json(found, NO_STORE) : requestNotFound();
    }),
    requestAttachments: same(({ fixtures, params, body }) => {
      const files = body.files as { name: string; type: string; size: number }[];
      const limit = fixtures.requests.meta().attachmentLimits.fileBytes;
      if (files.some((f) => f.size > limit)) {
        return {
          type: 'problem',
          status: 413,
          title: 'Content Too Large',
          detail: `Files can be at most ${Math.round(limit / 1024 / 1024)} MB each.`,
        };
      }
      const added = fixtures.requests.attach(params.key ?? '', files, body.replaces as string | undefined);
      return added ? json({ attachments: added }, NO_STORE) : requestNotFound();
    }),
    requestAttachmentLink: same(({ fixtures, params }) => {
      const attachment = fixtures.requests.attachment(params.key ?? '', params.attachmentId ?? '');
      if (!attachment) return notFound('No such attachment.');
      if (attachment.scan !== 'clean' && attachment.scan !== 'not_scanned') {
        return {
          type: 'problem',
          status: 409,
          title: 'Conflict',
          detail: 'The file is waiting for its virus scan.',
        };
      }
      const expires = new Date(fixtures.now.getTime() + 5 * 60_000).toISOString();
      const url = `/api/requests/${params.key}/attachments/${attachment.id}/file?sig=mock`;
      const preview =
        attachment.contentType === 'application/pdf' || attachment.contentType.startsWith('image/');
      return json({ url, expiresAt: expires, previewUrl: preview ? `${url}&inline=1` : null }, NO_STORE);
    }),
    requestAttachmentSave: same(({ fixtures, params }) => {
      const attachment = fixtures.requests.attachment(params.key ?? '', params.attachmentId ?? '');
      if (!attachment) return notFound('No such attachment.');
      attachment.savedToDocuments = true;
      return json(fixtures.requests.get(params.key ?? ''), NO_STORE);
    }),
    staffRequestQueue: {
      success: ({ fixtures, query }) => json(fixtures.requests.list(query, true), NO_STORE),
      empty: ({ query }) => json(emptyRequestList(query), NO_STORE),
    },
    staffRequestQueueOptions: same(({ fixtures }) => json(fixtures.requests.queueOptions(), NO_STORE)),
  };
}

function wrap(
  fixtures: PortalFixtures,
  query: MockRequest['query'],
  what: 'organisations' | 'repositories',
): MockReply {
  const data = fixtures.github(query.projectId ?? '');
  return data ? json({ data: data[what] }) : notFound('No such project for this company.');
}
