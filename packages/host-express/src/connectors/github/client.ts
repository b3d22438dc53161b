import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import ky, { HTTPError, type KyInstance, TimeoutError } from 'ky';
import { z } from 'zod';
import { ConnectorError, parseVendorJson, retryAfterMs, type VendorHttpOptions } from '../http.js';
import type { GithubSettings } from './settings.js';

// GitHub REST (API version 2022-11-28) as the sync reads it: GET with Link paging and conditional
// requests, and a GitHub App's token exchange. It follows ../http.ts (ky, the same retry options,
// a request count, ConnectorError that never quotes a credential) but is its own instance, because
// GitHub's rules differ from the shared ones in two places:
// - A 403 is not always "forbidden": with `x-ratelimit-remaining: 0` it is the primary rate limit
//   (until `x-ratelimit-reset`, epoch seconds), and with `retry-after` or a "secondary rate limit"
//   message it is a secondary one. 429 means either. A wait up to `maxRetryAfterMs` is waited out
//   exactly; a longer one ends the run as rate-limited (persisting gets an integration banned).
// - A 304 (If-None-Match matched a stored ETag) is an answer: "unchanged", and free of rate limit.
//
// Auth is a bearer token: the configured one, or a GitHub App's installation token. The App signs
// a JWT (RS256, node:crypto: @octokit/auth-app is not a dependency of the host and the exchange is
// two calls) to find the organisation's installation and buy a token, kept until five minutes
// before it expires.

export const GITHUB_API_VERSION = '2022-11-28';
export const PAGE_SIZE = 100;
const VENDOR = 'GitHub';
/** Secondary limits without a Retry-After: GitHub says to wait at least a minute. */
const SECONDARY_WAIT_MS = 60_000;
/** An installation token is renewed this long before it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

export interface GithubPage<T> {
  /** True when GitHub answered 304: the stored ETag still matches, `data` is null. */
  notModified: boolean;
  data: T | null;
  etag: string | null;
  /** The next page (Link rel="next") as a path relative to the API root, or null on the last page. */
  next: string | null;
}

export interface GithubClient {
  /**
   * GET `path` (relative to the API root, with its query) for organisation `org` (whose
   * installation's token an App uses), conditionally when `etag` is given.
   */
  get<T>(org: string, path: string, schema: z.ZodType<T>, etag?: string | null): Promise<GithubPage<T>>;
  /** Requests sent so far, retries and the App's token exchanges included. */
  readonly requests: number;
}

/** How long GitHub asks to wait before the next request, in ms; null when `response` is no rate limit. */
export async function githubRateLimitWait(response: Response, now = Date.now()): Promise<number | null> {
  if (response.status !== 403 && response.status !== 429) return null;
  const retryAfter = retryAfterMs(response.headers.get('retry-after'), now);
  if (retryAfter !== null) return retryAfter;
  if (response.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(response.headers.get('x-ratelimit-reset'));
    // A second more than the reset instant: GitHub's clock and ours round differently.
    if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now) + 1000;
    return SECONDARY_WAIT_MS;
  }
  if (response.status === 429) return SECONDARY_WAIT_MS;
  const body = await response.text().catch(() => '');
  return /secondary rate limit|abuse detection/i.test(body) ? SECONDARY_WAIT_MS : null;
}

/** The URL of `rel="next"` in a Link header, or null. */
export function nextLink(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;(.*)/.exec(part.trim());
    if (match && /\brel="?([^"]*\s)?next(\s[^"]*)?"?/.test(match[2] ?? '')) return match[1] ?? null;
  }
  return null;
}

/** base64url of a JSON value. */
const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A GitHub App's JWT: valid from a minute ago (clock drift) for nine minutes (GitHub allows ten). */
export function appJwt(appId: string, key: KeyObject | string, now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  const unsigned = `${segment({ alg: 'RS256', typ: 'JWT' })}.${segment({
    iat: seconds - 60,
    exp: seconds + 9 * 60,
    iss: /^\d+$/.test(appId) ? Number(appId) : appId,
  })}`;
  const signature = sign('sha256', Buffer.from(unsigned), key).toString('base64url');
  return `${unsigned}.${signature}`;
}

const installationSchema = z.object({ id: z.number().int().positive() });
const accessTokenSchema = z.object({ token: z.string().min(1), expires_at: z.string().min(1) });

