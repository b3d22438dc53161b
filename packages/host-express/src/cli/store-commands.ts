import type { HostConfig } from '../config/index.js';
import {
  DEMO_PASSWORD,
  DEMO_SIGN_INS,
  migrateToLatest,
  openStore,
  type Store,
  seedDemo,
  untimed,
} from '../store/index.js';
import { type CliIo, say } from './io.js';

/**
 * Opens the configured store for one command and always closes it. A command is maintenance run on
 * its own (migrations, the seed, accounts), so the embedded store's statement timeout is lifted.
 */
export async function withStore<T>(config: HostConfig, run: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(config.store);
  try {
    return await untimed(store, () => run(store));
  } finally {
    await store.close();
  }
}

/** `client-portal-host migrate`: brings the store to the latest schema. */
export async function migrateCommand(config: HostConfig, io: CliIo): Promise<void> {
  await withStore(config, async (store) => {
    const { applied, current } = await migrateToLatest(store.db);
    say(io, applied.length ? `Applied ${applied.join(', ')}.` : 'The store is up to date.');
    say(io, `Migrations: ${current.join(', ')}.`);
  });
}

/** `client-portal-host seed`: the demo data set, into an empty store only. */
export async function seedCommand(config: HostConfig, io: CliIo, now?: Date): Promise<boolean> {
  return withStore(config, async (store) => {
    await migrateToLatest(store.db);
    const report = await seedDemo(store.db, {
      filesDir: config.documents.filesDir,
      homeLifecycleStage: config.homeLifecycleStage,
      ...(now ? { now } : {}),
    });
    if (!report.seeded) {
      say(io, 'The store is not empty; nothing was seeded (the demo data only goes into an empty store).');
      return false;
    }
    const rows = Object.values(report.counts).reduce((sum, n) => sum + (n ?? 0), 0);
    say(io, `Seeded the demo data: ${rows} rows. Sign in with password "${DEMO_PASSWORD}" as:`);
    for (const account of DEMO_SIGN_INS) say(io, `  ${account.email}  ${account.description}`);
    return true;
  });
}
