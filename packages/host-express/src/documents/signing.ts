import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SigningKey } from '../config/index.js';

/**
 * HMAC-SHA256 signed download links.
 *
 *   {base}/files/{fileId}?cid={companyId}&uid={userId}&exp={unix seconds}&kid={key id}&sig={base64url}
 *
 * The signature covers a versioned, unambiguous (JSON array) encoding of every claim: document id,
 * company id, user id, expiry, key id, and the session that asked for the link, so none of them can
 * be changed or moved to another document. The session is not in the URL: the download request's
 * own session supplies it, so a link works only in the browser session that asked for it, and not
 * at all once that session has ended (sign-out, expiry). The first configured key signs; any
 * configured key verifies (rotation: put the new key first and keep the old one until its links
 * have expired). Only `sig` is a secret: it is one of the query parameters the request logger
 * redacts (http/logging.ts).
 */
export interface DownloadClaims {
  fileId: string;
  companyId: string;
  userId: string;
  /** The session row id (`PortalIdentity.sessionId`) of the session that asked for the link. */
  sessionId: string;
  /** Expiry as Unix seconds; the link works while `now < expiresAt`. */
  expiresAt: number;
}

export interface SignedDownload extends DownloadClaims {
  kid: string;
  sig: string;
}

export type Verification = 'valid' | 'unknown-kid' | 'bad-signature' | 'expired';

const PURPOSE = 'client-portal/document-download/v2';
/** base64url of 32 bytes, without padding. */
export const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const KID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

function mac(secret: string, claims: DownloadClaims, kid: string): Buffer {
  const message = JSON.stringify([
    PURPOSE,
    claims.fileId,
    claims.companyId,
    claims.userId,
    claims.sessionId,
    claims.expiresAt,
    kid,
  ]);
  return createHmac('sha256', secret).update(message, 'utf8').digest();
}

/** Signs with the first key. */
export function signDownload(claims: DownloadClaims, keys: readonly SigningKey[]): SignedDownload {
  const key = keys[0];
  if (!key) throw new Error('no signing key configured');
  return { ...claims, kid: key.kid, sig: mac(key.secret, claims, key.kid).toString('base64url') };
}

/**
 * Checks the key id, then the signature in constant time, then the expiry (only a genuine link
 * learns that it expired).
 */
export function verifyDownload(link: SignedDownload, keys: readonly SigningKey[], now: Date): Verification {
  const key = keys.find((candidate) => candidate.kid === link.kid);
  if (!key) return 'unknown-kid';
  if (!SIGNATURE_PATTERN.test(link.sig)) return 'bad-signature';
  const given = Buffer.from(link.sig, 'base64url');
  // One canonical spelling per signature (the last character carries 4 unused bits).
  if (given.length !== 32 || given.toString('base64url') !== link.sig) return 'bad-signature';
  const expected = mac(key.secret, link, link.kid);
  if (!timingSafeEqual(given, expected)) return 'bad-signature';
  if (!Number.isSafeInteger(link.expiresAt) || link.expiresAt * 1000 <= now.getTime()) return 'expired';
  return 'valid';
}

/** The link's path and query; `base` is where the /api router is mounted (req.baseUrl). */
export function downloadPath(base: string, link: SignedDownload): string {
  const query = new URLSearchParams({
    cid: link.companyId,
    uid: link.userId,
    exp: String(link.expiresAt),
    kid: link.kid,
    sig: link.sig,
  });
  return `${base}/files/${encodeURIComponent(link.fileId)}?${query.toString()}`;
}
