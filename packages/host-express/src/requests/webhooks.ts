import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { skipEvents, takeEvents } from './event-cursor.js';

// The outbound webhook (issue #18 §8): with REQUEST_WEBHOOK_URL and REQUEST_WEBHOOK_SECRET set,
// every request event is POSTed as one JSON document, so a provider can route requests into its
// own help desk. The URL is the provider's own system, so internal events and notes go too,
// marked `"internal": true` — it must never point at anything a customer reads.
//
// Signing (documented in the README): the body is signed with the timestamp, so a captured
// delivery cannot be replayed later:
//   X-Portal-Timestamp: <unix seconds>
//   X-Portal-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<exact body>")>
//   X-Portal-Delivery:  <id, the same on every retry of one event>
//   X-Portal-Event:     <event kind: created, comment, status, …>
// A receiver recomputes the HMAC over the raw body, compares in constant time and refuses a
// timestamp more than 5 minutes from its clock.
//
// Events become request_webhook_deliveries rows after the 'webhook' cursor (moved in the same
// transaction); a delivery that fails (non-2xx, timeout, refused) is tried again with backoff —
// 1, 2, 4 … minutes, at most 6 hours apart — and given up after MAX_WEBHOOK_ATTEMPTS. Deliveries
// run after the e-mail step, one at a time in the events' order, each with a timeout, so a slow
// help desk never holds e-mail up.

type Db = Kysely<Database>;

export const MAX_WEBHOOK_ATTEMPTS = 10;
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const DELIVERY_BATCH = 50;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 6 * 3_600_000;

export interface WebhookSettings {
  url: string;
  secret: string;
}

/** The signature header's value for a body sent at `timestamp` (unix seconds). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** A receiver's check: the signature matches the raw body and the timestamp is recent. */
export function verifyWebhookSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now: Date,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isSafeInteger(timestamp) || !headers.signature) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(webhookSignature(secret, timestamp, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The wait before attempt `attempts + 1`. */
export function webhookBackoffMs(attempts: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.max(attempts - 1, 0), BACKOFF_MAX_MS);
}

/**
 * Turns the events after the 'webhook' cursor into deliveries (each body written once, so every
 * retry sends the same bytes). Without a webhook the cursor only moves on: turning one on later
 * does not send the past.
 */
export async function queueWebhooks(db: Db, now: Date, webhook: WebhookSettings | null): Promise<number> {
  if (!webhook) {
    await skipEvents(db, 'webhook', now);
    return 0;
  }
  const { made } = await takeEvents(
    db,
    'webhook',
    now,
    (trx, after, limit) =>
      trx
        .selectFrom('request_events as e')
        .leftJoin('requests as r', (join) =>
          join.onRef('r.id', '=', 'e.request_id').onRef('r.company_id', '=', 'e.company_id'),
        )
        .leftJoin('companies as c', 'c.id', 'e.company_id')
        .leftJoin('request_comments as rc', (join) =>
          join
            .onRef('rc.company_id', '=', 'e.company_id')
            .onRef('rc.request_id', '=', 'e.request_id')
            .on('e.kind', '=', 'comment')
            .onRef('rc.id', '=', (eb) => eb.cast(eb.ref('e.after', '->>').key('commentId' as never), 'text')),
        )
        .select([
          'e.id',
          'e.at',
          'e.request_id',
          'e.company_id',
          'e.actor_id',
          'e.on_behalf_of_company',
          'e.kind',
          'e.before',
          'e.after',
          'e.internal',
          'c.name as company_name',
          'r.key',
          'r.type',
          'r.title',
          'r.status',
          'r.priority',
          'r.visibility',
          'r.requester_id',
          'r.assignee_id',
          'r.due_at',
          'r.next_check_in',
          'r.waiting_on',
          'r.subscription_id',
          'r.project_id',
          'r.created_at',
          'r.updated_at',
          'rc.id as comment_id',
          'rc.body as comment_body',
          'rc.internal as comment_internal',
        ])
        .where('e.id', '>', after)
        .orderBy('e.id')
        .limit(limit)
        .execute(),
    async (trx, rows) => {
      let count = 0;
      for (const row of rows) {
        if (row.key === null) continue;
        const id = `whd_${randomBytes(12).toString('base64url')}`;
        const body = JSON.stringify({
          id,
          event: row.kind,
          eventId: row.id,
          at: row.at.toISOString(),
          internal: row.internal,
          company: { id: row.company_id, name: row.company_name },
          actor: {
            id: row.actor_id,
            kind: row.actor_id === 'host' ? 'host' : row.on_behalf_of_company ? 'staff' : 'person',
            onBehalfOfCompany: row.on_behalf_of_company,
          },
          before: row.before,
          after: row.after,
          comment:
            row.comment_id === null
              ? null
              : { id: row.comment_id, body: row.comment_body, internal: row.comment_internal },
          request: {
            id: row.request_id,
            key: row.key,
            type: row.type,
            title: row.title,
            status: row.status,
            priority: row.priority,
            visibility: row.visibility,
            requesterId: row.requester_id,
            assigneeId: row.assignee_id,
            dueAt: row.due_at,
            nextCheckIn: row.next_check_in,
            waitingOn: row.waiting_on,
            subscriptionId: row.subscription_id,
            projectId: row.project_id,
            createdAt: row.created_at,
            updatedAt: row.updated_at,
          },
        });
        await trx
          .insertInto('request_webhook_deliveries')
          .values({
            id,
            event_id: row.id,
            company_id: row.company_id,
            request_id: row.request_id,
            body,
            created_at: now,
            next_attempt_at: now,
          })
          .onConflict((oc) => oc.columns(['company_id', 'event_id']).doNothing())
          .execute();
        count++;
      }
      return count;
    },
  );
  return made;
}

export interface DeliverOptions {
  now: Date;
  webhook: WebhookSettings;
  logger: { warn(obj: object, msg?: string): void };
  /** For tests: the per-delivery timeout. */
  timeoutMs?: number;
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function post(
  webhook: WebhookSettings,
  delivery: { id: string; body: string; kind: string },
  now: Date,
  timeoutMs: number,
): Promise<Outcome> {
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'client-portal-host',
        'X-Portal-Event': delivery.kind,
        'X-Portal-Delivery': delivery.id,
        'X-Portal-Timestamp': String(timestamp),
        'X-Portal-Signature': webhookSignature(webhook.secret, timestamp, delivery.body),
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `HTTP ${response.status}` };
  } catch (error) {
    const name = (error as Error)?.name;
    const message =
      name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : ((error as Error)?.message ?? 'failed');
    return { ok: false, status: null, error: message };
  }
}

