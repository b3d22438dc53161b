import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client.js';
import type { AiUsageQuery } from './schemas/ai-usage.js';
import type { ProjectAnalyticsQuery } from './schemas/analytics.js';
import type { SessionUser, SignInRequest } from './schemas/auth.js';
import type { DoraMetric, DoraQuery } from './schemas/dora.js';
import type { DoraEventList } from './schemas/dora-events.js';

/** Analytics stay fresh 5 minutes, are cached 30, and never refetch on focus or mount. */
export const ANALYTICS_FRESHNESS = {
  staleTime: 300_000,
  gcTime: 1_800_000,
  refetchOnWindowFocus: false,
  refetchOnMount: false,
} as const;

/** The part of a query result a dependent query looks at (a `useQuery` result fits). */
export interface Upstream<T> {
  status: 'pending' | 'error' | 'success';
  data?: T | undefined;
}

type Range = { from?: string | undefined; to?: string | undefined };
/** What picks one page of the drill-down behind a DORA figure. */
export interface DoraEventsKey extends Range {
  projectKey: string;
  metric: DoraMetric;
  list?: DoraEventList | undefined;
  page?: number | undefined;
}
const ROOT = 'client-portal';

/** Query keys, one factory per route. Everything sits under `queryKeys.all` (clear it on sign-out). */
export const queryKeys = {
  all: [ROOT] as const,
  session: () => [ROOT, 'session'] as const,
  profile: () => [ROOT, 'profile'] as const,
  crm: () => [ROOT, 'crm'] as const,
  talent: () => [ROOT, 'talent'] as const,
  talentAssociations: (contactId: string | number) =>
    [ROOT, 'talent', 'associations', String(contactId)] as const,
  teams: () => [ROOT, 'teams'] as const,
  accountManager: () => [ROOT, 'account-manager'] as const,
  /** Provider staff's own queries: not about a company, so kept when staff switch company. */
  staff: () => [ROOT, 'staff'] as const,
  staffCompanies: () => [ROOT, 'staff', 'companies'] as const,
  documents: () => [ROOT, 'documents'] as const,
  knowledgeBase: (category?: string) => [ROOT, 'knowledge-base', 'articles', { category }] as const,
  knowledgeBaseSearch: (q: string) => [ROOT, 'knowledge-base', 'search', q.trim()] as const,
  knowledgeBaseArticle: (slug: string) => [ROOT, 'knowledge-base', 'article', slug] as const,
  /** Prefix of every analytics query (invalidate it after a sync). */
  analytics: () => [ROOT, 'analytics'] as const,
  projects: () => [ROOT, 'analytics', 'visible-projects'] as const,
  analyticsProjects: () => [ROOT, 'analytics', 'projects'] as const,
  projectAnalytics: (projectKey: string, range: Range = {}) =>
    [ROOT, 'analytics', 'project', projectKey, { from: range.from, to: range.to }] as const,
  githubOrganisations: (projectId: string) =>
    [ROOT, 'analytics', 'github', 'organisations', projectId] as const,
  githubRepositories: (projectId: string) =>
    [ROOT, 'analytics', 'github', 'repositories', projectId] as const,
  dora: (query: DoraQuery) =>
    [
      ROOT,
      'analytics',
      'dora',
      query.projectKey,
      { from: query.from, to: query.to, grain: query.grain, benchmark: query.benchmark },
    ] as const,
  /** One page of one list behind one figure (no `list`: the metric's default list). */
  doraEvents: (query: DoraEventsKey) =>
    [
      ROOT,
      'analytics',
      'dora-events',
      query.projectKey,
      query.metric,
      { list: query.list, from: query.from, to: query.to, page: query.page ?? 1 },
    ] as const,
  aiUsage: (query: AiUsageQuery) =>
    [ROOT, 'analytics', 'ai-usage', query.jiraProjectKey, { from: query.from, to: query.to }] as const,
};

/**
 * Whether the session has a company for the data routes to answer for: a customer always has one,
 * provider staff once they chose a company to act for (POST /api/auth/act-as). Without one the
 * host answers every company-scoped route 403, so none of them may be asked.
 */
export function hasCompanyScope(user: SessionUser | null | undefined): boolean {
  if (!user) return false;
  return user.role !== 'staff' || (user.companyId !== null && user.companyId !== undefined);
}

/**
 * Whether a cached query holds a company's data (everything but the session and staff's own
 * queries): what must go when staff switch company or stop acting, so nothing of one company is
 * ever shown while acting for another.
 */
export function isCompanyScopedQuery(query: { queryKey: readonly unknown[] }): boolean {
  const [root, part] = query.queryKey;
  return root === ROOT && part !== 'session' && part !== 'staff';
}

