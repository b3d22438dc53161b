import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLI,
  CRASH_CHILD,
  freePort,
  killChildren,
  random,
  requireBuild,
  runChild,
  sleep,
  startChild,
} from '../test-support/cli-process.js';

// kill -9 in the middle of writes, then a restart on the same DATA_DIR, several times, at random
// moments (CRASH_SEED replays a run; CRASH_ROUNDS sets the rounds per case). Writers are child
// processes of the built package: crash-child.mjs (import batches) and dist/cli.js (seed, start).
// After every kill the store must open (the lock left behind is stale), have every migration
// recorded, hold every batch whose COMMIT was acknowledged, and no batch or seed in part.

const SEED = Number(process.env.CRASH_SEED) || Math.floor(Math.random() * 2 ** 31);
const ROUNDS = Number(process.env.CRASH_ROUNDS) || 0;
const IMPORT_ROUNDS = ROUNDS || 3;
const SEED_ROUNDS = ROUNDS || 2;
const SIGN_IN_ROUNDS = ROUNDS || 2;
/** Rows per import batch (deployments; their triggers rewrite delivery_days in the same transaction). */
const ROWS = 40;

const rand = random(SEED);
/**
 * A round takes 2–5 s on 2 idle cores and up to ~30 s while the rest of the suite runs beside it;
 * more rounds (CRASH_ROUNDS) get more time.
 */
const timeoutFor = (rounds: number) => 60_000 + rounds * 40_000;
/** A full seed takes ~9 s on 2 idle cores (again after a kill too) and several times that beside the rest of the suite. */
const SEED_TIMEOUT_MS = 150_000;
const between = (low: number, high: number) => Math.round(low + rand() * (high - low));

interface Report {
  migrations: { names: string[]; recorded: string[]; pendingBefore: string[]; applied: string[] };
  batches: Record<string, number>;
  auditBatches: Record<string, number>;
  derived: { events: number; derived: number };
  index: { byIndex: number; byScan: number };
  demo: Record<string, number>;
  signIns: { audits: number; sessions: number };
}

