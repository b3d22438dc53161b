import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestStoreKind } from '../../test-support/stores.js';
import type { HostMessage, HostRequest, HostStartData } from './host-entry.js';

/** The repository root: the host process's Vite resolves from there, as Vitest does. */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/**
 * Node flags of the host process: `gc()` for the memory measurement, and a heap limit so that a
 * request that makes the host build an endless array ends the host soon (a crash the suite reports).
 */
const HOST_EXEC_ARGV = ['--expose-gc', '--max-old-space-size=1024'];

/**
 * The fuzzed host, running in a child process of its own (host-process.mjs → host-entry.ts). In
 * the test's own thread a request that makes the host loop synchronously would block the test too,
 * and no timeout could fire; here the test keeps running, reports the timeout, kills the process
 * and carries on with a fresh host over the same seeded data (a spare one, booted while the next
 * request runs). Its memory is the host's alone, not the test runner's.
 */
export interface FuzzHost {
  readonly port: number;
  /** The session cookie's name (the host's config). */
  readonly cookieName: string;
  /** False once the host process has exited on its own (a crash, out of memory). */
  readonly alive: boolean;
  /** How the host process ended, when it did on its own. */
  readonly death: string | null;
  /** How many times the host process was replaced. */
  readonly restarts: number;
  /** How many host processes exited on their own (crashed) so far. */
  readonly deaths: number;
  /** Whether sessions outlive a restart: a PostgreSQL host reopens the same database. */
  readonly keepsSessions: boolean;
  /** Errors the host logged for a request id (5xx and their causes). */
  serverErrors(requestId: string): string[];
  /** Errors the host logged outside any request, and host processes that died. */
  readonly otherErrors: string[];
  /** Waits until every log line the host wrote so far has arrived. */
  flush(): Promise<void>;
  /**
   * Empties the rate-limit windows other than sign-in's. The host's clock is frozen (TEST_NOW), so
   * a per-user limit such as signed URLs' 30 a minute would otherwise answer 429 to every later
   * request of the suite, before the handler ever sees the hostile value.
   */
  resetRateLimits(): Promise<void>;
  /** The host process's resident set size and heap, after a full GC. */
  memory(): Promise<{ rss: number; heapUsed: number }>;
  /** Kills the host process (it may be stuck in a loop) and carries on with a fresh one. */
  restart(): Promise<void>;
  /** Boots the next host in the background now (before requests that are expected to hang it). */
  prepareSpare(): void;
  close(): Promise<void>;
}

interface HostProcess {
  child: ChildProcess;
  port: number;
  cookieName: string;
  alive: boolean;
  death: string | null;
  /** Killed by the suite (a hang, the end): not a death to report. */
  killed: boolean;
}

/** Drops the PostgreSQL test database (the first host drops it on close, unless it was killed). */
async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^host_test_[0-9a-f]+$/.test(name)) return;
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.href });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

async function kill(host: HostProcess): Promise<void> {
  host.killed = true;
  if (host.child.exitCode !== null || host.child.signalCode !== null) return;
  const exited = once(host.child, 'exit');
  host.child.kill('SIGKILL');
  await exited;
}

