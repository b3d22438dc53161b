import { type AnyRoute, routeIds, routes, statusText } from '@client-portal/api-client';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { isStatementTimeout, isStoreUnavailable } from '../store/unavailable.js';
import { answeredByDeadline, ResponseTooLargeError } from './limits.js';
import { problem, problemErrors } from './problem.js';

/** Body-parser failures (the `type` of its http-errors) and what the client is told. */
const BODY_ERRORS: Record<string, [status: number, title: string, detail: string]> = {
  'entity.parse.failed': [400, 'Bad Request', 'The body is not valid JSON.'],
  'entity.too.large': [413, 'Content Too Large', 'The body is too large.'],
  'encoding.unsupported': [
    415,
    'Unsupported Media Type',
    'The body encoding is not supported: send it uncompressed, or gzip, deflate or br.',
  ],
  'charset.unsupported': [415, 'Unsupported Media Type', 'The body charset is not supported.'],
  'request.aborted': [400, 'Bad Request', 'The request was aborted.'],
  'request.size.invalid': [400, 'Bad Request', 'The body length does not match Content-Length.'],
  'parameters.too.many': [413, 'Content Too Large', 'The body has too many parameters.'],
};

/** What other client errors (thrown by Express, its router or body parsers) are told. */
const CLIENT_ERRORS: Record<number, string> = {
  400: 'The request is malformed: check its path, query and body.',
  413: 'The body is too large.',
  415: 'The body’s media type or encoding is not supported.',
};

/**
 * zlib's failures (Z_DATA_ERROR…; brotli's "Decompression failed"; zstd's ZSTD_error_…, on Node
 * versions whose zlib has zstd, 22.15+ and 23.8+, where body parsers decode it), as body parsers
 * pass them on.
 */
function isDecompressionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      (typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ZSTD_error_'))) ||
      message === 'Decompression failed'
    )
      return true;
    e = (e as { cause?: unknown; originalError?: unknown }).cause;
  }
  return false;
}

interface HttpishError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  message?: unknown;
}

/** Classic zod's `ZodError` extends core's `$ZodError`, which zod/mini (the contract's schemas) throws. */
const isZodError = (error: unknown): error is z.core.$ZodError =>
  error instanceof z.core.$ZodError ||
  (error instanceof Error &&
    (error.name === 'ZodError' || error.name === '$ZodError') &&
    Array.isArray((error as z.core.$ZodError).issues));

/**
 * The last error handler of /api (and of the app): every error becomes problem+json, never a
 * stack trace or an echo of the input. zod errors → 400 with the failing fields; body-parser and
 * decompression errors → 400/413/415; other client errors keep their status with a fixed detail;
 * a statement timeout or an unreachable store → 503 with Retry-After; an answer over the size
 * limit → 503; anything else → 500, logged with its stack by the request logger.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  // The request deadline answered already; what the handler tried to send after it is dropped.
  if (answeredByDeadline(res)) return;
  if (res.headersSent) return next(error);
  if (isZodError(error)) {
    return problem(res, 400, 'Bad Request', 'The request is invalid.', 'about:blank', problemErrors(error));
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as HttpishError;
  const body = typeof e.type === 'string' ? BODY_ERRORS[e.type] : undefined;
  if (body) return problem(res, ...body);
  if (isDecompressionError(error)) {
    return problem(
      res,
      400,
      'Bad Request',
      'The body could not be decompressed as its Content-Encoding says.',
    );
  }
  const status =
    typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    // Never the underlying message (a decompressor's, a parser's, the router's "Failed to decode
    // param '…'"): it can echo the input. A route with something to say answers with problem().
    const title = statusText(status);
    return problem(res, status, title, CLIENT_ERRORS[status] ?? title);
  }
  if (isStatementTimeout(error)) {
    req.log?.warn({ err: error }, 'statement timed out');
    res.set('Retry-After', '5');
    return problem(res, 503, 'Service Unavailable', 'The request took too long. Try again shortly.');
  }
  if (error instanceof ResponseTooLargeError) {
    req.log?.error({ err: error }, 'answer too large to send');
    return problem(res, 503, 'Service Unavailable', 'The answer is too large to send. Ask for less.');
  }
  if (isStoreUnavailable(error)) {
    req.log?.warn({ err: error }, 'store unavailable');
    res.set('Retry-After', '5');
    return problem(
      res,
      503,
      'Service Unavailable',
      'The service is temporarily unavailable. Try again shortly.',
    );
  }
  // pino-http logs the error (with its stack) on the response line.
  (res as { err?: unknown }).err = error;
  problem(res, 500, 'Internal Server Error', 'Something went wrong on our side. Please try again.');
};

/** The /api routes that are not in the contract (the client only follows their URLs). */
const HOST_ROUTES: readonly Pick<AnyRoute, 'method' | 'path'>[] = [
  { method: 'GET', path: '/api/files/{fileId}' },
  { method: 'GET', path: '/api/openapi.json' },
];

/** Each /api path (relative to the router, as a pattern) with the methods it answers. */
const PATH_METHODS: readonly { pattern: RegExp; methods: Set<string> }[] = (() => {
  const byPath = new Map<string, Set<string>>();
  for (const route of [...routeIds.map((id) => routes[id]), ...HOST_ROUTES]) {
    const methods = byPath.get(route.path) ?? new Set(['OPTIONS']);
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
    byPath.set(route.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(
      `^${path
        .replace(/^\/api/, '')
        .replace(/\./g, '\\.')
        .replace(/\{\w+\}/g, '[^/]+')}/?$`,
    ),
    methods,
  }));
})();

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'OPTIONS'];

/**
 * A method an /api path does not answer: 405 with `Allow`, before CSRF checks and sessions (a
 * non-preflight OPTIONS gets 204 with `Allow`). Paths that are not the contract's go on (to a
 * provider's own routes, or the 404).
 */
export const refuseOtherMethods: RequestHandler = (req, res, next) => {
  const methods = PATH_METHODS.find(({ pattern }) => pattern.test(req.path))?.methods;
  if (!methods || (methods.has(req.method) && req.method !== 'OPTIONS')) return next();
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) return next();
  res.set('Allow', METHOD_ORDER.filter((method) => methods.has(method)).join(', '));
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  problem(
    res,
    405,
    statusText(405),
    `${pathForDetail(`${req.baseUrl}${req.path}`)} does not answer ${req.method}.`,
  );
};

/** Paths in a 404's detail are cut to this length: a detail never repeats much of the input. */
const PATH_IN_DETAIL = 80;

function pathForDetail(path: string): string {
  return path.length > PATH_IN_DETAIL ? `${path.slice(0, PATH_IN_DETAIL)}…` : path;
}

/** No /api route matched: 404 problem+json (the SPA fallback never answers for /api). */
export const apiNotFound: RequestHandler = (req, res) => {
  problem(
    res,
    404,
    'Not Found',
    `There is no ${req.method} ${pathForDetail(`${req.baseUrl}${req.path}`)} route.`,
  );
};

/**
 * Nothing matched at all (a write to a page path, an odd spelling of an /api path such as
 * `//api//profile`): 404 problem+json rather than Express's HTML page.
 */
export const notFound: RequestHandler = (req, res) => {
  problem(res, 404, 'Not Found', `Nothing answers ${req.method} ${pathForDetail(req.path)}.`);
};
