import type { RequestPerson, RequestTimelineEntry } from '@client-portal/api-client/requests';
import type { RequestEventKind, RequestStatus } from '../store/schema.js';
import { person } from './people.js';
import { CUSTOMER_LABEL_TEXT, customerLabel } from './status.js';
import type { EventView } from './store.js';

// A request's history events in words ("Status: Submitted → In progress"), as the reader may be
// told them: for a customer a status is one of the five labels, the provider's action is left out
// of before/after, and a change they cannot see (submitted → triaged) is not told at all.

const STATUS_TEXT: Readonly<Record<RequestStatus, string>> = {
  submitted: 'Submitted',
  triaged: 'Triaged',
  in_progress: 'In progress',
  waiting_on_customer: 'Waiting on customer',
  awaiting_approval: 'Awaiting approval',
  resolved: 'Resolved',
  closed: 'Closed',
  cancelled: 'Cancelled',
};
const PRIORITY_TEXT: Record<string, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};
const VISIBILITY_TEXT: Record<string, string> = {
  participants: 'Requester and participants',
  company: 'Everyone at the company',
};
const DUE_SOURCE_TEXT: Record<string, string> = {
  contract: 'contract',
  check_in: 'check-in',
  agreed: 'agreed',
};

export const field = (value: unknown, name: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function isStatus(value: unknown): value is RequestStatus {
  return typeof value === 'string' && value in STATUS_TEXT;
}

const STATUS_EVENTS: ReadonlySet<RequestEventKind> = new Set([
  'status',
  'approved',
  'reopened',
  'auto_resolved',
]);

/** A day or a time as a calendar day ("2025-07-01"). */
function dayOf(value: unknown): string | null {
  const text = str(value);
  if (!text) return null;
  return text.length >= 10 ? text.slice(0, 10) : text;
}

interface EventText {
  text: string;
  before: unknown;
  after: unknown;
  /** The person or file the event names, for a portal that words it in its own language. */
  subject?: string | null;
}

/**
 * An event as `actor` is told it, or null when it tells them nothing (a status change a customer
 * cannot see). For a customer a status is a label and the provider's action is left out.
 */
function describeEvent(
  event: EventView,
  customer: boolean,
  people: Map<string, RequestPerson>,
): EventText | null {
  const { before, after } = event;
  const name = (id: unknown) => (typeof id === 'string' ? person(people, id).name : 'someone');
  if (STATUS_EVENTS.has(event.kind) || (event.kind === 'created' && customer)) {
    const from = field(before, 'status');
    const to = field(after, 'status');
    const prefix =
      event.kind === 'approved'
        ? 'Approved'
        : event.kind === 'reopened'
          ? 'Reopened'
          : event.kind === 'auto_resolved'
            ? 'Resolved automatically after waiting 14 days'
            : 'Status';
    if (event.kind === 'created') {
      return {
        text: 'Request created',
        before: null,
        after: isStatus(to) ? { label: customerLabel(to) } : null,
      };
    }
    if (customer) {
      const a = isStatus(from) ? customerLabel(from) : null;
      const b = isStatus(to) ? customerLabel(to) : null;
      if (a === b && event.kind === 'status') return null;
      const words = [a, b].map((l) => (l ? CUSTOMER_LABEL_TEXT[l] : '?'));
      return {
        text: `${prefix}: ${words[0]} → ${words[1]}`,
        before: a ? { label: a } : null,
        after: b ? { label: b } : null,
      };
    }
    const words = [from, to].map((s) => (isStatus(s) ? STATUS_TEXT[s] : '?'));
    return { text: `${prefix}: ${words[0]} → ${words[1]}`, before, after };
  }
  const told = (text: string, subject: string | null = null): EventText => ({
    text,
    before,
    after,
    subject,
  });
  switch (event.kind) {
    case 'created':
      return told('Request created');
    case 'assigned': {
      const to = field(after, 'assigneeId');
      return typeof to === 'string' ? told(`Assigned to ${name(to)}`, name(to)) : told('Unassigned');
    }
    case 'due': {
      const at = dayOf(field(after, 'dueAt'));
      const source = str(field(after, 'source'));
      return told(
        at
          ? `Due date: ${at}${source && DUE_SOURCE_TEXT[source] ? ` (${DUE_SOURCE_TEXT[source]})` : ''}`
          : 'Due date removed',
      );
    }
    case 'check_in': {
      const day = dayOf(field(after, 'nextCheckIn'));
      return told(day ? `Next check-in: ${day}` : 'Next check-in removed');
    }
    case 'comment':
      return told(event.internal ? 'Internal note added' : 'Commented');
    case 'participant_added':
      return told(`Added ${name(field(after, 'userId'))}`, name(field(after, 'userId')));
    case 'participant_removed':
      return told(`Removed ${name(field(before, 'userId'))}`, name(field(before, 'userId')));
    case 'visibility': {
      const [a, b] = [field(before, 'visibility'), field(after, 'visibility')].map(
        (v) => VISIBILITY_TEXT[String(v)] ?? '?',
      );
      return told(`Visibility: ${a} → ${b}`);
    }
    case 'priority': {
      const [a, b] = [field(before, 'priority'), field(after, 'priority')].map(
        (v) => PRIORITY_TEXT[String(v)] ?? '?',
      );
      return told(`Priority: ${a} → ${b}`);
    }
    case 'attachment': {
      const file = str(field(after, 'fileName')) ?? 'a file';
      if (field(after, 'documentId') !== undefined) return told(`Saved ${file} to the documents`, file);
      if (field(after, 'removed') !== undefined)
        return told(`Removed ${file}: it did not pass the virus scan`, file);
      return told(`Attached ${file}`, file);
    }
    case 'reminder':
      return told('Reminder sent');
    default:
      return told(String(event.kind));
  }
}

export type HistoryEvent = Extract<RequestTimelineEntry, { kind: 'event' }>;

/**
 * The ids the timeline gives a request's events, read oldest first (all of them, or a customer's
 * public ones): its ordinal among the request's public events ("e3") or, for an internal one, among
 * its internal events ("i2"). Not the stored id, which one counter hands out to every company's
 * events: that would let a customer count other companies' activity. The same for every reader (a
 * customer's public events are numbered as staff see them) and stable, as events are never removed
 * and a request's are written one transaction at a time (writeEvent).
 */
export function timelineIds(events: readonly Pick<EventView, 'internal'>[]): string[] {
  let shown = 0;
  let internal = 0;
  return events.map((e) => (e.internal ? `i${++internal}` : `e${++shown}`));
}

/** `event` as the timeline tells it to the reader, with its id from timelineIds; null when it tells them nothing. */
export function eventEntry(
  event: EventView,
  id: string,
  customer: boolean,
  people: Map<string, RequestPerson>,
  companies: Map<string, string>,
): HistoryEvent | null {
  const told = describeEvent(event, customer, people);
  if (!told) return null;
  return {
    kind: 'event',
    id,
    at: event.at.toISOString(),
    actor: event.actorId === 'host' ? null : person(people, event.actorId),
    onBehalfOf: event.onBehalfOfCompany ? (companies.get(event.onBehalfOfCompany) ?? null) : null,
    event: event.kind,
    before: told.before ?? null,
    after: told.after ?? null,
    text: told.text,
    subject: told.subject ?? null,
    internal: event.internal,
  };
}

/** The people an event names (its actor, an assignee, a participant), for one batched lookup. */
export function peopleOfEvents(events: readonly EventView[]): (string | null)[] {
  return events.flatMap((e) => [
    e.actorId,
    str(field(e.after, 'assigneeId')),
    str(field(e.after, 'userId')),
    str(field(e.before, 'userId')),
  ]);
}
