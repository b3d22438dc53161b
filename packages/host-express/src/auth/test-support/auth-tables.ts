import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/schema.js';

/** Empties what the auth tests write (companies cascade to everything that hangs off them). */
export async function emptyAuthTables(db: Kysely<Database>): Promise<void> {
  await sql`truncate audit_log, rate_limits, sessions, users, contacts, companies restart identity cascade`.execute(
    db,
  );
}
