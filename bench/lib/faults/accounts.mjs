// The extra customer accounts of bench/faults.mjs (bench-001@acme.example …): bench/lib/accounts.mjs
// adds them and counts their sessions, in a process of its own.
import { join } from 'node:path';
import { BrokenError, spawnCollect } from '../common.mjs';
import { benchDir } from '../paths.mjs';

/** Password of the extra accounts the sign-in scenarios use. */
export const BENCH_ACCOUNT_PASSWORD = 'bench-password-sign-in';

/** bench/lib/accounts.mjs `command` in a process of its own; resolves with its JSON line. */
export async function accountsChild(command, env) {
  const { code, stdout, stderr } = await spawnCollect(
    process.execPath,
    [join(benchDir, 'lib', 'accounts.mjs'), command],
    { env },
  );
  if (code !== 0)
    throw new BrokenError(`bench/lib/accounts.mjs ${command} failed (exit ${code}):\n${stderr.trim()}`);
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1));
  } catch {
    throw new BrokenError(`bench/lib/accounts.mjs ${command} printed no result:\n${stdout}\n${stderr}`);
  }
}
