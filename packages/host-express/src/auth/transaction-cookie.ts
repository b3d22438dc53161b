import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The OIDC login transaction (PKCE verifier, state, nonce, returnTo) travels in a short-lived cookie,
 * encrypted and authenticated with AES-256-GCM: the browser can neither read nor alter it, and any
 * host instance sharing the secret can open it at the callback.
 */
export interface LoginTransaction {
  codeVerifier: string;
  state: string;
  nonce: string;
  returnTo: string;
  /** Epoch milliseconds after which the transaction is refused. */
  expiresAt: number;
}

const IV_LENGTH = 12;
const TAG_LENGTH = 16;

export function transactionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'client-portal', 'oidc login transaction', 32));
}

export function sealTransaction(key: Buffer, transaction: LoginTransaction): string {
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(transaction), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The transaction, or null when the cookie is missing, altered, sealed with another key or expired. */
export function openTransaction(key: Buffer, sealed: string | undefined, now: Date): LoginTransaction | null {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const raw = Buffer.from(sealed, 'base64url');
    if (raw.length <= IV_LENGTH + TAG_LENGTH) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_LENGTH));
    decipher.setAuthTag(raw.subarray(IV_LENGTH, IV_LENGTH + TAG_LENGTH));
    const text = Buffer.concat([decipher.update(raw.subarray(IV_LENGTH + TAG_LENGTH)), decipher.final()]);
    const value = JSON.parse(text.toString('utf8')) as LoginTransaction;
    const complete = [value.codeVerifier, value.state, value.nonce, value.returnTo].every(
      (field) => typeof field === 'string',
    );
    if (!complete || typeof value.expiresAt !== 'number' || value.expiresAt <= now.getTime()) return null;
    return value;
  } catch {
    return null;
  }
}
