import ky, { HTTPError, type KyInstance, TimeoutError } from 'ky';
import type * as z from 'zod';

// The one HTTP layer of every connector: ky with the vendors' rules for waiting and retrying, a count
// of the requests sent (the benchmark's "requests per record"), and errors that say what went wrong
// without ever quoting a credential.
//
// - 429 and 503 wait for Retry-After (seconds or a date) when the vendor sends one, up to
//   `maxRetryAfterMs`; a longer wait ends the run (`rate-limited`, with the instant to come back).
// - Without Retry-After, and on 500/502/504 and network errors, exponential backoff with full
//   jitter (so several hosts do not retry in step), `retries` times.
// - A vendor's daily quota (its own signal: `isQuotaExhausted`) ends the run at once: retrying
//   cannot help before the quota resets, and persisting gets integrations banned.
// - 401/403 are never retried: the credentials are wrong or lack a permission.

export type ConnectorErrorKind =
  | 'auth'
  | 'rate-limited'
  | 'quota'
  | 'http'
  | 'malformed'
  | 'network'
  | 'timeout'
  | 'gone';

export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  readonly vendor: string;
  readonly kind: ConnectorErrorKind;
  readonly status: number | null;
  /** When the vendor said to come back (rate-limited). */
  readonly retryAt: Date | null;
  constructor(
    vendor: string,
    kind: ConnectorErrorKind,
    message: string,
    options: { status?: number | null; retryAt?: Date | null; cause?: unknown } = {},
  ) {
    super(`${vendor}: ${message}`, { cause: options.cause });
    this.vendor = vendor;
    this.kind = kind;
    this.status = options.status ?? null;
    this.retryAt = options.retryAt ?? null;
  }
}

export interface VendorHttpOptions {
  /** Used in messages: 'Jira', 'HubSpot', … */
  vendor: string;
  baseUrl: string;
  /** Sent with every request (Authorization among them; never logged or put in an error). */
  headers: Record<string, string>;
  /** Extra attempts after the first (429, 5xx, network). Default 4. */
  retries?: number;
  /** Longest Retry-After honoured within a run, in ms. Default 60 000. */
  maxRetryAfterMs?: number;
  /** Backoff cap, in ms. Default 30 000. */
  backoffLimitMs?: number;
  /** First backoff step, in ms (doubles per attempt). Default 1 000. */
  backoffBaseMs?: number;
  /** Per-request timeout, in ms. Default 30 000. */
  timeoutMs?: number;
  /** The vendor's "daily quota used up" signal on a 429 (e.g. HubSpot's policyName DAILY). */
  isQuotaExhausted?: (response: Response, body: string) => boolean;
  fetch?: typeof fetch;
}

export interface VendorHttp {
  /** GET `path` (relative to baseUrl) and parse the JSON body with `schema`. */
  getJson<T>(path: string, schema: z.ZodType<T>, searchParams?: URLSearchParams): Promise<T>;
  /** POST `body` as JSON to `path` and parse the JSON answer with `schema` (Windsurf, Cursor). */
  postJson<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T>;
  /**
   * GET `path` where "nothing" is an answer, not an error: 204, an empty body, or a status in
   * `emptyStatuses` (e.g. Copilot's 404 for a day without a report) give `body: null`.
   */
  getJsonOrNothing<T>(
    path: string,
    schema: z.ZodType<T>,
    searchParams?: URLSearchParams,
    emptyStatuses?: readonly number[],
  ): Promise<{ status: number; body: T | null }>;
  /**
   * GET an absolute URL (a vendor's signed download link) with the same retries and count, but
   * without the vendor's headers: the link carries its own signature, and the credentials must not
   * travel to another host. Answers the body as text.
   */
  getUrlText(url: string): Promise<string>;
  /** Requests sent so far, retries included. */
  readonly requests: number;
}

const RETRY_STATUSES = [429, 500, 502, 503, 504];

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/**
 * A vendor's JSON answer parsed with `schema`; a body that is not JSON, or not of the shape, is a
 * `malformed` ConnectorError naming the first field that is wrong (never quoting the body).
 */
export function parseVendorJson<T>(
  vendor: string,
  what: string,
  status: number,
  text: string,
  schema: z.ZodType<T>,
): T {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ConnectorError(vendor, 'malformed', `${what} answered ${status} with a body that is not JSON`, {
      status,
    });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the body';
    throw new ConnectorError(
      vendor,
      'malformed',
      `${what} answered a body of an unexpected shape (${where}: ${issue?.message ?? 'invalid'})`,
      { status },
    );
  }
  return parsed.data;
}