export function createGithubClient(
  settings: GithubSettings,
  options: Partial<VendorHttpOptions> = {},
): GithubClient {
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const retryLimit = options.retries ?? 4;
  const backoffBase = options.backoffBaseMs ?? 1_000;
  const base = `${settings.apiUrl.replace(/\/+$/, '')}/`;
  /** Every credential the client has held: scrubbed from any message, whatever GitHub echoes. */
  const secrets = new Set<string>();
  let requests = 0;

  const http: KyInstance = ky.create({
    prefixUrl: base,
    headers: {
      accept: 'application/vnd.github+json',
      'x-github-api-version': GITHUB_API_VERSION,
      'user-agent': 'client-portal-host',
    },
    timeout: options.timeoutMs ?? 30_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    throwHttpErrors: (status) => status !== 304,
    retry: {
      limit: retryLimit,
      methods: ['get', 'post'],
      // 403 and 429 are GitHub's rate limits (or a refusal): decided in afterResponse below.
      statusCodes: [500, 502, 503, 504],
      afterStatusCodes: [503],
      maxRetryAfter: maxRetryAfterMs,
      backoffLimit: options.backoffLimitMs ?? 30_000,
      delay: (attempt) => backoffBase * 2 ** (attempt - 1),
      jitter: true,
      retryOnTimeout: true,
      shouldRetry: ({ error }) => {
        if (!(error instanceof HTTPError)) return undefined;
        const { status, headers } = error.response;
        const wait = status === 503 ? retryAfterMs(headers.get('retry-after')) : null;
        return wait !== null && wait > maxRetryAfterMs ? false : undefined;
      },
    },
    hooks: {
      beforeRequest: [
        () => {
          requests++;
        },
      ],
      afterResponse: [
        async (_request, _options, response, state) => {
          // Returning nothing keeps ky's own response (a returned one replaces it, body and all).
          if (response.status !== 403 && response.status !== 429) return;
          const wait = await githubRateLimitWait(response.clone());
          // Within the run's patience and retries: wait exactly as long as GitHub said.
          if (wait !== null && wait <= maxRetryAfterMs && state.retryCount < retryLimit) {
            return ky.retry({ delay: wait, code: 'RATE_LIMITED' });
          }
        },
      ],
    },
  });

  const scrub = (text: string): string => {
    let out = text;
    for (const s of secrets) if (s.length >= 8) out = out.split(s).join('[redacted]');
    return out;
  };

  async function send<T>(
    what: string,
    path: string,
    schema: z.ZodType<T>,
    init: { method?: 'get' | 'post'; authorization: string; etag?: string | null },
  ): Promise<GithubPage<T>> {
    let response: Response;
    try {
      response = await http(path.replace(/^\//, ''), {
        method: init.method ?? 'get',
        headers: {
          authorization: init.authorization,
          ...(init.etag ? { 'if-none-match': init.etag } : {}),
        },
      });
    } catch (error) {
      throw await describeFailure(what, error, maxRetryAfterMs, scrub);
    }
    const etag = response.headers.get('etag');
    const next = relativeNext(what, response.headers.get('link'));
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { notModified: true, data: null, etag: etag ?? init.etag ?? null, next };
    }
    const data = parseVendorJson(VENDOR, what, response.status, await response.text(), schema);
    return { notModified: false, data, etag, next };
  }

  /** Link's next page as a path under the API root; a link elsewhere is refused (it would get the token). */
  function relativeNext(what: string, link: string | null): string | null {
    const next = nextLink(link);
    if (next === null) return null;
    if (!next.startsWith(base)) {
      throw new ConnectorError(
        VENDOR,
        'malformed',
        `${what} pointed its next page outside ${settings.apiUrl}`,
      );
    }
    return next.slice(base.length);
  }

  // ── Authorization ──────────────────────────────────────────────────────────────────────────
  const { auth } = settings;
  let appKey: KeyObject | null = null;
  /** Installation id per organisation login (lower case), looked up once a run. */
  const installations = new Map<string, Promise<number>>();
  /** Installation token per installation id, until shortly before it expires. */
  const tokens = new Map<number, { token: Promise<string>; until: number }>();

  if (auth.kind === 'token') secrets.add(auth.token);

  function jwt(): string {
    if (auth.kind !== 'app') throw new Error('not a GitHub App');
    try {
      appKey ??= createPrivateKey(auth.privateKey);
    } catch {
      throw new ConnectorError(
        VENDOR,
        'auth',
        'the GitHub App’s private key (GITHUB_APP_PRIVATE_KEY) cannot be read',
      );
    }
    const token = appJwt(auth.appId, appKey);
    secrets.add(token);
    return token;
  }

  async function installationOf(org: string): Promise<number> {
    if (auth.kind !== 'app') throw new Error('not a GitHub App');
    if (auth.installationId !== null) return Number(auth.installationId);
    const key = org.toLowerCase();
    let found = installations.get(key);
    if (!found) {
      found = send(
        `GET /orgs/${org}/installation`,
        `orgs/${encodeURIComponent(org)}/installation`,
        installationSchema,
        { authorization: `Bearer ${jwt()}` },
      ).then((answer) => (answer.data as { id: number }).id);
      installations.set(key, found);
      // A failed lookup is not kept: the next organisation or run asks again.
      found.catch(() => installations.delete(key));
    }
    return found;
  }

  async function authorization(org: string): Promise<string> {
    if (auth.kind === 'token') return `Bearer ${auth.token}`;
    const installation = await installationOf(org);
    const held = tokens.get(installation);
    if (held && held.until > Date.now()) return `Bearer ${await held.token}`;
    const bought = send(
      `POST /app/installations/${installation}/access_tokens`,
      `app/installations/${installation}/access_tokens`,
      accessTokenSchema,
      { method: 'post', authorization: `Bearer ${jwt()}` },
    ).then((answer) => {
      const data = answer.data as { token: string; expires_at: string };
      secrets.add(data.token);
      const expires = Date.parse(data.expires_at);
      entry.until = Number.isFinite(expires) ? expires - TOKEN_MARGIN_MS : Date.now() + TOKEN_MARGIN_MS;
      return data.token;
    });
    // Until the answer names its expiry, the pending purchase is shared.
    const entry = { token: bought, until: Number.POSITIVE_INFINITY };
    tokens.set(installation, entry);
    bought.catch(() => tokens.delete(installation));
    return `Bearer ${await bought}`;
  }

  return {
    async get(org, path, schema, etag) {
      const what = `GET /${path.split('?')[0]}`;
      return send(what, path, schema, { authorization: await authorization(org), etag: etag ?? null });
    },
    get requests() {
      return requests;
    },
  };
}

