import type { HostConfig } from '../config/index.js';
import { MigrationError } from '../store/migrate.js';
import {
  databaseUrlError,
  fileErrorCode,
  pgliteOpenError,
  StoreOpenError,
  withoutPassword,
} from '../store/open-errors.js';
import { StoreUnavailableError } from '../store/unavailable.js';

/** What a failed command was doing, for its message. */
export interface FailureContext {
  command: string;
  /** Null when the configuration could not be read (that failure has messages of its own). */
  config: HostConfig | null;
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'object' && error !== null) {
    const { message, name, code, errno } = error as Record<string, unknown>;
    if (typeof message === 'string' && message) return message;
    const parts = [name, code, errno].filter((p) => typeof p === 'string' || typeof p === 'number');
    if (parts.length > 0) return parts.join(' ');
    try {
      return JSON.stringify(error);
    } catch {
      return 'unknown error';
    }
  }
  return String(error);
}

/**
 * The one line a command prints when it fails: what went wrong, the setting to change (DATA_DIR,
 * DATABASE_URL, PORT…) and what to do. Never a stack trace, never DATABASE_URL's password.
 */
export function failureMessage(error: unknown, { command, config }: FailureContext): string {
  const url = config?.store.kind === 'postgres' ? config.store.url : null;
  const safe = (text: string) => oneLine(url ? withoutPassword(text, url) : text);
  if (error instanceof StoreOpenError) return safe(error.message);
  if (config) {
    const specific = describe(error, config);
    if (specific) return safe(specific);
  }
  return safe(
    `client-portal-host ${command} failed: ${messageOf(error)} (set LOG_LEVEL=debug to see the stack trace)`,
  );
}

function describe(error: unknown, config: HostConfig): string | null {
  const { store } = config;
  if (store.kind === 'postgres') {
    const unusable = databaseUrlError(error, store.url);
    if (unusable) return unusable.message;
  }

  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (syscall === 'listen' || code === 'EADDRINUSE') {
    const address = config.host ? `${config.host}:${config.port}` : `port ${config.port}`;
    if (code === 'EADDRINUSE') {
      return `PORT ${config.port} is already in use${config.host ? ` on ${config.host}` : ''}: stop what listens there or set PORT to a free port.`;
    }
    if (code === 'EACCES' || code === 'EPERM') {
      return `Not allowed to listen on ${address} (${code}): set PORT to 1024 or above, or give the host the right to bind low ports.`;
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return `Cannot listen on HOST ${config.host ?? ''} (${String(code)}): it is not an address of this machine; fix HOST or leave it unset for all interfaces.`;
    }
  }

  if (error instanceof MigrationError) {
    const cause = messageOf(error.cause);
    const missing = /previously executed migration (\S+) is missing/.exec(cause);
    const setting = store.kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR';
    if (missing) {
      return (
        `The store (${setting}) was migrated by a newer version of the host: it has migration ${missing[1]}, ` +
        'which this version does not know. Run that version (or a later one), or restore a backup taken before the upgrade.'
      );
    }
    const file = store.kind === 'pglite' ? fileProblem(error, config) : null;
    if (file) return file;
    return (
      `Migration ${error.migration ?? '(setup)'} of the store (${setting}) failed: ${cause}. ` +
      'Each migration is one transaction, so the store is at the last one that succeeded: ' +
      `fix the cause (or restore the store from a backup) and start again.`
    );
  }

  const file = fileProblem(error, config);
  if (file) return file;

  if (store.kind === 'pglite' && error instanceof StoreUnavailableError) {
    // The store's thread died while the host was starting (PostgreSQL stopped inside WebAssembly).
    return (
      `The embedded store in DATA_DIR (${config.dataDir}) stopped while the host was starting: ${messageOf(error)}. ` +
      'Start again (it recovers as after a crash); if this repeats, the store may be damaged: move ' +
      `${store.dataDir} aside and restore it from a backup.`
    );
  }
  return null;
}

/** A file-system error (disk full, read-only, permissions) in DATA_DIR or FILES_DIR, if it is one. */
function fileProblem(error: unknown, config: HostConfig): string | null {
  const code = fileErrorCode(error);
  if (!code || !['EROFS', 'EACCES', 'EPERM', 'ENOSPC', 'EDQUOT', 'ENOTDIR', 'EEXIST'].includes(code)) {
    return null;
  }
  const path = (error as { path?: unknown }).path;
  const { filesDir } = config.documents;
  if (typeof path === 'string' && (path === filesDir || path.startsWith(`${filesDir}/`))) {
    const setting = filesDir.startsWith(`${config.dataDir}/`) ? 'DATA_DIR' : 'FILES_DIR';
    const what =
      code === 'ENOSPC' || code === 'EDQUOT'
        ? 'the disk is full'
        : code === 'EROFS'
          ? 'the file system is read-only'
          : code === 'ENOTDIR' || code === 'EEXIST'
            ? 'a file is in the way'
            : 'permission denied';
    return `Cannot write the document files to ${setting} (${filesDir}): ${what} (${code} on ${path}). Fix ${setting} (a writable directory with free space) and start again.`;
  }
  if (config.store.kind === 'pglite') return pgliteOpenError(error, config.store.dataDir).message;
  return null;
}