export function createVendorHttp(options: VendorHttpOptions): VendorHttp {
  const { vendor } = options;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const backoffBase = options.backoffBaseMs ?? 1_000;
  let requests = 0;
  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl,
    headers: { accept: 'application/json', ...options.headers },
    timeout: options.timeoutMs ?? 30_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    retry: {
      limit: options.retries ?? 4,
      methods: ['get', 'post'],
      statusCodes: RETRY_STATUSES,
      afterStatusCodes: [429, 503],
      maxRetryAfter: maxRetryAfterMs,
      backoffLimit: options.backoffLimitMs ?? 30_000,
      delay: (attempt) => backoffBase * 2 ** (attempt - 1),
      jitter: true,
      retryOnTimeout: true,
      shouldRetry: async ({ error }) => {
        if (!(error instanceof HTTPError)) return undefined;
        const { status, headers } = error.response;
        // ky would wait `maxRetryAfter` and try again; a longer wait ends the run instead.
        const wait = status === 429 || status === 503 ? retryAfterMs(headers.get('retry-after')) : null;
        if (wait !== null && wait > maxRetryAfterMs) return false;
        if (status !== 429 || !options.isQuotaExhausted) return undefined;
        const body = await error.response
          .clone()
          .text()
          .catch(() => '');
        return options.isQuotaExhausted(error.response, body) ? false : undefined;
      },
    },
    hooks: {
      beforeRequest: [
        () => {
          requests++;
        },
      ],
    },
  });

  // Signed download links: the same rules and count, none of the vendor's headers, absolute URLs.
  const plain: KyInstance = http.extend({
    prefixUrl: '',
    headers: Object.fromEntries(Object.keys(options.headers).map((name) => [name, undefined])),
  });

  async function getJson<T>(path: string, schema: z.ZodType<T>, searchParams?: URLSearchParams): Promise<T> {
    const what = `GET ${path}`;
    let response: Response;
    try {
      response = await http.get(path.replace(/^\//, ''), searchParams ? { searchParams } : {});
    } catch (error) {
      throw await describeFailure(vendor, what, error, options.isQuotaExhausted, maxRetryAfterMs);
    }
    return parseAnswer(what, response, await response.text(), schema);
  }

  async function postJson<T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const what = `POST ${path}`;
    let response: Response;
    try {
      response = await http.post(path.replace(/^\//, ''), { json: body });
    } catch (error) {
      throw await describeFailure(vendor, what, error, options.isQuotaExhausted, maxRetryAfterMs);
    }
    return parseAnswer(what, response, await response.text(), schema);
  }

  async function getJsonOrNothing<T>(
    path: string,
    schema: z.ZodType<T>,
    searchParams?: URLSearchParams,
    emptyStatuses: readonly number[] = [],
  ): Promise<{ status: number; body: T | null }> {
    const what = `GET ${path}`;
    let response: Response;
    try {
      response = await http.get(path.replace(/^\//, ''), searchParams ? { searchParams } : {});
    } catch (error) {
      if (error instanceof HTTPError && emptyStatuses.includes(error.response.status)) {
        return { status: error.response.status, body: null };
      }
      throw await describeFailure(vendor, what, error, options.isQuotaExhausted, maxRetryAfterMs);
    }
    const text = await response.text();
    if (response.status === 204 || text.trim() === '' || text.trim() === '""') {
      return { status: response.status, body: null };
    }
    return { status: response.status, body: parseAnswer(what, response, text, schema) };
  }

  async function getUrlText(url: string): Promise<string> {
    // Only the path goes into messages: the query string is the link's signature.
    const what = `GET ${new URL(url).pathname} (a download link)`;
    try {
      const response = await plain.get(url);
      return await response.text();
    } catch (error) {
      throw await describeFailure(vendor, what, error, options.isQuotaExhausted, maxRetryAfterMs);
    }
  }

  const parseAnswer = <T>(what: string, response: Response, text: string, schema: z.ZodType<T>): T =>
    parseVendorJson(vendor, what, response.status, text, schema);

  return {
    getJson,
    postJson,
    getJsonOrNothing,
    getUrlText,
    get requests() {
      return requests;
    },
  };
}

async function describeFailure(
  vendor: string,
  what: string,
  error: unknown,
  isQuotaExhausted: VendorHttpOptions['isQuotaExhausted'],
  maxRetryAfterMs: number,
): Promise<ConnectorError> {
  if (error instanceof HTTPError) {
    const { response } = error;
    const status = response.status;
    const body = await response.text().catch(() => '');
    if (status === 401 || status === 403) {
      return new ConnectorError(
        vendor,
        'auth',
        `${what} was refused (${status}): check the configured credentials and their permissions`,
        { status },
      );
    }
    if (status === 410) {
      return new ConnectorError(vendor, 'gone', `${what} is no longer offered by ${vendor} (410)`, {
        status,
      });
    }
    if (status === 429 && isQuotaExhausted?.(response, body)) {
      return new ConnectorError(
        vendor,
        'quota',
        `${what}: the daily API quota is used up; the next run resumes`,
        {
          status,
        },
      );
    }
    const wait = status === 429 || status === 503 ? retryAfterMs(response.headers.get('retry-after')) : null;
    if (wait !== null && wait > maxRetryAfterMs) {
      const retryAt = new Date(Date.now() + wait);
      return new ConnectorError(
        vendor,
        'rate-limited',
        `${what}: asked to wait until ${retryAt.toISOString()} (${status}); the next run resumes`,
        { status, retryAt },
      );
    }
    if (status === 429) {
      return new ConnectorError(vendor, 'rate-limited', `${what}: still rate limited (429) after retrying`, {
        status,
      });
    }
    return new ConnectorError(vendor, 'http', `${what} failed with ${status}${statusNote(body)}`, { status });
  }
  if (error instanceof TimeoutError) {
    return new ConnectorError(vendor, 'timeout', `${what} timed out`, { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ConnectorError(vendor, 'network', `${what} could not be sent (${reason})`, { cause: error });
}

/** The vendor's own words for an error, shortened (Jira: errorMessages; others: message). */
function statusNote(body: string): string {
  try {
    const parsed = JSON.parse(body) as { errorMessages?: unknown; message?: unknown };
    const words = Array.isArray(parsed.errorMessages)
      ? parsed.errorMessages.filter((m) => typeof m === 'string').join('; ')
      : typeof parsed.message === 'string'
        ? parsed.message
        : '';
    const oneLine = words.replace(/\s+/g, ' ').trim();
    return oneLine ? `: ${oneLine.slice(0, 300)}` : '';
  } catch {
    return '';
  }
}
