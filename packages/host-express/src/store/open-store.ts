import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { StoreConfig } from '../config/index.js';
import { openPgliteDataDir } from './pglite-data-dir.js';
import { PgliteThread, PgliteThreadDriver, pgliteThreadDialect, type ThreadLogger } from './pglite-thread.js';
import type { Database } from './schema.js';
import { TYPE_PARSERS } from './type-parsers.js';
import { StoreUnavailableError } from './unavailable.js';

/** The store the host runs on: Kysely over embedded PGlite or a PostgreSQL pool, the same SQL on both. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a query within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes the engine (PGlite) or drains the pool. Idempotent. */
  close(): Promise<void>;
  /**
   * Runs `work` with the embedded store's statement timeout lifted (migrations and the demo seed
   * at start, before the host serves: an index built over a large table may rightly take longer
   * than a request may). PostgreSQL's own timeout is lifted by the migrations themselves
   * (`set local statement_timeout = 0`, migrate.ts) and the demo seed, so there it just runs `work`.
   */
  untimed?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs a script of several statements without parameters and answers the last one's rows: the
   * job queue's BEGIN … COMMIT blocks (jobs/queue.ts). On the embedded store it waits for the
   * store's own transactions, as every statement there does.
   */
  script(sql: string): Promise<{ rows: unknown[] }>;
  /**
   * PostgreSQL only: LISTEN on `channel` on a connection of its own, kept open (reconnected after a
   * second when lost). `onListening(true)` once it listens, `(false)` when it stops: notifications
   * sent meanwhile are lost, so what relies on them must not trust what it holds until `true` again.
   */
  listen?(channel: string, handlers: ListenHandlers): Listener;
}

export interface ListenHandlers {
  onNotification(payload: string): void;
  onListening(listening: boolean): void;
}

