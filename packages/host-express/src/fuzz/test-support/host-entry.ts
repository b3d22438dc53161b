import { PassThrough } from 'node:stream';
import { startHost } from '../../cli/start.js';
import { createLogger } from '../../http/logging.js';
import { createPool, type Store, storeFromPgliteThread, storeFromPool } from '../../store/open-store.js';
import { PgliteThread } from '../../store/pglite-thread.js';
import { DEMO_ORIGIN } from '../../test-support/demo-host.js';
import { TEST_NOW, testConfig } from '../../test-support/host.js';
import { pgliteTestThread, testStores } from '../../test-support/stores.js';

/** What the test process sends the host process first. */
export interface HostStartData {
  root: string;
  entry: string;
  storeName: 'PGlite' | 'PostgreSQL';
  /** FILES_DIR, made by the test process once (the demo PDFs are written by the first seed). */
  filesDir: string;
  /** A later PGlite host: the seeded data directory the first one dumped (gzip). */
  seededPglite: ArrayBuffer | null;
  /** A later PostgreSQL host: the seeded database of the first one. */
  databaseUrl: string | null;
}

/** Messages from the host process. */
export type HostMessage =
  | {
      type: 'ready';
      port: number;
      cookieName: string;
      databaseUrl: string | null;
      /** The first PGlite host's seeded data directory, for the hosts that replace it. */
      seededPglite: ArrayBuffer | null;
    }
  | { type: 'failed'; error: string }
  | { type: 'log'; requestId: string | null; status: number | null; error: string }
  | { type: 'memory'; id: number; rss: number; heapUsed: number }
  | { type: 'flushed'; id: number }
  | { type: 'limits-reset'; id: number }
  | { type: 'closed' };

/** Messages to the host process. */
export type HostRequest =
  | { type: 'memory'; id: number; gc: boolean }
  | { type: 'flush'; id: number }
  | { type: 'reset-limits'; id: number }
  | { type: 'close' };

/** The IPC channel to the test process. */
export interface HostChannel {
  post(message: HostMessage): void;
  onMessage(handler: (message: HostRequest) => void): void;
  close(): void;
}

/** The first line of an error log line's message: what went wrong, without the stack. */
function errorOf(line: Record<string, unknown>): string {
  const err = line.err as { type?: string; message?: string; code?: string } | undefined;
  const message = err?.message ?? (typeof line.msg === 'string' ? line.msg : 'error');
  const first = String(message).split('\n', 1)[0] ?? '';
  // Minified class names (PGlite's errors are an "O") say nothing.
  const type = err?.type && err.type.length > 2 ? err.type : undefined;
  return [type, err?.code, first].filter(Boolean).join(': ').slice(0, 300);
}

/**
 * The first host's store: the test store of that kind (as every host test opens it), seeded with
 * the demo data. For PGlite the seeded data directory is dumped too, so a replacement host loads it
 * in a second instead of seeding again.
 */
async function openFirstStore(
  data: HostStartData,
): Promise<{ store: Store & { url: string | null }; dump: ArrayBuffer | null }> {
  const kind = testStores.find((k) => k.name === data.storeName);
  if (!kind) throw new Error(`no test store named ${data.storeName}`);
  // The store starts from the seeded template (the demo data as every demo host has it). PGlite's
  // thread is kept, to dump the seeded data for replacement hosts.
  const seeded = { seeded: { filesDir: data.filesDir } };
  const opened = kind.kind === 'pglite' ? await pgliteTestThread(seeded) : undefined;
  const store: Store & { url: string | null } = opened
    ? { ...storeFromPgliteThread(opened), url: null }
    : await kind.open(seeded);
  try {
    const dump =
      kind.kind === 'pglite' && opened ? await (await opened.dumpDataDir('gzip')).arrayBuffer() : null;
    return { store, dump };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** A replacement host's store: the first host's seeded data, without seeding again. */
async function reopenStore(data: HostStartData): Promise<Store & { url: string | null }> {
  if (data.seededPglite) {
    const thread = await PgliteThread.open({
      dataDir: null,
      loadDataDir: data.seededPglite,
      statementTimeoutMs: 0,
    });
    // As pgliteTestStore opens it: closing the store ends the thread.
    return { ...storeFromPgliteThread(thread), url: null };
  }
  if (!data.databaseUrl) throw new Error('nothing to reopen');
  return { ...storeFromPool(createPool({ url: data.databaseUrl, poolMax: 4 })), url: data.databaseUrl };
}

/**
 * Runs in the host process: the host served by `startHost` (the CLI's own HTTP server, so what
 * Node's HTTP parser answers is what production answers) on 127.0.0.1 and a free port, over the
 * seeded demo store. Errors the host logs (5xx and their cause) are posted to the test process with
 * the request id. A host that loops forever blocks only this process: the test's timeouts still
 * fire, and it kills this process.
 */
export async function runHost(
  data: HostStartData,
  channel: HostChannel,
  closeLoader: () => Promise<void>,
): Promise<void> {
  const post = (message: HostMessage) => channel.post(message);
  let store: (Store & { url: string | null }) | undefined;
  try {
    let dump: ArrayBuffer | null = null;
    if (data.seededPglite || data.databaseUrl) store = await reopenStore(data);
    else ({ store, dump } = await openFirstStore(data));
    const config = testConfig({
      PUBLIC_ORIGIN: DEMO_ORIGIN,
      FILES_DIR: data.filesDir,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const logger = createLogger({
      level: 'error',
      destination: {
        write(text: string) {
          for (const raw of text.split('\n')) {
            if (!raw) continue;
            try {
              const line = JSON.parse(raw) as Record<string, unknown>;
              const req = line.req as { id?: unknown } | undefined;
              const res = line.res as { statusCode?: unknown } | undefined;
              post({
                type: 'log',
                requestId: typeof req?.id === 'string' ? req.id : null,
                status: typeof res?.statusCode === 'number' ? res.statusCode : null,
                error: errorOf(line),
              });
            } catch {
              post({ type: 'log', requestId: null, status: null, error: raw.slice(0, 300) });
            }
          }
        },
      },
    });
    const sink = new PassThrough();
    sink.resume();
    const running = await startHost({
      config,
      store,
      demo: false,
      logger,
      now: () => TEST_NOW,
      io: { env: {}, cwd: process.cwd(), stdout: sink, stderr: sink, stdin: new PassThrough() },
    });
    const address = running.server.address();
    if (!address || typeof address === 'string') throw new Error('the host listens on no TCP port');
    const opened = store;
    channel.onMessage(async (message) => {
      if (message.type === 'memory') {
        // The process runs with --expose-gc.
        if (message.gc) (globalThis as { gc?: () => void }).gc?.();
        const { rss, heapUsed } = process.memoryUsage();
        post({ type: 'memory', id: message.id, rss, heapUsed });
      } else if (message.type === 'flush') {
        post({ type: 'flushed', id: message.id });
      } else if (message.type === 'reset-limits') {
        // Every rate-limit window but sign-in's: as if a minute had passed on the frozen clock.
        await opened.db.deleteFrom('rate_limits').where('key', 'not like', 'sign-in:%').execute();
        post({ type: 'limits-reset', id: message.id });
      } else if (message.type === 'close') {
        await running.stop();
        await opened.close();
        await closeLoader();
        post({ type: 'closed' });
        channel.close();
      }
    });
    post({
      type: 'ready',
      port: address.port,
      cookieName: config.auth.cookieName,
      databaseUrl: store.url,
      seededPglite: dump,
    });
  } catch (error) {
    await store?.close().catch(() => undefined);
    post({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}