/** Opens the store in a child of its own (after a kill: recovery, a stale lock) and reports on it. */
async function check(pgdata: string): Promise<Report> {
  const result = await runChild([CRASH_CHILD, 'check', pgdata]);
  if (result.code !== 0) throw new Error(`the store did not open (${result.code}):\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '') as Report;
}

/** Every migration recorded, none applied by the check itself once a writer had migrated. */
function expectMigrationsIntact(report: Report, context: string): void {
  expect(report.migrations.pendingBefore, context).toEqual([]);
  expect(report.migrations.applied, context).toEqual([]);
  expect(report.migrations.recorded, context).toEqual(report.migrations.names);
}

describe('the embedded store after kill -9', () => {
  let root: string;
  /** DATA_DIR of a migrated, empty store (made by `client-portal-host migrate`), copied per case. */
  let template: string;

  beforeAll(async () => {
    requireBuild();
    root = mkdtempSync(join(tmpdir(), 'cp-crash-'));
    template = join(root, 'template');
    const migrated = await runChild([CLI, 'migrate'], { DATA_DIR: template });
    expect(migrated.code, migrated.stderr).toBe(0);
  });
  afterAll(() => {
    killChildren();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  let seeded: Promise<{ dataDir: string; fullMs: number }> | undefined;
  /** DATA_DIR of the template, seeded by `client-portal-host seed` (once), and how long that took. */
  const seededReference = () => {
    seeded ??= (async () => {
      const dataDir = join(root, 'seed-reference');
      cpSync(template, dataDir, { recursive: true });
      const started = performance.now();
      const result = await runChild([CLI, 'seed'], { DATA_DIR: dataDir }, SEED_TIMEOUT_MS);
      expect(result.code, result.stderr).toBe(0);
      return { dataDir, fullMs: performance.now() - started };
    })();
    return seeded;
  };

  it(
    'imports: every acknowledged batch is there, none in part, migrations intact',
    async () => {
      const pgdata = join(root, 'imports', 'pgdata');
      const acknowledged = new Set<number>();
      let migrated = false;
      let present = 0;
      for (let round = 0; round < IMPORT_ROUNDS; round++) {
        const child = startChild([CRASH_CHILD, 'write', pgdata, String(round * 1_000_000 + 1), String(ROWS)]);
        let moment: string;
        if (round === 0) {
          // A new DATA_DIR: killed while creating the store, migrating, or writing.
          const ms = between(200, 4500);
          await sleep(ms);
          moment = `${ms} ms after it started (new store)`;
        } else if (round === 1) {
          // While it opens the store, replaying the write-ahead log the previous kill left.
          const ms = between(50, 1000);
          await sleep(ms);
          moment = `${ms} ms after it started (opening)`;
        } else {
          await child.line(/^batch \d+$/);
          const ms = between(0, 1500);
          await sleep(ms);
          moment = `${ms} ms after its first commit`;
        }
        await child.kill9();
        const context = `CRASH_SEED=${SEED}, round ${round}, killed ${moment}`;
        expect((await child.exited).signal, `${context}: ${child.stderr()}`).toBe('SIGKILL');
        for (const line of child.lines) {
          if (line === 'migrated') migrated = true;
          const batch = /^batch (\d+)$/.exec(line);
          if (batch) acknowledged.add(Number(batch[1]));
        }

        const report = await check(pgdata);
        if (migrated) expectMigrationsIntact(report, context);
        const lost = [...acknowledged].filter((batch) => !(String(batch) in report.batches));
        expect(lost, `${context}: acknowledged batches missing`).toEqual([]);
        const partial = Object.entries(report.batches).filter(([, rows]) => rows !== ROWS);
        expect(partial, `${context}: batches in part`).toEqual([]);
        expect(
          report.auditBatches,
          `${context}: a batch's audit row without its rows, or the reverse`,
        ).toEqual(Object.fromEntries(Object.keys(report.batches).map((batch) => [batch, 1])));
        expect(report.derived.derived, `${context}: delivery_days out of step`).toBe(report.derived.events);
        expect(report.index.byIndex, `${context}: index and table disagree`).toBe(report.index.byScan);
        present = Object.keys(report.batches).length;
      }
      expect(migrated).toBe(true);
      expect(acknowledged.size).toBeGreaterThan(0);
      console.info(
        `kill -9 during imports (CRASH_SEED=${SEED}): ${IMPORT_ROUNDS} kills, ${acknowledged.size} batches ` +
          `acknowledged, all there; ${present - acknowledged.size} committed but killed before the acknowledgement; ` +
          'no batch in part',
      );
    },
    timeoutFor(IMPORT_ROUNDS),
  );

  it(
    'the demo seed (one transaction): all of it or none of it, and seeding again completes it',
    async () => {
      const { dataDir: reference, fullMs } = await seededReference();
      const complete = (await check(join(reference, 'pgdata'))).demo;
      expect(Object.entries(complete).filter(([, rows]) => rows === 0)).toEqual([]);
      const none = Object.fromEntries(Object.keys(complete).map((table) => [table, 0]));

      const outcomes = { none: 0, all: 0, killedWhileWriting: 0 };
      let dataDir = '';
      for (let round = 0; round < SEED_ROUNDS; round++) {
        dataDir = join(root, `seed-${round}`);
        cpSync(template, dataDir, { recursive: true });
        const pgdata = join(dataDir, 'pgdata');
        const walBefore = walWrittenAt(pgdata);
        const child = startChild([CLI, 'seed'], { DATA_DIR: dataDir });
        let moment: string;
        if (round % 2 === 0) {
          // Inside the transaction: once it has begun writing the write-ahead log.
          await Promise.race([walWritten(pgdata, walBefore), child.exited]);
          const ms = between(0, 400);
          await sleep(ms);
          moment = `${ms} ms after its first write-ahead log write`;
        } else {
          // Anywhere from opening the store to after the commit (~the last third is the transaction).
          const ms = between(0.6 * fullMs, 1.1 * fullMs);
          await Promise.race([sleep(ms), child.exited]);
          moment = `${ms} ms after it started (a full run: ${Math.round(fullMs)} ms)`;
        }
        const inTransaction = walWrittenAt(pgdata) !== walBefore;
        await child.kill9();
        const context = `CRASH_SEED=${SEED}, seed round ${round}, killed ${moment}`;
        const report = await check(join(dataDir, 'pgdata'));
        expectMigrationsIntact(report, context);
        const acknowledged = child.lines.some((line) => line.startsWith('Seeded the demo data'));
        if (acknowledged) expect(report.demo, context).toEqual(complete);
        else expect([none, complete], context).toContainEqual(report.demo);
        outcomes[report.demo.companies === 0 ? 'none' : 'all'] += 1;
        if (inTransaction && !acknowledged) outcomes.killedWhileWriting += 1;
      }
      // The last store, whatever the kill left, seeds (again or not at all) and ends up complete.
      const again = await runChild([CLI, 'seed'], { DATA_DIR: dataDir }, SEED_TIMEOUT_MS);
      expect(again.code, again.stderr).toBe(0);
      expect((await check(join(dataDir, 'pgdata'))).demo).toEqual(complete);
      console.info(
        `kill -9 during the demo seed (CRASH_SEED=${SEED}): ${SEED_ROUNDS} kills (${outcomes.killedWhileWriting} ` +
          `after it had begun writing, before its acknowledgement): ${outcomes.none} left nothing, ` +
          `${outcomes.all} left all of it, none a part`,
      );
    },
    timeoutFor(SEED_ROUNDS) + 2 * SEED_TIMEOUT_MS,
  );

  it(
    'sign-ins on the host: every acknowledged session survives, and the host serves after a restart',
    async () => {
      const dataDir = join(root, 'host');
      cpSync((await seededReference()).dataDir, dataDir, { recursive: true });
      const signIns = new Map<string, string>();
      const accounts = ['demo@acme.example', 'demo@globex.example', 'staff@provider.example'];
      const startHost = async () => {
        const port = await freePort();
        // Each client signs in from an address of its own (X-Forwarded-For from the loopback proxy):
        // sign-ins a kill cut short count against their source's rate limits, and are never refunded.
        const host = startChild([CLI, 'start'], {
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: 'error',
          TRUST_PROXY: 'loopback',
        });
        await host.line(/listening on http/);
        return { host, url: `http://127.0.0.1:${port}` };
      };

      for (let round = 0; round < SIGN_IN_ROUNDS; round++) {
        const { host, url } = await startHost();
        const statuses: number[] = [];
        let first: () => void = () => {};
        const firstSignIn = new Promise<void>((resolve) => {
          first = resolve;
        });
        // Four clients signing in over and over until the host is gone.
        const clients = [0, 1, 2, 3].map(async (client) => {
          for (let i = 0; ; i++) {
            const email = accounts[(client + i) % accounts.length]!;
            let res: Response;
            try {
              res = await signIn(url, email, `10.${round}.${client}.${1 + (i % 250)}`);
            } catch {
              return; // killed
            }
            statuses.push(res.status);
            const token = sessionToken(res);
            await res.arrayBuffer().catch(() => undefined);
            if (res.status === 200 && token) {
              signIns.set(token, email);
              first();
            } else if (res.status === 429 || res.status === 503) {
              await sleep(50);
            } else {
              throw new Error(`sign-in answered ${res.status}`);
            }
          }
        });
        await Promise.race([firstSignIn, host.exited, sleep(20_000)]);
        expect(statuses, `round ${round}: no sign-in succeeded`).toContain(200);
        const ms = between(0, 1500);
        await sleep(ms);
        await host.kill9();
        await Promise.all(clients);
        expect((await host.exited).signal, host.stderr()).toBe('SIGKILL');
      }

      const { host, url } = await startHost();
      try {
        const fresh = await signIn(url, accounts[0]!);
        expect(fresh.status).toBe(200);
        const lost: string[] = [];
        for (const [token, email] of signIns) {
          const me = await fetch(`${url}/api/auth/me`, { headers: { Cookie: `portal_session=${token}` } });
          const body = me.status === 200 ? ((await me.json()) as { email?: string }) : null;
          if (body?.email !== email) lost.push(`${email}: ${me.status}`);
        }
        expect(lost, `CRASH_SEED=${SEED}: acknowledged sign-ins whose session is gone`).toEqual([]);
      } finally {
        host.process.kill('SIGTERM');
      }
      expect((await host.exited).code, host.stderr()).toBe(0);
      const report = await check(join(dataDir, 'pgdata'));
      expectMigrationsIntact(report, 'after the sign-ins');
      expect(report.signIns.sessions).toBeGreaterThanOrEqual(signIns.size + 1);
      expect(report.signIns.audits).toBeGreaterThanOrEqual(signIns.size + 1);
      console.info(
        `kill -9 during sign-ins (CRASH_SEED=${SEED}): ${SIGN_IN_ROUNDS} kills, ${signIns.size} sign-ins ` +
          'acknowledged, every session and audit row there',
      );
    },
    timeoutFor(SIGN_IN_ROUNDS),
  );
});

/** When the store's write-ahead log was last written (0: not yet). */
function walWrittenAt(pgdata: string): number {
  let latest = 0;
  try {
    for (const name of readdirSync(join(pgdata, 'pg_wal'))) {
      if (/^[0-9A-F]{24}$/.test(name))
        latest = Math.max(latest, statSync(join(pgdata, 'pg_wal', name)).mtimeMs);
    }
  } catch {
    // Not there yet.
  }
  return latest;
}

/** Resolves once the write-ahead log has been written after `since` (polled every 10 ms; 30 s at most). */
async function walWritten(pgdata: string, since: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (walWrittenAt(pgdata) === since && Date.now() < deadline) await sleep(10);
}

function signIn(url: string, email: string, from = '10.255.0.1'): Promise<Response> {
  return fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Sec-Fetch-Site': 'same-origin',
      'X-Forwarded-For': from,
    },
    body: JSON.stringify({ email, password: 'demo-password' }),
  });
}

function sessionToken(res: Response): string | null {
  for (const cookie of res.headers.getSetCookie()) {
    const match = /^portal_session=([^;]+)/.exec(cookie);
    if (match?.[1]) return match[1];
  }
  return null;
}
