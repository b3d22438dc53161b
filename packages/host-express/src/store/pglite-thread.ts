import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
  type Dialect,
} from 'kysely';
import type { SerializedError, WorkerOptions, WorkerReply, WorkerRequest } from './pglite-protocol.js';
import { StatementTimeoutError, StoreUnavailableError } from './unavailable.js';

/** The subset of a pino logger the embedded store uses. */
export interface ThreadLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface PgliteThreadOptions {
  /** The data directory; null (tests) keeps the database in memory. */
  dataDir: string | null;
  /** Start from this `dumpDataDir()` archive (in-memory databases). */
  loadDataDir?: ArrayBuffer | null;
  postgresqlConf?: string[];
  /** A statement still running after this long ends the thread (see PgliteThread). 0: no limit. */
  statementTimeoutMs: number;
  logger?: ThreadLogger;
}

/** Restarts after a failed one are attempted at most this often, when a query asks. */
const RESTART_RETRY_MS = 1_000;

function deserialize(data: SerializedError): Error {
  const { name, message, cause, ...fields } = data;
  const error = new Error(
    message || name,
    cause === undefined ? undefined : { cause: deserialize(cause) },
  ) as Error & Record<string, unknown>;
  error.name = name;
  Object.assign(error, fields);
  return error;
}

interface Pending {
  resolve(reply: WorkerReply): void;
  reject(error: Error): void;
  timer?: NodeJS.Timeout;
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * PGlite on a thread of its own (pglite-worker.js). PGlite runs each statement synchronously in
 * WebAssembly, where PostgreSQL's statement_timeout never fires (it needs a timer signal); on the
 * host's event loop, one slow statement would stop every request and every timer, the request
 * deadline included. Here statements run off the event loop, in the order they were sent, and one
 * still running after `statementTimeoutMs` is stopped the only way a WebAssembly call can be:
 * the thread is terminated and a new one reopens the data directory, replaying PostgreSQL's
 * write-ahead log exactly as after a crash (~0.3 s). The statement's caller gets a
 * StatementTimeoutError, every other statement then in flight a StoreUnavailableError (both 503);
 * an open transaction is rolled back by the recovery.
 *
 * An in-memory database (tests) restarts from its `loadDataDir` archive: what was written since is lost.
 */
export class PgliteThread {
  readonly #options: PgliteThreadOptions;
  #worker: Worker | null = null;
  #ready: Promise<void> = Promise.resolve();
  #readyFailedAt = 0;
  #generation = 0;
  /** Callers inside `untimed` (statements then run without the statement timeout). */
  #untimed = 0;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closing: Promise<void> | null = null;

  private constructor(options: PgliteThreadOptions) {
    this.#options = options;
  }

  /** Starts the thread and opens the database; rejects with the engine's error if it cannot. */
  static async open(options: PgliteThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    thread.#ready = thread.#start();
    try {
      await thread.#ready;
    } catch (error) {
      // Closed: the failed thread's exit must not start another (it would, forever).
      thread.#closing = Promise.resolve();
      await thread.#worker?.terminate();
      throw error;
    }
    return thread;
  }

  /** Bumped by every (re)start: a transaction begun on one thread cannot continue on the next. */
  get generation(): number {
    return this.#generation;
  }

  get closed(): boolean {
    return this.#closing !== null;
  }

