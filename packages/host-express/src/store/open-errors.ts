import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DataDirLockedError } from './data-dir-lock.js';

/** The setting an operator changes to fix a store that cannot be opened. */
export type StoreSetting = 'DATA_DIR' | 'DATABASE_URL';

/**
 * The store cannot be opened, for a reason the operator can fix. The message is one line that says
 * what is wrong, with which setting, and what to do; the CLI prints it as it is.
 */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
  constructor(
    message: string,
    readonly setting: StoreSetting,
    readonly reason:
      | 'locked'
      | 'read-only'
      | 'permission'
      | 'disk-full'
      | 'not-a-directory'
      | 'damaged'
      | 'unreachable'
      | 'rejected'
      | 'other',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Emscripten's errno numbers (PGlite's file system errors are `ErrnoError { errno }` objects). */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  29: 'EIO',
  33: 'EMFILE',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** PostgreSQL's SQLSTATEs for the file-system errors (errcode_for_file_access). */
const SQLSTATE_CODES: Record<string, string> = { '53100': 'ENOSPC' };

const MESSAGE_CODES: [RegExp, string][] = [
  [/no space left on device/i, 'ENOSPC'],
  [/disk quota exceeded/i, 'EDQUOT'],
  [/read-only file system/i, 'EROFS'],
  [/permission denied/i, 'EACCES'],
];

