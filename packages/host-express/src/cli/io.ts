import type { Readable, Writable } from 'node:stream';

/** What a command reads and writes; tests pass their own. */
export interface CliIo {
  env: Record<string, string | undefined>;
  cwd: string;
  stdout: Writable;
  stderr: Writable;
  stdin: Readable & { isTTY?: boolean };
}

export const processIo = (): CliIo => ({
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
});

export const say = (io: CliIo, line = '') => io.stdout.write(`${line}\n`);
export const complain = (io: CliIo, line: string) => io.stderr.write(`${line}\n`);

/** LOG_LEVEL debug or trace: failures also print their stack trace (after their one-line message). */
export const isDebug = (io: CliIo) => /^(debug|trace)$/i.test(io.env.LOG_LEVEL?.trim() ?? '');

/** A failure the user can fix; printed without a stack. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
