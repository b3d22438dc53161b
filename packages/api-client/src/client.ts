import ky, { isHTTPError, isTimeoutError } from 'ky';
import { describeIssues, readProblem, RequestError, statusText, toResponseIssues } from './errors.js';
import type { JsonRoute, NoContentRoute, RouteData } from './route-types.js';
import { browserRoutes as routes, fillPath } from './browser-routes.js';
import type { AiUsageQuery } from './schemas/ai-usage.js';
import type { ProjectAnalyticsQuery } from './schemas/analytics.js';
import type { SignInRequest } from './schemas/auth.js';
import type { CrmRequest } from './schemas/crm.js';
import type { DoraQuery } from './schemas/dora.js';
import type { DoraEventList, DoraEventsParams } from './schemas/dora-events.js';
import type { ProfileRequest } from './schemas/profile.js';
import { IGNORED_BODY } from './routes/policies.js';

export interface ApiClientOptions {
  /** Origin (and path prefix) of the API; '' means the page's own origin. */
  baseUrl?: string;
  /** For cross-origin hosts: a bearer token per request. Without a token no Authorization header is sent. */
  getAccessToken?: () => Promise<string | null>;
  /** Defaults to the global fetch, looked up per call (so test interceptors installed later apply). */
  fetch?: typeof fetch;
  /** Cookies: 'same-origin' by default; 'include' for a cross-origin host that uses cookies. */
  credentials?: RequestCredentials;
  /** Milliseconds before a call fails with kind 'timeout'. Default 15 000 (30 000 for analytics). */
  timeout?: number;
  /**
   * Extra attempts for idempotent calls on network errors, 408, 429, 502–504, after the server's
   * Retry-After (at most 10 s) or a backoff. Default 2. The only retry layer: the TanStack Query
   * options (./queries) never retry, so one failing request is sent at most three times.
   */
  retryLimit?: number;
  /**
   * Answers the page arrived with, so the first calls need no round trip: the standalone host
   * writes those of the page it serves into its HTML (`readInitialAnswers` of the portal). A call
   * that reads (a GET, or a POST whose body the host ignores) and matches one exactly — method,
   * path and query — takes it instead of the network, once, within `maxAgeMs` of the client's
   * creation; the answer is validated like any other.
   */
  initialAnswers?: InitialAnswers | null;
}

/** See `ApiClientOptions.initialAnswers`. */
export interface InitialAnswers {
  /**
   * Keyed by the request as this client sends it, without its base URL: `GET /api/auth/me`,
   * `POST /api/hubspot`, `GET /api/requests?status=open`. `status` is 200, or the route's
   * `nullStatus` (the client answers null).
   */
  answers: Record<string, { status: number; body?: unknown }>;
  /** How long after the client's creation the answers may be used. Default 30 000 ms. */
  maxAgeMs?: number;
}

/** Which page of which list behind a DORA figure (the route's query, numbers as numbers). */
export interface DoraEventsPage {
  from?: string | undefined;
  to?: string | undefined;
  /** Default: the metric's first list (DORA_METRIC_LISTS). */
  list?: DoraEventList | undefined;
  /** From 1. Default 1. */
  page?: number | undefined;
  /** 1–100. Default 100. */
  pageSize?: number | undefined;
}

export interface CallOptions {
  /** Cancels the call (TanStack Query passes one); an aborted call rejects with the AbortError. */
  signal?: AbortSignal;
}

export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  /** JSON, or FormData for a multipart route (sent as it is, with its own boundary). */
  body?: unknown;
  /** Request headers the route reads (e.g. `if-match`). */
  headers?: Record<string, string>;
}

