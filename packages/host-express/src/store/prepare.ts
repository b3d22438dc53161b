import type { Logger } from 'pino';
import type { DemoFile, SeedReport } from './demo/index.js';
import { isStoreEmpty, seedDemo } from './demo/index.js';
import { type MigrationReport, migrateToLatest } from './migrate.js';
import { type Store, untimed } from './open-store.js';

export interface PrepareStoreOptions {
  /** Seed the demo data set when the store is empty. */
  demo: boolean;
  filesDir: string;
  homeLifecycleStage: string;
  putFile?: (file: DemoFile) => Promise<void>;
  now?: Date;
  logger?: Pick<Logger, 'info'>;
}

export interface PreparedStore {
  migrations: MigrationReport;
  /** Null when demo seeding was off. */
  demo: SeedReport | null;
}

/** What `start` does to a store before serving: migrate, then seed the demo data into an empty store. */
export function prepareStore(store: Store, options: PrepareStoreOptions): Promise<PreparedStore> {
  // Before the host serves, with no statement timeout: a migration or the seed may rightly take
  // longer than a request may.
  return untimed(store, () => prepare(store, options));
}

async function prepare(store: Store, options: PrepareStoreOptions): Promise<PreparedStore> {
  const migrations = await migrateToLatest(store.db);
  if (migrations.applied.length > 0) {
    options.logger?.info({ applied: migrations.applied }, 'migrations applied');
  }
  let demo: SeedReport | null = null;
  if (options.demo) {
    demo = (await isStoreEmpty(store.db))
      ? await seedDemo(store.db, {
          filesDir: options.filesDir,
          homeLifecycleStage: options.homeLifecycleStage,
          ...(options.putFile ? { putFile: options.putFile } : {}),
          ...(options.now ? { now: options.now } : {}),
        })
      : { seeded: false, counts: {} };
    if (demo.seeded) options.logger?.info({ rows: demo.counts }, 'demo data seeded');
  }
  return { migrations, demo };
}
