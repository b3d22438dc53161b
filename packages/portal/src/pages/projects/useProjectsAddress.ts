import type { DateRange, DoraBenchmark, DoraGrain } from '@client-portal/api-client';
import { useSearchParams } from 'wouter';
import { type ProjectsAddress, projectsAddressOf, projectsSearch } from './projectsAddress.js';

/**
 * The page's state, read from and written to its address (see `projectsAddress.ts`). Each choice
 * is a new history entry, so "back" returns to the previous project or range.
 */
export function useProjectsAddress() {
  const [params, setParams] = useSearchParams();
  const address = projectsAddressOf(params);
  const go = (change: Partial<ProjectsAddress>) => setParams(projectsSearch({ ...address, ...change }));
  return {
    ...address,
    setProject: (project: string) => go({ project }),
    setRange: (range: DateRange | undefined) => go({ range }),
    setGrain: (grain: DoraGrain) => go({ grain }),
    setBenchmark: (benchmark: DoraBenchmark) => go({ benchmark }),
  };
}
