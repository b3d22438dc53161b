import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import {
  CLI,
  CRASH_CHILD,
  freePort,
  killChildren,
  requireBuild,
  runChild,
  startChild,
} from '../test-support/cli-process.js';
import { MIGRATIONS } from '../store/migrations/index.js';
import { TEST_SIGNING_KEYS } from '../test-support/host.js';

/** The newest migration: forgetting that it ran makes the next start run it again, and fail. */
const LAST_MIGRATION = Object.keys(MIGRATIONS).at(-1) as string;

// `client-portal-host start` (the built CLI, in a child process) when it cannot start: exactly one
// line on stderr naming the problem and the setting to change, a non-zero exit, no stack trace
// (unless LOG_LEVEL=debug), never DATABASE_URL's password.

const PASSWORD = 'Sup3r-Secret-Pw!';
const URL_PASSWORD = encodeURIComponent(PASSWORD);

/** Runs the CLI and returns its one stderr line, after checking it is the only output on stderr. */
async function failure(args: string[], env: Record<string, string>): Promise<string> {
  const result = await runChild([CLI, ...args], { LOG_LEVEL: 'info', ...env });
  const context = `${args.join(' ')}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
  expect(result.code, context).not.toBe(0);
  expect(result.code, context).not.toBeNull(); // exited, not killed by the timeout
  expect(result.stderr, context).toMatch(/^[^\n]+\n$/);
  expect(result.stderr, context).not.toMatch(/\bat .+:\d+:\d+|\[object Object\]/);
  expect(result.stdout + result.stderr, context).not.toContain(PASSWORD);
  expect(result.stdout + result.stderr, context).not.toContain(URL_PASSWORD);
  return result.stderr.trimEnd();
}

describe('start failures: one line, what to fix, a non-zero exit', () => {
  let root: string;
  /** DATA_DIR of a migrated store, copied per case. */
  let template: string;
  const copy = (name: string) => {
    const dir = join(root, name);
    cpSync(template, dir, { recursive: true });
    return dir;
  };

  beforeAll(async () => {
    requireBuild();
    root = mkdtempSync(join(tmpdir(), 'cp-start-failures-'));
    template = join(root, 'template');
    const migrated = await runChild([CLI, 'migrate'], { DATA_DIR: template });
    expect(migrated.code, migrated.stderr).toBe(0);
  });
  afterAll(() => {
    killChildren();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('a damaged embedded store: says so, and to move it aside and restore a backup', async () => {
    const truncated = copy('truncated');
    truncateSync(join(truncated, 'pgdata/global/pg_control'), 100);
    expect(await failure(['start'], { DATA_DIR: truncated })).toBe(
      `The embedded store in ${truncated}/pgdata (DATA_DIR) is damaged: global/pg_control is 100 bytes long instead of 8192. ` +
        `Move ${truncated}/pgdata aside and restore it from a backup, or point DATA_DIR at an empty directory to start a new store.`,
    );

    const garbage = copy('garbage');
    writeFileSync(join(garbage, 'pgdata/global/pg_control'), randomBytes(8192));
    expect(await failure(['start'], { DATA_DIR: garbage })).toMatch(
      /^The embedded store in .*\/garbage\/pgdata \(DATA_DIR\) cannot be opened: PostgreSQL could not start on it \(.+\); it is probably damaged\. Move .* aside \(keep it\) and restore it from a backup/,
    );

    // Without PG_VERSION PGlite would write a new, empty store over the old one: refused, untouched.
    const unversioned = copy('unversioned');
    rmSync(join(unversioned, 'pgdata/PG_VERSION'));
    const control = readFileSync(join(unversioned, 'pgdata/global/pg_control'));
    expect(await failure(['migrate'], { DATA_DIR: unversioned })).toMatch(
      /^The embedded store in .* \(DATA_DIR\) is damaged: PG_VERSION is missing \(opening it would write a new, empty store over the files there\)\. Move/,
    );
    expect(readFileSync(join(unversioned, 'pgdata/global/pg_control')).equals(control)).toBe(true);
    expect(existsSync(join(unversioned, 'pgdata/PG_VERSION'))).toBe(false);
  });

  it('a second host on the same DATA_DIR: refused, naming the running pid; a stale lock is taken over', async () => {
    const dataDir = copy('locked');
    const port = await freePort();
    const first = startChild([CLI, 'start', '--no-demo'], { DATA_DIR: dataDir, PORT: String(port) });
    try {
      await first.line(/listening on/);
      const pid = first.process.pid;
      const message =
        `The embedded store in DATA_DIR (${dataDir}) is in use by another process (pid ${pid}): stop that host first, ` +
        `or point DATA_DIR elsewhere (two processes on one store would corrupt it). If no such host runs, delete ${dataDir}/pgdata.lock.`;
      expect(await failure(['start', '--port', '0'], { DATA_DIR: dataDir })).toBe(message);
      expect(
        await failure(['user', 'reset-password', '--email', 'x@y.example', '--password', 'long enough'], {
          DATA_DIR: dataDir,
        }),
      ).toBe(message);
      // The first host is unharmed.
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    } finally {
      first.process.kill('SIGTERM');
    }
    expect((await first.exited).code).toBe(0);
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);

    // A lock left by a process that is gone (kill -9) does not stand in the way.
    const gone = await new Promise<number>((resolve) => {
      const child = startChild(['-e', '']);
      void child.exited.then(() => resolve(child.process.pid ?? 0));
    });
    writeFileSync(join(dataDir, 'pgdata.lock'), `${gone}\n`);
    const migrated = await runChild([CLI, 'migrate'], { DATA_DIR: dataDir });
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
  });

  it('PORT already in use', async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, resolve));
    const { port } = busy.address() as { port: number };
    try {
      expect(await failure(['start', '--no-demo'], { DATA_DIR: copy('port'), PORT: String(port) })).toBe(
        `PORT ${port} is already in use: stop what listens there or set PORT to a free port.`,
      );
    } finally {
      busy.close();
    }
  });

  it('a migration that fails, and a store migrated by a newer version', async () => {
    const broken = copy('migration');
    const exec = await runChild([
      CRASH_CHILD,
      'exec',
      join(broken, 'pgdata'),
      `delete from kysely_migration where name = '${LAST_MIGRATION}'`,
    ]);
    expect(exec.code, exec.stderr).toBe(0);
    expect(await failure(['start'], { DATA_DIR: broken })).toMatch(
      new RegExp(
        `^Migration ${LAST_MIGRATION} of the store \\(DATA_DIR\\) failed: .+\\. Each migration is one transaction, so the store is at the last one that succeeded: fix the cause \\(or restore the store from a backup\\) and start again\\.$`,
      ),
    );

    const newer = copy('newer');
    const future = await runChild([
      CRASH_CHILD,
      'exec',
      join(newer, 'pgdata'),
      "insert into kysely_migration (name, timestamp) values ('0099-from-the-future', '2099-01-01T00:00:00.000Z')",
    ]);
    expect(future.code, future.stderr).toBe(0);
    expect(await failure(['start'], { DATA_DIR: newer })).toBe(
      'The store (DATA_DIR) was migrated by a newer version of the host: it has migration 0099-from-the-future, ' +
        'which this version does not know. Run that version (or a later one), or restore a backup taken before the upgrade.',
    );
    // Four child processes, each opening the embedded store: room for a machine busy with the
    // browser tests beside it (one took 60 s there), not a retry.
  }, 180_000);

  it('PostgreSQL without SIGNING_KEYS: refused before the database is reached', async () => {
    const port = await freePort();
    expect(
      await failure(['start'], {
        DATABASE_URL: `postgres://portal:${URL_PASSWORD}@127.0.0.1:${port}/portal`,
      }),
    ).toBe(
      'SIGNING_KEYS must be set on PostgreSQL (the same value on every instance, e.g. "k1:<32+ random characters>"): without it each process signs download links with a key of its own.',
    );
  });

  it('PostgreSQL with a public OIDC client and no SESSION_SECRET: refused', async () => {
    const port = await freePort();
    expect(
      await failure(['start'], {
        DATABASE_URL: `postgres://portal:${URL_PASSWORD}@127.0.0.1:${port}/portal`,
        SIGNING_KEYS: TEST_SIGNING_KEYS,
        AUTH_MODE: 'oidc',
        OIDC_ISSUER: 'https://id.example',
        OIDC_CLIENT_ID: 'client-portal',
      }),
    ).toBe(
      'SESSION_SECRET must be set on PostgreSQL with a public OIDC client (the same value on every instance, 32+ characters): without it a sign-in started on one instance cannot finish on another.',
    );
  });

  describe('DATABASE_URL that leads nowhere (the password is never shown)', () => {
    it('connection refused', async () => {
      const port = await freePort();
      expect(
        await failure(['start'], {
          DATABASE_URL: `postgres://portal:${URL_PASSWORD}@127.0.0.1:${port}/portal`,
          SIGNING_KEYS: TEST_SIGNING_KEYS,
        }),
      ).toBe(
        `Cannot use the database at DATABASE_URL (127.0.0.1:${port}/portal): connection refused (no server listens there). ` +
          'Check the host and port in DATABASE_URL, and that the server accepts connections from here.',
      );
    });

    it('a host name that does not resolve', async () => {
      expect(
        await failure(['start'], {
          DATABASE_URL: `postgres://portal:${URL_PASSWORD}@db.invalid:5432/portal`,
          SIGNING_KEYS: TEST_SIGNING_KEYS,
        }),
      ).toMatch(
        // ENOTFOUND; EAI_AGAIN where no DNS server answers at all.
        /^Cannot use the database at DATABASE_URL \(db\.invalid:5432\/portal\): the host name (does not resolve|could not be resolved \(DNS did not answer\))\. Check the host name in DATABASE_URL\.$/,
      );
    });

    it('a wrong password, and a database that does not exist', async () => {
      const server = await fakePostgres();
      try {
        const url = (database: string) =>
          `postgres://portal:${URL_PASSWORD}@127.0.0.1:${server.port}/${database}`;
        expect(
          await failure(['start'], { DATABASE_URL: url('portal'), SIGNING_KEYS: TEST_SIGNING_KEYS }),
        ).toBe(
          `Cannot use the database at DATABASE_URL (127.0.0.1:${server.port}/portal): the server refused user "portal" (wrong password). ` +
            'Check the user and password in DATABASE_URL (and pg_hba.conf).',
        );
        // The server was sent the password (so it was the real one it refused).
        expect(server.passwords).toContain(PASSWORD);
        expect(await failure(['migrate'], { DATABASE_URL: url('missing') })).toBe(
          `Cannot use the database at DATABASE_URL (127.0.0.1:${server.port}/missing): the database does not exist. ` +
            'Create it (createdb) or fix the database name in DATABASE_URL.',
        );
      } finally {
        server.close();
      }
    });

    it('LOG_LEVEL=debug adds the stack trace after the line', async () => {
      const port = await freePort();
      const result = await runChild([CLI, 'start'], {
        DATABASE_URL: `postgres://portal:${URL_PASSWORD}@127.0.0.1:${port}/portal`,
        SIGNING_KEYS: TEST_SIGNING_KEYS,
        LOG_LEVEL: 'debug',
      });
      expect(result.code).toBe(1);
      const [line, ...stack] = result.stderr.trimEnd().split('\n');
      expect(line).toMatch(/^Cannot use the database at DATABASE_URL .*connection refused/);
      expect(stack.join('\n')).toMatch(/\n\s+at /);
      expect(result.stderr).not.toContain(PASSWORD);
    });
  });

  describe('DATA_DIR on a file system that is read-only, or full (a tmpfs mounted by the test)', () => {
    const mounts: string[] = [];
    /** Mounts a tmpfs of `sizeMb` at a new directory, or skips the test when mounting is not allowed. */
    const mountTmpfs = (ctx: TestContext, name: string, sizeMb: number): string => {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true });
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'pipe' });
      } catch (error) {
        const reason = String((error as { stderr?: unknown }).stderr ?? error).trim();
        ctx.skip(`mounting a tmpfs is not permitted here (it needs root or CAP_SYS_ADMIN): ${reason}`);
      }
      mounts.push(dir);
      return dir;
    };
    afterAll(() => {
      for (const dir of mounts) {
        try {
          execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
        } catch {
          // Left mounted (empty) under the temp directory; nothing else depends on it.
        }
      }
    });

    it('read-only: an existing store, and a new DATA_DIR', async (ctx) => {
      const dir = mountTmpfs(ctx, 'read-only', 64);
      cpSync(join(template, 'pgdata'), join(dir, 'pgdata'), { recursive: true });
      execFileSync('mount', ['-o', 'remount,ro', dir]);
      expect(await failure(['start'], { DATA_DIR: dir })).toBe(
        `Cannot write to DATA_DIR (${dir}): the file system is read-only (EROFS on ${dir}/pgdata.lock). Point DATA_DIR at a writable directory.`,
      );
      expect(await failure(['start'], { DATA_DIR: join(dir, 'new') })).toBe(
        `Cannot write to DATA_DIR (${dir}/new): the file system is read-only (EROFS on ${dir}/new). Point DATA_DIR at a writable directory.`,
      );
    });

    it('full: no store is created on a disk too small for one; an existing store keeps its data', async (ctx) => {
      const small = mountTmpfs(ctx, 'small', 16);
      expect(await failure(['start'], { DATA_DIR: small })).toMatch(
        new RegExp(
          `^DATA_DIR \\(${small}\\) is full \\(ENOSPC[^)]*\\)\\. Free space on that disk \\(or point DATA_DIR at a larger one\\) and start again \\(no store was created\\)\\.$`,
        ),
      );
      expect(existsSync(join(small, 'pgdata'))).toBe(false);
      expect(existsSync(join(small, 'pgdata.creating'))).toBe(false);

      // A migrated store with ~1 MB left: seeding the demo data fills the disk. Once the filler is
      // gone the seed needs room for its write-ahead log (16 MB segments) beside the data.
      const full = mountTmpfs(ctx, 'full', 128);
      cpSync(join(template, 'pgdata'), join(full, 'pgdata'), { recursive: true });
      const free = Number(
        execFileSync('df', ['-k', '--output=avail', full], { encoding: 'utf8' }).split('\n')[1],
      );
      writeFileSync(join(full, 'filler'), Buffer.alloc((free - 1024) * 1024));
      expect(await failure(['start'], { DATA_DIR: full })).toMatch(
        /^.*DATA_DIR \(.*\).* (is full|the disk is full) .*ENOSPC/,
      );
      rmSync(join(full, 'filler'));
      const seeded = await runChild([CLI, 'seed'], { DATA_DIR: full });
      expect(seeded.code, seeded.stderr).toBe(0);
      expect(seeded.stdout).toMatch(/^Seeded the demo data/);
    });
  });
});

