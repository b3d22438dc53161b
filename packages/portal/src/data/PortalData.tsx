import {
  type ApiClient,
  createApiClient,
  type InitialAnswers,
  isRequestError,
  lifecycleStageOf,
  visibleAnalyticsProjects,
} from '@client-portal/api-client';
import {
  createMutations,
  createQueries,
  hasCompanyScope,
  queryKeys,
} from '@client-portal/api-client/queries';
import {
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { PortalContext } from '../PortalContext.js';

export interface PortalData {
  client: ApiClient;
  queries: ReturnType<typeof createQueries>;
  mutations: ReturnType<typeof createMutations>;
  homeLifecycleStage: string;
}

const DataContext = createContext<PortalData | null>(null);

/**
 * Whether the portal is signing out, and the switch for it. While it is, the portal shows only a
 * "Signing out…" status (see App): no page stays mounted that could start a request the host
 * would refuse once the session has ended.
 */
const SigningOutContext = createContext<readonly [boolean, (on: boolean) => void]>([false, () => {}]);

export const useSigningOut = () => useContext(SigningOutContext);

export function usePortalData(): PortalData {
  const ctx = useContext(DataContext);
  if (!ctx) throw new Error('usePortalData() outside <ClientPortal>');
  return ctx;
}

type ReportError = (error: unknown, where: string) => void;

/** 'query:session', 'query:projectAnalytics/ABC': names a failed call for the host's `onError`. */
export function queryWhere(queryKey: readonly unknown[]): string {
  const parts = queryKey
    .slice(1)
    .filter((part) => typeof part === 'string' || typeof part === 'number')
    .map(String);
  return `query:${parts.join('/') || 'unknown'}`;
}

/**
 * One query cache per portal instance, so two portals on a page never share or clear each other's
 * data. A call that finally failed (after its retries) is reported to the host's `onError`.
 */
function newQueryClient(report: { current: ReportError | undefined }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => report.current?.(error, queryWhere(query.queryKey)),
    }),
    defaultOptions: {
      // Fresh for a minute: without it every newly mounted part (frame, page, panel) asked for the
      // session and profile again. Queries with their own freshness (analytics) keep theirs.
      // No retry here: the api-client retries transient failures itself (one layer; see its
      // `retryLimit`), and a query's own retries multiplied them.
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, throwOnError: false, retry: false },
      mutations: { retry: false },
    },
  });
}

/**
 * When the portal unmounts, its cache goes with it: queries and mutations are removed and their
 * garbage-collection timers (up to 30 minutes) and retries cancelled, so nothing of an unmounted
 * portal keeps running or holds memory. Deferred by a task, so React's development double mount
 * (unmount, mount again at once) keeps the cache.
 */
function useForgetOnUnmount(queryClient: QueryClient) {
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (pending.current !== null) clearTimeout(pending.current);
    pending.current = null;
    return () => {
      pending.current = setTimeout(() => {
        pending.current = null;
        queryClient.cancelQueries();
        queryClient.clear();
      }, 0);
    };
  }, [queryClient]);
}

