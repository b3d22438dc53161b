// @ts-check
// The embedded store's thread: PGlite (PostgreSQL compiled to WebAssembly) runs here, not on the
// host's event loop. A statement runs synchronously inside WebAssembly, so on the main thread a
// long one would freeze every request and every timer; here the host keeps answering, and a
// statement past its timeout ends by terminating this thread (see pglite-thread.ts).
//
// Plain JavaScript (checked by TypeScript through JSDoc) so that the same file runs from the
// sources under the test runner and from dist/, without a loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { TYPE_PARSERS } from './type-parsers.js';

/** @typedef {import('./pglite-protocol.js').WorkerRequest} WorkerRequest */
/** @typedef {import('./pglite-protocol.js').WorkerReply} WorkerReply */
/** @typedef {import('./pglite-protocol.js').WorkerOptions} WorkerOptions */
/** @typedef {import('./pglite-protocol.js').SerializedError} SerializedError */

/** Fields of PostgreSQL, Node and Emscripten errors the host reads (SQLSTATE, errno codes). */
const ERROR_FIELDS = [
  'code',
  'errno',
  'syscall',
  'path',
  'severity',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'constraint',
];

/**
 * Errors cross the thread boundary as plain objects. Emscripten's file-system errors are not
 * Error instances (a read-only or full DATA_DIR throws an `ErrnoError` object), so every shape
 * becomes { name, message, …fields }.
 * @param {unknown} error
 * @returns {SerializedError}
 */
function serialize(error) {
  if (typeof error !== 'object' || error === null) return { name: 'Error', message: String(error) };
  const source = /** @type {Record<string, unknown>} */ (error);
  /** @type {SerializedError} */
  const out = {
    name: typeof source.name === 'string' ? source.name : 'Error',
    message: typeof source.message === 'string' ? source.message : '',
  };
  for (const field of ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (source.cause !== undefined) out.cause = serialize(source.cause);
  return out;
}

const port = parentPort;
if (!port) throw new Error('pglite-worker.js runs as a worker thread');
/** @type {WorkerOptions} */
const options = workerData;

/** @param {WorkerReply} reply @param {ArrayBuffer[]} [transfer] */
const reply = (reply, transfer) => port.postMessage(reply, transfer ?? []);

/** @type {PGlite} */
let db;
try {
  db = await PGlite.create(options.dataDir ?? undefined, {
    postgresqlconf: options.postgresqlConf,
    parsers: TYPE_PARSERS,
    ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
  });
  reply({ type: 'ready' });
} catch (error) {
  reply({ type: 'failed', error: serialize(error) });
  process.exit(1);
}

port.on('message', async (/** @type {WorkerRequest} */ request) => {
  try {
    if (request.op === 'query') {
      const result = await db.query(request.sql, [...request.params], { rowMode: 'object' });
      reply({ type: 'result', id: request.id, rows: result.rows, affectedRows: result.affectedRows ?? null });
    } else if (request.op === 'exec') {
      const results = await db.exec(request.sql, { rowMode: 'object' });
      const last = results.at(-1);
      reply({
        type: 'result',
        id: request.id,
        rows: last?.rows ?? [],
        affectedRows: last?.affectedRows ?? null,
      });
    } else if (request.op === 'dump') {
      const dump = await db.dumpDataDir(request.compression);
      const bytes = await dump.arrayBuffer();
      reply({ type: 'dump', id: request.id, bytes }, [bytes]);
    } else if (request.op === 'close') {
      await db.close();
      reply({ type: 'closed', id: request.id });
    }
  } catch (error) {
    reply({ type: 'error', id: request.id, error: serialize(error) });
  }
});
