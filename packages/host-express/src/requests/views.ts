import type {
  RequestAttachment,
  RequestDetail,
  RequestPerson,
  RequestSummary,
  RequestTimelineEntry,
} from '@client-portal/api-client/requests';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.js';
import { dayOf } from './calendar.js';
import { subscriptionHours } from './check-ins.js';
import { eventEntry, type HistoryEvent, peopleOfEvents, timelineIds } from './event-text.js';
import { companyNames, loadPeople, person } from './people.js';
import { type Actor, REOPEN_WINDOW_DAYS, type Standing } from './status.js';
import { type EventView, eventViewOf, getRequest, type RequestView, type StoreOptions } from './store.js';
import { DEFAULT_REQUEST_TYPES, type RequestTypeSpec } from './types.js';

export { loadPeople } from './people.js';

// The contract's answers of the requests tracker (RequestSummary, RequestDetail and the history),
// built from the store's views. Whatever reaches a customer is decided here once:
//
// - no internal comment and no internal event, ever (they are not even read for a customer);
// - no internal status (the store leaves it out; events are told in labels, ./event-text.ts);
// - people by name (./people.ts); the company staff acted for by its name ("Casey for Acme").
//
// Every lookup is batched (`= any(array)`): a page of the list is its own query plus two.
// The meta answer is ./meta.ts.

type Db = Kysely<Database>;

/**
 * The media types an attachment may have (decided from the content). The attachments routes
 * (src/requests/attachments.ts) check uploads against the same list.
 */
export const ATTACHMENT_TYPES: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];

export interface ViewOptions extends StoreOptions {
  /** The configured request types (DEFAULT_REQUEST_TYPES without). */
  types?: readonly RequestTypeSpec[];
}

const staffSide = (actor: Actor) => actor.kind === 'staff' || actor.kind === 'host';

// ── Summaries (the list, the queue) ───────────────────────────────────────────────────────────

function typeLabel(types: readonly RequestTypeSpec[], id: string): string {
  return types.find((t) => t.id === id)?.label ?? id.replaceAll('_', ' ');
}