export function PortalDataProvider({
  apiBaseUrl,
  getAccessToken,
  initialAnswers,
  apiClient,
  homeLifecycleStage,
  children,
}: {
  apiBaseUrl?: string | undefined;
  getAccessToken?: (() => Promise<string | null>) | undefined;
  initialAnswers?: InitialAnswers | null | undefined;
  apiClient?: ApiClient | undefined;
  homeLifecycleStage: string;
  children: ReactNode;
}) {
  // Read at failure time, so a host that passes a new callback on each render is still called.
  const onError = useContext(PortalContext)?.onError;
  const report = useRef<ReportError | undefined>(onError);
  useEffect(() => {
    report.current = onError;
  }, [onError]);
  const [queryClient] = useState(() => newQueryClient(report));
  // The answers the page arrived with, as the portal first got them: a client built later (another
  // base URL, a new token function) finds whatever its predecessor left unused.
  const [firstAnswers] = useState(() => initialAnswers);
  useForgetOnUnmount(queryClient);
  const [signingOut, setSigningOut] = useState(false);
  const signingOutState = useMemo(() => [signingOut, setSigningOut] as const, [signingOut]);
  const value = useMemo<PortalData>(() => {
    const client =
      apiClient ??
      createApiClient({
        // A host on another origin of the same site keeps its session cookie: send it along.
        ...(apiBaseUrl ? { baseUrl: apiBaseUrl, credentials: 'include' as const } : {}),
        ...(getAccessToken ? { getAccessToken } : {}),
        ...(firstAnswers ? { initialAnswers: firstAnswers } : {}),
      });
    return {
      client,
      queries: createQueries(client),
      mutations: createMutations(client),
      homeLifecycleStage,
    };
  }, [apiBaseUrl, getAccessToken, apiClient, homeLifecycleStage, firstAnswers]);
  return (
    <QueryClientProvider client={queryClient}>
      <DataContext.Provider value={value}>
        <SigningOutContext.Provider value={signingOutState}>{children}</SigningOutContext.Provider>
      </DataContext.Provider>
    </QueryClientProvider>
  );
}

/** The session (first in the loading chain): a user, or null without a session. */
export function useSession() {
  const { queries } = usePortalData();
  return useQuery(queries.session());
}

/** The profile, once there is a user. */
export function useProfile() {
  const { queries } = usePortalData();
  const session = useSession();
  return useQuery(queries.profile(session));
}

/**
 * The account manager of the signed-in contact (for "Book a meeting"), once signed in with a
 * company (provider staff: once they act for one).
 */
export function useAccountManager() {
  const { queries } = usePortalData();
  const session = useSession();
  return useQuery({ ...queries.accountManager(), enabled: hasCompanyScope(session.data) });
}

/**
 * The company's CRM data (subscriptions, projects, counts), asked for beside the profile but shown
 * only for a profile that loaded: while the profile is pending or failed, it reads as pending.
 */
export function useCrm() {
  const { queries } = usePortalData();
  const session = useSession();
  const profile = useProfile();
  const crm = useQuery(queries.crm(session));
  return profile.status === 'success' ? crm : notYet(crm);
}

/** A query's result as it reads before its query may run (pending, idle, no data, no error). */
function notYet<T>(result: UseQueryResult<T>): UseQueryResult<T> {
  return {
    ...result,
    data: undefined,
    error: null,
    status: 'pending',
    fetchStatus: 'idle',
    isPending: true,
    isLoading: false,
    isFetching: false,
    isSuccess: false,
    isError: false,
    isLoadingError: false,
    isRefetchError: false,
  } as UseQueryResult<T>;
}

/**
 * The analytics projects the customer may see (in the analytics list and among the CRM's projects,
 * sorted by key). `isPending` until both lists are known; `error` is the first failure of the
 * profile, CRM or list.
 */
export function useVisibleProjects() {
  const { queries } = usePortalData();
  const session = useSession();
  const profile = useProfile();
  const crm = useCrm();
  const analytics = useQuery(queries.analyticsProjects(session));
  const projects = useMemo(
    () => visibleAnalyticsProjects(analytics.data?.projects, crm.data?.hubspot.projects),
    [analytics.data, crm.data],
  );
  const error = profile.error ?? crm.error ?? analytics.error;
  return {
    projects,
    isPending: !error && (crm.isPending || analytics.isPending),
    error,
    refetch: () => {
      if (profile.error) void profile.refetch();
      else if (crm.error) void crm.refetch();
      else void analytics.refetch();
    },
  };
}

/** Home shows only when the CRM contact's lifecycle stage equals the configured code. */
export function useHomeGate(): boolean {
  const { homeLifecycleStage } = usePortalData();
  const profile = useProfile();
  const stage = lifecycleStageOf(profile.data?.profile.contact);
  return stage !== null && stage === homeLifecycleStage;
}

/** Status 0: the request never reached the host (offline, DNS, CORS). */
export const isOffline = (error: unknown) => isRequestError(error) && error.status === 0;

export { hasCompanyScope, queryKeys };
