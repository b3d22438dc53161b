import { describe, expect, it } from 'vitest';
import {
  type LoginTransaction,
  openTransaction,
  sealTransaction,
  transactionKey,
} from './transaction-cookie.js';

const key = transactionKey('a shared secret of the host instances');
const now = new Date('2030-01-01T00:00:00Z');
const transaction: LoginTransaction = {
  codeVerifier: 'verifier',
  state: 'state',
  nonce: 'nonce',
  returnTo: '/services',
  expiresAt: now.getTime() + 60_000,
};

describe('the OIDC transaction cookie', () => {
  it('round-trips and hides its content', () => {
    const sealed = sealTransaction(key, transaction);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed, 'base64url').toString('latin1')).not.toContain('verifier');
    expect(openTransaction(key, sealed, now)).toEqual(transaction);
  });

  it('refuses a tampered, foreign-key, expired, truncated or missing cookie', () => {
    const sealed = sealTransaction(key, transaction);
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(openTransaction(key, raw.toString('base64url'), now)).toBeNull();
    expect(openTransaction(transactionKey('another secret'), sealed, now)).toBeNull();
    expect(openTransaction(key, sealed, new Date(transaction.expiresAt))).toBeNull();
    expect(openTransaction(key, sealed.slice(0, 20), now)).toBeNull();
    expect(openTransaction(key, undefined, now)).toBeNull();
    expect(openTransaction(key, 'not base64 at all!', now)).toBeNull();
  });
});
