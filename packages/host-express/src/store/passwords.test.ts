import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes to scrypt$N$r$p$salt$hash with a fresh salt each time, and verifies', async () => {
    const [a, b] = await Promise.all([hashPassword('demo-password'), hashPassword('demo-password')]);
    expect(a).toMatch(
      new RegExp(
        `^scrypt\\$${SCRYPT_PARAMS.N}\\$${SCRYPT_PARAMS.r}\\$${SCRYPT_PARAMS.p}\\$[A-Za-z0-9+/]{22}==\\$[A-Za-z0-9+/]{43}=$`,
      ),
    );
    expect(a).not.toBe(b);
    expect(await verifyPassword('demo-password', a)).toBe(true);
    expect(await verifyPassword('demo-passwore', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('verifies hashes made with other parameters (they travel with the hash)', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const hash = scryptSync('pässword', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
    expect(await verifyPassword('pässword', stored)).toBe(true);
    // NFC and NFD spellings of the same text are the same password.
    expect(await verifyPassword('pa\u0308ssword', stored)).toBe(true);
  });

  it('answers false, never throws, for malformed or hostile stored values', async () => {
    const good = await hashPassword('x');
    const [, , , , salt, hash] = good.split('$');
    for (const stored of [
      '',
      'plain',
      `bcrypt$16384$8$1$${salt}$${hash}`,
      `scrypt$16384$8$1$${salt}`,
      `scrypt$16384$8$1$${salt}$${hash}$extra`,
      `scrypt$1000$8$1$${salt}$${hash}`, // N not a power of two
      `scrypt$${2 ** 24}$8$1$${salt}$${hash}`, // would need gigabytes
      `scrypt$16384$8$1000$${salt}$${hash}`,
      `scrypt$16384$8$1$${salt}$AAAA`, // too short to mean anything
      'scrypt$-1$8$1$a$b',
    ]) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
    }
    expect(await verifyPassword('x'.repeat(5000), good)).toBe(false);
  });
});
