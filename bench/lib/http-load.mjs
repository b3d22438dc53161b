// A closed-loop HTTP load made of plain node:http requests (bench/faults.mjs), for runs where every
// request must be classified exactly, which autocannon does not report: each of `connections`
// workers has a keep-alive agent of its own (one socket, reopened when it closes, as a browser's
// connection) and sends one request at a time. Every request leaves a record: when it was sent and
// ended, its status, the headers a fault check needs, whether the body arrived complete, or which
// socket error ended it.
import { Agent, request } from 'node:http';

/**
 * @typedef {{ id: string, method?: string, path: string, headers?: Record<string, string>, body?: string }} LoadRequest
 * @typedef {{
 *   worker: number, id: string, method: string, sentAt: number, endAt: number, reused: boolean,
 *   outcome: 'response' | 'incomplete' | 'refused' | 'reset' | 'timeout' | 'error',
 *   status: number | null, complete: boolean, retryAfter: string | null, contentType: string | null,
 *   connection: string | null, code: string | null, message: string | null, bytes: number,
 *   cookies?: string[], body?: string,
 * }} LoadRecord  (times in ms of performance.now())
 */

/** Socket error codes a dropped or refused connection gives, by what they mean here. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Sends one request on `agent` (false: a connection of its own) and resolves with its record (never
 * rejects). `cookies`: keep the name=value pairs of Set-Cookie in `record.cookies`.
 * @returns {Promise<LoadRecord>}
 */
export function send(baseUrl, agent, req, { worker = -1, timeoutMs = 30_000, cookies = false } = {}) {
  const url = new URL(req.path, baseUrl);
  const method = req.method ?? 'GET';
  const headers = { ...req.headers };
  if (req.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(req.body));
  return new Promise((resolve) => {
    const record = {
      worker,
      id: req.id,
      method,
      sentAt: performance.now(),
      endAt: Number.NaN,
      reused: false,
      outcome: 'error',
      status: null,
      complete: false,
      retryAfter: null,
      contentType: null,
      connection: null,
      code: null,
      message: null,
      bytes: 0,
    };
    let settled = false;
    const finish = (outcome, error) => {
      if (settled) return;
      settled = true;
      record.endAt = performance.now();
      record.outcome = outcome;
      if (error) {
        record.code = error.code ?? null;
        record.message = error.message ?? String(error);
      }
      resolve(record);
    };
    const classify = (error) => {
      if (error?.code === 'ECONNREFUSED') return 'refused';
      if (error?.code === 'BENCH_TIMEOUT') return 'timeout';
      if (RESET_CODES.has(error?.code) || /socket hang up|aborted/i.test(error?.message ?? ''))
        return 'reset';
      return 'error';
    };
    const r = request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, agent },
      (res) => {
        record.status = res.statusCode;
        record.retryAfter = res.headers['retry-after'] ?? null;
        record.contentType = res.headers['content-type'] ?? null;
        record.connection = res.headers.connection ?? null;
        if (cookies) {
          record.cookies = (res.headers['set-cookie'] ?? [])
            .map((line) => line.split(';', 1)[0].trim())
            .filter((pair) => /^[^=]+=.+/.test(pair));
        }
        // The start of an error answer's body (a problem+json detail), when it is not compressed.
        const keepBody = res.statusCode >= 400 && !res.headers['content-encoding'];
        res.on('data', (chunk) => {
          record.bytes += chunk.length;
          if (keepBody && (record.body?.length ?? 0) < 500)
            record.body = (record.body ?? '') + chunk.toString('utf8');
        });
        // 'close' follows 'end' for a full body, or an error for a cut one: `complete` tells them apart.
        res.on('error', () => {});
        res.on('close', () => {
          record.complete = res.complete;
          finish(
            res.complete ? 'response' : 'incomplete',
            res.complete ? null : { code: 'ECONNRESET', message: 'response cut before its end' },
          );
        });
      },
    );
    r.on('socket', () => {
      record.reused = r.reusedSocket;
    });
    r.setTimeout(timeoutMs, () => {
      const error = new Error(`no answer within ${timeoutMs} ms`);
      error.code = 'BENCH_TIMEOUT';
      r.destroy(error);
    });
    r.on('error', (error) => finish(classify(error), error));
    r.end(req.body);
  });
}

/**
 * Starts `connections` workers that send `next(worker, n)` requests back to back until stop().
 * After a socket error a worker waits `errorPauseMs` (a refused connection fails at once: without
 * the pause a worker would spin).
 *
 * @param {{ baseUrl: string, connections: number, next: (worker: number, n: number) => LoadRequest,
 *           timeoutMs?: number, errorPauseMs?: number, onRecord?: (r: LoadRecord) => void }} options
 */
export function startLoad({ baseUrl, connections, next, timeoutMs = 30_000, errorPauseMs = 20, onRecord }) {
  const records = [];
  const inFlight = new Set();
  let stopping = false;
  const agents = [];
  const workers = Array.from({ length: connections }, async (_, worker) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, maxFreeSockets: 1 });
    agents.push(agent);
    for (let n = 0; !stopping; n++) {
      const req = next(worker, n);
      const pending = send(baseUrl, agent, req, { worker, timeoutMs });
      const entry = { worker, id: req.id, sentAt: performance.now() };
      inFlight.add(entry);
      const record = await pending;
      inFlight.delete(entry);
      records.push(record);
      onRecord?.(record);
      if (record.outcome !== 'response' && !stopping) {
        await new Promise((resolve) => setTimeout(resolve, errorPauseMs));
      }
    }
  });
  return {
    records,
    /** Requests sent and not yet ended, now. */
    inFlight: () => [...inFlight],
    /** Lets every worker finish its current request, then closes the sockets. */
    async stop() {
      stopping = true;
      await Promise.all(workers);
      for (const agent of agents) agent.destroy();
      return records;
    },
  };
}

/** Percentile (nearest rank) of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Counts of a list by a key function, as a plain object sorted by key. */
export function countBy(list, key) {
  const counts = {};
  for (const item of list) {
    const k = key(item);
    counts[k] = (counts[k] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}
