import { existsSync, mkdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { type DataDirLock, lockDataDir } from './data-dir-lock.js';
import { inspectPgliteDataDir, pgliteOpenError } from './open-errors.js';

/** What the guard needs of a store. */
interface Closable {
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the embedded store in `dataDir` with `open`, guarded:
 *
 * - the directory is locked for this process (data-dir-lock.ts): a second host on it is refused;
 * - a directory PGlite would misread is refused with what to do (open-errors.ts);
 * - a new store is created whole or not at all: initialised under `<dataDir>.creating`, closed
 *   and renamed into place, so a start killed halfway through (Ctrl-C during the first start)
 *   leaves no half-made store behind;
 * - every failure is a StoreOpenError with a one-line message naming DATA_DIR.
 *
 * Closing the returned store releases the lock.
 */
export async function openPgliteDataDir<S extends Closable>(
  dataDir: string,
  open: (dir: string) => Promise<S>,
): Promise<S> {
  let lock: DataDirLock;
  try {
    makeDirectory(dirname(dataDir));
    lock = lockDataDir(dataDir);
  } catch (error) {
    throw pgliteOpenError(error, dataDir, true);
  }
  try {
    const state = inspectPgliteDataDir(dataDir);
    if (state !== 'store') await create(dataDir, state, open);
    let store: S;
    try {
      store = await open(dataDir);
    } catch (error) {
      throw pgliteOpenError(error, dataDir);
    }
    const close = store.close.bind(store);
    let closing: Promise<void> | undefined;
    return {
      ...store,
      close: () => {
        closing ??= close().finally(() => lock.release());
        return closing;
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * Opens, checks and closes a new store. It answers a query before it is closed: Kysely destroys
 * a driver it never used without closing it, which would leave the store's thread running.
 */
async function createWith(open: (dir: string) => Promise<Closable>, dir: string): Promise<void> {
  const store = await open(dir);
  try {
    await store.ping(60_000);
  } finally {
    await store.close();
  }
}

async function create<S extends Closable>(
  dataDir: string,
  state: 'absent' | 'empty',
  open: (dir: string) => Promise<S>,
): Promise<void> {
  const creating = `${dataDir}.creating`;
  try {
    // What a start killed while creating left behind (this process holds the lock).
    rmSync(creating, { recursive: true, force: true });
    if (state === 'empty') rmdirSync(dataDir);
  } catch {
    // An empty directory that cannot go (a mount point): PGlite creates the store in place.
    try {
      await createWith(open, dataDir);
    } catch (error) {
      throw pgliteOpenError(error, dataDir, true);
    }
    return;
  }
  try {
    await createWith(open, creating);
    renameSync(creating, dataDir);
  } catch (error) {
    try {
      rmSync(creating, { recursive: true, force: true });
    } catch {
      // Removed at the next start.
    }
    throw pgliteOpenError(error, dataDir, true);
  }
}

/**
 * mkdir -p, with the real reason when it fails: Node's recursive mkdir reports ENOENT where the
 * file system said EROFS or EACCES, so the first missing directory is made again on its own.
 */
function makeDirectory(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    let missing = dir;
    while (!existsSync(dirname(missing)) && dirname(missing) !== missing) missing = dirname(missing);
    mkdirSync(missing);
    throw error;
  }
}
