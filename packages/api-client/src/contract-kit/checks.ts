import { type RouteId, routes } from '../routes.js';
import { machineRefusals } from './machine-checks.js';

/** Ids of real records of the signed-in caller's company on the backend under test. */
export interface ContractFixtures {
  /** A visible analytics project key (in the CRM projects and the analytics list). */
  projectKey: string;
  /** Its CRM project id (the GitHub routes' `projectId`). */
  projectId: string;
  /** A document id of the caller's company. */
  fileId: string;
  /** A knowledge base article slug. */
  articleSlug: string;
  /** The caller's contact id; read from POST /api/profile when left out. */
  contactId?: string;
  /** A word that the knowledge base search can run (default "dora"). */
  searchQuery?: string;
  /** A contact of another company: must be refused with 403 or 404. Skipped when left out. */
  foreignContactId?: string;
}

/** One request and what the contract says about its answer. */
export interface CheckSpec {
  name: string;
  routeId: RouteId;
  signedIn: boolean;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Extra request headers (an Authorization or webhook header). */
  headers?: Record<string, string>;
  /** JSON body; `rawBody` sends exact text with its content type instead. */
  body?: unknown;
  rawBody?: { text: string; contentType: string };
  /** A JSON body built from what earlier checks remembered. */
  bodyFrom?: (memory: Map<string, unknown>) => unknown;
  expect: readonly number[];
  /** Extra assertions on a 2xx answer; return failure messages. */
  assert?: (ctx: { response: Response; body: unknown; memory: Map<string, unknown> }) => string[];
  /** Stores a value for later checks (e.g. the contact id from the profile). */
  remember?: (body: unknown, memory: Map<string, unknown>) => void;
}

