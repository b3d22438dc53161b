import type { RequestLabel } from '@client-portal/api-client/requests';
import type { RequestPerson } from '@client-portal/api-client/requests';
import { csvDocument } from './csv.js';
import type { RequestView } from './store.js';
import type { RequestTypeSpec } from './types.js';

// The requests export (GET /api/requests/export.csv): one row per request with the columns the
// contract names, the customer's status label (never the internal status), people by name.

/** The file name's company part: letters and digits of its name, lower-case, joined by "-". */
function fileSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return slug || 'company';
}

const CSV_HEADER = [
  'Key',
  'Type',
  'Title',
  'Status',
  'Priority',
  'Due date',
  'Due state',
  'Next check-in',
  'Requester',
  'Assignee',
  'Created',
  'Updated',
] as const;
const LABEL_TEXT: Record<RequestLabel, string> = {
  submitted: 'Submitted',
  in_progress: 'In progress',
  waiting_for_you: 'Waiting for you',
  resolved: 'Resolved',
  closed: 'Closed',
};
const DUE_STATE_TEXT = { on_track: 'On track', at_risk: 'At risk', overdue: 'Overdue' } as const;

/** The CSV of `views`, people named from `people`. */
export function requestsCsv(
  views: readonly RequestView[],
  people: Map<string, RequestPerson>,
  types: readonly RequestTypeSpec[],
): string {
  const name = (id: string | null) => (id ? (people.get(id)?.name ?? '') : '');
  const typeLabel = (id: string) => types.find((t) => t.id === id)?.label ?? id;
  return csvDocument(
    CSV_HEADER,
    views.map((v) => [
      v.key,
      typeLabel(v.type),
      v.title,
      LABEL_TEXT[v.label],
      v.priority,
      v.dueAt?.toISOString() ?? '',
      v.dueState ? DUE_STATE_TEXT[v.dueState] : '',
      v.nextCheckIn ?? '',
      name(v.requesterId),
      name(v.assigneeId),
      v.createdAt.toISOString(),
      v.updatedAt.toISOString(),
    ]),
  );
}

/** `requests-<company>-<YYYY-MM-DD>.csv`. */
export function exportFileName(companyName: string, now: Date): string {
  return `requests-${fileSlug(companyName)}-${now.toISOString().slice(0, 10)}.csv`;
}
