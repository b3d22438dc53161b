import { requestsApi } from '@client-portal/api-client/requests';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryKeys, usePortalData } from '../../data/PortalData.js';
import { type QueueFilters, queueQuery } from './queueFilters.js';

/**
 * A page of the requests queue across companies. Kept under the staff's own keys (not a company's),
 * so acting for a company and coming back does not drop it; the page stays on screen while the next
 * one loads.
 */
export function useStaffQueue(filters: QueueFilters) {
  const { client } = usePortalData();
  const api = useMemo(() => requestsApi(client), [client]);
  const query = queueQuery(filters);
  return useQuery({
    queryKey: [...queryKeys.staff(), 'requests', query] as const,
    queryFn: ({ signal }) => api.staffQueue(query, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** What the queue can be filtered by: every configured type and every assignable staff member. */
export function useStaffQueueOptions() {
  const { client } = usePortalData();
  const api = useMemo(() => requestsApi(client), [client]);
  return useQuery({
    queryKey: [...queryKeys.staff(), 'requests', 'options'] as const,
    queryFn: ({ signal }) => api.staffQueueOptions({ signal }),
    staleTime: 5 * 60_000,
  });
}
