import {
  type CreateRequestBody,
  type RequestDetail,
  type RequestListQuery,
  type RequestMeta,
  type RequestsApi,
  requestsApi,
} from '@client-portal/api-client/requests';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PortalToaster } from '@client-portal/ui';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { hasCompanyScope, queryKeys, usePortalData, useSession } from '../../data/PortalData.js';

// The requests pages' data layer. `requestsApi` and its route table come from their own entry
// point and are imported only by the requests chunks, so the portal's first view does not carry them.

/**
 * Query keys of the requests, under the company the session answers for (staff: the company they
 * act for), so switching company never shows another company's requests. They sit under
 * `queryKeys.all`, which sign-out and a company switch clear.
 */
export const requestKeys = {
  all: (company: string | null) => [...queryKeys.all, 'requests', company ?? 'own'] as const,
  meta: (company: string | null) => [...requestKeys.all(company), 'meta'] as const,
  lists: (company: string | null) => [...requestKeys.all(company), 'list'] as const,
  list: (company: string | null, query: RequestListQuery) => [...requestKeys.lists(company), query] as const,
  detail: (company: string | null, key: string) => [...requestKeys.all(company), 'detail', key] as const,
};

/** The requests calls over the portal's client, and the company the session answers for. */
export function useRequestsApi(): { api: RequestsApi; company: string | null; ready: boolean } {
  const { client } = usePortalData();
  const session = useSession();
  const api = useMemo(() => requestsApi(client), [client]);
  return {
    api,
    company: session.data?.companyId ?? null,
    ready: session.status === 'success' && hasCompanyScope(session.data),
  };
}

/** Types, colleagues, subscriptions, projects and limits: what the caller can file and see. */
export function useRequestMeta() {
  const { api, company, ready } = useRequestsApi();
  return useQuery({
    queryKey: requestKeys.meta(company),
    queryFn: ({ signal }) => api.getMeta({ signal }),
    enabled: ready,
    staleTime: 300_000,
  });
}

/** A page of requests; the previous page stays on screen while the next one loads. */
export function useRequestList(query: RequestListQuery, options: { enabled?: boolean } = {}) {
  const { api, company, ready } = useRequestsApi();
  return useQuery({
    queryKey: requestKeys.list(company, query),
    queryFn: ({ signal }) => api.list(query, { signal }),
    enabled: ready && (options.enabled ?? true),
    placeholderData: keepPreviousData,
  });
}

/** One request with its timeline. */
export function useRequest(key: string) {
  const { api, company, ready } = useRequestsApi();
  return useQuery({
    queryKey: requestKeys.detail(company, key),
    queryFn: ({ signal }) => api.get(key, { signal }),
    enabled: ready && key !== '',
  });
}

/** After a change: the answered request becomes the cached one, and every list asks again. */
export function storeRequest(queryClient: QueryClient, company: string | null, detail: RequestDetail) {
  queryClient.setQueryData(requestKeys.detail(company, detail.key), detail);
  void queryClient.invalidateQueries({ queryKey: requestKeys.lists(company) });
}

/** Every list of the company asks again (e.g. after files were added, which changes the counts). */
export function useInvalidateRequests() {
  const queryClient = useQueryClient();
  const { company } = useRequestsApi();
  return useCallback(
    (key?: string) => {
      void queryClient.invalidateQueries({ queryKey: requestKeys.lists(company) });
      if (key) void queryClient.invalidateQueries({ queryKey: requestKeys.detail(company, key) });
    },
    [queryClient, company],
  );
}

/**
 * A change that answers the changed request (an action, a comment, a participant, an update):
 * `run` gets the API and the variables; on success the request's cache is the answer and the
 * lists are refreshed.
 */
export function useRequestMutation<V>(run: (api: RequestsApi, variables: V) => Promise<RequestDetail>) {
  const queryClient = useQueryClient();
  const { api, company } = useRequestsApi();
  return useMutation({
    mutationFn: (variables: V) => run(api, variables),
    onSuccess: (detail) => storeRequest(queryClient, company, detail),
  });
}

/** Files a new request. */
export function useCreateRequest() {
  return useRequestMutation((api, body: CreateRequestBody) => api.create(body));
}

/** The company admin's default visibility of new requests; the meta follows the answer. */
export function useSetDefaultVisibility() {
  const queryClient = useQueryClient();
  const { api, company } = useRequestsApi();
  return useMutation({
    mutationFn: (value: 'participants' | 'company') => api.setDefaultVisibility(value),
    onSuccess: ({ defaultVisibility }) => {
      queryClient.setQueryData(requestKeys.meta(company), (meta: RequestMeta | undefined) =>
        meta ? { ...meta, defaultVisibility } : meta,
      );
    },
  });
}

/**
 * The section's toaster: one per section instance, kept across its views, so a notice raised on
 * the form ("ACME-42 was submitted") is still shown on the request it leads to. Here, with the
 * data layer every requests chunk shares, so the section's own chunk exports nothing else.
 */
export const RequestsToasterContext = createContext<PortalToaster | null>(null);

export function useRequestsToaster(): PortalToaster {
  const toaster = useContext(RequestsToasterContext);
  if (!toaster) throw new Error('useRequestsToaster() outside the requests section');
  return toaster;
}
