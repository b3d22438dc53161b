import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST';

/** Error statuses a route documents; each is answered with application/problem+json. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 429 | 500 | 503;

export const CONTRACT_TAGS = [
  'Auth',
  'Profile',
  'Subscriptions',
  'Talent',
  'Analytics',
  'Documents',
  'Help',
  'Requests',
  'Ingest',
  'Operations',
] as const;
export type ContractTag = (typeof CONTRACT_TAGS)[number];

/**
 * Who may call a route. `session`: 401 without a session. `public`: reachable signed out.
 * `ingestToken`: machine-to-machine, `Authorization: Bearer cpi_…` (a per-project ingest token; a
 * session cookie never counts). `githubSignature`: GitHub webhooks, `X-Hub-Signature-256` over the
 * exact body with the secret of the webhook named by the target headers.
 */
export type RouteAuth = 'session' | 'public' | 'ingestToken' | 'githubSignature';

interface RouteCommon {
  readonly method: HttpMethod;
  /** OpenAPI-style template: `/api/analytics/projects/{projectKey}`. */
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly description: string;
  readonly tag: ContractTag;
  readonly auth: RouteAuth;
  readonly params?: z.ZodMiniObject;
  /** Request headers the route reads (lower-case names), documented as header parameters. */
  readonly headers?: z.ZodMiniObject;
  /** Query schemas strip unknown parameters (cache-busters must not fail a request). */
  readonly query?: z.ZodMiniObject;
  readonly body?: z.ZodMiniType;
  /** The body may be left out (compatibility bodies that the host ignores). */
  readonly bodyOptional?: true;
  /** Why the body schema is what it is; printed in the OpenAPI description. */
  readonly bodyPolicy?: string;
  readonly errors: readonly ErrorStatus[];
  /** What an error status means on this route, where the general wording does not fit. */
  readonly errorNotes?: Partial<Record<ErrorStatus, string>>;
  /** Extra members of this route's 400 problem+json (e.g. the refused events of an ingest batch). */
  readonly badRequest?: z.ZodMiniType;
  /**
   * The body is multipart/form-data, streamed by the host (file uploads): the form field that
   * carries the files. Such a route has no JSON `body` schema.
   */
  readonly multipart?: { readonly field: string; readonly maxFiles: number };
}

/** A route the client fetches and whose 2xx body is validated by `response`. */
export interface JsonRoute extends RouteCommon {
  readonly kind: 'json';
  readonly response: z.ZodMiniType;
  /** A status that means "nothing to show" and makes the client return null (204 session, 404 AI usage). */
  readonly nullStatus?: 204 | 404;
  /**
   * The route's error-catalogue message ('Failed to load DORA metrics', …); without one, errors carry
   * the HTTP status text.
   */
  readonly errorMessage?: string;
  /** Safe to retry on transient failures: idempotent and not marked "not retried" (as GET /api/talent is). */
  readonly retry: boolean;
  /** Analytics routes compute over large tables; they get a longer timeout. */
  readonly slow?: boolean;
  /** Sent with Cache-Control: no-store (session data). */
  readonly noStore?: boolean;
  /** The route also answers 202 with the same body schema; says when. */
  readonly accepted?: string;
  /** Success is 201 Created (with a Location header), not 200. */
  readonly created?: true;
}

/** A browser navigation the host answers with 302 (sign-in flows). The client only builds its URL. */
export interface RedirectRoute extends RouteCommon {
  readonly kind: 'redirect';
}

/** A state change answered 204 No Content. */
export interface NoContentRoute extends RouteCommon {
  readonly kind: 'noContent';
}

/** A file the browser downloads by navigating to the URL (a CSV export). The client only builds its URL. */
export interface FileRoute extends RouteCommon {
  readonly kind: 'file';
  /** The media type answered, e.g. 'text/csv'. */
  readonly mediaType: string;
}

export type AnyRoute = JsonRoute | RedirectRoute | NoContentRoute | FileRoute;

/** What a successful call of a JSON route resolves to. */
export type RouteData<R extends JsonRoute> =
  | z.output<R['response']>
  | (R extends { readonly nullStatus: number } ? null : never);