const DEFAULT_TIMEOUT = 15_000;
const SLOW_TIMEOUT = 30_000;
const RETRY_STATUSES = [408, 429, 502, 503, 504];
const DEFAULT_RETRY_LIMIT = 2;
const ACCEPT = 'application/json, application/problem+json';

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const fetchImpl =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const http = ky.create({
    fetch: fetchImpl,
    credentials: options.credentials ?? 'same-origin',
    headers: { accept: ACCEPT },
    // Only retryable statuses throw inside ky (so its retry can act); every other status is read below.
    throwHttpErrors: (status) => RETRY_STATUSES.includes(status),
    hooks: {
      beforeRequest: [
        async (request) => {
          const token = options.getAccessToken ? await options.getAccessToken() : null;
          if (token) request.headers.set('authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  const pathOf = (path: string, input: CallInput = {}) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined && value !== '') search.set(key, value);
    }
    const qs = search.toString();
    return `${fillPath(path, input.params)}${qs ? `?${qs}` : ''}`;
  };
  const urlOf = (path: string, input: CallInput = {}) => `${baseUrl}${pathOf(path, input)}`;

  const initial = new Map(Object.entries(options.initialAnswers?.answers ?? {}));
  const initialUntil = Date.now() + (options.initialAnswers?.maxAgeMs ?? 30_000);
  /** The answer the page arrived with for this call, if it reads and has one (used once). */
  const takeInitial = (route: JsonRoute, input: CallInput) => {
    if (initial.size === 0) return undefined;
    if (Date.now() > initialUntil) {
      initial.clear();
      return undefined;
    }
    if (route.method !== 'GET' && route.bodyPolicy !== IGNORED_BODY) return undefined;
    const key = `${route.method} ${pathOf(route.path, input)}`;
    const answer = initial.get(key);
    initial.delete(key);
    return answer;
  };

  async function fetchRoute(
    id: string,
    route: JsonRoute | NoContentRoute,
    input: CallInput,
    call: CallOptions,
  ) {
    const url = urlOf(route.path, input);
    const retryable = route.kind === 'json' && route.retry;
    const fail = (kind: 'network' | 'timeout', cause: unknown) =>
      new RequestError(messageFor(route, kind === 'timeout' ? 'Request timed out' : 'Network error'), {
        kind,
        status: 0,
        method: route.method,
        url,
        routeId: id,
        cause,
      });
    try {
      return await http(url, {
        method: route.method,
        // POSTs always carry JSON, so the host's "state changes need JSON" rule holds even for `{}`;
        // a multipart route's FormData goes as it is.
        ...(route.method === 'POST'
          ? route.multipart && input.body instanceof FormData
            ? { body: input.body }
            : { json: input.body ?? {} }
          : {}),
        ...(input.headers ? { headers: input.headers } : {}),
        signal: call.signal,
        timeout: options.timeout ?? (route.kind === 'json' && route.slow ? SLOW_TIMEOUT : DEFAULT_TIMEOUT),
        retry: {
          limit: retryable ? (options.retryLimit ?? DEFAULT_RETRY_LIMIT) : 0,
          methods: ['get'],
          statusCodes: RETRY_STATUSES,
          maxRetryAfter: 10_000,
          backoffLimit: 3_000,
        },
      });
    } catch (error) {
      if (isHTTPError(error)) return error.response;
      if (call.signal?.aborted) throw error;
      throw fail(isTimeoutError(error) ? 'timeout' : 'network', error);
    }
  }

  async function callJson<R extends JsonRoute>(
    id: string,
    route: R,
    input: CallInput,
    call: CallOptions = {},
  ): Promise<RouteData<R>> {
    const answer = takeInitial(route, input);
    if (answer && (answer.status === 200 || answer.status === route.nullStatus)) {
      if (answer.status === route.nullStatus) return null as RouteData<R>;
      const parsed = route.response.safeParse(answer.body);
      // A malformed answer in the page is not trusted: the call goes to the network instead.
      if (parsed.success) return parsed.data as RouteData<R>;
    }
    const response = await fetchRoute(id, route, input, call);
    const meta = { method: route.method, url: response.url || urlOf(route.path, input), routeId: id };
    if (route.nullStatus === response.status) {
      await drain(response);
      return null as RouteData<R>;
    }
    if (!response.ok) throw await httpError(route, response, meta);
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      // The connection broke mid-body: as good as no response.
      if (call.signal?.aborted) throw cause;
      throw new RequestError(messageFor(route, 'Network error'), {
        ...meta,
        kind: 'network',
        status: 0,
        cause,
      });
    }
    const malformed = (issues: { path: string; message: string }[]) =>
      new RequestError(
        `${route.errorMessage ?? `${route.method} ${route.path}`}: malformed response (${describeIssues(issues)})`,
        {
          ...meta,
          kind: 'malformed-response',
          status: response.status,
          statusText: statusText(response.status, response.statusText),
          issues,
        },
      );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      const type = response.headers.get('content-type') ?? 'no content type';
      const what = text ? `body is not JSON (${type})` : `empty body with status ${response.status}`;
      throw malformed([{ path: '', message: what }]);
    }
    const parsed = route.response.safeParse(body);
    if (!parsed.success) throw malformed(toResponseIssues(parsed.error));
    return parsed.data as RouteData<R>;
  }

  async function callNoContent(id: string, route: NoContentRoute, input: CallInput, call: CallOptions = {}) {
    const response = await fetchRoute(id, route, input, call);
    if (!response.ok) {
      const url = response.url || urlOf(route.path, input);
      throw await httpError(route, response, { method: route.method, url, routeId: id });
    }
    await drain(response);
  }

  const analyticsQuery = (q: { from?: string; to?: string }) => ({ from: q.from, to: q.to });

  return {
    baseUrl,
    /**
     * Calls any JSON route of the contract by its table entry: how lazily loaded route tables (the
     * requests tracker, ./requests-client.ts) use this client without the initial bundle carrying them.
     */
    call: <R extends JsonRoute>(id: string, route: R, input: CallInput = {}, call?: CallOptions) =>
      callJson(id, route, input, call),
    /** The URL of a route the browser navigates to (a file download). */
    urlOf: (route: { path: string }, input: CallInput = {}) => urlOf(route.path, input),
    getSession: (call?: CallOptions) => callJson('session', routes.session, {}, call),
    signIn: (body: SignInRequest, call?: CallOptions) => callJson('signIn', routes.signIn, { body }, call),
    signOut: (call?: CallOptions) => callNoContent('signOut', routes.signOut, {}, call),
    /** Full-page navigation targets (the host answers them with redirects). */
    loginUrl: (returnTo?: string) => urlOf(routes.loginRedirect.path, { query: { returnTo } }),
    logoutUrl: (returnTo?: string) => urlOf(routes.logoutRedirect.path, { query: { returnTo } }),
    getProjects: (call?: CallOptions) => callJson('projects', routes.projects, {}, call),
    /** `user` is sent for compatibility with older backends; the host ignores it. */
    getProfile: (body: ProfileRequest = {}, call?: CallOptions) =>
      callJson('profile', routes.profile, { body }, call),
    /** `profileData` is sent for compatibility with older backends; the host ignores it. */
    getCrm: (body: CrmRequest = {}, call?: CallOptions) => callJson('crm', routes.crm, { body }, call),
    getTalent: (call?: CallOptions) => callJson('talent', routes.talent, {}, call),
    getTalentAssociations: (contactId: string | number, call?: CallOptions) =>
      callJson('talentAssociations', routes.talentAssociations, { body: { contactId } }, call),
    getTeams: (call?: CallOptions) => callJson('teams', routes.teams, {}, call),
    getAccountManager: (call?: CallOptions) => callJson('accountManager', routes.accountManager, {}, call),
    /** Provider staff: the companies they may act for (403 for customers). */
    getStaffCompanies: (call?: CallOptions) => callJson('staffCompanies', routes.staffCompanies, {}, call),
    /** Provider staff: act for a company (null to stop); audited by the host. */
    actAs: (companyId: string | null, call?: CallOptions) =>
      callJson('actAs', routes.actAs, { body: { companyId } }, call),
    getAnalyticsProjects: (call?: CallOptions) =>
      callJson('analyticsProjects', routes.analyticsProjects, {}, call),
    getProjectAnalytics: (projectKey: string, range: ProjectAnalyticsQuery = {}, call?: CallOptions) =>
      callJson(
        'projectAnalytics',
        routes.projectAnalytics,
        { params: { projectKey }, query: analyticsQuery(range) },
        call,
      ),
    getGithubOrganisations: (projectId: string, call?: CallOptions) =>
      callJson('githubOrganisations', routes.githubOrganisations, { query: { projectId } }, call),
    getGithubRepositories: (projectId: string, call?: CallOptions) =>
      callJson('githubRepositories', routes.githubRepositories, { query: { projectId } }, call),
    getDoraMetrics: (query: DoraQuery, call?: CallOptions) =>
      callJson(
        'dora',
        routes.dora,
        {
          query: {
            projectKey: query.projectKey,
            grain: query.grain,
            benchmark: query.benchmark,
            ...analyticsQuery(query),
          },
        },
        call,
      ),
    /** A page of the deployments, pull requests or incidents behind a DORA figure of the range. */
    getDoraEvents: (params: DoraEventsParams, query: DoraEventsPage = {}, call?: CallOptions) =>
      callJson(
        'doraEvents',
        routes.doraEvents,
        {
          params: { projectKey: params.projectKey, metric: params.metric },
          query: {
            ...analyticsQuery(query),
            list: query.list,
            page: query.page === undefined ? undefined : String(query.page),
            pageSize: query.pageSize === undefined ? undefined : String(query.pageSize),
          },
        },
        call,
      ),
    /** AI-assistant usage, or null when the project has no data (404). */
    getAiUsage: (query: AiUsageQuery, call?: CallOptions) =>
      callJson(
        'aiUsage',
        routes.aiUsage,
        { query: { jiraProjectKey: query.jiraProjectKey, ...analyticsQuery(query) } },
        call,
      ),
    getDocuments: (call?: CallOptions) => callJson('documents', routes.documents, {}, call),
    createSignedUrl: (fileId: string, call?: CallOptions) =>
      callJson('signedUrl', routes.signedUrl, { body: { fileId } }, call),
    getKnowledgeBase: (query: { category?: string } = {}, call?: CallOptions) =>
      callJson('knowledgeBase', routes.knowledgeBase, { query }, call),
    searchKnowledgeBase: (q: string, call?: CallOptions) =>
      callJson('knowledgeBaseSearch', routes.knowledgeBaseSearch, { query: { q } }, call),
    getKnowledgeBaseArticle: (slug: string, call?: CallOptions) =>
      callJson('knowledgeBaseArticle', routes.knowledgeBaseArticle, { params: { slug } }, call),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** Reads a body we do not need, so the connection can be reused (cancel() can stall some stacks). */
async function drain(response: Response): Promise<void> {
  await response.text().catch(() => undefined);
}

function messageFor(route: JsonRoute | NoContentRoute, fallback: string): string {
  return (route.kind === 'json' && route.errorMessage) || fallback;
}

async function httpError(
  route: JsonRoute | NoContentRoute,
  response: Response,
  meta: { method: string; url: string; routeId: string },
): Promise<RequestError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined; // an HTML error page from a proxy: the status says enough
  }
  const reason = statusText(response.status, response.statusText);
  return new RequestError(messageFor(route, reason), {
    ...meta,
    kind: 'http',
    status: response.status,
    statusText: reason,
    problem: readProblem(body),
  });
}
