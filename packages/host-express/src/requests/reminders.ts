import { type Kysely, sql } from 'kysely';
import type { Database, RequestStatus } from '../store/schema.js';
import { type ScheduleLogger, writeHostEvent } from './check-ins.js';
import { hostIn } from './status.js';
import { RequestConflictError, RequestRefusedError, transitionRequest } from './store.js';

// The schedule's reminders (issue #18 §7):
// - the assignee, at 50 % and 75 % of the time from a request's creation to its due date (an
//   internal 'reminder' event: the provider's own deadline is not the customer's business);
// - the customer, 3 and 7 days after a request starts waiting on them (a public 'reminder' event);
// - a request left waiting on the customer 14 days is resolved by the host, with a public note.
// Each reminder is written with its request_reminders marker (request, kind, period) in one
// transaction, so it goes out once per due date and per waiting period, however often the schedule
// runs. When a later threshold has passed too (a due date set late), only the later reminder is
// written and the earlier one is marked as done.

type Db = Kysely<Database>;

const DAY_MS = 86_400_000;
export const ASSIGNEE_THRESHOLDS = [
  { kind: 'assignee_50', share: 0.5 },
  { kind: 'assignee_75', share: 0.75 },
] as const;
export const CUSTOMER_REMINDER_DAYS = [
  { kind: 'customer_3', days: 3 },
  { kind: 'customer_7', days: 7 },
] as const;
/** A request waiting on the customer this long is resolved. */
export const AUTO_RESOLVE_DAYS = 14;
export const AUTO_RESOLVE_NOTE =
  'Resolved automatically after 14 days without an answer; reply within 14 days to reopen it.';

const OPEN: RequestStatus[] = [
  'submitted',
  'triaged',
  'in_progress',
  'waiting_on_customer',
  'awaiting_approval',
];
const BATCH = 500;

type ReminderKind = Database['request_reminders']['kind'];

/** Inserts the markers; true when `kind` (the one written as an event) was not there yet. */
async function mark(
  trx: Db,
  request: { id: string; company_id: string },
  kinds: ReminderKind[],
  period: Date,
  now: Date,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('request_reminders')
    .values(
      kinds.map((kind) => ({
        request_id: request.id,
        company_id: request.company_id,
        kind,
        period,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['company_id', 'request_id', 'kind', 'period']).doNothing())
    .returning('kind')
    .execute();
  return inserted.some((row) => row.kind === kinds[kinds.length - 1]);
}

/** The assignee's reminders at 50 % and 75 % of the time to the due date. Returns how many were written. */
export async function remindAssignees(db: Db, now: Date): Promise<number> {
  const rows = await db
    .selectFrom('requests as r')
    .select(['r.id', 'r.company_id', 'r.assignee_id', 'r.due_at', 'r.created_at'])
    .where('r.status', 'in', OPEN)
    .where('r.assignee_id', 'is not', null)
    .where('r.due_at', 'is not', null)
    .where(sql<boolean>`r.due_at > r.created_at`)
    .where(sql<boolean>`${now}::timestamptz >= r.created_at + (r.due_at - r.created_at) * 0.5`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('request_reminders as m')
            .select('m.kind')
            .whereRef('m.company_id', '=', 'r.company_id')
            .whereRef('m.request_id', '=', 'r.id')
            .where('m.kind', '=', 'assignee_75')
            .whereRef('m.period', '=', 'r.due_at'),
        ),
      ),
    )
    .orderBy('r.due_at')
    .limit(BATCH)
    .execute();
  let written = 0;
  for (const row of rows) {
    const due = (row.due_at as Date).getTime();
    const created = row.created_at.getTime();
    const passed = ASSIGNEE_THRESHOLDS.filter((t) => now.getTime() >= created + t.share * (due - created));
    const last = passed[passed.length - 1];
    if (!last) continue;
    const done = await db.transaction().execute(async (trx) => {
      const fresh = await trx
        .selectFrom('requests')
        .select(['id', 'company_id', 'assignee_id', 'due_at', 'status'])
        .where('company_id', '=', row.company_id)
        .where('id', '=', row.id)
        .forUpdate()
        .executeTakeFirst();
      // Changed meanwhile (reassigned, a new due date, resolved): the next run decides again.
      if (
        !fresh ||
        !OPEN.includes(fresh.status) ||
        fresh.assignee_id !== row.assignee_id ||
        fresh.due_at?.getTime() !== due
      ) {
        return false;
      }
      if (
        !(await mark(
          trx,
          fresh,
          passed.map((t) => t.kind),
          fresh.due_at,
          now,
        ))
      ) {
        return false;
      }
      await writeHostEvent(
        trx,
        fresh,
        'reminder',
        null,
        { reminder: last.kind, to: 'assignee', assigneeId: fresh.assignee_id, dueAt: fresh.due_at },
        now,
        true,
      );
      return true;
    });
    if (done) written++;
  }
  return written;
}