/**
 * Enough of PostgreSQL's protocol to refuse a client: it asks for a cleartext password (and keeps
 * it), then answers 28P01 (wrong password), or 3D000 when the database asked for is "missing".
 */
async function fakePostgres(): Promise<{ port: number; passwords: string[]; close(): void }> {
  const passwords: string[] = [];
  const sockets = new Set<Socket>();
  const errorResponse = (code: string, message: string) => {
    const fields = Buffer.concat(
      [
        ['S', 'FATAL'],
        ['V', 'FATAL'],
        ['C', code],
        ['M', message],
      ]
        .map(([type, value]) => Buffer.from(`${type}${value}\0`))
        .concat(Buffer.from([0])),
    );
    const head = Buffer.alloc(5);
    head.write('E', 0);
    head.writeInt32BE(fields.length + 4, 1);
    return Buffer.concat([head, fields]);
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let started = false;
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!started) {
        if (buffered.length < 4 || buffered.length < buffered.readInt32BE(0)) return;
        const length = buffered.readInt32BE(0);
        const params = buffered.subarray(8, length).toString().split('\0');
        buffered = buffered.subarray(length);
        started = true;
        const database = params[params.indexOf('database') + 1];
        if (database === 'missing') {
          socket.end(errorResponse('3D000', 'database "missing" does not exist'));
          return;
        }
        const ask = Buffer.alloc(9);
        ask.write('R', 0);
        ask.writeInt32BE(8, 1);
        ask.writeInt32BE(3, 5); // AuthenticationCleartextPassword
        socket.write(ask);
        return;
      }
      if (buffered.length < 5 || buffered.length < 1 + buffered.readInt32BE(1)) return;
      passwords.push(buffered.subarray(5, buffered.readInt32BE(1)).toString().replace(/\0$/, ''));
      socket.end(errorResponse('28P01', 'password authentication failed for user "portal"'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    passwords,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
