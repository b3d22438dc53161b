import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrateToLatest } from '../store/migrate.js';
import { createPool, type Store, storeFromPgliteThread, storeFromPool } from '../store/open-store.js';
import { PgliteThread } from '../store/pglite-thread.js';

/** A migrated store of its own for one test file. Close it in afterAll. */
export interface TestStore extends Store {
  /** PostgreSQL: the test database's URL (to build other pools, e.g. through a proxy); PGlite: null. */
  url: string | null;
}

export interface OpenTestStoreOptions {
  /**
   * Start from the demo data set as `useDemoHost` seeds it (clock TEST_NOW), not from an empty
   * store; its documents are copied into `filesDir` when one is given.
   */
  seeded?: { filesDir?: string };
}

export interface TestStoreKind {
  name: 'PGlite' | 'PostgreSQL';
  kind: Store['kind'];
  open(options?: OpenTestStoreOptions): Promise<TestStore>;
}

// ── Templates ─────────────────────────────────────────────────────────────────────────────────
// Migrating a store takes seconds and seeding the demo data set several more; a test file needs
// the result, not the work. Both are done once per run (and kept between runs) under a key made of
// everything they depend on: the PGlite build, the migrations (and the SQL they load), and for the
// seeded template the demo data's sources. A changed migration or seed makes a new key, so a
// template is never stale. PGlite keeps a template as a dumped data directory in the temp
// directory; PostgreSQL as a database that new ones are copied from (CREATE DATABASE … TEMPLATE).

const hostSrc = fileURLToPath(new URL('../', import.meta.url));

async function hashFiles(
  hash: ReturnType<typeof createHash>,
  dir: string,
  filter: (name: string) => boolean,
) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && filter(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(file.slice(dir.length)).update(await readFile(file));
}

async function templateKey(seeded: boolean): Promise<string> {
  const key = createHash('sha256').update(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  await hashFiles(key, join(hostSrc, 'store', 'migrations'), () => true);
  // SQL the migrations load from other modules.
  key.update(await readFile(join(hostSrc, 'analytics', 'delivery-days-sql.ts')));
  if (seeded) {
    // The data set, the code that writes it (ingest derives links and attributions) and the clock.
    key.update('seeded');
    await hashFiles(key, join(hostSrc, 'store', 'demo'), (name) => !name.endsWith('.test.ts'));
    await hashFiles(key, join(hostSrc, 'ingest'), (name) => !name.endsWith('.test.ts'));
    await hashFiles(key, join(hostSrc, 'test-support'), (name) => name === 'host.ts');
  }
  return key.digest('hex').slice(0, 16);
}

const templatesDir = join(tmpdir(), 'client-portal-test-stores');

/** Writes `bytes` under `file` atomically: parallel workers never read half a file. */
async function writeAtomically(file: string, bytes: Uint8Array) {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

/** Seeds a migrated store with the demo data set, its documents into `filesDir`. */
async function seedInto(db: Store['db'], filesDir: string) {
  // Imported here: the seed pulls in the whole data set, which most store tests never need.
  const [{ seedDemo, DEMO_PASSWORD }, { hashPassword }, { TEST_NOW }] = await Promise.all([
    import('../store/demo/index.js'),
    import('../store/passwords.js'),
    import('./host.js'),
  ]);
  await seedDemo(db, {
    now: TEST_NOW,
    filesDir,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
}

/**
 * Seeds `db` (already migrated) and keeps the seed's documents as the template's, in a folder beside
 * the templates named by `key`: seeded into a fresh folder, then renamed into place, so a folder that
 * exists is whole; when another worker got there first, its (identical) folder stays.
 */
async function seedTemplate(db: Store['db'], key: string): Promise<string> {
  const dir = join(templatesDir, `files-${key}`);
  await mkdir(templatesDir, { recursive: true });
  const partial = await mkdtemp(join(templatesDir, `files-${key}.partial-`));
  await seedInto(db, partial);
  try {
    await rename(partial, dir);
  } catch {
    await rm(partial, { recursive: true, force: true });
  }
  return dir;
}

const pgliteTemplates = new Map<boolean, Promise<{ dump: ArrayBuffer; files: string | null }>>();

/** A PGlite data directory migrated (and seeded), as a dumped archive, with the seed's documents. */
function pgliteTemplate(seeded: boolean) {
  let template = pgliteTemplates.get(seeded);
  if (!template) {
    template = (async () => {
      const key = await templateKey(seeded);
      const file = join(templatesDir, `pglite-${key}.tar.gz`);
      const files = seeded ? join(templatesDir, `files-${key}`) : null;
      try {
        const bytes = await readFile(file);
        if (files) await readdir(files);
        return { dump: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), files };
      } catch {
        // Not built yet.
      }
      // The seeded template starts from the migrated one.
      const base = seeded ? (await pgliteTemplate(false)).dump : null;
      const thread = await PgliteThread.open({ dataDir: null, loadDataDir: base, statementTimeoutMs: 0 });
      try {
        const db = storeFromPgliteThread(thread).db;
        let filesDir: string | null = null;
        if (seeded) filesDir = await seedTemplate(db, key);
        else await migrateToLatest(db);
        const dump = await (await thread.dumpDataDir('gzip')).arrayBuffer();
        await writeAtomically(file, Buffer.from(dump));
        return { dump, files: filesDir };
      } finally {
        await thread.close();
      }
    })();
    pgliteTemplates.set(seeded, template);
  }
  return template;
}

async function copyFiles(from: string | null, options: OpenTestStoreOptions) {
  if (options.seeded?.filesDir && from) await cp(from, options.seeded.filesDir, { recursive: true });
}

/**
 * An in-memory embedded store, on its own thread as the host runs it, loaded from the migrated
 * (or seeded) template. An unclosed one keeps the process alive.
 */
export const pgliteTestStore: TestStoreKind = {
  name: 'PGlite',
  kind: 'pglite',
  async open(options = {}) {
    return { ...storeFromPgliteThread(await pgliteTestThread(options)), url: null };
  },
};

/**
 * The thread of an in-memory embedded store loaded from the migrated (or seeded) template, for a
 * test that works on the thread itself (to dump it, or record its statements).
 */
export async function pgliteTestThread(options: OpenTestStoreOptions = {}): Promise<PgliteThread> {
  const template = await pgliteTemplate(Boolean(options.seeded));
  await copyFiles(template.files, options);
  return PgliteThread.open({ dataDir: null, loadDataDir: template.dump, statementTimeoutMs: 0 });
}

/**
 * A pool's connections end asynchronously after it is destroyed; dropping the database WITH (FORCE)
 * at once would kill them mid-close and surface as an uncaught error, so wait for them first.
 */
async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  await untilIdle(admin, name);
  await admin.query(`drop database if exists ${name} with (force)`);
}

/** Waits (up to 5 s) until no connection is open to database `name`. */
async function untilIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
      name,
    ]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const databaseUrl = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
};

