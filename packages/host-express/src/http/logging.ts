import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DestinationStream, type Logger, pino } from 'pino';
import { type HttpLogger, pinoHttp } from 'pino-http';
import type { LogLevel } from '../config/index.js';

export const REDACTED = '[Redacted]';

/** Log paths that may hold a secret, wherever a log call puts them. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'req.headers["x-hub-signature-256"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'password',
  'token',
  'secret',
  '*.password',
  '*.token',
  '*.secret',
  '*.idToken',
  '*.id_token',
  '*.accessToken',
  '*.access_token',
  '*.refreshToken',
  '*.refresh_token',
  '*.sessionSecret',
  '*.clientSecret',
];

/**
 * Query parameters that carry credentials: signed download URLs (ours and S3's presigned ones),
 * OIDC callback codes and state, and tokens. Compared case-insensitively.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  'sig',
  'signature',
  'token',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'code',
  'state',
  'id_token_hint',
  'id_token',
  'access_token',
  'refresh_token',
  'session_state',
]);

/** The URL with the values of secret query parameters replaced, the rest byte for byte. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed name is kept as sent
      }
      // `sig[a]=…` or `sig[]=…` still carries the secret: judge by the part before any bracket.
      const base = name.split('[', 1)[0] ?? name;
      return SECRET_QUERY_PARAMETERS.has(base.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

export interface LoggerOptions {
  level: LogLevel;
  /** Where lines go (tests capture them); default stdout. */
  destination?: DestinationStream;
}

/** The host's pino logger: JSON lines, secrets redacted. */
export function createLogger({ level, destination }: LoggerOptions): Logger {
  return pino(
    {
      level,
      base: { service: 'client-portal-host' },
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/** Response headers worth a log line; the rest (CSP, helmet's set) is the same on every response. */
const LOGGED_RESPONSE_HEADERS = ['content-type', 'content-length', 'location', 'retry-after', 'set-cookie'];

interface SerializedResponse {
  statusCode: number;
  headers: Record<string, unknown>;
}

interface SerializedRequest {
  id: unknown;
  method: string;
  url: string;
  headers: Record<string, unknown>;
  remoteAddress?: string;
}

/** A valid incoming X-Request-Id (a proxy's, so it can be followed), else a fresh UUID; echoed on the response. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * One log line per request (not for health checks): method, redacted URL, status, time, the
 * request id (a valid incoming X-Request-Id is kept, so a proxy's id can be followed). Errors of
 * 5xx responses are attached by the error handler (`res.err`).
 *
 * While the logger is silent (LOG_LEVEL=silent, or a level above fatal) pino-http is skipped
 * altogether: it would build a child logger, serializers and redaction per request only to write
 * nothing. The request still gets its id (`req.id`, the X-Request-Id response header); `req.log`
 * is then undefined (callers use `req.log?.`). The level is checked per request, so changing
 * `logger.level` at run time takes effect.
 */
export function httpLogger(logger: Logger): HttpLogger<IncomingMessage, ServerResponse> {
  const logRequests = pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    genReqId: requestId,
    autoLogging: { ignore: (req) => QUIET_PATHS.has((req.url ?? '').split('?', 1)[0] ?? '') },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      // The standard serializer also logs `query` and `params`, which may hold signatures.
      req: (req: SerializedRequest) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        headers: req.headers,
        remoteAddress: req.remoteAddress,
      }),
      res: (res: SerializedResponse) => {
        const headers: Record<string, unknown> = {};
        for (const name of LOGGED_RESPONSE_HEADERS) {
          const value = res.headers?.[name];
          if (value !== undefined) headers[name] = name === 'location' ? redactUrl(String(value)) : value;
        }
        return { statusCode: res.statusCode, headers };
      },
    },
  });
  const middleware = (req: IncomingMessage, res: ServerResponse, next?: () => void): void => {
    if (logger.isLevelEnabled('fatal')) {
      logRequests(req, res, next);
      return;
    }
    (req as { id?: unknown }).id = requestId(req, res);
    next?.();
  };
  return Object.assign(middleware, { logger: logRequests.logger });
}
