import type { Response } from 'express';

/**
 * Tenant data is personal: neither shared caches nor the browser keep it (e.g. after sign-out).
 * Analytics use `private, no-cache` instead, with an ETag (see `res.json`) so the browser revalidates.
 */
export const NO_STORE = 'no-store';

/**
 * Sends `body` as a 200 JSON response that no cache keeps. Leaner than `res.json()`: Express's
 * `res.send` also hashes the body (SHA-1) for an ETag and checks the request's freshness, which a
 * `no-store` response never uses, since nothing is kept to revalidate. HEAD gets the headers
 * without the body (Node's http server drops it).
 */
export function sendNoStoreJson(res: Response, body: unknown): void {
  const text = JSON.stringify(body);
  res.setHeader('Cache-Control', NO_STORE);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
