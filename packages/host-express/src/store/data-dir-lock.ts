import { randomBytes } from 'node:crypto';
import { linkSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync, closeSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * PGlite takes no lock on its data directory, and two processes writing one directory corrupt it
 * (each replays and overwrites the other's write-ahead log). So the host takes one: a file next to
 * the store (`DATA_DIR/pgdata.lock`) holding the owner's pid, created atomically (written under a
 * temporary name, then hard-linked into place, so it is never seen empty). A lock whose process is
 * gone (killed, crashed, a container restarted with the same pid) is stale and taken over.
 *
 * It protects one machine: a pid on another host (a shared network volume) cannot be checked.
 */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly lockFile: string,
    /** The process holding the lock (this process when it already has the store open). */
    readonly pid: number,
  ) {
    super(
      pid === process.pid
        ? `the embedded store is already open in this process (lock ${lockFile})`
        : `the embedded store is in use by process ${pid} (lock ${lockFile})`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file (if it is still this lock's). Idempotent. */
  release(): void;
}

/** Lock files this process holds, with their content. */
const held = new Map<string, string>();
let exitHookInstalled = false;

/** The lock file of a store directory. */
export const lockFileOf = (dataDir: string) => `${resolve(dataDir)}.lock`;

/** Takes the lock of `dataDir` or throws DataDirLockedError naming the process that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFileOf(dataDir);
  if (held.has(file)) throw new DataDirLockedError(file, process.pid);
  const content = `${process.pid}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(file, content)) {
      held.set(file, content);
      installExitHook();
      return { file, release: () => release(file, content) };
    }
    const found = read(file);
    if (found === null) continue; // removed meanwhile: try again
    const pid = pidOf(found);
    if (pid !== null && pid !== process.pid && isRunning(pid)) throw new DataDirLockedError(file, pid);
    breakStale(file, found);
  }
  // Taken and released by others again and again: someone is starting as we are.
  throw new DataDirLockedError(file, pidOf(read(file) ?? '') ?? 0);
}

/** Creates the lock file with its content in one step; false when it exists. */
function create(file: string, content: string): boolean {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(temporary, content, { mode: 0o644 });
  } catch (error) {
    // Reported as the lock file's failure (read-only, full…), not the temporary name's.
    throw Object.assign(error as Error, { path: file });
  }
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // File systems without hard links: an exclusive create (seen empty for a moment).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      return createExclusive(file, content);
    }
    throw error;
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // Already gone.
    }
  }
}

function createExclusive(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeFileSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function read(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function pidOf(content: string): number | null {
  const pid = Number(content.split('\n', 1)[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** Whether a process with this pid exists and is not a zombie (killed, not yet reaped). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): kill(0) has to do
  }
}

/**
 * Removes a stale lock: renamed away first (atomic), then checked to be the one judged stale, so a
 * lock another starting process has just taken in its place is put back rather than deleted.
 */
function breakStale(file: string, stale: string): void {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (read(aside) !== stale) {
    try {
      linkSync(aside, file);
    } catch {
      // Yet another process holds it now; it will be reported on the next attempt.
    }
  }
  unlinkSync(aside);
}

function release(file: string, content: string): void {
  if (held.get(file) !== content) return;
  held.delete(file);
  try {
    if (read(file) === content) unlinkSync(file);
  } catch {
    // The directory went away or became read-only: the next start finds the lock stale.
  }
}

/** A process that exits without closing its store still removes its locks (kill -9 cannot). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [file, content] of [...held]) release(file, content);
  });
}
