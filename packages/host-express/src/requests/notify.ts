import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.js';
import { type ComposedMail, composeMail, type MailItem, type NotificationKind } from './mail-templates.js';
import { takeEvents } from './event-cursor.js';
import type { MailTransport } from './outbox.js';

// The requests' e-mail (issue #18 §8), in two steps of the schedule:
//
// 1. queueNotifications: reads the request events after the 'mail' cursor and, for each event worth
//    an e-mail, adds it to a pending request_notifications row of each recipient (one unsent row
//    per person and request). The cursor moves in the same transaction, so an event is queued once.
//    A new row may be sent an hour after the person's last e-mail on that request; until then
//    everything else for them on it joins the same row: at most one e-mail per person per request
//    per hour.
// 2. sendNotifications: sends each row whose time has come, as one message of all its events. A
//    failed send keeps the row (attempts, last error) for the next run, up to MAX_ATTEMPTS. Each row
//    is claimed before it is sent, so two runs at once never send one twice.
//
// What may be sent is decided twice: when queued (which events, to whom) and again when sent
// (the event is still of that request and public, the comment public, the person still a party).
// No internal event or note reaches a customer; staff get only the same public updates, plus the
// assignee's own deadline reminders; attachments are never included; a message is about one
// request, so it carries one company's data.

type Db = Kysely<Database>;

export const BUNDLE_HOURS = 1;
export const MAX_ATTEMPTS = 10;
const SEND_BATCH = 200;
/** A row being sent is claimed this long (a run that dies mid-send leaves it to a later run). */
const CLAIM_MS = 10 * 60_000;
/** The portal's name in a message's footer. */
const DEFAULT_BRAND = 'the client portal';

type Audience = 'customers' | 'customers+admins' | 'customers+assignee' | 'assignee';

interface QueuedEvent {
  id: number;
  request_id: string;
  company_id: string;
  actor_id: string;
  kind: Database['request_events']['kind'];
  after: unknown;
  internal: boolean;
  requester_id: string;
  assignee_id: string | null;
}

const afterOf = (after: unknown): Record<string, unknown> =>
  typeof after === 'object' && after !== null ? (after as Record<string, unknown>) : {};

/** What an event tells whom by e-mail, or null when it is not worth one (or must not be sent). */
export function notificationOf(event: {
  kind: Database['request_events']['kind'];
  actor_id: string;
  after: unknown;
  internal: boolean;
}): { kind: NotificationKind; audience: Audience } | null {
  const after = afterOf(event.after);
  if (event.internal) {
    // The only internal event mailed: the assignee's own reminder, to the assignee (staff).
    return event.kind === 'reminder' && after.to === 'assignee'
      ? { kind: 'assignee_reminder', audience: 'assignee' }
      : null;
  }
  switch (event.kind) {
    case 'created':
      return event.actor_id === 'host'
        ? { kind: 'check_in', audience: 'customers' }
        : { kind: 'created', audience: 'customers+assignee' };
    case 'comment':
      return { kind: 'comment', audience: 'customers+assignee' };
    case 'status':
      if (after.status === 'waiting_on_customer') return { kind: 'waiting', audience: 'customers' };
      if (after.status === 'awaiting_approval') return { kind: 'approval', audience: 'customers+admins' };
      // The host's resolve is told by its 'auto_resolved' event, which carries the note.
      if (after.status === 'resolved' && event.actor_id !== 'host') {
        return { kind: 'resolved', audience: 'customers' };
      }
      if (after.action === 'answer') return { kind: 'answered', audience: 'assignee' };
      return null;
    case 'auto_resolved':
      return { kind: 'auto_resolved', audience: 'customers' };
    case 'approved':
      return { kind: 'approved', audience: 'assignee' };
    case 'reopened':
      return { kind: 'reopened', audience: 'assignee' };
    case 'reminder':
      return after.to === 'customer' ? { kind: 'reminder', audience: 'customers' } : null;
    default:
      return null;
  }
}

/** The people an audience names on one request (active accounts only), never the actor. */
async function recipientsOf(db: Db, event: QueuedEvent, audience: Audience): Promise<string[]> {
  const ids = new Set<string>();
  if (audience !== 'assignee') {
    const parties = await db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', event.company_id)
      .where('role', '=', 'customer')
      .where('disabled_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('id', '=', event.requester_id),
          eb(
            'id',
            'in',
            eb
              .selectFrom('request_participants')
              .select('user_id')
              .where('company_id', '=', event.company_id)
              .where('request_id', '=', event.request_id),
          ),
          ...(audience === 'customers+admins' ? [eb('company_admin', '=', true)] : []),
        ]),
      )
      .execute();
    for (const row of parties) ids.add(row.id);
  }
  if ((audience === 'assignee' || audience === 'customers+assignee') && event.assignee_id) {
    const staff = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', event.assignee_id)
      .where('role', '=', 'staff')
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (staff) ids.add(staff.id);
  }
  ids.delete(event.actor_id);
  return [...ids].sort();
}