/** Sends the deliveries whose time has come. Returns how many were delivered and how many failed. */
export async function deliverWebhooks(
  db: Db,
  options: DeliverOptions,
): Promise<{ delivered: number; failed: number }> {
  const { now } = options;
  const due = await db
    .selectFrom('request_webhook_deliveries as d')
    .innerJoin('request_events as e', (join) =>
      join.onRef('e.company_id', '=', 'd.company_id').onRef('e.id', '=', 'd.event_id'),
    )
    .select(['d.company_id', 'd.id', 'd.body', 'd.attempts', 'e.kind'])
    .where('d.delivered_at', 'is', null)
    .where('d.gave_up', '=', false)
    .where('d.next_attempt_at', '<=', now)
    .orderBy('d.event_id')
    .limit(DELIVERY_BATCH)
    .execute();
  let delivered = 0;
  let failed = 0;
  // One at a time, in the events' order: a help desk gets a request's events in the order they happened.
  for (const delivery of due) {
    const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    // Claimed first, so two runs at once never post one twice.
    const claimed = await db
      .updateTable('request_webhook_deliveries')
      .set({ next_attempt_at: new Date(now.getTime() + timeoutMs + BACKOFF_BASE_MS) })
      .where('company_id', '=', delivery.company_id)
      .where('id', '=', delivery.id)
      .where('delivered_at', 'is', null)
      .where('gave_up', '=', false)
      .where('next_attempt_at', '<=', now)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) continue;
    const outcome = await post(options.webhook, delivery, now, timeoutMs);
    const attempts = delivery.attempts + 1;
    if (outcome.ok) {
      delivered++;
      await db
        .updateTable('request_webhook_deliveries')
        .set({ delivered_at: now, attempts, last_status: outcome.status, last_error: null })
        .where('company_id', '=', delivery.company_id)
        .where('id', '=', delivery.id)
        .execute();
      continue;
    }
    failed++;
    options.logger.warn(
      { delivery: delivery.id, attempts, status: outcome.status, err: outcome.error },
      'request webhook not delivered',
    );
    await db
      .updateTable('request_webhook_deliveries')
      .set({
        attempts,
        last_status: outcome.status,
        last_error: outcome.error.slice(0, 1000),
        next_attempt_at: new Date(now.getTime() + webhookBackoffMs(attempts)),
        gave_up: attempts >= MAX_WEBHOOK_ATTEMPTS,
      })
      .where('company_id', '=', delivery.company_id)
      .where('id', '=', delivery.id)
      .execute();
  }
  return { delivered, failed };
}
