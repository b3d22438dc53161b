import type {
  RequestDetail,
  RequestDueState,
  RequestTimelineEntry,
  RequestType,
} from '@client-portal/api-client/requests';

type EventEntry = Extract<RequestTimelineEntry, { kind: 'event' }>;

/** A status in an event's before/after: a bare name (mocks), or `{ label }` / `{ status }` (the host). */
function statusIn(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const named = record.status ?? record.label;
  return typeof named === 'string' ? named : null;
}

/** The statuses a status event went from and to, when it names both. */
export function statusChange(entry: EventEntry): { from: string; to: string } | null {
  const from = statusIn(entry.before);
  const to = statusIn(entry.after);
  return from && to ? { from, to } : null;
}

/** Tone of the customer's due state: on track is fine, at risk a warning, overdue an alarm. */
export const DUE_TONES = {
  on_track: 'success',
  at_risk: 'warning',
  overdue: 'danger',
} as const satisfies Record<RequestDueState, 'success' | 'warning' | 'danger'>;

/** Tone of a customer label. */
export const LABEL_TONES = {
  submitted: 'info',
  in_progress: 'accent',
  waiting_for_you: 'warning',
  resolved: 'success',
  closed: 'neutral',
} as const satisfies Record<RequestDetail['label'], 'info' | 'accent' | 'warning' | 'success' | 'neutral'>;

/**
 * Reopening a resolved request: `open` while the 14 days run (until `until`), `passed` once they
 * have (the date they ended, if known), `closed` for a closed request; null while the request is
 * not done, when reopening is not a question.
 */
export type ReopenWindow =
  | { state: 'open'; until: string | null }
  | { state: 'passed'; until: string | null }
  | { state: 'closed' }
  | null;

export function reopenWindow(
  request: Pick<RequestDetail, 'label' | 'actions' | 'reopenUntil' | 'resolvedAt'>,
): ReopenWindow {
  if (request.actions.includes('reopen')) return { state: 'open', until: request.reopenUntil };
  if (request.label === 'resolved') {
    const ended =
      request.reopenUntil ??
      (request.resolvedAt ? new Date(Date.parse(request.resolvedAt) + 14 * 86_400_000).toISOString() : null);
    return { state: 'passed', until: ended };
  }
  if (request.label === 'closed') return { state: 'closed' };
  return null;
}

/**
 * The address of a new request linked to this one, of the same type; a question instead when the
 * type is one people cannot file (opened by the host, e.g. a renewal check-in).
 */
export function linkedRequestHref(
  request: Pick<RequestDetail, 'key' | 'type'>,
  types: readonly RequestType[],
) {
  const type = types.find((t) => t.id === request.type);
  const next = type?.hostOnly ? 'question' : request.type;
  const query = new URLSearchParams({ linkedRequestKey: request.key, type: next });
  return `/requests/new?${query.toString()}`;
}

/** A configured option value for people: 'invoice_copy' → 'Invoice copy'. */
export function optionText(value: string): string {
  const spaced = value.replaceAll('_', ' ').trim();
  return spaced ? spaced.charAt(0).toUpperCase() + spaced.slice(1) : value;
}

export interface FieldRow {
  name: string;
  label: string;
  kind: 'text' | 'number' | 'date' | 'select';
  value: string | number;
}

/**
 * The request's own fields in the order its type lists them, with the type's labels; a field the
 * type no longer lists (the configuration changed) follows under its name. Empty values are left out.
 */
export function fieldRows(
  request: Pick<RequestDetail, 'type' | 'fields'>,
  types: readonly RequestType[],
): FieldRow[] {
  const type = types.find((t) => t.id === request.type);
  const rows: FieldRow[] = [];
  const seen = new Set<string>();
  for (const field of type?.fields ?? []) {
    const value = request.fields[field.name];
    seen.add(field.name);
    if (value === undefined || value === '') continue;
    rows.push({ name: field.name, label: field.label, kind: field.kind, value });
  }
  for (const [name, value] of Object.entries(request.fields)) {
    if (seen.has(name) || value === '') continue;
    rows.push({ name, label: optionText(name), kind: typeof value === 'number' ? 'number' : 'text', value });
  }
  return rows;
}

/** The people who may be added: colleagues who do not take part yet. */
export function addableColleagues<P extends { id: string }>(
  colleagues: readonly P[],
  participants: readonly P[],
) {
  const taking = new Set(participants.map((p) => p.id));
  return colleagues.filter((c) => !taking.has(c.id));
}

/** A calendar day ('2026-04-01') of an ISO time, for a date input; '' for none. */
export const dayOf = (value: string | null | undefined) => (value ? value.slice(0, 10) : '');