const UNKNOWN_KEY = 'ZZCONTRACTCHECK';
/** A request key no company has (prefixes are at most 10 characters; numbers at most 9 digits). */
const UNKNOWN_REQUEST = 'ZZCHECK-999999999';
const BOUNDARY = 'contract-check-boundary';
/** A one-file multipart body, as a browser's FormData sends it. */
const MULTIPART = {
  text: [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="file"; filename="check.txt"',
    'Content-Type: text/plain',
    '',
    'contract check',
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
};
const UNKNOWN_ID = 'zz-contract-check-unknown';
const EVIL = 'https://evil.example/steal';

const get = (body: unknown, path: string[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    body,
  );

const offOrigin = (response: Response) => {
  const location = response.headers.get('location');
  if (!location) return ['no Location header on the redirect'];
  return new URL(location, response.url || 'http://host.invalid').host === 'evil.example'
    ? [`open redirect: Location is ${location}`]
    : [];
};

/**
 * The checks, in run order. Signed-in checks come first; anything that ends a session (GET logout)
 * runs signed out, so the caller's session survives the whole run.
 */
export function buildChecks(f: ContractFixtures): CheckSpec[] {
  const contactId = (memory: Map<string, unknown>) =>
    f.contactId ?? String(memory.get('contactId') ?? UNKNOWN_ID);
  const q = f.searchQuery ?? 'dora';
  const ok = (routeId: RouteId, extra: Partial<CheckSpec> = {}): CheckSpec => ({
    name: `${routeId}: answers signed in`,
    routeId,
    signedIn: true,
    expect: [200],
    ...extra,
  });
  const signedInChecks: CheckSpec[] = [
    ok('session', {
      assert: ({ response }) =>
        /no-store/i.test(response.headers.get('cache-control') ?? '')
          ? []
          : ['Cache-Control must be no-store'],
    }),
    ok('profile', {
      body: {},
      remember: (body, memory) => memory.set('contactId', get(body, ['profile', 'contact', 'id'])),
    }),
    ok('profile', {
      name: 'profile: ignores a forged { user } body',
      body: { user: { sub: 'someone-else', email: 'attacker@evil.example' } },
      assert: ({ body, memory }) =>
        get(body, ['profile', 'contact', 'id']) === memory.get('contactId')
          ? []
          : ['the body changed whose profile was returned: identity must come only from the session'],
    }),
    ok('crm', { body: {} }),
    ok('crm', {
      name: 'crm: accepts the original portal’s { profileData } body',
      body: { profileData: { profile: {} } },
    }),
    ok('talent'),
    ok('talentAssociations', { bodyFrom: (memory) => ({ contactId: contactId(memory) }) }),
    ok('teams'),
    ok('accountManager'),
    ok('projects'),
    ok('analyticsProjects'),
    ok('projectAnalytics', { params: { projectKey: f.projectKey } }),
    ok('githubOrganisations', { query: { projectId: f.projectId } }),
    ok('githubRepositories', { query: { projectId: f.projectId } }),
    ok('dora', { query: { projectKey: f.projectKey } }),
    ok('dora', {
      name: 'dora: daily grain over an explicit range',
      query: { projectKey: f.projectKey, from: '2025-01-01', to: '2025-01-14', grain: 'day' },
      assert: ({ body }) => {
        const labels = get(body, ['labels']);
        return Array.isArray(labels) && labels.length === 14 && labels[0] === '2025-01-01'
          ? []
          : ['expected 14 daily labels starting at 2025-01-01'];
      },
    }),
    ok('dora', {
      name: 'dora: tiers of the 2021 report on request',
      query: { projectKey: f.projectKey, benchmark: 'dora-2021' },
      assert: ({ body }) =>
        get(body, ['performance', 'benchmark']) === 'dora-2021'
          ? []
          : ['expected performance.benchmark dora-2021'],
    }),
    ok('doraEvents', {
      params: { projectKey: f.projectKey, metric: 'deploymentFrequency' },
      assert: ({ body }) => {
        const rows = get(body, ['rows']);
        const total = get(body, ['total']);
        return Array.isArray(rows) && typeof total === 'number' && rows.length <= Math.min(total, 100)
          ? []
          : ['expected at most 100 rows and no more than `total`'];
      },
    }),
    ok('doraEvents', {
      name: 'doraEvents: incidents opened, with their attribution',
      params: { projectKey: f.projectKey, metric: 'changeFailureRate' },
      query: { list: 'incidents', pageSize: '5' },
    }),
    ok('aiUsage', { query: { jiraProjectKey: f.projectKey }, expect: [200, 404] }),
    ok('documents'),
    ok('signedUrl', { body: { fileId: f.fileId } }),
    ok('knowledgeBase'),
    ok('knowledgeBaseSearch', { query: { q } }),
    ok('knowledgeBaseArticle', { params: { slug: f.articleSlug } }),
    ok('requestMeta', {
      assert: ({ body }) =>
        Array.isArray(get(body, ['types'])) && (get(body, ['types']) as unknown[]).length > 0
          ? []
          : ['expected at least one request type'],
    }),
    ok('requests', { query: { scope: 'company', pageSize: '5' } }),
  ];
  const denied = (
    routeId: RouteId,
    name: string,
    extra: Partial<CheckSpec>,
    expect: number[] = [404],
  ): CheckSpec => ({
    name: `${routeId}: ${name}`,
    routeId,
    signedIn: true,
    expect,
    ...extra,
  });
  const refusals: CheckSpec[] = [
    denied('projectAnalytics', 'unknown project → 404', { params: { projectKey: UNKNOWN_KEY } }),
    denied('dora', 'unknown project → 404', { query: { projectKey: UNKNOWN_KEY } }),
    denied('aiUsage', 'unknown project → 404', { query: { jiraProjectKey: UNKNOWN_KEY } }),
    denied('doraEvents', 'unknown project → 404', {
      params: { projectKey: UNKNOWN_KEY, metric: 'leadTimeForChanges' },
    }),
    denied(
      'doraEvents',
      'a list the metric does not have → 400',
      { params: { projectKey: f.projectKey, metric: 'deploymentFrequency' }, query: { list: 'incidents' } },
      [400],
    ),
    denied(
      'doraEvents',
      'page size above 100 → 400',
      { params: { projectKey: f.projectKey, metric: 'deploymentFrequency' }, query: { pageSize: '101' } },
      [400],
    ),
    denied('githubOrganisations', 'unknown project → 404', { query: { projectId: UNKNOWN_ID } }),
    denied('githubRepositories', 'unknown project → 404', { query: { projectId: UNKNOWN_ID } }),
    denied('signedUrl', 'unknown file → 404', { body: { fileId: UNKNOWN_ID } }),
    denied('knowledgeBaseArticle', 'unknown article → 404', { params: { slug: UNKNOWN_ID } }),
    denied('signedUrl', 'missing fileId → 400', { body: {} }, [400]),
    denied(
      'signedUrl',
      'unknown field → 400 (strict body)',
      { body: { fileId: f.fileId, extra: true } },
      [400],
    ),
    denied(
      'signedUrl',
      'non-JSON body → 400 or 415',
      { rawBody: { text: `fileId=${f.fileId}`, contentType: 'text/plain' } },
      [400, 415],
    ),
    denied('talentAssociations', 'missing contactId → 400', { body: {} }, [400]),
    denied('dora', 'unknown grain → 400', { query: { projectKey: f.projectKey, grain: 'year' } }, [400]),
    denied(
      'dora',
      'from after to → 400',
      { query: { projectKey: f.projectKey, from: '2025-02-01', to: '2025-01-01' } },
      [400],
    ),
    denied('knowledgeBaseSearch', 'empty query → 400', { query: { q: '' } }, [400]),
    ...(f.foreignContactId
      ? [
          denied(
            'talentAssociations',
            'another company’s contact → 403/404',
            { body: { contactId: f.foreignContactId } },
            [403, 404],
          ),
        ]
      : []),
  ];
  const signedOut: CheckSpec[] = [
    { name: 'session: 204 without a session', routeId: 'session', signedIn: false, expect: [204] },
    {
      name: 'loginRedirect: refuses an off-origin returnTo',
      routeId: 'loginRedirect',
      signedIn: false,
      query: { returnTo: EVIL },
      expect: [302, 303, 307],
      assert: ({ response }) => offOrigin(response),
    },
    {
      name: 'logoutRedirect: refuses an off-origin returnTo',
      routeId: 'logoutRedirect',
      signedIn: false,
      query: { returnTo: EVIL },
      expect: [302, 303, 307],
      assert: ({ response }) => offOrigin(response),
    },
    {
      name: 'authCallback: without code → redirect or 400',
      routeId: 'authCallback',
      signedIn: false,
      expect: [302, 303, 400],
    },
    { name: 'signOut: 204 without a session', routeId: 'signOut', signedIn: false, body: {}, expect: [204] },
  ];
  // Customers are refused (403); staff may list companies and get 404 for an unknown one, and see
  // the connectors' syncs (never cached).
  const staff: CheckSpec[] = [
    denied('staffCompanies', 'customers → 403, staff → the list', {}, [200, 403]),
    denied(
      'syncStatus',
      'customers → 403, staff → every source, never cached',
      {
        assert: ({ response, body }) => [
          ...(/no-store/i.test(response.headers.get('cache-control') ?? '')
            ? []
            : ['Cache-Control must be no-store']),
          ...(JSON.stringify((get(body, ['sources']) as { source: string }[]).map((s) => s.source)) ===
          JSON.stringify(['hubspot', 'github', 'jira', 'ai'])
            ? []
            : ['expected the sources hubspot, github, jira, ai, in that order']),
        ],
      },
      [200, 403],
    ),
    denied('staffRequestQueue', 'customers → 403, staff → the queue', {}, [200, 403]),
    denied('staffRequestQueueOptions', 'customers → 403, staff → the filters', {}, [200, 403]),
    denied(
      'actAs',
      'unknown company (or a customer) → 403/404',
      { body: { companyId: UNKNOWN_ID } },
      [403, 404],
    ),
  ];
  // Requests: nothing here writes; every check is refused before a change could be made.
  const requestChecks: CheckSpec[] = [
    denied('request', 'unknown key → 404', { params: { key: UNKNOWN_REQUEST } }),
    denied('request', 'not a key → 400', { params: { key: 'not-a-key' } }, [400]),
    denied('requestAction', 'unknown key → 404', {
      params: { key: UNKNOWN_REQUEST },
      headers: { 'if-match': '"1"' },
      body: { action: 'cancel' },
    }),
    denied(
      'requestAction',
      'without If-Match → 400',
      { params: { key: UNKNOWN_REQUEST }, body: { action: 'cancel' } },
      [400],
    ),
    denied('updateRequest', 'unknown key → 404', {
      params: { key: UNKNOWN_REQUEST },
      headers: { 'if-match': '"1"' },
      body: { priority: 'high' },
    }),
    denied('requestComment', 'unknown key → 404', {
      params: { key: UNKNOWN_REQUEST },
      body: { body: 'contract check' },
    }),
    denied('requestParticipant', 'unknown key → 404', {
      params: { key: UNKNOWN_REQUEST },
      body: { userId: UNKNOWN_ID },
    }),
    denied('requestHistory', 'unknown key → 403/404', { params: { key: UNKNOWN_REQUEST } }, [403, 404]),
    denied('requestAttachments', 'unknown key → 404', {
      params: { key: UNKNOWN_REQUEST },
      rawBody: MULTIPART,
    }),
    denied('requestAttachmentLink', 'unknown key → 404', {
      params: { key: UNKNOWN_REQUEST, attachmentId: UNKNOWN_ID },
    }),
    denied(
      'requestAttachmentSave',
      'unknown key → 403/404',
      { params: { key: UNKNOWN_REQUEST, attachmentId: UNKNOWN_ID } },
      [403, 404],
    ),
    denied('createRequest', 'unknown type → 400', { body: { type: 'zz_unknown', title: 'Check' } }, [400]),
    denied('createRequest', 'empty title → 400', { body: { type: 'question', title: '' } }, [400]),
    denied('requestSettings', 'unknown visibility → 400', { body: { defaultVisibility: 'everyone' } }, [400]),
    denied(
      'requestsExport',
      'company admin → CSV, member → 403',
      {
        assert: ({ response }) =>
          /^text\/csv/i.test(response.headers.get('content-type') ?? '')
            ? []
            : ['expected Content-Type text/csv'],
      },
      [200, 403],
    ),
  ];
  const withSession = [...signedInChecks, ...requestChecks, ...staff];
  return [...withSession, ...unauthorized(withSession), ...refusals, ...signedOut, ...machineRefusals()];
}

/** For each route that needs a session: its first success request, sent without one → 401. */
function unauthorized(checks: CheckSpec[]): CheckSpec[] {
  const seen = new Set<RouteId>();
  const twins: CheckSpec[] = [];
  for (const check of checks) {
    if (routes[check.routeId].auth !== 'session' || seen.has(check.routeId)) continue;
    seen.add(check.routeId);
    const { assert: _a, remember: _r, ...request } = check;
    twins.push({
      ...request,
      name: `${check.routeId}: 401 without a session`,
      signedIn: false,
      expect: [401],
    });
  }
  return twins;
}