/** The customer's reminders 3 and 7 days into a wait on them. Returns how many were written. */
export async function remindCustomers(db: Db, now: Date): Promise<number> {
  const first = CUSTOMER_REMINDER_DAYS[0].days;
  const rows = await db
    .selectFrom('requests as r')
    .select(['r.id', 'r.company_id', 'r.waiting_since'])
    .where('r.status', '=', 'waiting_on_customer')
    .where('r.waiting_since', '<=', new Date(now.getTime() - first * DAY_MS))
    .where('r.waiting_since', '>', new Date(now.getTime() - AUTO_RESOLVE_DAYS * DAY_MS))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('request_reminders as m')
            .select('m.kind')
            .whereRef('m.company_id', '=', 'r.company_id')
            .whereRef('m.request_id', '=', 'r.id')
            .where('m.kind', '=', 'customer_7')
            .whereRef('m.period', '=', 'r.waiting_since'),
        ),
      ),
    )
    .orderBy('r.waiting_since')
    .limit(BATCH)
    .execute();
  let written = 0;
  for (const row of rows) {
    const since = row.waiting_since.getTime();
    const passed = CUSTOMER_REMINDER_DAYS.filter((r) => now.getTime() >= since + r.days * DAY_MS);
    const last = passed[passed.length - 1];
    if (!last) continue;
    const done = await db.transaction().execute(async (trx) => {
      const fresh = await trx
        .selectFrom('requests')
        .select(['id', 'company_id', 'status', 'waiting_since'])
        .where('company_id', '=', row.company_id)
        .where('id', '=', row.id)
        .forUpdate()
        .executeTakeFirst();
      if (fresh?.status !== 'waiting_on_customer' || fresh.waiting_since.getTime() !== since) {
        return false;
      }
      if (
        !(await mark(
          trx,
          fresh,
          passed.map((r) => r.kind),
          fresh.waiting_since,
          now,
        ))
      ) {
        return false;
      }
      await writeHostEvent(
        trx,
        fresh,
        'reminder',
        null,
        { reminder: last.kind, to: 'customer', days: last.days, waitingSince: fresh.waiting_since },
        now,
      );
      return true;
    });
    if (done) written++;
  }
  return written;
}

/**
 * Resolves each request waiting on the customer for 14 days: the store's transition as the host
 * (a 'status' event), and an 'auto_resolved' event carrying the public note, in one transaction.
 */
export async function autoResolve(db: Db, now: Date, logger: ScheduleLogger): Promise<number> {
  const rows = await db
    .selectFrom('requests')
    .select(['id', 'company_id', 'version', 'waiting_since'])
    .where('status', '=', 'waiting_on_customer')
    .where('waiting_since', '<=', new Date(now.getTime() - AUTO_RESOLVE_DAYS * DAY_MS))
    .orderBy('waiting_since')
    .limit(BATCH)
    .execute();
  let resolved = 0;
  for (const row of rows) {
    try {
      await db.transaction().execute(async (trx) => {
        await transitionRequest(trx, hostIn(row.company_id), row.id, 'resolve', {
          expectedVersion: row.version,
          now,
        });
        await writeHostEvent(
          trx,
          row,
          'auto_resolved',
          { status: 'waiting_on_customer', waitingSince: row.waiting_since },
          { status: 'resolved', days: AUTO_RESOLVE_DAYS, note: AUTO_RESOLVE_NOTE },
          now,
        );
      });
      resolved++;
    } catch (error) {
      // Someone changed it since it was read (answered, resolved): the next run reads it again.
      if (error instanceof RequestConflictError || error instanceof RequestRefusedError) continue;
      logger.warn({ err: error, request: row.id }, 'auto-resolve failed');
      throw error;
    }
  }
  return resolved;
}
