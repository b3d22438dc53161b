import { Agent, type IncomingHttpHeaders, request } from 'node:http';

/**
 * A request exactly as it goes on the wire: the request target is sent byte for byte (no
 * normalising or re-encoding of `%ff`, `%00`, `..`, as supertest/WHATWG URL would do), and the body
 * is raw bytes with the headers given (Content-Length is added unless Transfer-Encoding is set).
 */
export interface RawRequest {
  method: string;
  /** The request target: path and query, already percent-encoded as wanted. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Connect from this loopback address (127.0.0.x), so rate limits per IP are kept apart. */
  localAddress?: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  ms: number;
}

export type RawOutcome =
  | { kind: 'response'; response: RawResponse }
  | { kind: 'timeout'; ms: number }
  | { kind: 'error'; message: string; ms: number };

/** Kept-alive connections per source address; a connection whose request timed out is destroyed. */
const agents = new Map<string, Agent>();
function agentFor(localAddress: string | undefined): Agent {
  const key = localAddress ?? '';
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 8, ...(localAddress ? { localAddress } : {}) });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the kept-alive connections (after a host restart, and at the end). */
export function closeConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** Bodies are read up to this size; the rest is dropped (a host that echoes 100 kB is already caught). */
const MAX_READ = 1024 * 1024;

/**
 * Sends one request to 127.0.0.1:`port` and resolves with the response, or with a timeout when no
 * complete response came within `timeoutMs` (the connection is then destroyed), or with the
 * transport error (a reset, a refused connection). Never rejects.
 *
 * A request that fails before any response on a kept-alive connection the agent reused is sent once
 * more on a new one: the server may close an idle connection just as the client reuses it (Node's
 * documented keep-alive race, `request.reusedSocket`), which on a loaded machine made 4 of 600
 * requests "socket hang up" in 1–21 ms. A reset on a new connection is still reported.
 */
export function sendRaw(
  port: number,
  req: RawRequest,
  timeoutMs: number,
  retried = false,
): Promise<RawOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: RawOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const headers: Record<string, string> = { ...req.headers };
    const hasTransferEncoding = Object.keys(headers).some((h) => h.toLowerCase() === 'transfer-encoding');
    if (req.body && !hasTransferEncoding) headers['Content-Length'] = String(req.body.length);
    let clientRequest: ReturnType<typeof request>;
    try {
      clientRequest = request({
        host: '127.0.0.1',
        port,
        method: req.method,
        path: req.path,
        headers,
        agent: agentFor(req.localAddress),
      });
    } catch (error) {
      // Node refuses to send some targets/headers at all (e.g. a space); that is the test's mistake.
      resolve({ kind: 'error', message: `not sent: ${(error as Error).message}`, ms: 0 });
      return;
    }
    const timer = setTimeout(() => {
      clientRequest.destroy();
      settle({ kind: 'timeout', ms: elapsed() });
    }, timeoutMs);
    let status: number | undefined;
    clientRequest.on('error', (error: NodeJS.ErrnoException) => {
      const raced =
        !retried &&
        !settled &&
        status === undefined &&
        clientRequest.reusedSocket &&
        (error.code === 'ECONNRESET' || error.message === 'socket hang up');
      if (raced) {
        settled = true;
        clearTimeout(timer);
        resolve(
          sendRaw(port, req, Math.max(1, timeoutMs - elapsed()), true).then((outcome) =>
            outcome.kind === 'response'
              ? { ...outcome, response: { ...outcome.response, ms: elapsed() } }
              : { ...outcome, ms: elapsed() },
          ),
        );
        return;
      }
      settle({
        kind: 'error',
        message: status === undefined ? error.message : `after a ${status} response: ${error.message}`,
        ms: elapsed(),
      });
    });
    clientRequest.on('response', (res) => {
      status = res.statusCode;
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_READ) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('error', (error) => settle({ kind: 'error', message: error.message, ms: elapsed() }));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        settle({
          kind: 'response',
          response: {
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            text: body.toString('utf8'),
            ms: elapsed(),
          },
        });
      });
    });
    clientRequest.end(req.body);
  });
}

/** Runs `task` over `items` with at most `limit` at a time, in order of start. */
export async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