export async function startFuzzHost(kind: TestStoreKind): Promise<FuzzHost> {
  const logs = new Map<string, string[]>();
  const otherErrors: string[] = [];
  const filesDir = await mkdtemp(join(tmpdir(), 'cp-fuzz-files-'));
  let seededPglite: ArrayBuffer | null = null;
  let databaseUrl: string | null = null;
  let nextId = 0;
  let restarts = 0;
  let deaths = 0;

  const onMessage = (message: HostMessage) => {
    if (message.type !== 'log') return;
    const line = message.status ? `${message.status} ${message.error}` : message.error;
    if (message.requestId) logs.set(message.requestId, [...(logs.get(message.requestId) ?? []), line]);
    else otherErrors.push(line);
  };

  async function startProcess(): Promise<HostProcess> {
    const data: HostStartData = {
      root: ROOT,
      entry: fileURLToPath(new URL('./host-entry.ts', import.meta.url)),
      storeName: kind.name,
      filesDir,
      seededPglite,
      databaseUrl,
    };
    const child = fork(fileURLToPath(new URL('./host-process.mjs', import.meta.url)), [], {
      execArgv: HOST_EXEC_ARGV,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // The last words of a host that dies (an uncaught error, out of memory), for the report.
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.send(data);
    const ready = await new Promise<HostMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(message as HostMessage));
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(new Error(`the host process exited (${code ?? signal}) before it was ready: ${stderr}`)),
      );
    });
    child.removeAllListeners('error');
    child.removeAllListeners('exit');
    if (ready.type !== 'ready') {
      child.kill('SIGKILL');
      throw new Error(
        `the host process failed to start: ${ready.type === 'failed' ? ready.error : ready.type}`,
      );
    }
    seededPglite ??= ready.seededPglite;
    databaseUrl ??= ready.databaseUrl;
    const host: HostProcess = {
      child,
      port: ready.port,
      cookieName: ready.cookieName,
      alive: true,
      death: null,
      killed: false,
    };
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      host.alive = false;
      if (host.killed) return;
      // The error line of an uncaught exception (or V8's out-of-memory line), not its stack.
      const lines = stderr.split('\n').map((l) => l.trim());
      const cause = lines
        .filter((l) => /Error\b|heap out of memory|Aborted|FATAL/.test(l) && !l.startsWith('at '))
        .pop();
      host.death = `exited (${code ?? signal})${cause ? `: ${cause.slice(0, 300)}` : ''}`;
      deaths++;
      otherErrors.push(`host process died: ${host.death}`);
    });
    return host;
  }

  let current: HostProcess;
  try {
    current = await startProcess();
  } catch (error) {
    await rm(filesDir, { recursive: true, force: true });
    throw error;
  }
  current.child.on('message', onMessage);
  /** The next host, booting in the background once one was needed (hangs come in runs). */
  let spare: Promise<HostProcess> | null = null;

  const ask = <T extends HostMessage['type']>(
    request: HostRequest,
    answer: T,
    timeoutMs: number,
  ): Promise<Extract<HostMessage, { type: T }>> => {
    const { child } = current;
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        child.off('message', listener);
        child.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the host process did not answer "${request.type}" within ${timeoutMs} ms`));
      }, timeoutMs);
      const onExit = () => {
        done();
        reject(new Error(`the host process exited before it answered "${request.type}"`));
      };
      const listener = (raw: unknown) => {
        const message = raw as HostMessage;
        if (message.type !== answer) return;
        if ('id' in message && 'id' in request && message.id !== request.id) return;
        done();
        resolve(message as Extract<HostMessage, { type: T }>);
      };
      if (child.exitCode !== null || child.signalCode !== null) {
        onExit();
        return;
      }
      child.on('message', listener);
      child.once('exit', onExit);
      child.send(request);
    });
  };

  const prepareSpare = () => {
    if (spare) return;
    spare = startProcess();
    spare.catch((error: unknown) => otherErrors.push(`spare host failed to start: ${String(error)}`));
  };

  const dropSpare = async () => {
    const booting = spare;
    spare = null;
    const ready = await booting?.catch(() => null);
    if (ready) await kill(ready);
  };

  return {
    get port() {
      return current.port;
    },
    get cookieName() {
      return current.cookieName;
    },
    get alive() {
      return current.alive;
    },
    get death() {
      return current.death;
    },
    get restarts() {
      return restarts;
    },
    get deaths() {
      return deaths;
    },
    keepsSessions: kind.kind === 'postgres',
    otherErrors,
    serverErrors: (requestId) => logs.get(requestId) ?? [],
    async flush() {
      if (current.alive) await ask({ type: 'flush', id: ++nextId }, 'flushed', 5_000).catch(() => undefined);
    },
    async resetRateLimits() {
      if (current.alive)
        await ask({ type: 'reset-limits', id: ++nextId }, 'limits-reset', 5_000).catch(() => undefined);
    },
    async memory() {
      // The host process's own numbers: the spare and the test runner are other processes.
      const answer = await ask({ type: 'memory', id: ++nextId, gc: true }, 'memory', 10_000);
      return { rss: answer.rss, heapUsed: answer.heapUsed };
    },
    async restart() {
      current.child.off('message', onMessage);
      await kill(current);
      const next = spare ?? startProcess();
      spare = null;
      current = await next;
      current.child.on('message', onMessage);
      restarts++;
      prepareSpare();
    },
    prepareSpare,
    async close() {
      await dropSpare();
      try {
        if (!current.alive) throw new Error('already dead');
        await ask({ type: 'close' }, 'closed', 15_000);
      } catch {
        // Stuck or dead: killed below, and its database dropped here.
      }
      await kill(current);
      if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
