import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { StoreConfig } from '../config/index.js';
import type { Database } from './schema.js';

/** The store the host runs on: Kysely over embedded PGlite or a PostgreSQL pool, the same SQL on both. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a query within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>;
  /** Closes the engine (PGlite) or drains the pool. Idempotent. */
  close(): Promise<void>;
}

/** The subset of a pino logger the store uses. */
export interface StoreLogger {
  warn(obj: object, msg?: string): void;
}

// One value type per SQL type on both engines (see schema.ts): bigint and numeric as numbers
// (counts and medians, far below 2^53) and dates as 'YYYY-MM-DD' strings. node-postgres would
// otherwise give int8 as strings and dates as local-midnight Dates.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [INT8]: Number,
  [NUMERIC]: Number,
  [DATE]: (value) => value,
};

/** TYPE_PARSERS for node-postgres (`new pg.Pool({ types: PG_TYPES })`). */
export const PG_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TYPE_PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const PGLITE_CONF = [
  // ~170 MB RSS instead of ~290 MB at idle (research/toolchain.md, step 7).
  'shared_buffers=16MB',
];

/** Opens an embedded store in `dataDir`, creating the directory (and the database) on first use. */
export async function openPgliteStore(dataDir: string): Promise<Store> {
  mkdirSync(dirname(dataDir), { recursive: true });
  const pglite = await PGlite.create(dataDir, { postgresqlconf: PGLITE_CONF, parsers: TYPE_PARSERS });
  return storeFromPglite(pglite);
}

/** Wraps an open PGlite instance; closing the store closes it. */
export function storeFromPglite(pglite: PGlite): Store {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'pglite',
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: () => {
      closing ??= (async () => {
        // Kysely closes PGlite only if it ever ran a query; close it ourselves either way.
        await db.destroy();
        if (!pglite.closed) await pglite.close();
      })();
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
}

/**
 * A pooled PostgreSQL store. The pool replaces broken connections on its own, so the host recovers
 * without a restart when the database comes back.
 */
export function openPostgresStore(options: PostgresStoreOptions): Store {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'client-portal-host',
    statement_timeout: 30_000,
    types: PG_TYPES,
  });
  // An idle client that loses its server emits here; without a listener the process would crash.
  pool.on('error', (error) => options.logger?.warn({ err: error }, 'idle database connection lost'));
  return storeFromPool(pool);
}

/** Distinct statements one connection keeps prepared; later ones run unnamed, as before. */
const MAX_PREPARED_PER_CONNECTION = 256;

/** Statement names by SQL text, shared by every connection (hashing the text each time cost a few µs). */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `cp_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // Bounded: a store whose queries are all distinct texts must not grow this without end.
    if (statementNames.size >= MAX_PREPARED_PER_CONNECTION * 4) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs the connection's parameterised queries as named prepared statements: PostgreSQL parses and
 * plans each distinct statement once per connection instead of at every request (Kysely sends
 * `query(text, values)`, which node-postgres otherwise parses each time). The name is a hash of the
 * text, so equal SQL shares one statement; queries without parameters (migrations, DDL, several
 * statements in one text) are left unnamed.
 */
function preparePerConnection(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const names = new Set<string>();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      const name = statementName(text);
      if (names.has(name) || names.size < MAX_PREPARED_PER_CONNECTION) {
        names.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
}

/** Wraps a pg pool (its connections prepare their statements, see above); closing the store ends the pool. */
export function storeFromPool(pool: pg.Pool): Store {
  pool.on('connect', preparePerConnection);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: () => {
      closing ??= db.destroy();
      return closing;
    },
  };
}

export function openStore(config: StoreConfig, options: { logger?: StoreLogger } = {}): Promise<Store> {
  if (config.kind === 'postgres') {
    return Promise.resolve(
      openPostgresStore({
        url: config.url,
        poolMax: config.poolMax,
        ...(options.logger ? { logger: options.logger } : {}),
      }),
    );
  }
  return openPgliteStore(config.dataDir);
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

/** The store cannot be reached (the host answers 503 and retries on the next request). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
}