/** The errno code (EROFS, ENOSPC…) of a Node, Emscripten or PostgreSQL file error, through causes. */
export function fileErrorCode(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, errno, name, message } = e as Record<string, unknown>;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    if (typeof code === 'string' && SQLSTATE_CODES[code]) return SQLSTATE_CODES[code];
    if (name === 'ErrnoError' && typeof errno === 'number' && EMSCRIPTEN_ERRNO[errno]) {
      return EMSCRIPTEN_ERRNO[errno];
    }
    if (typeof message === 'string') {
      for (const [re, found] of MESSAGE_CODES) if (re.test(message)) return found;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

const pathOf = (error: unknown): string | null => {
  const path = (error as { path?: unknown } | null)?.path;
  return typeof path === 'string' ? path : null;
};

/** What the store directory holds before PGlite opens it. */
export type PgliteDataDirState = 'absent' | 'empty' | 'store';

const CONTROL_FILE = 'global/pg_control';
/** PostgreSQL's pg_control is always one 8 KB page (PG_CONTROL_FILE_SIZE). */
const CONTROL_FILE_SIZE = 8192;

const damaged = (dataDir: string, what: string, cause?: unknown) =>
  new StoreOpenError(
    `The embedded store in ${dataDir} (DATA_DIR) is damaged: ${what}. ` +
      `Move ${dataDir} aside and restore it from a backup, or point DATA_DIR at an empty directory to start a new store.`,
    'DATA_DIR',
    'damaged',
    cause === undefined ? undefined : { cause },
  );

/**
 * Checks a store directory before PGlite opens it. PGlite treats a directory without PG_VERSION
 * as new and writes a fresh, empty cluster over whatever is there, so a store that lost that file
 * must be refused here; a missing or truncated pg_control is reported clearly rather than as the
 * WebAssembly abort PostgreSQL's start would end in.
 */
export function inspectPgliteDataDir(dataDir: string): PgliteDataDirState {
  let entries: string[];
  try {
    if (!statSync(dataDir).isDirectory()) {
      throw new StoreOpenError(
        `The embedded store path ${dataDir} is not a directory: point DATA_DIR at a directory (the store lives in DATA_DIR/pgdata).`,
        'DATA_DIR',
        'not-a-directory',
      );
    }
    entries = readdirSync(dataDir);
  } catch (error) {
    if (error instanceof StoreOpenError) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw pgliteOpenError(error, dataDir);
  }
  // A fresh volume mounted at the store's path holds lost+found.
  if (entries.every((name) => name === 'lost+found')) return 'empty';
  if (!entries.includes('PG_VERSION')) {
    throw damaged(
      dataDir,
      'PG_VERSION is missing (opening it would write a new, empty store over the files there)',
    );
  }
  let size: number;
  try {
    size = statSync(join(dataDir, CONTROL_FILE)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw damaged(dataDir, `${CONTROL_FILE} is missing`);
    throw pgliteOpenError(error, dataDir);
  }
  if (size !== CONTROL_FILE_SIZE) {
    throw damaged(dataDir, `${CONTROL_FILE} is ${size} bytes long instead of ${CONTROL_FILE_SIZE}`);
  }
  return 'store';
}

/** Why PGlite failed to open or create a store, as a StoreOpenError naming DATA_DIR. */
export function pgliteOpenError(error: unknown, dataDir: string, creating = false): StoreOpenError {
  if (error instanceof StoreOpenError) return error;
  const cause = { cause: error };
  const dataDirSetting = `DATA_DIR (${dirname(dataDir)})`;
  if (error instanceof DataDirLockedError) {
    const message =
      error.pid === process.pid
        ? `The embedded store in ${dataDir} (DATA_DIR) is already open in this process: close it before opening it again.`
        : `The embedded store in ${dataDirSetting} is in use by another process (pid ${error.pid}): ` +
          'stop that host first, or point DATA_DIR elsewhere (two processes on one store would corrupt it). ' +
          `If no such host runs, delete ${error.lockFile}.`;
    return new StoreOpenError(message, 'DATA_DIR', 'locked', cause);
  }
  const code = fileErrorCode(error);
  const path = pathOf(error);
  const where = code ? (path ? ` (${code} on ${path})` : ` (${code})`) : '';
  switch (code) {
    case 'EROFS':
      return new StoreOpenError(
        `Cannot write to ${dataDirSetting}: the file system is read-only${where}. Point DATA_DIR at a writable directory.`,
        'DATA_DIR',
        'read-only',
        cause,
      );
    case 'EACCES':
    case 'EPERM':
      return new StoreOpenError(
        `Cannot write to ${dataDirSetting}: permission denied${where}. ` +
          "Give the host's user write access to DATA_DIR, or point DATA_DIR at a directory it owns.",
        'DATA_DIR',
        'permission',
        cause,
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return new StoreOpenError(
        `${dataDirSetting} is full${where}. Free space on that disk (or point DATA_DIR at a larger one) and start again` +
          (creating ? ' (no store was created).' : '; what was committed is kept.'),
        'DATA_DIR',
        'disk-full',
        cause,
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new StoreOpenError(
        `Cannot use ${dataDirSetting}: a file is in the way${where}. Point DATA_DIR at a directory.`,
        'DATA_DIR',
        'not-a-directory',
        cause,
      );
  }
  const message = engineMessage(error);
  if (
    error instanceof RangeError ||
    /out of memory|could not allocate memory|Cannot enlarge memory/i.test(message)
  ) {
    return new StoreOpenError(
      `Not enough memory to ${creating ? 'create' : 'open'} the embedded store in ${dataDirSetting}: ${message}. ` +
        'Give the host more memory (the embedded store needs ~200 MB), or use PostgreSQL (DATABASE_URL).',
      'DATA_DIR',
      'other',
      cause,
    );
  }
  if (code === null && !creating) {
    // Inside WebAssembly a damaged cluster ends in an abort or an unfinished start, nothing finer:
    // a guess, so the advice keeps the old directory.
    return new StoreOpenError(
      `The embedded store in ${dataDir} (DATA_DIR) cannot be opened: PostgreSQL could not start on it (${message}); ` +
        `it is probably damaged. Move ${dataDir} aside (keep it) and restore it from a backup, ` +
        'or point DATA_DIR at an empty directory to start a new store.',
      'DATA_DIR',
      'damaged',
      cause,
    );
  }
  return new StoreOpenError(
    `Cannot ${creating ? 'create' : 'open'} the embedded store in ${dataDirSetting}: ${message}${where}.`,
    'DATA_DIR',
    'other',
    cause,
  );
}

function engineMessage(error: unknown): string {
  const message =
    error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? error);
  if (/^Aborted\(/.test(message)) return 'PostgreSQL aborted while starting';
  return message.split('\n', 1)[0]!.replace(/\.$/, '');
}

// ── PostgreSQL (DATABASE_URL) ─────────────────────────────────────────────────────────────────

const CHECK_ADDRESS =
  'Check the host and port in DATABASE_URL, and that the server accepts connections from here.';
const CHECK_HOST_NAME = 'Check the host name in DATABASE_URL.';

/** Network failures: what happened, and what to check. */
const UNREACHABLE_CODES: Record<string, [string, string]> = {
  ECONNREFUSED: ['connection refused (no server listens there)', CHECK_ADDRESS],
  ENOTFOUND: ['the host name does not resolve', CHECK_HOST_NAME],
  EAI_AGAIN: ['the host name could not be resolved (DNS did not answer)', CHECK_HOST_NAME],
  ETIMEDOUT: ['the connection timed out', CHECK_ADDRESS],
  EHOSTUNREACH: ['the host is unreachable', CHECK_ADDRESS],
  ENETUNREACH: ['the network is unreachable', CHECK_ADDRESS],
  ECONNRESET: ['the server closed the connection', CHECK_ADDRESS],
};

/** Where DATABASE_URL points, without user or password: `host:port/database`. */
export function databaseTarget(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${database ? `/${database}` : ''}`;
  } catch {
    return 'the configured server';
  }
}

/** Replaces the password (and the user:password part) of `url` wherever it appears in `text`. */
export function withoutPassword(text: string, url: string): string {
  let out = text;
  try {
    const parsed = new URL(url);
    const secrets = [parsed.password, decodeURIComponent(parsed.password)].filter((s) => s.length > 0);
    for (const secret of secrets.sort((a, b) => b.length - a.length)) out = out.split(secret).join('***');
  } catch {
    // Not a URL: nothing to hide beyond what loadConfig already refused.
  }
  return out;
}

/**
 * A PostgreSQL failure that means DATABASE_URL does not lead to a usable database (unreachable,
 * refused, unknown database) as a StoreOpenError; null for anything else. Never shows the password.
 */
export function databaseUrlError(error: unknown, url: string): StoreOpenError | null {
  const target = databaseTarget(url);
  let user = '';
  try {
    user = decodeURIComponent(new URL(url).username);
  } catch {
    // Unparsable URLs were refused by loadConfig.
  }
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    const text = withoutPassword(typeof message === 'string' ? message : '', url);
    const make = (what: string, reason: 'unreachable' | 'rejected', fix: string) =>
      new StoreOpenError(
        `Cannot use the database at DATABASE_URL (${target}): ${what}. ${fix}`,
        'DATABASE_URL',
        reason,
        {
          cause: error,
        },
      );
    const network = typeof code === 'string' ? UNREACHABLE_CODES[code] : undefined;
    if (network) return make(network[0], 'unreachable', network[1]);
    if (code === '28P01' || code === '28000') {
      return make(
        `the server refused user "${user}" (${code === '28P01' ? 'wrong password' : 'not allowed to connect'})`,
        'rejected',
        'Check the user and password in DATABASE_URL (and pg_hba.conf).',
      );
    }
    if (code === '3D000') {
      return make(
        'the database does not exist',
        'rejected',
        'Create it (createdb) or fix the database name in DATABASE_URL.',
      );
    }
    if (code === '57P03' || code === '53300') {
      return make(
        text || 'the server does not accept connections now',
        'unreachable',
        'Try again when it is up.',
      );
    }
    if (typeof message === 'string') {
      if (/timeout exceeded when trying to connect|connection timeout/i.test(message)) {
        return make('the connection timed out', 'unreachable', CHECK_ADDRESS);
      }
      if (/Connection terminated unexpectedly|server does not support SSL|SSL/i.test(message)) {
        return make(text, 'unreachable', 'Check DATABASE_URL (host, port, sslmode).');
      }
    }
    if (typeof code === 'string' && code.startsWith('08')) {
      return make(text || `connection error ${code}`, 'unreachable', 'Check DATABASE_URL.');
    }
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
