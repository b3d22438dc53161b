import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Child processes of the built package for the crash and start-failure tests: `node dist/cli.js …`
// and src/store/test-support/crash-child.mjs (which opens the store through dist/index.js).

export const packageDir = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(packageDir, 'dist', 'cli.js');
export const CRASH_CHILD = join(packageDir, 'src', 'store', 'test-support', 'crash-child.mjs');

/** Throws unless dist/ holds a build of this version (the test command builds before testing). */
export function requireBuild(): void {
  // pglite-data-dir.js arrived with the data-directory lock: an older dist/ would test the old code.
  for (const file of ['cli.js', 'index.js', 'store/pglite-data-dir.js']) {
    if (!existsSync(join(packageDir, 'dist', file))) {
      throw new Error(
        `dist/${file} is missing: build first (npx -y pnpm@10.34.9 run build, from the repository root). ` +
          'These tests run the built CLI and store in child processes.',
      );
    }
  }
}

export interface Child {
  process: ChildProcess;
  /** Complete stdout lines so far. */
  readonly lines: string[];
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout line matching `re` (rejects after `timeoutMs` or at exit). */
  line(re: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then wait until the process is gone (and reaped: its pid is free). */
  kill9(): Promise<void>;
}

/** Children still running: a test that times out must not leave a host behind. */
const running = new Set<ChildProcess>();
process.on('exit', killChildren);

/** SIGKILLs every child still running (call it in afterAll). */
export function killChildren(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** Starts `node <args>` with the environment given (on top of PATH only, LOG_LEVEL warn). */
export function startChild(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, args, {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let out = '';
  let err = '';
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let partial = '';
  child.stdout?.on('data', (chunk) => {
    out += String(chunk);
    const parts = (partial + String(chunk)).split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
    for (const wake of waiters) wake();
  });
  child.stderr?.on('data', (chunk) => {
    err += String(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      // 'close' follows once stdout and stderr are drained.
      child.on('close', () => {
        for (const wake of waiters) wake();
        resolve({ code, signal });
      });
    });
  });
  let done = false;
  void exited.then(() => {
    done = true;
  });
  return {
    process: child,
    lines,
    stdout: () => out,
    stderr: () => err,
    exited,
    line(re, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`no line matching ${re} within ${timeoutMs} ms; stdout:\n${out}\nstderr:\n${err}`),
          );
        }, timeoutMs);
        const check = () => {
          for (const line of lines) {
            const match = re.exec(line);
            if (match) {
              clearTimeout(timer);
              waiters.delete(check);
              resolve(match);
              return;
            }
          }
          if (done) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`exited without a line matching ${re}; stdout:\n${out}\nstderr:\n${err}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Runs `node <args>` to its end. */
export async function runChild(
  args: string[],
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = startChild(args, env);
  const timer = setTimeout(() => child.process.kill('SIGKILL'), timeoutMs);
  const { code } = await child.exited;
  clearTimeout(timer);
  return { code, stdout: child.stdout(), stderr: child.stderr() };
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A small seeded PRNG, so that a failing run's kill moments can be replayed (CRASH_SEED). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh, empty database for the host to migrate itself (not a test template). */
export async function emptyPostgresDatabase(
  prefix = 'host_matrix',
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL_TEST || process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('no PostgreSQL server named');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