const TEMPLATE_PREFIX = 'host_tpl_';

/**
 * The template database for `seeded` on the server at `adminUrl`, made when missing. Workers of
 * one run (and runs sharing the server) serialise on an advisory lock, so it is made once; it is
 * built under a temporary name and renamed, so a template that exists is whole. Templates of other
 * keys (older migrations or seeds) are dropped on the way.
 */
async function postgresTemplate(
  adminUrl: string,
  seeded: boolean,
): Promise<{ name: string; files: string | null }> {
  const key = await templateKey(seeded);
  const name = `${TEMPLATE_PREFIX}${seeded ? 'seeded' : 'migrated'}_${key}`;
  const files = seeded ? join(templatesDir, `files-${key}`) : null;
  // The seeded template is copied from the migrated one, made first (outside the lock below).
  const base = seeded ? (await postgresTemplate(adminUrl, false)).name : null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`select pg_advisory_lock(hashtext('client-portal:test-template'))`);
    const { rows } = await admin.query('select datname from pg_database where datname like $1', [
      `${TEMPLATE_PREFIX}${seeded ? 'seeded' : 'migrated'}_%`,
    ]);
    const names = rows.map((row: { datname: string }) => row.datname);
    const filesThere =
      files === null ||
      (await readdir(files).then(
        () => true,
        () => false,
      ));
    if (names.includes(name) && filesThere) return { name, files };
    for (const stale of names) await dropWhenIdle(admin, stale);
    const building = `${name}_partial`;
    await admin.query(`drop database if exists ${building}`);
    await admin.query(`create database ${building}${base ? ` template ${base}` : ''}`);
    const store = storeFromPool(createPool({ url: databaseUrl(adminUrl, building), poolMax: 2 }));
    try {
      if (seeded) await seedTemplate(store.db, key);
      else await migrateToLatest(store.db);
    } finally {
      await store.close();
    }
    await dropWhenIdle(admin, name);
    // Renaming waits for nobody: wait until the pool's connections have gone.
    await untilIdle(admin, building);
    await admin.query(`alter database ${building} rename to ${name}`);
    return { name, files };
  } finally {
    await admin.query(`select pg_advisory_unlock(hashtext('client-portal:test-template'))`).catch(() => {});
    await admin.end();
  }
}

/** A uniquely named database on the server at `adminUrl`, copied from a template, dropped on close. */
export function postgresTestStore(adminUrl: string): TestStoreKind {
  const templates = new Map<boolean, Promise<{ name: string; files: string | null }>>();
  return {
    name: 'PostgreSQL',
    kind: 'postgres',
    async open(options = {}) {
      const seeded = Boolean(options.seeded);
      let template = templates.get(seeded);
      if (!template) {
        template = postgresTemplate(adminUrl, seeded);
        templates.set(seeded, template);
      }
      const { name: from, files } = await template;
      await copyFiles(files, options);
      const name = `host_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // Copying needs the template to have no connection: several workers copying at once is fine.
      await admin.query(`create database ${name} template ${from}`);
      const url = databaseUrl(adminUrl, name);
      const store = storeFromPool(createPool({ url, poolMax: 4 }));
      let closing: Promise<void> | undefined;
      const close = () => {
        closing ??= (async () => {
          await store.close();
          await dropWhenIdle(admin, name);
          await admin.end();
        })();
        return closing;
      };
      return { ...store, close, url };
    },
  };
}

/**
 * Where a suite runs. Code whose behaviour depends on the store — the PGlite thread and its lock,
 * migrations, pool errors and restarts, statement timeouts, pg-boss, SQL written differently for
 * each — runs on both: PGlite always, and PostgreSQL when DATABASE_URL_TEST (or else DATABASE_URL)
 * names a server (CI sets it); each test file gets a database of its own there, dropped afterwards.
 */
const postgresUrl = process.env.DATABASE_URL_TEST || process.env.DATABASE_URL;
export const postgresStore: TestStoreKind | null = postgresUrl ? postgresTestStore(postgresUrl) : null;
export const testStores: TestStoreKind[] = [pgliteTestStore, ...(postgresStore ? [postgresStore] : [])];

/**
 * Route and feature suites run once, on the embedded store (the default a provider starts with, and
 * 2–4× faster per file): the SQL they reach is the same on both stores, and what differs between
 * the two is covered by the suites on `testStores`.
 */
export const featureStores: TestStoreKind[] = [pgliteTestStore];
