import { describe, expect, it } from 'vitest';
import type { SigningKey } from '../config/index.js';
import { type DownloadClaims, downloadPath, signDownload, verifyDownload } from './signing.js';

const OLD: SigningKey = { kid: 'k2024', secret: 'old-secret-old-secret-old-secret-0000' };
const NEW: SigningKey = { kid: 'k2025', secret: 'new-secret-new-secret-new-secret-1111' };
const NOW = new Date('2025-06-16T12:00:00Z');
const CLAIMS: DownloadClaims = {
  fileId: 'doc-acme-msa',
  companyId: 'acme',
  userId: 'user-1',
  sessionId: 'session-row-1',
  expiresAt: NOW.getTime() / 1000 + 300,
};

describe('signed download links', () => {
  it('signs with the first key and verifies', () => {
    const link = signDownload(CLAIMS, [NEW, OLD]);
    expect(link.kid).toBe('k2025');
    expect(link.sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyDownload(link, [NEW, OLD], NOW)).toBe('valid');
  });

  it('is deterministic and differs per key', () => {
    expect(signDownload(CLAIMS, [NEW]).sig).toBe(signDownload(CLAIMS, [NEW]).sig);
    expect(signDownload(CLAIMS, [NEW]).sig).not.toBe(signDownload(CLAIMS, [OLD]).sig);
  });

  it('verifies links of an older key while it is configured (rotation)', () => {
    const old = signDownload(CLAIMS, [OLD]);
    expect(verifyDownload(old, [NEW, OLD], NOW)).toBe('valid');
    expect(verifyDownload(old, [NEW], NOW)).toBe('unknown-kid');
  });

  it.each([
    ['document id', { fileId: 'doc-acme-invoice' }],
    ['company id', { companyId: 'globex' }],
    ['user id', { userId: 'user-2' }],
    ['session (another browser, or after sign-out and in again)', { sessionId: 'session-row-2' }],
    ['expiry', { expiresAt: CLAIMS.expiresAt + 3600 }],
  ])('refuses a changed %s', (_, change) => {
    const link = signDownload(CLAIMS, [NEW]);
    expect(verifyDownload({ ...link, ...change }, [NEW], NOW)).toBe('bad-signature');
  });

  it('refuses a key id swapped for another configured key', () => {
    const link = signDownload(CLAIMS, [NEW]);
    expect(verifyDownload({ ...link, kid: OLD.kid }, [NEW, OLD], NOW)).toBe('bad-signature');
  });

  it('does not confuse claims that concatenate alike', () => {
    const a = signDownload({ ...CLAIMS, fileId: 'a', companyId: 'bc' }, [NEW]);
    expect(verifyDownload({ ...a, fileId: 'ab', companyId: 'c' }, [NEW], NOW)).toBe('bad-signature');
  });

  it('refuses a changed, truncated or non-canonical signature', () => {
    const link = signDownload(CLAIMS, [NEW]);
    const flipped = `${link.sig[0] === 'A' ? 'B' : 'A'}${link.sig.slice(1)}`;
    expect(verifyDownload({ ...link, sig: flipped }, [NEW], NOW)).toBe('bad-signature');
    expect(verifyDownload({ ...link, sig: link.sig.slice(0, 42) }, [NEW], NOW)).toBe('bad-signature');
    expect(verifyDownload({ ...link, sig: `${link.sig}=` }, [NEW], NOW)).toBe('bad-signature');
    // Same 32 bytes, different spelling: the last character's unused low bits set.
    const last = link.sig.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1] as string;
    expect(verifyDownload({ ...link, sig: `${link.sig.slice(0, 42)}${twin}` }, [NEW], NOW)).toBe(
      'bad-signature',
    );
  });

  it('expires at exp (a genuine link only)', () => {
    const link = signDownload(CLAIMS, [NEW]);
    const at = (seconds: number) => new Date(CLAIMS.expiresAt * 1000 + seconds * 1000);
    expect(verifyDownload(link, [NEW], at(-1))).toBe('valid');
    expect(verifyDownload(link, [NEW], at(0))).toBe('expired');
    expect(verifyDownload(link, [NEW], at(3600))).toBe('expired');
  });

  it('builds the link path under the API mount point', () => {
    const link = signDownload({ ...CLAIMS, fileId: 'a b/ü?x', userId: 'u&1' }, [NEW]);
    const url = new URL(downloadPath('/api', link), 'https://portal.example');
    expect(url.pathname).toBe('/api/files/a%20b%2F%C3%BC%3Fx');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      cid: 'acme',
      uid: 'u&1',
      exp: String(CLAIMS.expiresAt),
      kid: 'k2025',
      sig: link.sig,
    });
  });
});
