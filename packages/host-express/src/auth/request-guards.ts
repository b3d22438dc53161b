import { type AnyRoute, routes } from '@client-portal/api-client';
import type { RequestHandler } from 'express';
import { type AuthConfig, trustedOrigins } from './config.js';
import { problem } from '../http/problem.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const CORS_HEADERS = 'Content-Type, Accept';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `application/json`, with or without parameters such as charset. */
export function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  return value.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}

/** `multipart/form-data`, with its boundary. */
function isMultipartContentType(value: string | undefined): boolean {
  return value?.split(';', 1)[0]?.trim().toLowerCase() === 'multipart/form-data';
}

/**
 * The paths (under /api) of the contract's file uploads (routes with `multipart`): the only
 * requests allowed to be multipart/form-data. Multipart is a "simple" content type a cross-site
 * form can send without a preflight, so these routes rely on the Fetch Metadata / Origin check alone.
 */
const MULTIPART_PATHS: readonly RegExp[] = (Object.values(routes) as AnyRoute[])
  .filter((route) => route.multipart !== undefined && route.method === 'POST')
  .map((route) => new RegExp(`^${route.path.replace(/^\/api/, '').replace(/\{\w+\}/g, '[^/]+')}/?$`));

/**
 * CSRF defence for cookie-authenticated state changes (OWASP: Fetch Metadata + Origin check +
 * a non-simple content type). Browsers set `Sec-Fetch-Site` and `Origin` themselves; page script
 * cannot forge either. A request passes when the browser says it is same-origin (or user-initiated),
 * or when its Origin is the portal's or on the CORS allow-list; a same-site request must also
 * carry an allow-listed Origin. Then it must be JSON, which a cross-origin page can only send
 * after a CORS preflight that only allow-listed origins pass — or, on a file-upload route of the
 * contract only (MULTIPART_PATHS), multipart/form-data.
 */
export function createRequireSameOrigin(config: AuthConfig): RequestHandler {
  const { publicOrigin, corsOrigins } = trustedOrigins(config);
  const trusted = (origin: string | undefined) =>
    origin !== undefined && (origin === publicOrigin || corsOrigins.has(origin));
  return (req, res, next) => {
    if (!STATE_CHANGING.has(req.method)) return next();
    const site = header(req.headers['sec-fetch-site'])?.toLowerCase();
    const origin = header(req.headers.origin);
    if (!(site === 'same-origin' || site === 'none' || trusted(origin))) {
      problem(res, 403, 'Forbidden', 'Cross-site requests are not accepted.');
      return;
    }
    const contentType = header(req.headers['content-type']);
    if (isMultipartContentType(contentType) && MULTIPART_PATHS.some((path) => path.test(req.path)))
      return next();
    if (!isJsonContentType(contentType)) {
      problem(res, 415, 'Unsupported Media Type', 'Send the request as application/json.');
      return;
    }
    next();
  };
}

function originOfReferer(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for a state change by navigation (GET /api/auth/logout): a link or redirect from
 * another site must not sign the user out. Passes when the browser says the navigation is
 * same-origin or user-initiated (typed, bookmarked: `Sec-Fetch-Site: none`), or it came from the
 * portal's origin or an allow-listed one: by its Origin, or by its Referer when the browser says
 * same-site (a page of the embedding site) or says nothing (no Fetch Metadata). A cross-site
 * navigation's Referer proves nothing (a redirect through another site keeps it). Anything else,
 * including no evidence at all, is 403.
 */
export function createRequireSameOriginNavigation(config: AuthConfig): RequestHandler {
  const { publicOrigin, corsOrigins } = trustedOrigins(config);
  const trusted = (origin: string | undefined) =>
    origin !== undefined && (origin === publicOrigin || corsOrigins.has(origin));
  return (req, res, next) => {
    const site = header(req.headers['sec-fetch-site'])?.toLowerCase();
    if (site === 'same-origin' || site === 'none' || trusted(header(req.headers.origin))) return next();
    const refererCounts = site === undefined || site === 'same-site';
    if (refererCounts && trusted(originOfReferer(header(req.headers.referer)))) return next();
    problem(res, 403, 'Forbidden', 'Sign out from the portal itself: cross-site sign-out is not accepted.');
  };
}

/**
 * Credentialed CORS for the allow-listed origins only: the portal embedded on another origin of
 * the same site. Other origins get no CORS headers, so browsers keep their responses from script.
 */
export function createCors(config: AuthConfig): RequestHandler {
  const { publicOrigin, corsOrigins } = trustedOrigins(config);
  return (req, res, next) => {
    // Usually the first Vary of the response: set it outright instead of parsing and merging.
    if (res.hasHeader('Vary')) res.vary('Origin');
    else res.setHeader('Vary', 'Origin');
    const origin = header(req.headers.origin);
    const allowed = origin !== undefined && (corsOrigins.has(origin) || origin === publicOrigin);
    const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
    if (allowed) {
      res.set('Access-Control-Allow-Origin', origin);
      res.set('Access-Control-Allow-Credentials', 'true');
      res.set('Access-Control-Expose-Headers', 'Retry-After');
    }
    if (!preflight) return next();
    if (allowed) {
      res.vary('Access-Control-Request-Headers');
      res.set('Access-Control-Allow-Methods', CORS_METHODS);
      res.set('Access-Control-Allow-Headers', CORS_HEADERS);
      res.set('Access-Control-Max-Age', '600');
    }
    res.status(204).end();
  };
}
