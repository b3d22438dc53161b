import type { AiUsage, DoraMetrics, ProjectSummary } from '@client-portal/api-client';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { usePortalData } from '../../data/PortalData.js';
import { grainOf, grainSearch, historyRange, type TrendGrain } from './adoptionTrend.js';

/** One project's two answers: its AI usage (null = no assistant connected) and its delivery. */
export interface ProjectAdoption {
  project: ProjectSummary;
  usage: { data: AiUsage | null | undefined; pending: boolean; error: unknown; fetching: boolean };
  delivery: { data: DoraMetrics | undefined; pending: boolean; error: unknown; fetching: boolean };
  retry: () => void;
}

const state = <T>(q: { data: T; isPending: boolean; error: unknown; isFetching: boolean }) => ({
  data: q.data,
  pending: q.isPending,
  error: q.error,
  fetching: q.isFetching,
});

/**
 * The customer's visible projects, each with its AI usage and delivery over the longest range the
 * API allows, at the grain in the address (`?grain=month`; weeks by default). Each project loads and fails on its own.
 */
export function useAdoption() {
  const { queries } = usePortalData();
  // The grain lives in the address, so a reload or a shared link shows the same axis.
  const [params, setParams] = useSearchParams();
  const grain = grainOf(params.get('grain'));
  const setGrain = (next: TrendGrain) => setParams(grainSearch(params, next), { replace: true });
  const range = useMemo(() => historyRange(new Date()), []);
  const projects = useQuery(queries.projects());
  const list = projects.data?.data ?? [];
  const usages = useQueries({
    queries: list.map((p) => queries.aiUsage({ jiraProjectKey: p.jiraProjectKey, ...range })),
  });
  const deliveries = useQueries({
    queries: list.map((p) => queries.dora({ projectKey: p.jiraProjectKey, ...range, grain })),
  });
  const rows: ProjectAdoption[] = list.map((project, i) => {
    const usage = usages[i];
    const delivery = deliveries[i];
    return {
      project,
      usage: usage ? state(usage) : { data: undefined, pending: true, error: null, fetching: false },
      delivery: delivery ? state(delivery) : { data: undefined, pending: true, error: null, fetching: false },
      retry: () => {
        if (usage?.isError) void usage.refetch();
        if (delivery?.isError) void delivery.refetch();
      },
    };
  });
  return { projects, rows, range, grain, setGrain };
}