/** Adds the event to the person's pending row on the request, or starts one. */
async function enqueue(trx: Db, event: QueuedEvent, userId: string, now: Date): Promise<void> {
  await sql`
    insert into request_notifications (company_id, request_id, user_id, event_ids, created_at, not_before)
    values (
      ${event.company_id}, ${event.request_id}, ${userId}, ${JSON.stringify([event.id])}::jsonb, ${now},
      greatest(${now}::timestamptz, coalesce((
        select max(sent_at) from request_notifications
         where company_id = ${event.company_id} and user_id = ${userId} and request_id = ${event.request_id}
           and sent_at is not null
      ) + make_interval(hours => ${BUNDLE_HOURS}), ${now}::timestamptz))
    )
    on conflict (company_id, user_id, request_id) where sent_at is null and not gave_up do update
      set event_ids = case when jsonb_array_length(request_notifications.event_ids) >= 1000
                           then request_notifications.event_ids
                           else request_notifications.event_ids || excluded.event_ids end`.execute(trx);
}

/**
 * Turns the events after the 'mail' cursor into pending notifications, a batch per transaction
 * with the cursor. Returns how many events were read and how many person-and-event pairs queued.
 */
export async function queueNotifications(db: Db, now: Date): Promise<{ events: number; queued: number }> {
  const { events, made } = await takeEvents(
    db,
    'mail',
    now,
    (trx, after, limit) =>
      trx
        .selectFrom('request_events as e')
        .leftJoin('requests as r', (join) =>
          join.onRef('r.id', '=', 'e.request_id').onRef('r.company_id', '=', 'e.company_id'),
        )
        .select([
          'e.id',
          'e.at',
          'e.request_id',
          'e.company_id',
          'e.actor_id',
          'e.kind',
          'e.after',
          'e.internal',
          'r.requester_id',
          'r.assignee_id',
        ])
        .where('e.id', '>', after)
        .orderBy('e.id')
        .limit(limit)
        .execute(),
    async (trx, rows) => {
      let pairs = 0;
      for (const row of rows) {
        if (row.requester_id === null) continue;
        const event: QueuedEvent = { ...row, requester_id: row.requester_id };
        const notification = notificationOf(event);
        if (!notification) continue;
        for (const userId of await recipientsOf(trx, event, notification.audience)) {
          await enqueue(trx, event, userId, now);
          pairs++;
        }
      }
      return pairs;
    },
  );
  return { events, queued: made };
}

export interface SendOptions {
  now: Date;
  transport: MailTransport;
  /** PUBLIC_ORIGIN + the portal's base path: links are `${portalUrl}/requests/<KEY>`. */
  portalUrl: string;
  brand?: string;
  logger: { warn(obj: object, msg?: string): void };
}

/** The link that opens a request in the portal. */
export function requestLink(portalUrl: string, key: string): string {
  return `${portalUrl.replace(/\/+$/, '')}/requests/${encodeURIComponent(key)}`;
}

/** A person's name as mail shows it: the display name, or the address. */
const nameOf = (user: { display_name: string; email: string } | undefined) =>
  user?.display_name.trim() || user?.email || 'Someone';

/**
 * One row's message, or null when nothing in it may be sent any more (the person left the request,
 * the events are gone). Everything is read again here, scoped to the row's request and company.
 */
