/** Messages between the host and its embedded store's thread (pglite-worker.js, pglite-thread.ts). */

/** What the thread opens: a data directory on disk, or (tests) an in-memory copy of a dump. */
export interface WorkerOptions {
  /** Null: an in-memory database. */
  dataDir: string | null;
  /** A `dumpDataDir()` archive to start from (in-memory databases). */
  loadDataDir: ArrayBuffer | null;
  /** postgresql.conf lines. */
  postgresqlConf: string[];
}

export type WorkerRequest =
  | { op: 'query'; id: number; sql: string; params: readonly unknown[] }
  /** Several statements, no parameters (simple protocol): the job queue's scripts. */
  | { op: 'exec'; id: number; sql: string }
  | { op: 'dump'; id: number; compression: 'gzip' | 'none' }
  | { op: 'close'; id: number };

/** An error as plain data: PostgreSQL's fields (SQLSTATE `code`…), Node's and Emscripten's (`errno`). */
export interface SerializedError {
  name: string;
  message: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; error: SerializedError }
  | { type: 'result'; id: number; rows: unknown[]; affectedRows: number | null }
  | { type: 'dump'; id: number; bytes: ArrayBuffer }
  | { type: 'closed'; id: number }
  | { type: 'error'; id: number; error: SerializedError };
