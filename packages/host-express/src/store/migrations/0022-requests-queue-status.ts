import { type Kysely, sql } from 'kysely';

// The staff queue filtered by status (and often a type too): this index walks one status's requests
// of every company in the queue's order (due date, none last, then oldest), so a page stops after
// its rows. Without it the planner walks the whole queue index and filters: for "awaiting approval"
// and one type at 100,000 requests, 16,698 rows read for 26 (bench/requests.mjs).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index requests_queue_status_idx on requests (status, due_at, created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists requests_queue_status_idx`.execute(db);
}