  #start(): Promise<void> {
    this.#generation += 1;
    const workerData: WorkerOptions = {
      dataDir: this.#options.dataDir,
      // Copied, not transferred: a restart of an in-memory database needs the archive again.
      loadDataDir: this.#options.loadDataDir ?? null,
      postgresqlConf: this.#options.postgresqlConf ?? [],
    };
    const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
      workerData,
      // The thread's short-lived objects (each result until it is posted) are collected in a
      // young generation of 8 MB instead of V8's default that grows to ~48 MB under load: peak RSS
      // of the host under 64 connections 351–356 → 315–334 MB (bench/faults.mjs), same throughput.
      // Only how often it collects changes: what outlives it moves to the old generation, which
      // is not capped (a large result cannot run the thread out of memory).
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    this.#worker = worker;
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'failed') reject(deserialize(reply.error));
        else this.#settle(reply);
      });
      const lost = (error: Error) => {
        reject(error);
        if (worker !== this.#worker || this.#closing) return;
        this.#options.logger?.error({ err: error }, 'the embedded store thread stopped; restarting it');
        this.#restart(new StoreUnavailableError(`the embedded store stopped: ${error.message}`));
      };
      worker.on('error', lost);
      worker.on('exit', (code) =>
        lost(new StoreUnavailableError(`the embedded store thread exited (${code})`)),
      );
    });
  }

  /** Rejects everything in flight with `error` and starts a new thread on the same data. */
  #restart(error: Error): void {
    const old = this.#worker;
    this.#worker = null;
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(id);
      pending.reject(error);
    }
    if (old) {
      old.removeAllListeners();
      // An 'error' after termination must not become an uncaught exception.
      old.on('error', () => {});
      void old.terminate();
    }
    this.#ready = this.#start().catch((startError: unknown) => {
      this.#readyFailedAt = Date.now();
      this.#options.logger?.error({ err: startError }, 'the embedded store could not be reopened');
      throw startError;
    });
    // Nobody may be waiting yet: the rejection is read by the next query.
    this.#ready.catch(() => {});
  }

  /** Resolves with the generation of a ready thread (restarting a failed one when it is time). */
  async ready(): Promise<number> {
    for (;;) {
      if (this.#closing) throw new StoreUnavailableError('PGlite is closed');
      const ready = this.#ready;
      try {
        await ready;
      } catch (error) {
        if (ready !== this.#ready) continue;
        if (Date.now() - this.#readyFailedAt < RESTART_RETRY_MS) {
          throw new StoreUnavailableError('the embedded store is not available', { cause: error });
        }
        this.#restart(new StoreUnavailableError('the embedded store is restarting'));
        continue;
      }
      if (ready === this.#ready && this.#worker) return this.#generation;
    }
  }

  #settle(reply: WorkerReply): void {
    if (!('id' in reply)) return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    clearTimeout(pending.timer);
    if (reply.type === 'error') pending.reject(deserialize(reply.error));
    else pending.resolve(reply);
  }

  #send(request: Request, timeoutMs = 0): Promise<WorkerReply> {
    const worker = this.#worker;
    if (!worker) return Promise.reject(new StoreUnavailableError('the embedded store is restarting'));
    const id = this.#nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      const pending: Pending = { resolve, reject };
      if (timeoutMs > 0) {
        pending.timer = setTimeout(() => {
          if (this.#pending.get(id) !== pending) return;
          this.#pending.delete(id);
          const sql =
            request.op === 'query' || request.op === 'exec' ? request.sql.slice(0, 200) : request.op;
          this.#options.logger?.warn(
            { sql, timeoutMs },
            'statement timed out; restarting the embedded store',
          );
          reject(new StatementTimeoutError(`the statement ran longer than ${timeoutMs} ms`));
          this.#restart(
            new StoreUnavailableError('the embedded store restarted after a statement timed out'),
          );
        }, timeoutMs);
      }
      this.#pending.set(id, pending);
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  /**
   * Runs one statement. With `generation`, only on that thread: a transaction's statements must
   * not continue on a restarted one.
   */
  async query(
    sql: string,
    params: readonly unknown[] = [],
    generation?: number,
  ): Promise<{ rows: unknown[]; affectedRows: number | null }> {
    const current = await this.ready();
    if (generation !== undefined && generation !== current) {
      throw new StoreUnavailableError('the embedded store restarted during the transaction');
    }
    const timeoutMs = this.#untimed > 0 ? 0 : this.#options.statementTimeoutMs;
    const reply = await this.#send({ op: 'query', sql, params }, timeoutMs);
    if (reply.type !== 'result') throw new Error(`unexpected reply ${reply.type}`);
    return { rows: reply.rows, affectedRows: reply.affectedRows };
  }

  /** Runs a script of several statements without parameters; answers the last one's rows. */
  async exec(sql: string, generation?: number): Promise<{ rows: unknown[]; affectedRows: number | null }> {
    const current = await this.ready();
    if (generation !== undefined && generation !== current) {
      throw new StoreUnavailableError('the embedded store restarted during the transaction');
    }
    const timeoutMs = this.#untimed > 0 ? 0 : this.#options.statementTimeoutMs;
    const reply = await this.#send({ op: 'exec', sql }, timeoutMs);
    if (reply.type !== 'result') throw new Error(`unexpected reply ${reply.type}`);
    return { rows: reply.rows, affectedRows: reply.affectedRows };
  }

  /**
   * Runs `work` with no statement timeout on this thread: migrations and the demo seed at start,
   * before anything else uses the store (any statement on the thread meanwhile is untimed too).
   */
  async untimed<T>(work: () => Promise<T>): Promise<T> {
    this.#untimed += 1;
    try {
      return await work();
    } finally {
      this.#untimed -= 1;
    }
  }

  /** The data directory as an archive (`PGlite.dumpDataDir`). */
  async dumpDataDir(compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
    await this.ready();
    const reply = await this.#send({ op: 'dump', compression });
    if (reply.type !== 'dump') throw new Error(`unexpected reply ${reply.type}`);
    return new Blob([reply.bytes]);
  }

  /** Closes the database (a clean shutdown: no recovery at the next start) and ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      const worker = this.#worker;
      try {
        await this.#ready;
        await this.#send({ op: 'close' }, 10_000);
      } catch {
        // Already stopped, or it did not close in time: terminating is all that is left.
      } finally {
        this.#worker = null;
        worker?.removeAllListeners();
        await worker?.terminate();
      }
    })();
    return this.#closing;
  }
}

/** A Kysely connection to the thread; its statements run in a transaction between begin and commit. */
class ThreadConnection implements DatabaseConnection {
  /** The thread generation the transaction began on; null outside a transaction. */
  transaction: number | null = null;

  constructor(readonly driver: PgliteThreadDriver) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, compiled.sql, compiled.parameters);
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported, as with Kysely's PGlite dialect
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Kysely's driver for the thread. PGlite has one session, so a transaction has it to itself: while
 * one is open, other statements wait for it to end (a plain statement sent meanwhile would run
 * inside the transaction and be rolled back with it). Statements outside transactions are sent
 * without waiting for each other; the thread runs them in order.
 */
export class PgliteThreadDriver implements Driver {
  #transaction: Promise<void> | null = null;
  #endTransaction: (() => void) | null = null;

  constructor(readonly thread: PgliteThread) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ThreadConnection(this);
  }

  async releaseConnection(): Promise<void> {}

  async execute<R>(
    connection: ThreadConnection,
    sql: string,
    parameters: readonly unknown[],
  ): Promise<QueryResult<R>> {
    if (connection.transaction === null) {
      while (this.#transaction) await this.#transaction;
    }
    const result = await this.thread.query(sql, parameters, connection.transaction ?? undefined);
    return {
      rows: result.rows as R[],
      ...(result.affectedRows === null ? {} : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  /**
   * A script of several statements (the job queue's own BEGIN … COMMIT blocks), run when no
   * Kysely transaction is open: sent meanwhile, it would run inside that transaction.
   */
  async script(sql: string): Promise<{ rows: unknown[] }> {
    while (this.#transaction) await this.#transaction;
    return this.thread.exec(sql);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = connection as ThreadConnection;
    while (this.#transaction) await this.#transaction;
    this.#transaction = new Promise((resolve) => {
      this.#endTransaction = resolve;
    });
    try {
      const generation = await this.thread.ready();
      let begin = 'begin';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
      await this.thread.query(begin, [], generation);
      own.transaction = generation;
    } catch (error) {
      this.#end(own);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as ThreadConnection;
    try {
      await this.thread.query('commit', [], own.transaction ?? undefined);
    } finally {
      this.#end(own);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const own = connection as ThreadConnection;
    try {
      // On a restarted thread there is nothing to roll back: recovery discarded the transaction.
      if (own.transaction === this.thread.generation)
        await this.thread.query('rollback', [], own.transaction);
    } finally {
      this.#end(own);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as ThreadConnection, `savepoint ${quoteIdent(name)}`, []);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as ThreadConnection, `rollback to savepoint ${quoteIdent(name)}`, []);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.execute(connection as ThreadConnection, `release savepoint ${quoteIdent(name)}`, []);
  }

  #end(connection: ThreadConnection): void {
    connection.transaction = null;
    const end = this.#endTransaction;
    this.#transaction = null;
    this.#endTransaction = null;
    end?.();
  }

  async destroy(): Promise<void> {
    await this.thread.close();
  }
}

/**
 * PostgreSQL's adapter without the migration lock, as Kysely's PGlite adapter (kysely 0.29+, which
 * needs Node 22; this package stays on 0.28 for Node 20). PGlite has one session, in this process
 * alone (the data directory is locked), so an advisory lock excludes nothing; and each migration
 * run is one transaction, which the driver runs alone.
 */
class PgliteThreadAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/** Kysely's dialect (adapter, compiler, introspector) for PGlite over the thread's driver. */
export function pgliteThreadDialect(
  thread: PgliteThread,
  driver: PgliteThreadDriver = new PgliteThreadDriver(thread),
): Dialect {
  return {
    createAdapter: () => new PgliteThreadAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
