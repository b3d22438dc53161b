import { type Kysely, sql } from 'kysely';
import type { Database } from '../store/schema.js';

/**
 * Writes what the foreign keys refuse (a row linked to another company's: migration 0017), with
 * the triggers off (superuser only), and moves Acme's read version as the triggers would have.
 */
export async function aroundTheKeys(
  db: Kysely<Database>,
  body: (trx: Kysely<Database>) => Promise<unknown>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await body(trx);
    await sql`insert into read_versions (scope, version) values ('acme', 1)
      on conflict (scope) do update set version = read_versions.version + 1`.execute(trx);
  });
}