async function describeFailure(
  what: string,
  error: unknown,
  maxRetryAfterMs: number,
  scrub: (text: string) => string,
): Promise<ConnectorError> {
  if (error instanceof HTTPError) {
    const { response } = error;
    const status = response.status;
    const wait = await githubRateLimitWait(response.clone());
    if (wait !== null) {
      const retryAt = new Date(Date.now() + wait);
      return new ConnectorError(
        VENDOR,
        'rate-limited',
        wait > maxRetryAfterMs
          ? `${what}: rate limited until ${retryAt.toISOString()} (${status}); the next run resumes`
          : `${what}: still rate limited (${status}) after retrying`,
        { status, retryAt },
      );
    }
    const body = await response.text().catch(() => '');
    const note = scrub(statusNote(body));
    if (status === 401) {
      return new ConnectorError(
        VENDOR,
        'auth',
        `${what} was refused (401${note}): check the configured token or GitHub App`,
        { status },
      );
    }
    if (status === 403) {
      return new ConnectorError(
        VENDOR,
        'auth',
        `${what} was refused (403${note}): the credentials lack a permission (repository metadata, deployments and pull requests: read)`,
        { status },
      );
    }
    if (status === 404) {
      return new ConnectorError(
        VENDOR,
        'http',
        `${what} was not found (404): it does not exist, or the credentials cannot see it`,
        { status },
      );
    }
    if (status === 410) {
      return new ConnectorError(VENDOR, 'gone', `${what} is no longer offered by GitHub (410)`, { status });
    }
    return new ConnectorError(
      VENDOR,
      'http',
      `${what} failed with ${status}${note ? `: ${note.slice(2)}` : ''}`,
      {
        status,
      },
    );
  }
  if (error instanceof TimeoutError) {
    return new ConnectorError(VENDOR, 'timeout', `${what} timed out`, { cause: error });
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new ConnectorError(VENDOR, 'network', `${what} could not be sent (${scrub(reason)})`, {
    cause: error,
  });
}

/** GitHub's own words for an error (`message`), shortened, as ": words"; '' when it gave none. */
function statusNote(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    const words = typeof parsed.message === 'string' ? parsed.message.replace(/\s+/g, ' ').trim() : '';
    return words ? `: ${words.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}