function summaryOf(
  view: RequestView,
  extra: { companyName: string; commentCount: number; attachmentCount: number },
  people: Map<string, RequestPerson>,
  types: readonly RequestTypeSpec[],
): RequestSummary {
  return {
    id: view.id,
    key: view.key,
    companyId: view.companyId,
    companyName: extra.companyName,
    type: view.type,
    typeLabel: typeLabel(types, view.type),
    title: view.title,
    label: view.label,
    ...(view.status !== undefined ? { status: view.status } : {}),
    priority: view.priority,
    dueAt: view.dueAt?.toISOString() ?? null,
    dueSource: view.dueSource,
    dueState: view.dueState,
    nextCheckIn: view.nextCheckIn,
    waitingOn: view.waitingOn,
    visibility: view.visibility,
    requester: person(people, view.requesterId),
    assignee: view.assigneeId ? person(people, view.assigneeId) : null,
    subscriptionId: view.subscriptionId,
    projectId: view.projectId,
    commentCount: extra.commentCount,
    attachmentCount: extra.attachmentCount,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

/**
 * The list's (or the queue's) items: the store's page plus one query for the counts and company
 * names and one for the people. Comments counted for a customer are the public ones only; files
 * are the latest version of each.
 */
export async function requestSummaries(
  db: Db,
  actor: Actor,
  views: readonly RequestView[],
  options: ViewOptions = {},
): Promise<RequestSummary[]> {
  if (views.length === 0) return [];
  const ids = views.map((v) => v.id);
  const internalToo = staffSide(actor);
  const [extras, people] = await Promise.all([
    db
      .selectFrom('requests as r')
      .innerJoin('companies as co', 'co.id', 'r.company_id')
      .select((eb) => [
        'r.id',
        'co.name as company_name',
        eb
          .selectFrom('request_comments as c')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('c.company_id', '=', 'r.company_id')
          .whereRef('c.request_id', '=', 'r.id')
          .where((w) => (internalToo ? w.lit(true) : w('c.internal', '=', false)))
          .as('comments'),
        eb
          .selectFrom('request_attachments as a')
          .select(eb.fn.countAll<string>().as('n'))
          .whereRef('a.company_id', '=', 'r.company_id')
          .whereRef('a.request_id', '=', 'r.id')
          .where(
            sql<boolean>`not exists (select 1 from request_attachments n
              where n.company_id = a.company_id and n.replaces_id = a.id)`,
          )
          .as('attachments'),
      ])
      .where(sql<boolean>`r.company_id = any(${[...new Set(views.map((v) => v.companyId))]}::text[])`)
      .where(sql<boolean>`r.id = any(${ids}::text[])`)
      .execute(),
    loadPeople(
      db,
      views.flatMap((v) => [v.requesterId, v.assigneeId]),
    ),
  ]);
  const byId = new Map(extras.map((e) => [e.id, e]));
  const types = options.types ?? DEFAULT_REQUEST_TYPES;
  return views.map((view) => {
    const extra = byId.get(view.id);
    return summaryOf(
      view,
      {
        companyName: extra?.company_name ?? '',
        commentCount: Number(extra?.comments ?? 0),
        attachmentCount: Number(extra?.attachments ?? 0),
      },
      people,
      types,
    );
  });
}

// ── History ───────────────────────────────────────────────────────────────────────────────────

/**
 * The request's events as `actor` may read them (no internal one for a customer), oldest first:
 * all of them, as timelineIds numbers them.
 */
async function readEvents(db: Db, actor: Actor, view: RequestView): Promise<EventView[]> {
  let query = db
    .selectFrom('request_events')
    .selectAll()
    .where('company_id', '=', view.companyId)
    .where('request_id', '=', view.id);
  if (!staffSide(actor)) query = query.where('internal', '=', false);
  const rows = await query.orderBy('id').execute();
  return rows.map(eventViewOf);
}

/**
 * The request's history for the company admin or staff (the route checks who may read it): every
 * change in words, oldest first; internal events for staff only. Throws RequestNotFoundError when
 * the actor may not see the request.
 */
export async function requestHistory(
  db: Db,
  actor: Actor,
  requestId: string,
  options: ViewOptions = {},
): Promise<{ events: HistoryEvent[] }> {
  const view = await getRequest(db, actor, requestId, options);
  const customer = !staffSide(actor);
  const events = await readEvents(db, actor, view);
  const ids = timelineIds(events);
  const [people, companies] = await Promise.all([
    loadPeople(db, peopleOfEvents(events)),
    companyNames(
      db,
      events.map((e) => e.onBehalfOfCompany),
    ),
  ]);
  return {
    events: events
      .map((e, i) => eventEntry(e, ids[i] as string, customer, people, companies))
      .filter((e): e is HistoryEvent => e !== null),
  };
}

// ── The detail ────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

/** How the actor stands to the request (as the store decides it), from its participants. */
function standingOf(actor: Actor, view: RequestView, participantIds: readonly string[]): Standing {
  if (actor.kind === 'host') return 'host';
  if (actor.kind === 'staff') return 'staff';
  if (actor.admin) return 'admin';
  if (view.requesterId === actor.userId || participantIds.includes(actor.userId)) return 'party';
  return 'viewer';
}

/**
 * One request as `actor` may see it, with its timeline, participants, files and the hours it adds:
 * the answer of GET /api/requests/{key} and of every change. Throws RequestNotFoundError when the
 * request is unknown or not the actor's to see.
 */
export async function requestDetail(
  db: Db,
  actor: Actor,
  requestId: string,
  options: ViewOptions = {},
): Promise<RequestDetail> {
  const view = await getRequest(db, actor, requestId, options);
  const customer = !staffSide(actor);
  const types = options.types ?? DEFAULT_REQUEST_TYPES;
  let commentsQuery = db
    .selectFrom('request_comments')
    .selectAll()
    .where('request_id', '=', view.id)
    .where('company_id', '=', view.companyId);
  if (customer) commentsQuery = commentsQuery.where('internal', '=', false);
  const [participantRows, comments, events, attachments, linked, deal] = await Promise.all([
    db
      .selectFrom('request_participants')
      .select('user_id')
      .where('company_id', '=', view.companyId)
      .where('request_id', '=', view.id)
      .orderBy('added_at')
      .orderBy('user_id')
      .execute(),
    commentsQuery.orderBy('created_at').orderBy('id').execute(),
    readEvents(db, actor, view),
    db
      .selectFrom('request_attachments')
      .selectAll()
      .where('request_id', '=', view.id)
      .where('company_id', '=', view.companyId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    view.linkedRequestId
      ? db
          .selectFrom('requests')
          .select('key')
          .where('id', '=', view.linkedRequestId)
          .where('company_id', '=', view.companyId)
          .executeTakeFirst()
      : undefined,
    view.subscriptionId
      ? db
          .selectFrom('deals')
          .select(['name', 'hours', 'start_date', 'end_date'])
          .where('id', '=', view.subscriptionId)
          .where('company_id', '=', view.companyId)
          .executeTakeFirst()
      : undefined,
  ]);
  const participantIds = participantRows.map((p) => p.user_id);
  const [people, companies] = await Promise.all([
    loadPeople(db, [
      view.requesterId,
      view.assigneeId,
      view.createdBy,
      ...participantIds,
      ...comments.map((c) => c.author_id),
      ...peopleOfEvents(events),
      ...attachments.map((a) => a.uploaded_by),
    ]),
    companyNames(db, [
      view.companyId,
      ...events.map((e) => e.onBehalfOfCompany),
      ...comments.map((c) => c.on_behalf_of),
    ]),
  ]);

  const replaced = new Set(attachments.map((a) => a.replaces_id).filter((id): id is string => id !== null));
  const attachmentOf = (a: (typeof attachments)[number]): RequestAttachment => ({
    id: a.id,
    fileName: a.file_name,
    contentType: a.content_type,
    sizeBytes: Number(a.size_bytes),
    scan: a.scan,
    version: a.version,
    replacesId: a.replaces_id,
    uploadedBy: person(people, a.uploaded_by),
    createdAt: new Date(a.created_at).toISOString(),
    savedToDocuments: a.document_id !== null,
  });
  const latest = attachments.filter((a) => !replaced.has(a.id)).map(attachmentOf);

  // The timeline: events (comments and files are entries of their own), comments, files.
  const timeline: { at: number; order: number; entry: RequestTimelineEntry }[] = [];
  const eventIds = timelineIds(events);
  for (const [i, event] of events.entries()) {
    if (event.kind === 'comment' || event.kind === 'attachment') continue;
    const entry = eventEntry(event, eventIds[i] as string, customer, people, companies);
    if (entry) timeline.push({ at: event.at.getTime(), order: 0, entry });
  }
  for (const c of comments) {
    timeline.push({
      at: new Date(c.created_at).getTime(),
      order: 1,
      entry: {
        kind: 'comment',
        id: c.id,
        at: new Date(c.created_at).toISOString(),
        actor: person(people, c.author_id),
        onBehalfOf: c.on_behalf_of ? (companies.get(c.on_behalf_of) ?? null) : null,
        body: c.body,
        internal: c.internal,
      },
    });
  }
  for (const a of attachments) {
    timeline.push({
      at: new Date(a.created_at).getTime(),
      order: 2,
      entry: {
        kind: 'attachment',
        id: a.id,
        at: new Date(a.created_at).toISOString(),
        actor: person(people, a.uploaded_by),
        attachment: attachmentOf(a),
      },
    });
  }
  timeline.sort((x, y) => x.at - y.at || x.order - y.order);

  const commentCount = comments.length;
  const summary = summaryOf(
    view,
    {
      companyName: companies.get(view.companyId) ?? '',
      commentCount,
      attachmentCount: latest.length,
    },
    people,
    types,
  );
  const standing = standingOf(actor, view, participantIds);
  const staff = standing === 'staff';
  const isRequester = actor.kind === 'customer' && actor.userId === view.requesterId;
  const delta = view.fields.hours_delta;
  // The hours left as the renewal check-ins estimate them (the term's share still to run; the store
  // has the contract, not timesheets), or the contracted hours without dates.
  const hoursLeft = deal
    ? (subscriptionHours(deal, dayOf(options.now ?? new Date()))?.left ?? deal.hours ?? null)
    : null;
  return {
    ...summary,
    description: view.description,
    fields: view.fields,
    createdBy: view.createdBy ? person(people, view.createdBy) : null,
    linkedRequestKey: linked?.key ?? null,
    waitingSince: view.waitingSince.toISOString(),
    resolvedAt: view.resolvedAt?.toISOString() ?? null,
    closedAt: view.closedAt?.toISOString() ?? null,
    reopenUntil:
      view.resolvedAt && view.label === 'resolved'
        ? new Date(view.resolvedAt.getTime() + REOPEN_WINDOW_DAYS * DAY_MS).toISOString()
        : null,
    version: view.version,
    actions: view.actions,
    can: {
      comment: standing !== 'host',
      internalNote: staff,
      // Whoever sees it, until it is closed or cancelled (the attachments routes' rule).
      attach: standing !== 'host' && view.label !== 'closed',
      manageParticipants: staff || standing === 'admin' || standing === 'party',
      changeVisibility: staff || standing === 'admin' || isRequester,
      triage: staff,
      readHistory: staff || standing === 'admin',
    },
    participants: participantIds.map((id) => person(people, id)),
    attachments: latest,
    timeline: timeline.map((t) => t.entry),
    hours:
      view.type === 'change_of_scope' && typeof delta === 'number' && deal
        ? {
            delta,
            subscriptionName: deal.name,
            hoursLeft,
            hoursLeftAfter: hoursLeft === null ? null : hoursLeft + delta,
          }
        : null,
  };
}
