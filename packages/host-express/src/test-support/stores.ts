import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateToLatest } from '../store/migrate.js';
import { createPool, type Store, storeFromPgliteThread, storeFromPool } from '../store/open-store.js';
import { PgliteThread } from '../store/pglite-thread.js';

/** A migrated, empty store of its own for one test file. Close it in afterAll. */
export interface TestStore extends Store {
  /** PostgreSQL: the test database's URL (to build other pools, e.g. through a proxy); PGlite: null. */
  url: string | null;
}

export interface TestStoreKind {
  name: 'PGlite' | 'PostgreSQL';
  kind: Store['kind'];
  open(): Promise<TestStore>;
}

/**
 * A migrated PGlite data directory, built once and kept in the temp directory under a key made of
 * the PGlite build and the migration sources: loading it takes ~0.3 s, initdb plus the migrations
 * several seconds. Written under a temporary name and renamed, so parallel workers never read half
 * a file.
 */
async function migratedTemplate(): Promise<ArrayBuffer> {
  const migrationsDir = fileURLToPath(new URL('../store/migrations/', import.meta.url));
  const key = createHash('sha256').update(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (const name of (await readdir(migrationsDir)).sort()) {
    key.update(name).update(await readFile(join(migrationsDir, name)));
  }
  // SQL the migrations load from other modules.
  key.update(await readFile(new URL('../analytics/delivery-days-sql.ts', import.meta.url)));
  const file = join(tmpdir(), 'client-portal-test-stores', `pglite-${key.digest('hex').slice(0, 16)}.tar.gz`);
  try {
    const bytes = await readFile(file);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  } catch {
    // Not built yet.
  }
  const thread = await PgliteThread.open({ dataDir: null, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(storeFromPgliteThread(thread).db);
    const dump = await (await thread.dumpDataDir('gzip')).arrayBuffer();
    await mkdir(dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(dump));
    await rename(partial, file);
    return dump;
  } finally {
    await thread.close();
  }
}

let template: Promise<ArrayBuffer> | undefined;

/**
 * An in-memory embedded store, on its own thread as the host runs it, loaded from the migrated
 * template. An unclosed one keeps the process alive.
 */
export const pgliteTestStore: TestStoreKind = {
  name: 'PGlite',
  kind: 'pglite',
  async open() {
    return { ...storeFromPgliteThread(await pgliteTestThread()), url: null };
  },
};

/** The thread of an in-memory embedded store loaded from the migrated template (to dump it, say). */
export async function pgliteTestThread(): Promise<PgliteThread> {
  template ??= migratedTemplate();
  return PgliteThread.open({ dataDir: null, loadDataDir: await template, statementTimeoutMs: 0 });
}

/**
 * A pool's connections end asynchronously after it is destroyed; dropping the database WITH (FORCE)
 * at once would kill them mid-close and surface as an uncaught error, so wait for them first.
 */
async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}

/** A uniquely named, migrated database on the server at `adminUrl`, dropped when the store closes. */
export function postgresTestStore(adminUrl: string): TestStoreKind {
  return {
    name: 'PostgreSQL',
    kind: 'postgres',
    async open() {
      const name = `host_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const store = storeFromPool(createPool({ url: url.href, poolMax: 4 }));
      let closing: Promise<void> | undefined;
      const close = () => {
        closing ??= (async () => {
          await store.close();
          await dropWhenIdle(admin, name);
          await admin.end();
        })();
        return closing;
      };
      try {
        await migrateToLatest(store.db);
      } catch (error) {
        await close();
        throw error;
      }
      return { ...store, close, url: url.href };
    },
  };
}

/**
 * PGlite always; PostgreSQL too when DATABASE_URL_TEST (or else DATABASE_URL) names a server (CI
 * sets it). Each test file gets a database of its own on that server, dropped afterwards.
 */
const postgresUrl = process.env.DATABASE_URL_TEST || process.env.DATABASE_URL;
export const testStores: TestStoreKind[] = [
  pgliteTestStore,
  ...(postgresUrl ? [postgresTestStore(postgresUrl)] : []),
];
