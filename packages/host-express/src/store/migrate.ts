import { type Kysely, type Migration, type MigrationResult, Migrator, NO_MIGRATIONS, sql } from 'kysely';
import type { Database } from './schema.js';
import { MIGRATIONS } from './migrations/index.js';

export interface MigrationReport {
  /** Migrations applied by this run, in order (empty when the store was up to date). */
  applied: string[];
  /** Every migration the store has now. */
  current: string[];
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    readonly migration: string | null,
    cause: unknown,
  ) {
    super(
      `Migration ${migration ?? '(setup)'} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
  }
}

/**
 * Each migration first lifts PostgreSQL's statement timeout for its transaction (`set local`): a
 * migration that builds an index or derives data over a large store may take longer than any
 * request may (STATEMENT_TIMEOUT_MS). The embedded store's own timeout is lifted by `untimed`.
 */
function untimedMigrations(): Record<string, Migration> {
  const lift = (db: Kysely<unknown>) => sql`set local statement_timeout = 0`.execute(db);
  return Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, migration]) => [
      name,
      {
        up: async (db: Kysely<unknown>) => {
          await lift(db);
          await migration.up(db);
        },
        ...(migration.down
          ? {
              down: async (db: Kysely<unknown>) => {
                await lift(db);
                await migration.down?.(db);
              },
            }
          : {}),
      },
    ]),
  );
}

function migrator(db: Kysely<Database>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => untimedMigrations() } });
}

function report(results: readonly MigrationResult[] | undefined, error: unknown): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? null;
    throw new MigrationError(failed, error);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Brings the store to the latest schema. Safe to run from several hosts at once: Kysely holds a
 * lock (an advisory lock on PostgreSQL) while it migrates, and each migration is one transaction.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationReport> {
  const m = migrator(db);
  const { results, error } = await m.migrateToLatest();
  const applied = report(results, error);
  const current = (await m.getMigrations()).filter((info) => info.executedAt).map((info) => info.name);
  return { applied, current };
}

/** Undoes every migration (tests and `migrate --down` only: it drops all data). */
export async function migrateDownToNothing(db: Kysely<Database>): Promise<string[]> {
  const { results, error } = await migrator(db).migrateTo(NO_MIGRATIONS);
  return report(results, error);
}
