import { addDays, type DateRange } from '@client-portal/api-client';

/** A project of the caller's company: every analytics query filters on both ids. */
export interface ProjectScope {
  companyId: string;
  projectId: string;
}

/**
 * The half-open interval of instants an inclusive day range covers: [from 00:00Z, to + 1 day 00:00Z).
 * Days are UTC calendar days throughout the analytics routes.
 */
export function rangeInstants(range: DateRange): { start: Date; end: Date } {
  return {
    start: new Date(`${range.from}T00:00:00.000Z`),
    end: new Date(`${addDays(range.to, 1)}T00:00:00.000Z`),
  };
}
