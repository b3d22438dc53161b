import { hash } from 'node:crypto';
import type { Request, Response } from 'express';
import { checkResponseSize } from './limits.js';

/**
 * Tenant data is personal: neither shared caches nor the browser keep it (e.g. after sign-out).
 * Analytics use `private, no-cache` instead, with an ETag (see `sendPreparedJson`) so the browser revalidates.
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
  checkResponseSize(text.length);
  res.setHeader('Cache-Control', NO_STORE);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** Whether If-None-Match names `etag` (weak comparison, as `fresh` does for Express); a request's own no-cache forces a full answer. */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(req.headers['cache-control'] ?? '')) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/** How a JSON answer may be kept: not at all, or by the browser with revalidation (ETag). */
export type Caching = 'no-store' | 'revalidate';

/** A JSON answer ready to send (again): its UTF-8 bytes and their weak ETag. */
export interface PreparedJson {
  body: Buffer;
  etag: string;
  /** The body gzip-compressed, for clients that accept it (kept answers of 1 KB or more). */
  gzip?: Buffer;
}

/** Whether the request accepts a gzip-coded response (Accept-Encoding, q-values honoured). */
function acceptsGzip(req: Request): boolean {
  const header = req.headers['accept-encoding'];
  return header?.includes('gzip') === true && req.acceptsEncodings('gzip') === 'gzip';
}

/** Serializes `body` once, with a weak ETag in Express's format (Node's one-shot SHA-1). */
export function prepareJson(body: unknown): PreparedJson {
  const bytes = Buffer.from(JSON.stringify(body));
  checkResponseSize(bytes.length);
  return {
    body: bytes,
    etag: `W/"${bytes.length.toString(16)}-${hash('sha1', bytes, 'base64').slice(0, 27)}"`,
  };
}

/**
 * Sends a prepared JSON answer. `revalidate`: a per-tenant response the browser keeps but
 * revalidates (`private, no-cache`) with its ETag, answering 304 when If-None-Match names it.
 * `no-store`: as sendNoStoreJson.
 */
export function sendPreparedJson(req: Request, res: Response, json: PreparedJson, caching: Caching): void {
  if (caching === 'no-store') {
    res.setHeader('Cache-Control', NO_STORE);
  } else {
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('ETag', json.etag);
    if (notModified(req, json.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  if (json.gzip === undefined) {
    res.setHeader('Content-Length', json.body.length);
    res.end(json.body);
    return;
  }
  res.vary('Accept-Encoding');
  if (acceptsGzip(req)) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', json.gzip.length);
    res.end(json.gzip);
  } else {
    res.setHeader('Content-Length', json.body.length);
    res.end(json.body);
  }
}
