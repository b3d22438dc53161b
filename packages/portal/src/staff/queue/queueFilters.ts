import type { RequestSummary, StaffQueueQuery } from '@client-portal/api-client/requests';

/** The queue's filters as the staff chose them; '' is "any". */
export interface QueueFilters {
  status: string;
  dueState: '' | 'on_track' | 'at_risk' | 'overdue';
  companyId: string;
  type: string;
  /** '', 'me', 'unassigned' or a staff user id. */
  assignee: string;
  page: number;
}

export const NO_FILTERS: QueueFilters = {
  status: '',
  dueState: '',
  companyId: '',
  type: '',
  assignee: '',
  page: 1,
};

export const QUEUE_PAGE_SIZE = 25;

/** The query the host's queue takes (unset filters left out; by due date is the host's order). */
export function queueQuery(filters: QueueFilters): StaffQueueQuery {
  const query: StaffQueueQuery = { page: String(filters.page), pageSize: String(QUEUE_PAGE_SIZE) };
  if (filters.status) query.status = filters.status;
  if (filters.dueState) query.dueState = filters.dueState;
  if (filters.companyId) query.companyId = filters.companyId;
  if (filters.type) query.type = filters.type;
  if (filters.assignee) query.assignee = filters.assignee;
  return query;
}

/** A change of one filter starts again at the first page. */
export function withFilter(filters: QueueFilters, change: Partial<Omit<QueueFilters, 'page'>>): QueueFilters {
  return { ...filters, ...change, page: 1 };
}

/** Whether any filter is set (the page is not one). */
export const hasFilters = (filters: QueueFilters) =>
  Boolean(filters.status || filters.dueState || filters.companyId || filters.type || filters.assignee);

/** `options` merged into what was known (the known label wins), sorted by label. */
export function mergeOptions(
  known: ReadonlyMap<string, string>,
  options: readonly { id: string; label: string }[],
): Map<string, string> {
  const next = new Map(known);
  for (const found of options) if (!next.has(found.id)) next.set(found.id, found.label);
  return new Map([...next].sort((a, b) => a[1].localeCompare(b[1])));
}

/**
 * Request types and assignees met in the queue so far, merged into what was known: the host's
 * lists (GET /api/staff/requests/options) come first, and a value only a page shows (a type
 * configured since they were read) is offered too; a chosen one stays offered.
 */
export function seenOptions(
  known: ReadonlyMap<string, string>,
  items: readonly RequestSummary[],
  pick: (item: RequestSummary) => { id: string; label: string } | null,
): Map<string, string> {
  return mergeOptions(
    known,
    items.flatMap((item) => pick(item) ?? []),
  );
}