export interface Listener {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

/** `store.untimed(work)`, or `work()` for a store without it. */
export const untimed = <T>(store: Store, work: () => Promise<T>): Promise<T> =>
  store.untimed ? store.untimed(work) : work();

/** The subset of a pino logger the store uses. */
export interface StoreLogger {
  warn(obj: object, msg?: string): void;
}

export { TYPE_PARSERS };

/** TYPE_PARSERS for node-postgres (`new pg.Pool({ types: PG_TYPES })`). */
export const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const PGLITE_CONF = [
  // ~170 MB RSS instead of ~290 MB at idle (measured on PGlite 0.5 with the demo data).
  'shared_buffers=16MB',
];

export interface PgliteStoreOptions {
  /** A statement still running after this long is stopped (the store's thread restarts). 0: none. */
  statementTimeoutMs?: number;
  logger?: ThreadLogger;
}

/**
 * Opens an embedded store in `dataDir` on a thread of its own (pglite-thread.ts), creating the
 * directory (and the database) on first use. Throws StoreOpenError (open-errors.ts) when it cannot.
 */
export async function openPgliteStore(dataDir: string, options: PgliteStoreOptions = {}): Promise<Store> {
  // Locked, checked, created whole, failures as StoreOpenError (pglite-data-dir.ts).
  return openPgliteDataDir(dataDir, async (dir) => {
    const thread = await PgliteThread.open({
      dataDir: dir,
      postgresqlConf: PGLITE_CONF,
      statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    return storeFromPgliteThread(thread);
  });
}

/** A store over an open embedded-store thread; closing the store closes it. */
export function storeFromPgliteThread(thread: PgliteThread): Store {
  const driver = new PgliteThreadDriver(thread);
  const db = new Kysely<Database>({ dialect: pgliteThreadDialect(thread, driver) });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    ping: (timeoutMs) => ping(db, timeoutMs),
    untimed: (work) => thread.untimed(work),
    script: (sql) => driver.script(sql),
    close: () => {
      // Kysely destroys a driver only if it ran a query; the thread is closed either way.
      closing ??= db.destroy().then(() => thread.close());
      return closing;
    },
  };
}

export interface PostgresStoreOptions {
  url: string;
  poolMax?: number;
  logger?: StoreLogger;
  /** How long a request waits for a connection before failing (and the host answers 503). */
  connectionTimeoutMs?: number;
  /** PostgreSQL cancels a statement running longer (SQLSTATE 57014; the host answers 503). */
  statementTimeoutMs?: number;
}

/** A statement may run this long unless the configuration says otherwise (STATEMENT_TIMEOUT_MS). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

/** Distinct statements one connection keeps prepared; later ones run unnamed, as before. */
const MAX_PREPARED_PER_CONNECTION = 256;

/** Statement names by SQL text, shared by every connection (hashing the text each time cost a few µs). */
const statementNames = new LRUCache<string, string>({ max: MAX_PREPARED_PER_CONNECTION * 4 });

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `cp_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

const clientQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * The connections of the host's pools.
 *
 * They run parameterised queries as named prepared statements: PostgreSQL parses and plans each
 * distinct statement once per connection instead of at every request (Kysely sends
 * `query(text, values)`, which node-postgres otherwise parses each time). The name is a hash of the
 * text, so equal SQL shares one statement; queries without parameters (migrations, DDL, several
 * statements in one text) are left unnamed.
 *
 * And they always listen for 'error': the pool listens only while a connection is idle, and a
 * connection the server drops while a request holds it (a restart, pg_terminate_backend) would
 * otherwise emit an unhandled 'error' event, which ends the process. The request's query fails
 * on its own (503), and the pool replaces the connection when it is released.
 */
class HostClient extends pg.Client {
  readonly #prepared = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' query has a dozen overloads; this forwards them all
  override query(...args: any[]): any {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(text);
      if (this.#prepared.has(name) || this.#prepared.size < MAX_PREPARED_PER_CONNECTION) {
        this.#prepared.add(name);
        return clientQuery.call(this, { name, text, values });
      }
    }
    return clientQuery.apply(this, args);
  }
}

/**
 * A pool of the host's connections (see HostClient) with its statement timeout. The pool replaces
 * broken connections on its own, so the host recovers without a restart when the database comes
 * back; idle connections lost meanwhile are logged.
 */
export function createPool(options: PostgresStoreOptions): pg.Pool {
  const pool = new pg.Pool({
    Client: HostClient,
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'client-portal-host',
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    types: PG_TYPES,
  });
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle database connection lost'));
  return pool;
}

/** A pooled PostgreSQL store. */
export function openPostgresStore(options: PostgresStoreOptions): Store {
  return storeFromPool(createPool(options));
}

/** A lost listening connection is opened again after this long. */
const RELISTEN_MS = 1_000;
/**
 * The listening connection is asked `select 1` this often: a connection dropped without a word
 * (a NAT or a firewall forgetting it) is noticed within one interval plus the query's timeout.
 */
export const LISTEN_HEARTBEAT_MS = 2_000;

function listenOn(config: pg.PoolConfig, channel: string, handlers: ListenHandlers): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let closed = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lose = (client: pg.Client) => {
    if (current === client) {
      current = null;
      clearInterval(heartbeat);
      handlers.onListening(false);
    }
    client.end().catch(() => {});
    if (!closed && current === null && retry === undefined) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, RELISTEN_MS);
      retry.unref();
    }
  };

  const connect = async () => {
    const client = new pg.Client({
      connectionString: config.connectionString,
      keepAlive: true,
      application_name: 'client-portal-host listener',
      connectionTimeoutMillis: config.connectionTimeoutMillis ?? 5_000,
      query_timeout: LISTEN_HEARTBEAT_MS,
    });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      lose(client);
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (closed || lost) {
      client.end().catch(() => {});
      return;
    }
    current = client;
    heartbeat = setInterval(() => {
      client.query('select 1').catch(onLost);
    }, LISTEN_HEARTBEAT_MS);
    heartbeat.unref();
    handlers.onListening(true);
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const client = current;
      current = null;
      if (client) {
        handlers.onListening(false);
        await client.end().catch(() => {});
      }
    },
  };
}

/** Wraps a pool made by `createPool`; closing the store ends the pool. */
export function storeFromPool(pool: pg.Pool): Store {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs) => ping(db, timeoutMs),
    listen: (channel, handlers) => listenOn(pool.options, channel, handlers),
    script: async (sql) => {
      // One simple-protocol round trip; node-postgres answers an array for several statements.
      const result: pg.QueryResult | pg.QueryResult[] = await pool.query(sql);
      return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
    },
    close: () => {
      closing ??= db.destroy();
      return closing;
    },
  };
}

export function openStore(
  config: StoreConfig,
  options: { logger?: StoreLogger & ThreadLogger } = {},
): Promise<Store> {
  const logger = options.logger ? { logger: options.logger } : {};
  if (config.kind === 'postgres') {
    return Promise.resolve(
      openPostgresStore({
        url: config.url,
        poolMax: config.poolMax,
        statementTimeoutMs: config.statementTimeoutMs,
        ...logger,
      }),
    );
  }
  return openPgliteStore(config.dataDir, { statementTimeoutMs: config.statementTimeoutMs, ...logger });
}

async function ping(db: Kysely<Database>, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreUnavailableError('the database did not answer in time')),
      timeoutMs,
    );
  });
  try {
    await Promise.race([sql`select 1`.execute(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
