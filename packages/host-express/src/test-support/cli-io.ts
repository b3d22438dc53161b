import { tmpdir } from 'node:os';
import { PassThrough, Readable } from 'node:stream';
import type { CliIo } from '../cli/io.js';
import { TEST_SIGNING_KEYS } from './host.js';

/**
 * A command's io for tests: `env` over LOG_LEVEL=silent, REQUEST_SCHEDULE=off and TEST_SIGNING_KEYS (no background job
 * on the real clock unless a test asks for it), stdin from `stdin`, and what it printed.
 */
export function testIo(env: Record<string, string>, stdin: string | null = null) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk) => out.push(String(chunk)));
  stderr.on('data', (chunk) => err.push(String(chunk)));
  const io: CliIo = {
    env: { LOG_LEVEL: 'silent', REQUEST_SCHEDULE: 'off', SIGNING_KEYS: TEST_SIGNING_KEYS, ...env },
    cwd: tmpdir(),
    stdout,
    stderr,
    stdin: stdin === null ? Readable.from([]) : Readable.from([stdin]),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}
