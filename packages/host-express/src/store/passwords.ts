import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Password hashes as stored in users.password_hash: `scrypt$N$r$p$saltB64$hashB64`. The parameters
// travel with each hash, so raising them later needs no migration: old hashes still verify.
// N=2^14, r=8, p=5 is one of OWASP's scrypt settings with 16 MiB per hash (the memory stays small
// next to the embedded store's budget); about 0.3 s on one core.

export const SCRYPT_PARAMS = { N: 16_384, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Refuse stored parameters that would make one verification cost gigabytes. */
const MAX_COST = 1 << 20;
const MAX_PASSWORD_LENGTH = 1024;

function derive(
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      length,
      { N, r, p, maxmem: 256 * N * r + 2 * 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) throw new RangeError('password is too long');
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_LENGTH);
  const hash = await derive(password, salt, N, r, p, KEY_LENGTH);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Constant-time check; false (never a throw) for a malformed stored value or an over-long password. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const [scheme, n, r, p, saltB64, hashB64, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || !saltB64 || !hashB64) return false;
  const [N, blockSize, parallel] = [Number(n), Number(r), Number(p)];
  const valid = (v: number) => Number.isSafeInteger(v) && v > 0;
  if (!valid(N) || !valid(blockSize) || !valid(parallel) || N > MAX_COST || (N & (N - 1)) !== 0) return false;
  if (blockSize * parallel > 64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  if (expected.length < 16 || expected.length > 128) return false;
  try {
    const actual = await derive(
      password,
      Buffer.from(saltB64, 'base64'),
      N,
      blockSize,
      parallel,
      expected.length,
    );
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