function required<T>(value: T | undefined | null, what: string): T {
  // Only reachable if a caller forces a disabled query to run.
  if (value === undefined || value === null || value === '') throw new Error(`${what} is required`);
  return value;
}

/**
 * TanStack Query v5 options for every route. Only what needs an earlier answer waits for it: the
 * session first; then profile, CRM and the analytics project list together (the host takes identity
 * and company from the session); per-project analytics for a visible key. The rules the original
 * sequence protected are kept over the answers (the portal's `useCrm`, `useVisibleProjects`).
 * None retries: the client is the one retry layer (client.ts, `retryLimit`), so a failing request
 * is sent at most three times, not three times three.
 */
export function createQueries(client: ApiClient) {
  return {
    session: () =>
      queryOptions({
        queryKey: queryKeys.session(),
        queryFn: ({ signal }) => client.getSession({ signal }),
        retry: false,
      }),
    /** Runs once there is a signed-in user with a company (staff: once they chose one). Not retried. */
    profile: (session: Upstream<SessionUser | null>) =>
      queryOptions({
        queryKey: queryKeys.profile(),
        queryFn: ({ signal }) => client.getProfile({ user: session.data ?? undefined }, { signal }),
        enabled: session.status === 'success' && hasCompanyScope(session.data),
        retry: false,
      }),
    /**
     * Beside the profile, once there is a signed-in user with a company: the host answers for the
     * session's company, so nothing waits for the profile's answer. The portal shows it only for a
     * profile that loaded (`useCrm`).
     */
    crm: (session: Upstream<SessionUser | null>) =>
      queryOptions({
        queryKey: queryKeys.crm(),
        queryFn: ({ signal }) => client.getCrm({}, { signal }),
        enabled: session.status === 'success' && hasCompanyScope(session.data),
        retry: false,
      }),
    /** Beside the profile and CRM, once there is a signed-in user with a company. */
    analyticsProjects: (session: Upstream<SessionUser | null>) =>
      queryOptions({
        queryKey: queryKeys.analyticsProjects(),
        queryFn: ({ signal }) => client.getAnalyticsProjects({ signal }),
        enabled: session.status === 'success' && hasCompanyScope(session.data),
        retry: false,
        ...ANALYTICS_FRESHNESS,
      }),
    /** One per visible project key (use with `useQueries`). */
    projectAnalytics: (projectKey: string | undefined, range: ProjectAnalyticsQuery = {}) =>
      queryOptions({
        queryKey: queryKeys.projectAnalytics(projectKey ?? '', range),
        queryFn: ({ signal }) =>
          client.getProjectAnalytics(required(projectKey, 'projectKey'), range, { signal }),
        enabled: Boolean(projectKey),
        retry: false,
        ...ANALYTICS_FRESHNESS,
      }),
    projects: () =>
      queryOptions({
        queryKey: queryKeys.projects(),
        queryFn: ({ signal }) => client.getProjects({ signal }),
        retry: false,
        ...ANALYTICS_FRESHNESS,
      }),
    githubOrganisations: (projectId: string | undefined) =>
      queryOptions({
        queryKey: queryKeys.githubOrganisations(projectId ?? ''),
        queryFn: ({ signal }) => client.getGithubOrganisations(required(projectId, 'projectId'), { signal }),
        enabled: Boolean(projectId),
        retry: false,
        ...ANALYTICS_FRESHNESS,
      }),
    githubRepositories: (projectId: string | undefined) =>
      queryOptions({
        queryKey: queryKeys.githubRepositories(projectId ?? ''),
        queryFn: ({ signal }) => client.getGithubRepositories(required(projectId, 'projectId'), { signal }),
        enabled: Boolean(projectId),
        retry: false,
        ...ANALYTICS_FRESHNESS,
      }),
    /** Disabled until a project key is known (the first visible project by default). */
    dora: (query: Omit<DoraQuery, 'projectKey'> & { projectKey: string | undefined }) =>
      queryOptions({
        queryKey: queryKeys.dora({ ...query, projectKey: query.projectKey ?? '' }),
        queryFn: ({ signal }) =>
          client.getDoraMetrics(
            { ...query, projectKey: required(query.projectKey, 'projectKey') },
            { signal },
          ),
        enabled: Boolean(query.projectKey),
        retry: false,
        ...ANALYTICS_FRESHNESS,
      }),
    /**
     * A page of the deployments, pull requests or incidents behind a DORA figure. Disabled until a
     * project key is known. Every page is its own entry, so paging back is instant.
     */
    doraEvents: (query: Omit<DoraEventsKey, 'projectKey'> & { projectKey: string | undefined }) =>
      queryOptions({
        queryKey: queryKeys.doraEvents({ ...query, projectKey: query.projectKey ?? '' }),
        queryFn: ({ signal }) =>
          client.getDoraEvents(
            { projectKey: required(query.projectKey, 'projectKey'), metric: query.metric },
            { from: query.from, to: query.to, list: query.list, page: query.page },
            { signal },
          ),
        enabled: Boolean(query.projectKey),
        retry: false,
        ...ANALYTICS_FRESHNESS,
      }),
    /** Resolves to null when the project has no AI usage data (404). */
    aiUsage: (query: Omit<AiUsageQuery, 'jiraProjectKey'> & { jiraProjectKey: string | undefined }) =>
      queryOptions({
        queryKey: queryKeys.aiUsage({ ...query, jiraProjectKey: query.jiraProjectKey ?? '' }),
        queryFn: ({ signal }) =>
          client.getAiUsage(
            { ...query, jiraProjectKey: required(query.jiraProjectKey, 'jiraProjectKey') },
            { signal },
          ),
        enabled: Boolean(query.jiraProjectKey),
        retry: false,
        ...ANALYTICS_FRESHNESS,
      }),
    /** Not retried. */
    talent: () =>
      queryOptions({
        queryKey: queryKeys.talent(),
        queryFn: ({ signal }) => client.getTalent({ signal }),
        retry: false,
      }),
    /** Runs only when the contact id exists. Not retried, like talent. */
    talentAssociations: (contactId: string | number | null | undefined) =>
      queryOptions({
        queryKey: queryKeys.talentAssociations(contactId ?? ''),
        queryFn: ({ signal }) => client.getTalentAssociations(required(contactId, 'contactId'), { signal }),
        enabled: contactId !== undefined && contactId !== null && contactId !== '',
        retry: false,
      }),
    teams: () =>
      queryOptions({
        queryKey: queryKeys.teams(),
        queryFn: ({ signal }) => client.getTeams({ signal }),
        retry: false,
      }),
    accountManager: () =>
      queryOptions({
        queryKey: queryKeys.accountManager(),
        queryFn: ({ signal }) => client.getAccountManager({ signal }),
        retry: false,
      }),
    /** Provider staff only (customers are answered 403): the companies they may act for. */
    staffCompanies: (session: Upstream<SessionUser | null>) =>
      queryOptions({
        queryKey: queryKeys.staffCompanies(),
        queryFn: ({ signal }) => client.getStaffCompanies({ signal }),
        enabled: session.status === 'success' && session.data?.role === 'staff',
        retry: false,
      }),
    documents: () =>
      queryOptions({
        queryKey: queryKeys.documents(),
        queryFn: ({ signal }) => client.getDocuments({ signal }),
        retry: false,
      }),
    knowledgeBase: (category?: string) =>
      queryOptions({
        queryKey: queryKeys.knowledgeBase(category),
        queryFn: ({ signal }) => client.getKnowledgeBase({ category }, { signal }),
        retry: false,
      }),
    /** Waits for at least two characters (the route's minimum). */
    knowledgeBaseSearch: (q: string) =>
      queryOptions({
        queryKey: queryKeys.knowledgeBaseSearch(q),
        queryFn: ({ signal }) => client.searchKnowledgeBase(q.trim(), { signal }),
        enabled: q.trim().length >= 2,
        retry: false,
      }),
    knowledgeBaseArticle: (slug: string | undefined) =>
      queryOptions({
        queryKey: queryKeys.knowledgeBaseArticle(slug ?? ''),
        queryFn: ({ signal }) => client.getKnowledgeBaseArticle(required(slug, 'slug'), { signal }),
        enabled: Boolean(slug),
        retry: false,
      }),
  };
}

/** Mutations are never retried: signing in, out, or minting a URL twice is not harmless. */
export function createMutations(client: ApiClient) {
  return {
    signIn: () =>
      mutationOptions({
        mutationKey: [ROOT, 'sign-in'],
        mutationFn: (body: SignInRequest) => client.signIn(body),
        retry: false,
      }),
    signOut: () =>
      mutationOptions({ mutationKey: [ROOT, 'sign-out'], mutationFn: () => client.signOut(), retry: false }),
    /** Provider staff: act for a company, or stop (null). Drop the company's cached data after it. */
    actAs: () =>
      mutationOptions({
        mutationKey: [ROOT, 'staff', 'act-as'],
        mutationFn: (companyId: string | null) => client.actAs(companyId),
        retry: false,
      }),
    createSignedUrl: () =>
      mutationOptions({
        mutationKey: [ROOT, 'signed-url'],
        mutationFn: (fileId: string) => client.createSignedUrl(fileId),
        retry: false,
      }),
  };
}

export type Queries = ReturnType<typeof createQueries>;
