import * as z from 'zod/mini';
import { problemSchema } from './schemas/common.js';

/**
 * - `network`: no HTTP response (offline, DNS, refused connection, CORS). Status 0.
 * - `timeout`: no response within the client's timeout. Status 0.
 * - `http`: the server answered with an error status (body parsed as problem+json when it is one).
 * - `malformed-response`: a 2xx whose body is not JSON or does not match the route's schema.
 */
export type RequestErrorKind = 'network' | 'timeout' | 'http' | 'malformed-response';

export interface ResponseIssue {
  /** Dot path into the body, e.g. `series.deploymentFrequency.3`; empty for the root. */
  path: string;
  message: string;
}

export interface RequestErrorInit {
  kind: RequestErrorKind;
  status: number;
  statusText?: string;
  method: string;
  url: string;
  routeId: string;
  problem?: Partial<z.infer<typeof problemSchema>>;
  issues?: ResponseIssue[];
  cause?: unknown;
}

/** Standard reason phrases: HTTP/2 and HTTP/3 responses carry no status text, so it is filled in. */
const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusText(status: number, given?: string): string {
  if (given) return given;
  return REASONS[status] ?? (status >= 500 ? 'Server Error' : `HTTP ${status}`);
}

/**
 * Every failed call rejects with this. `message` is the route's catalogue message ('Failed to load
 * DORA metrics', …) when it has one, otherwise the HTTP status text; `status` is 0 when there was no
 * response at all.
 */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly kind: RequestErrorKind;
  readonly status: number;
  readonly statusText: string;
  readonly method: string;
  readonly url: string;
  readonly routeId: string;
  /** From the problem+json body, when the server sent one. */
  readonly type: string | undefined;
  readonly title: string | undefined;
  readonly detail: string | undefined;
  /** Field errors of a 400 problem body. */
  readonly fieldErrors: ReadonlyArray<{ path: string; message: string }>;
  /** For `malformed-response`: where the body broke the schema (never the body itself). */
  readonly issues: readonly ResponseIssue[];

  constructor(message: string, init: RequestErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.statusText = init.statusText ?? '';
    this.method = init.method;
    this.url = init.url;
    this.routeId = init.routeId;
    this.type = init.problem?.type;
    this.title = init.problem?.title;
    this.detail = init.problem?.detail;
    this.fieldErrors = init.problem?.errors ?? [];
    this.issues = init.issues ?? [];
  }

  /** No session (401): the portal sends the user to sign in. */
  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** Worth trying again later: no response, a timeout, 408, 429 or a 5xx. */
  get isTransient(): boolean {
    return (
      this.kind === 'network' ||
      this.kind === 'timeout' ||
      this.status === 408 ||
      this.status === 429 ||
      this.status >= 500
    );
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/** Reads the fields of a problem+json body that are present and well-typed; never throws. */
export function readProblem(body: unknown): RequestErrorInit['problem'] {
  if (typeof body !== 'object' || body === null) return undefined;
  const parsed = z.partial(problemSchema).safeParse(body);
  if (parsed.success) return parsed.data;
  // A half-valid problem body still has useful strings; keep those rather than nothing.
  const record = body as Record<string, unknown>;
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  return { type: text('type'), title: text('title'), detail: text('detail') };
}

/** zod issues as `path: message` pairs, capped so a huge broken list stays readable. */
export function toResponseIssues(error: z.core.$ZodError, limit = 10): ResponseIssue[] {
  return error.issues.slice(0, limit).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export function describeIssues(issues: readonly ResponseIssue[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
}
