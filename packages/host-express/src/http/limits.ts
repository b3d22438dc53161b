import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { statusText } from '@client-portal/api-client';
import type { RequestHandler, Response } from 'express';
import { problem } from './problem.js';

/**
 * How much work one request may cause. Each limit is listed in the package README ("Limits").
 * Input sizes and ranges are the contract's (api-client's request rules); these are the host's.
 */

/** A request line longer than this (path and query) is refused with 414 before any work. */
export const MAX_URL_BYTES = 8 * 1024;
/** Request headers larger than this (Node's `maxHeaderSize`) are refused with 431 by the HTTP parser. */
export const MAX_HEADER_BYTES = 16 * 1024;
/**
 * No JSON answer is larger: a bigger one is not sent (503, logged). The largest the contract can
 * produce from its bounded inputs, AI usage over a 1,096-day range, is ~0.6 MB.
 */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/**
 * Largest body of an ingest batch (`POST /api/ingest/*`), read only once its token passed.
 * Measured (routes/ingest.test.ts): 1,000 realistic events are 0.17–0.35 MB; 1,000 pull requests
 * with every field at its longest (ASCII) 1.8 MB. A larger batch is 413: send fewer events.
 */
export const MAX_INGEST_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Largest GitHub webhook body, read only once the target headers name a registered webhook.
 * GitHub's push payloads list at most 2,048 commits (~1 KB each with their file lists).
 */
export const MAX_WEBHOOK_BODY_BYTES = 5 * 1024 * 1024;
/** The most rows a list answer holds (documents, talent, teams, articles); more are not read. */
export const MAX_LIST_ROWS = 1_000;
/** How long Node waits for a request's headers (slow clients that never finish them). */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * How long an idle keep-alive connection stays open: longer than whatever sits in front of the
 * host keeps one (a load balancer's 60 s, Node's own agent's 5 s, which a site's /api rewrite
 * uses), so the client side always closes first. With Node's default of 5 s both sides close at
 * the same moment, and a request the proxy sends on a connection the host is closing fails: the
 * site answers 500 (seen from the Next.js example's rewrite on a loaded machine).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * How long Node waits for a whole request, body included: long enough for a request's largest
 * attachment over a slow link (routes/request-attachments.ts lifts its own deadline to the same
 * 15 minutes). Every other route is bounded sooner by its own deadline (REQUEST_TIMEOUT_MS,
 * `requestDeadline` below), which also covers reading its body.
 */
export const REQUEST_RECEIVE_TIMEOUT_MS = 15 * 60 * 1000;

/**
 * A sign-in's deadline instead of REQUEST_TIMEOUT_MS: password checks are slow by design and
 * queued in order, so a burst (everyone at nine o'clock) is served, slowly, rather than refused.
 */
export const SIGN_IN_TIMEOUT_MS = 60_000;

/** An answer larger than MAX_RESPONSE_BYTES: answered 503 and logged, never sent. */
export class ResponseTooLargeError extends Error {
  override readonly name = 'ResponseTooLargeError';
}

/** Throws ResponseTooLargeError for a body over MAX_RESPONSE_BYTES. */
export function checkResponseSize(bytes: number): void {
  if (bytes > MAX_RESPONSE_BYTES) {
    throw new ResponseTooLargeError(`the answer is ${bytes} bytes, more than ${MAX_RESPONSE_BYTES}`);
  }
}

/** 414 for a request line over MAX_URL_BYTES, before routing, sessions or parsing. */
export const refuseLongUrls: RequestHandler = (req, res, next) => {
  if (req.originalUrl.length <= MAX_URL_BYTES) return next();
  problem(res, 414, statusText(414), `The URL is longer than ${MAX_URL_BYTES} bytes.`);
};

const timedOut = new WeakSet<Response>();
/** Each pending request's deadline: re-armed by `extendDeadline`. */
const deadlines = new WeakMap<Response, (ms: number) => void>();

/** Whether the request deadline already answered this response (a late handler's writes are dropped). */
export function answeredByDeadline(res: Response): boolean {
  return timedOut.has(res);
}

/**
 * Gives a request `ms` from now instead of the usual deadline, for work that is slow by design and
 * queued fairly (sign-in's password checks). No effect once the deadline has answered.
 */
export function extendDeadline(res: Response, ms: number): void {
  deadlines.get(res)?.(ms);
}

/**
 * A request still unanswered after `ms` gets 503 with Retry-After, whatever its handler is
 * waiting for; what the handler sends later is dropped (see errors.ts). A response that has begun
 * (a download streaming) is left to finish. Statements have a shorter timeout of their own
 * (STATEMENT_TIMEOUT_MS), so this catches the rest: waiting for a connection, or for a lock.
 */
export function requestDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    const expire = () => {
      if (res.headersSent) return;
      timedOut.add(res);
      // A late handler's write after the end must not become an unhandled 'error' event.
      res.on('error', () => {});
      req.log?.warn({ timeoutMs: ms }, 'request deadline passed');
      res.set('Retry-After', '5');
      problem(res, 503, 'Service Unavailable', 'The request took too long. Try again shortly.');
    };
    let timer = setTimeout(expire, ms);
    deadlines.set(res, (extended) => {
      if (timedOut.has(res)) return;
      clearTimeout(timer);
      timer = setTimeout(expire, extended);
    });
    const clear = () => clearTimeout(timer);
    res.once('finish', clear);
    res.once('close', clear);
    next();
  };
}

const PARSER_ERRORS: Record<string, [status: number, detail: string]> = {
  HPE_HEADER_OVERFLOW: [431, `The request headers are larger than ${MAX_HEADER_BYTES} bytes.`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_HEADERS_TIMEOUT: [408, 'The request headers took too long to arrive.'],
};

function problemResponse(status: number, detail: string, head: boolean): string {
  const body = JSON.stringify({ type: 'about:blank', title: statusText(status), status, detail });
  return [
    `HTTP/1.1 ${status} ${statusText(status)}`,
    'Content-Type: application/problem+json',
    'Cache-Control: no-store',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    // An answer to HEAD has no body.
    head ? '' : body,
  ].join('\r\n');
}

/**
 * Bounds what a client can make the server hold (headers, time) and answers what Node's HTTP
 * parser refuses (oversized headers, malformed requests, timeouts) with problem+json, as every
 * other error, instead of a bare status line.
 */
export function limitServer(server: Server): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // Counts only while a request's headers arrive, not while the connection idles between requests.
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.requestTimeout = REQUEST_RECEIVE_TIMEOUT_MS;
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const [status, detail] = PARSER_ERRORS[error.code ?? ''] ?? [400, 'The request is malformed.'];
    const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    socket.end(problemResponse(status, detail, head));
  });
}
