import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failureMessage } from '../cli/failure-message.js';
import { loadConfig } from '../config/index.js';
import { DataDirLockedError, lockDataDir, lockFileOf } from './data-dir-lock.js';
import { MigrationError } from './migrate.js';
import {
  databaseUrlError,
  fileErrorCode,
  inspectPgliteDataDir,
  pgliteOpenError,
  StoreOpenError,
} from './open-errors.js';
import { StoreUnavailableError } from './unavailable.js';

// The classification behind the start-failure messages, on errors as they arrive (Node errors,
// Emscripten ErrnoError objects deserialised from the store's thread, PostgreSQL errors), and the
// data-directory lock. start-failures.test.ts provokes the real failures against the built CLI.

const root = mkdtempSync(join(tmpdir(), 'cp-open-errors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const errno = (code: string, path?: string) =>
  Object.assign(new Error(`${code}: failed`), { code, ...(path ? { path } : {}) });

describe('store opening failures', () => {
  it('finds the errno code of Node, Emscripten and PostgreSQL errors, through causes', () => {
    expect(fileErrorCode(errno('EROFS'))).toBe('EROFS');
    // An Emscripten ErrnoError after crossing the thread: { name, message: name, errno }.
    expect(fileErrorCode(Object.assign(new Error('ErrnoError'), { name: 'ErrnoError', errno: 51 }))).toBe(
      'ENOSPC',
    );
    expect(fileErrorCode(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(
      'ENOSPC',
    );
    expect(
      fileErrorCode(new Error('wrapped', { cause: new Error('could not write: Read-only file system') })),
    ).toBe('EROFS');
    expect(fileErrorCode(new Error('Aborted(). Build with -sASSERTIONS for more info.'))).toBeNull();
  });

  it('names DATA_DIR and what to do, in one line', () => {
    const dataDir = '/srv/portal/pgdata';
    const permission = pgliteOpenError(errno('EACCES', '/srv/portal/pgdata.lock'), dataDir);
    expect(permission).toBeInstanceOf(StoreOpenError);
    expect(permission.message).toBe(
      "Cannot write to DATA_DIR (/srv/portal): permission denied (EACCES on /srv/portal/pgdata.lock). Give the host's user write access to DATA_DIR, or point DATA_DIR at a directory it owns.",
    );
    expect(
      pgliteOpenError(Object.assign(new Error('ErrnoError'), { name: 'ErrnoError', errno: 69 }), dataDir)
        .message,
    ).toBe(
      'Cannot write to DATA_DIR (/srv/portal): the file system is read-only (EROFS). Point DATA_DIR at a writable directory.',
    );
    // An engine failure without an errno on an existing store: probably damaged.
    expect(
      pgliteOpenError(new Error('Aborted(). Build with -sASSERTIONS for more info.'), dataDir).message,
    ).toBe(
      'The embedded store in /srv/portal/pgdata (DATA_DIR) cannot be opened: PostgreSQL could not start on it (PostgreSQL aborted while starting); ' +
        'it is probably damaged. Move /srv/portal/pgdata aside (keep it) and restore it from a backup, or point DATA_DIR at an empty directory to start a new store.',
    );
    // Not a damaged store: not enough memory for WebAssembly.
    expect(
      pgliteOpenError(new RangeError('WebAssembly.Memory(): could not allocate memory'), dataDir).message,
    ).toMatch(/^Not enough memory to open the embedded store in DATA_DIR \(\/srv\/portal\): /);
    expect(permission.message).not.toContain('\n');
  });

  it('inspects a store directory before PGlite opens it', () => {
    const dir = join(root, 'inspect');
    expect(inspectPgliteDataDir(join(dir, 'pgdata'))).toBe('absent');
    mkdirSync(join(dir, 'pgdata', 'lost+found'), { recursive: true });
    expect(inspectPgliteDataDir(join(dir, 'pgdata'))).toBe('empty');
    writeFileSync(join(dir, 'pgdata', 'postgresql.conf'), '');
    expect(() => inspectPgliteDataDir(join(dir, 'pgdata'))).toThrow(/PG_VERSION is missing/);
    writeFileSync(join(dir, 'pgdata', 'PG_VERSION'), '18\n');
    expect(() => inspectPgliteDataDir(join(dir, 'pgdata'))).toThrow(/global\/pg_control is missing/);
    mkdirSync(join(dir, 'pgdata', 'global'));
    writeFileSync(join(dir, 'pgdata', 'global', 'pg_control'), Buffer.alloc(8192));
    expect(inspectPgliteDataDir(join(dir, 'pgdata'))).toBe('store');
    writeFileSync(join(dir, 'file'), '');
    expect(() => inspectPgliteDataDir(join(dir, 'file'))).toThrow(/is not a directory/);
  });

  it('DATABASE_URL problems never show the password', () => {
    const url = 'postgres://portal:hunter%2F2@db.example:6543/portal';
    const leaky = Object.assign(new Error('connection failed for portal:hunter/2 at db.example'), {
      code: '08006',
    });
    const message = databaseUrlError(leaky, url)?.message ?? '';
    expect(message).toBe(
      'Cannot use the database at DATABASE_URL (db.example:6543/portal): connection failed for portal:*** at db.example. Check DATABASE_URL.',
    );
    expect(databaseUrlError(new Error('timeout exceeded when trying to connect'), url)?.message).toBe(
      'Cannot use the database at DATABASE_URL (db.example:6543/portal): the connection timed out. ' +
        'Check the host and port in DATABASE_URL, and that the server accepts connections from here.',
    );
    expect(databaseUrlError(new Error('syntax error at or near "x"'), url)).toBeNull();

    const config = loadConfig({ DATABASE_URL: url });
    const generic = failureMessage(new Error('surprise for hunter/2\nsecond line'), {
      command: 'start',
      config,
    });
    expect(generic).toBe(
      'client-portal-host start failed: surprise for *** second line (set LOG_LEVEL=debug to see the stack trace)',
    );
    const migration = failureMessage(
      new MigrationError(
        null,
        Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:6543'), { code: 'ECONNREFUSED' }),
      ),
      { command: 'migrate', config },
    );
    expect(migration).toMatch(
      /^Cannot use the database at DATABASE_URL \(db\.example:6543\/portal\): connection refused/,
    );
  });

  it('turns anything thrown into one readable line, never [object Object]', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal' });
    expect(failureMessage({ name: 'ErrnoError', errno: 29 }, { command: 'start', config })).toBe(
      'client-portal-host start failed: ErrnoError 29 (set LOG_LEVEL=debug to see the stack trace)',
    );
    expect(
      failureMessage(new StoreUnavailableError('the embedded store thread exited (1)'), {
        command: 'start',
        config,
      }),
    ).toMatch(/^The embedded store in DATA_DIR \(\/srv\/portal\) stopped while the host was starting: /);
    expect(failureMessage(errno('ENOSPC', '/srv/portal/files/demo/a.pdf'), { command: 'seed', config })).toBe(
      'Cannot write the document files to DATA_DIR (/srv/portal/files): the disk is full (ENOSPC on /srv/portal/files/demo/a.pdf). Fix DATA_DIR (a writable directory with free space) and start again.',
    );
  });
});

describe('the data-directory lock', () => {
  it('is taken once per directory, released on close, and names the holder', () => {
    const dataDir = join(root, 'lock', 'pgdata');
    mkdirSync(join(root, 'lock'));
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockFileOf(dataDir), 'utf8')).toBe(`${process.pid}\n`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    lock.release();
    lock.release();
    expect(existsSync(lockFileOf(dataDir))).toBe(false);

    // Held by a running process (the test runner's parent): refused, with its pid.
    writeFileSync(lockFileOf(dataDir), `${process.ppid}\n`);
    let refused: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as DataDirLockedError).pid).toBe(process.ppid);
    expect(pgliteOpenError(refused, dataDir).message).toContain(
      `is in use by another process (pid ${process.ppid})`,
    );
  });

  it('takes over a stale lock: a process that is gone, or garbage', () => {
    const dataDir = join(root, 'stale', 'pgdata');
    mkdirSync(join(root, 'stale'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    for (const content of [`${gone.stdout}\n`, 'not a pid', '']) {
      writeFileSync(lockFileOf(dataDir), content);
      const lock = lockDataDir(dataDir);
      expect(readFileSync(lockFileOf(dataDir), 'utf8')).toBe(`${process.pid}\n`);
      lock.release();
    }
  });
});