async function buildMessage(
  db: Db,
  row: { request_id: string; company_id: string; user_id: string; event_ids: number[] },
  options: SendOptions,
): Promise<{ to: { name: string; address: string }; key: string; mail: ComposedMail } | null> {
  const request = await db
    .selectFrom('requests')
    .select(['id', 'key', 'title', 'description', 'requester_id', 'assignee_id', 'company_id'])
    .where('id', '=', row.request_id)
    .where('company_id', '=', row.company_id)
    .executeTakeFirst();
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'display_name', 'role', 'company_id', 'company_admin'])
    .where('id', '=', row.user_id)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!request || !user) return null;
  const staff = user.role === 'staff';
  if (!staff) {
    if (user.company_id !== request.company_id) return null;
    const party =
      request.requester_id === user.id ||
      user.company_admin ||
      (await db
        .selectFrom('request_participants')
        .select('user_id')
        .where('company_id', '=', request.company_id)
        .where('request_id', '=', request.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst()) !== undefined;
    if (!party) return null;
  }
  const ids = row.event_ids.filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return null;
  const events = await db
    .selectFrom('request_events')
    .select(['id', 'kind', 'actor_id', 'after', 'internal', 'at'])
    .where('request_id', '=', request.id)
    .where('company_id', '=', request.company_id)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const commentIds = events
    .filter((e) => e.kind === 'comment' && !e.internal)
    .map((e) => afterOf(e.after).commentId)
    .filter((id): id is string => typeof id === 'string');
  const comments = commentIds.length
    ? await db
        .selectFrom('request_comments')
        .select(['id', 'body'])
        .where('request_id', '=', request.id)
        .where('company_id', '=', request.company_id)
        .where('internal', '=', false)
        .where('id', 'in', commentIds)
        .execute()
    : [];
  const actorIds = [...new Set(events.map((e) => e.actor_id).filter((id) => id !== 'host'))];
  const actors = actorIds.length
    ? await db
        .selectFrom('users')
        .select(['id', 'display_name', 'email'])
        .where('id', 'in', actorIds)
        .execute()
    : [];
  const actorName = (id: string) => (id === 'host' ? 'The portal' : nameOf(actors.find((a) => a.id === id)));

  const items: MailItem[] = [];
  for (const event of events) {
    const notification = notificationOf(event);
    if (!notification) continue;
    // A staff-only update never goes to a customer, whatever the row says.
    if (notification.audience === 'assignee' && (!staff || request.assignee_id !== user.id)) continue;
    const after = afterOf(event.after);
    const item: MailItem = { kind: notification.kind, at: event.at, actor: actorName(event.actor_id) };
    if (notification.kind === 'comment') {
      const comment = comments.find((c) => c.id === after.commentId);
      if (!comment) continue;
      item.body = comment.body;
    } else if (notification.kind === 'created' || notification.kind === 'check_in') {
      if (request.description) item.body = request.description;
    } else if (notification.kind === 'auto_resolved') {
      if (typeof after.note === 'string') item.note = after.note;
    } else if (notification.kind === 'reminder') {
      if (typeof after.days === 'number') item.figure = after.days;
    } else if (notification.kind === 'assignee_reminder') {
      item.figure = after.reminder === 'assignee_75' ? 75 : 50;
      if (typeof after.dueAt === 'string') item.dueAt = new Date(after.dueAt);
    }
    items.push(item);
  }
  if (items.length === 0) return null;
  return {
    to: { name: nameOf(user), address: user.email },
    key: request.key,
    mail: composeMail({
      recipientName: nameOf(user),
      request: { key: request.key, title: request.title },
      items,
      link: requestLink(options.portalUrl, request.key),
      brand: options.brand ?? DEFAULT_BRAND,
    }),
  };
}

/** Sends every notification whose time has come. Returns how many were sent and how many failed. */
export async function sendNotifications(
  db: Db,
  options: SendOptions,
): Promise<{ sent: number; failed: number }> {
  const { now } = options;
  const due = await db
    .selectFrom('request_notifications')
    .select(['id', 'request_id', 'company_id', 'user_id', 'event_ids', 'attempts'])
    .where('sent_at', 'is', null)
    .where('gave_up', '=', false)
    .where('not_before', '<=', now)
    .orderBy('not_before')
    .orderBy('id')
    .limit(SEND_BATCH)
    .execute();
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    // Claimed first (its time moved on by a lease), so two runs at once never send it twice.
    const claimed = await db
      .updateTable('request_notifications')
      .set({ not_before: new Date(now.getTime() + CLAIM_MS) })
      .where('company_id', '=', row.company_id)
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .where('gave_up', '=', false)
      .where('not_before', '<=', now)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue;
    const message = await buildMessage(db, row, options);
    if (!message) {
      await db
        .updateTable('request_notifications')
        .set({ gave_up: true, last_error: 'Nothing in it may be sent to this person any more.' })
        .where('company_id', '=', row.company_id)
        .where('id', '=', row.id)
        .execute();
      continue;
    }
    try {
      await options.transport.send(
        { companyId: row.company_id, to: message.to, requestKey: message.key, ...message.mail },
        now,
      );
      await db
        .updateTable('request_notifications')
        .set({ sent_at: now, attempts: row.attempts + 1, last_error: null })
        .where('company_id', '=', row.company_id)
        .where('id', '=', row.id)
        .execute();
      sent++;
    } catch (error) {
      failed++;
      const attempts = row.attempts + 1;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      options.logger.warn({ notification: row.id, attempts, err: reason }, 'request e-mail not sent');
      await db
        .updateTable('request_notifications')
        .set({ attempts, last_error: reason, gave_up: attempts >= MAX_ATTEMPTS, not_before: now })
        .where('company_id', '=', row.company_id)
        .where('id', '=', row.id)
        .execute();
    }
  }
  return { sent, failed };
}
