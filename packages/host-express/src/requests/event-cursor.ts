import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

// The e-mail and webhook steps read the request events in order from a cursor of their own
// (request_cursors), a batch per transaction: the cursor row is locked, the batch handled and the
// cursor moved in the same transaction, so every event is taken in exactly once.

type Db = Kysely<Database>;

/** A gap in the event ids older than this is a rolled-back write, not one still committing. */
export const GAP_GRACE_MS = 10 * 60_000;
const BATCH = 500;

/**
 * The events after the cursor that can be taken in now: ids are handed out when an event is
 * written but become visible when its transaction commits, so a gap may be an event still being
 * committed. The prefix stops at a recent gap (the next run takes it in, gap filled); a gap older
 * than GAP_GRACE_MS is a rolled-back write and is passed.
 */
export function readyPrefix<T extends { id: number; at: Date }>(rows: T[], cursor: number, now: Date): T[] {
  let expected = cursor + 1;
  const ready: T[] = [];
  for (const row of rows) {
    if (row.id !== expected && row.at.getTime() > now.getTime() - GAP_GRACE_MS) break;
    ready.push(row);
    expected = row.id + 1;
  }
  return ready;
}

/**
 * Takes the events after cursor `name` in, batch by batch: `read` fetches up to `limit` events
 * after an id (in id order), `handle` deals with the ready ones and says how many things it made.
 * Returns the events taken in and the things made.
 */
export async function takeEvents<R extends { id: number; at: Date }>(
  db: Db,
  name: 'mail' | 'webhook',
  now: Date,
  read: (trx: Db, after: number, limit: number) => Promise<R[]>,
  handle: (trx: Db, rows: R[]) => Promise<number>,
): Promise<{ events: number; made: number }> {
  let events = 0;
  let made = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const cursor = await trx
        .selectFrom('request_cursors')
        .select('last_event_id')
        .where('name', '=', name)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const fetched = await read(trx, cursor.last_event_id, BATCH);
      const rows = readyPrefix(fetched, cursor.last_event_id, now);
      const count = await handle(trx, rows);
      const last = rows[rows.length - 1];
      if (last) {
        await trx
          .updateTable('request_cursors')
          .set({ last_event_id: last.id, updated_at: now })
          .where('name', '=', name)
          .execute();
      }
      return { read: rows.length, complete: rows.length === fetched.length, count };
    });
    events += batch.read;
    made += batch.count;
    if (batch.read < BATCH || !batch.complete) return { events, made };
  }
}

/** Moves cursor `name` past every event written so far (nothing is taken in). */
export async function skipEvents(db: Db, name: 'mail' | 'webhook', now: Date): Promise<void> {
  const latest = await db
    .selectFrom('request_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const id = Number(latest?.id ?? 0);
  await db
    .updateTable('request_cursors')
    .set({ last_event_id: id, updated_at: now })
    .where('name', '=', name)
    .where('last_event_id', '<', id)
    .execute();
}
