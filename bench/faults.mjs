#!/usr/bin/env node
// Load and fault benchmark of the portal's Express host (packages/host-express), run as an operator
// runs it: `node packages/host-express/dist/cli.js start` in a child process. Four scenarios: the
// route mix under load, many sign-ins at once, the PostgreSQL server restarted (or its connections
// terminated) under load, and SIGTERM under load. Plain Node ESM over the BUILT packages:
// `node bench/faults.mjs`. See bench/README.md for the options, what is measured and the verdicts.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import {
  describeExit,
  foreignSignal,
  freePort,
  getStatus,
  startCliHost,
  stopCliHost,
} from './lib/cli-host.mjs';
import {
  BrokenError,
  CLOCK_TICKS_PER_SECOND,
  checkBuild,
  fmt,
  gitInfo,
  MB,
  processTicks,
  procStatus,
  RssSampler,
  round,
  table,
  UsageError,
} from './lib/common.mjs';
import { countBy, percentile, send, startLoad } from './lib/http-load.mjs';
import { apiClientDistUrl, benchDir, hostDistUrl, requireFromHost } from './lib/paths.mjs';
import {
  ensureRunning,
  findCluster,
  pgCtl,
  terminateBackends,
  waitForServer,
} from './lib/postgres-cluster.mjs';
import { prepareStoreFor, redactUrl } from './lib/store.mjs';
import { benchAccount, buildTargets, probe, signIn } from './lib/targets.mjs';

/** Budgets (a miss is reported, exit code 0): the embedded store's RSS, as bench/host.mjs judges it. */
const BUDGETS = { maxEmbeddedRssMb: 350 };
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const SCENARIOS = ['load', 'sign-ins', 'db-fault', 'sigterm'];
/** Password of the extra accounts (bench-001@acme.example …) the sign-in scenarios use. */
const BENCH_ACCOUNT_PASSWORD = 'bench-password-sign-in';
const USAGE = `Usage: node bench/faults.mjs [options]

Scenarios (all when none is named):
  --load                    the route mix under load (--connections, --duration)
  --sign-ins                --sign-in-count sign-ins at once, each from its own address (X-Forwarded-For)
  --db-fault                PostgreSQL restarted / its connections terminated under load (postgres only)
  --sigterm                 SIGTERM to the host under load: in-flight requests, exit code, time to exit

Options:
  --store pglite|postgres|both   the host's store (env BENCH_STORE; default both)
  --quick                   smoke run: 10 s load, 50 sign-ins, shorter fault windows
  --connections <n>         load: concurrent connections (env BENCH_CONNECTIONS; default 64)
  --duration <s>            load: measured seconds (env BENCH_DURATION; default 60, --quick 10)
  --warmup <s>              load: discarded warm-up seconds before (default 3, --quick 1)
  --sign-in-count <n>       sign-ins: how many at once; as many accounts are added (default 200, --quick 50)
  --fault restart|terminate|both
                            db-fault: stop/start the server with pg_ctlcluster, or
                            pg_terminate_backend() the bench database's connections, or both (default)
  --fault-connections <n>   db-fault and sigterm: concurrent connections (default 32)
  --fault-after <s>         db-fault: seconds of load after the fault (default 15, --quick 6)
  --down <s>                db-fault restart: seconds the server stays stopped (default 2;
                            0: pg_ctlcluster restart)
  --terminations <n>        db-fault terminate: pg_terminate_backend rounds, 2 s apart (default 5,
                            --quick 3, 1 s apart)
  --slow <n>                sigterm: connections sending sign-ins (~0.3 s of scrypt each) among the
                            others' GET mix (default 4)
  --pg-cluster <ver>/<name> db-fault restart: the cluster to restart (default: the one pg_lsclusters
                            lists on the port of --database-url)
  --database-url <url>      server for the postgres store (env DATABASE_URL; default ${DEFAULT_DATABASE_URL});
                            a fresh database bench_<random> is created on it and dropped at the end
  --log-level <level>       the host's LOG_LEVEL (default warn; kept in memory, tails printed on failure)
  --no-json                 do not write bench/results/faults-<store>-<date>.json
  -h, --help

Host settings other than those the bench sets can be passed as BENCH_HOST_<NAME>=<value>,
e.g. BENCH_HOST_SHUTDOWN_TIMEOUT_MS=5000 or BENCH_HOST_DATABASE_POOL_MAX=20.
The restart fault stops the whole PostgreSQL server: every other client of it loses its connections.`;

// ── Options ─────────────────────────────────────────────────────────────────────────────────────

function parseOptions() {
  const { values } = parseArgs({
    options: {
      store: { type: 'string' },
      load: { type: 'boolean' },
      'sign-ins': { type: 'boolean' },
      'db-fault': { type: 'boolean' },
      sigterm: { type: 'boolean' },
      quick: { type: 'boolean' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'sign-in-count': { type: 'string' },
      fault: { type: 'string' },
      'fault-connections': { type: 'string' },
      'fault-after': { type: 'string' },
      down: { type: 'string' },
      terminations: { type: 'string' },
      slow: { type: 'string' },
      'pg-cluster': { type: 'string' },
      'database-url': { type: 'string' },
      'log-level': { type: 'string' },
      'no-json': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const env = process.env;
  const number = (name, raw, fallback, min) => {
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min)
      throw new UsageError(`--${name} must be a number ≥ ${min} (got "${raw}")`);
    return n;
  };
  const int = (...args) => Math.round(number(...args));
  const quick = values.quick ?? false;
  const store = values.store ?? env.BENCH_STORE ?? 'both';
  if (!['pglite', 'postgres', 'both'].includes(store))
    throw new UsageError(`--store must be pglite, postgres or both (got "${store}")`);
  const fault = values.fault ?? 'both';
  if (!['restart', 'terminate', 'both'].includes(fault))
    throw new UsageError(`--fault must be restart, terminate or both (got "${fault}")`);
  const chosen = SCENARIOS.filter((s) => values[s]);
  const faultConnections = int('fault-connections', values['fault-connections'], 32, 1);
  const slow = int('slow', values.slow, 4, 0);
  if (slow >= faultConnections)
    throw new UsageError(`--slow (${slow}) must be less than --fault-connections (${faultConnections})`);
  return {
    stores: store === 'both' ? ['pglite', 'postgres'] : [store],
    scenarios: chosen.length > 0 ? chosen : [...SCENARIOS],
    faults: fault === 'both' ? ['restart', 'terminate'] : [fault],
    quick,
    connections: int('connections', values.connections ?? env.BENCH_CONNECTIONS, 64, 1),
    duration: number('duration', values.duration ?? env.BENCH_DURATION, quick ? 10 : 60, 1),
    warmup: number('warmup', values.warmup, quick ? 1 : 3, 0),
    signInCount: int('sign-in-count', values['sign-in-count'], quick ? 50 : 200, 1),
    faultConnections,
    faultBefore: quick ? 2 : 5,
    faultAfter: number('fault-after', values['fault-after'], quick ? 6 : 15, 1),
    down: number('down', values.down, 2, 0),
    terminations: int('terminations', values.terminations, quick ? 3 : 5, 1),
    terminateIntervalS: quick ? 1 : 2,
    slow,
    sigtermBefore: quick ? 2 : 3,
    pgCluster: values['pg-cluster'],
    databaseUrl: values['database-url'] ?? env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    logLevel: values['log-level'] ?? 'warn',
    writeJson: !values['no-json'],
  };
}

// ── Clean-up, also on Ctrl-C ────────────────────────────────────────────────────────────────────

/** Host processes still running: killed first when the bench stops early. */
const runningHosts = new Set();
/** Undo steps, run last-in first-out: start PostgreSQL again, then drop the bench database. */
const cleanups = [];

function addCleanup(name, fn) {
  const entry = { name, fn, done: false };
  cleanups.push(entry);
  return async () => {
    if (entry.done) return;
    entry.done = true;
    cleanups.splice(cleanups.indexOf(entry), 1);
    await fn();
  };
}

async function runCleanups() {
  for (const child of runningHosts) child.kill('SIGKILL');
  while (cleanups.length > 0) {
    const entry = cleanups.pop();
    if (entry.done) continue;
    entry.done = true;
    try {
      await entry.fn();
    } catch (error) {
      console.error(`! clean-up "${entry.name}" failed: ${error?.message ?? error}`);
    }
  }
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line = '') => console.log(line);
const progress = (text) => process.stdout.write(text);
const seconds = (ms, digits = 2) => (Number.isFinite(ms) ? (ms / 1000).toFixed(digits) : '–');
/** `  ` + the text with its runs of spaces squeezed (empty fields leave none behind). */
const squeeze = (text) => `  ${text.replace(/\s+/g, ' ').trim()}`;
const isOk = (r) => r.outcome === 'response' && r.status >= 200 && r.status < 300;
const sorted = (values) => Float64Array.from(values).sort();
const latencySummary = (values) => {
  const s = sorted(values);
  return {
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p99: percentile(s, 99),
    max: s.length ? s[s.length - 1] : Number.NaN,
  };
};

/** What the portal's fetch sends from a browser on the same origin (Chromium's Accept-Encoding). */
function browserHeaders(origin) {
  return {
    Accept: 'application/json',
    'Accept-Encoding': 'gzip, deflate, br, zstd',
    Origin: origin,
    'Sec-Fetch-Site': 'same-origin',
  };
}

/** An address per sign-in, as clients behind a load balancer (198.18.0.0/15 is for benchmarks). */
const clientAddress = (i, net = 18) => `198.${net}.${(i >> 8) & 255}.${i & 255}`;

/** Busy and total CPU ticks of the machine (/proc/stat), to tell how much other processes took. */
function machineTicks() {
  if (!existsSync('/proc/stat')) return null;
  const [cpu, ...t] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  if (cpu !== 'cpu') return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = t.map(Number);
  return {
    busy: user + nice + system + irq + softirq,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
  };
}

/** CPU ticks of a set of processes. */
const ticksOf = (pids) => new Map(pids.map((pid) => [pid, processTicks(pid)]));

/**
 * Measures a window: the host's CPU time, and the share of the machine other processes (not this
 * bench, the host or the bench database's backends) used meanwhile.
 */
async function cpuWindow(host, store) {
  const pids = async () => [process.pid, host.pid, ...(await store.backendPids().catch(() => []))];
  const machine0 = machineTicks();
  const host0 = processTicks(host.pid);
  const ours0 = ticksOf(await pids());
  const started = performance.now();
  return async () => {
    const wallMs = performance.now() - started;
    const hostMs = ((processTicks(host.pid) - host0) * 1000) / CLOCK_TICKS_PER_SECOND;
    const machine1 = machineTicks();
    let ours = 0;
    for (const pid of await pids()) ours += processTicks(pid) - (ours0.get(pid) ?? 0);
    const otherPercent =
      machine0 && machine1 && machine1.total > machine0.total
        ? (Math.max(0, machine1.busy - machine0.busy - ours) / (machine1.total - machine0.total)) * 100
        : null;
    return {
      wallMs,
      hostCpuMs: hostMs,
      hostCpuPercent: (hostMs / wallMs) * 100,
      otherCpuPercent: otherPercent,
    };
  };
}

const autocannon = requireFromHost('autocannon');
const AUTOCANNON_VERSION = requireFromHost('autocannon/package.json').version;

function cannon(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/** Waits `ms`, or until 1 s after the host exited. */
async function sleepWhileAlive(host, ms) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (host.exit && performance.now() - host.exit.at > 1_000) return;
    await sleep(Math.min(100, until - performance.now()));
  }
}

/** Polls /readyz until it answers 200; resolves with the last status (null: no answer). */
async function readyWithin(host, ms) {
  const until = performance.now() + ms;
  let status = null;
  while (performance.now() < until && !host.exit) {
    status = await getStatus(host.port, '/readyz', 2_000);
    if (status === 200) return status;
    await sleep(200);
  }
  return status;
}

/** A host crashed or exited: what it printed, for the report. */
function crashReport(host) {
  return host.exit
    ? {
        exit: { code: host.exit.code, signal: host.exit.signal },
        // Not a crash: a signal from another process on the machine stopped the host.
        foreignSignal: foreignSignal(host),
        stderrTail: host.stderr.lines(40),
        stdoutTail: host.stdout.lines(6).map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line)),
      }
    : null;
}

async function stopHost(host) {
  if (!host) return null;
  return stopCliHost(host);
}

// ── The route mix ───────────────────────────────────────────────────────────────────────────────

/**
 * Signs in as the demo customer (and staff, for a route the customer is refused) on this host, and
 * checks that every route of the mix answers 200 once; one that does not is left out and reported.
 */
async function prepareMix(ctx, host) {
  const headers = browserHeaders(host.url);
  const sessions = { customer: await signIn(host.url, ctx.customer.email, ctx.demoPassword) };
  const requests = [];
  const failures = [];
  for (const target of ctx.targets) {
    let as = 'customer';
    const withCookie = (who) => ({ ...headers, Cookie: sessions[who] });
    let check = await probe(host.url, target.path, withCookie(as));
    if (check.status === 403 && ctx.staff && target.errors.includes(403)) {
      sessions.staff ??= await signIn(host.url, ctx.staff.email, ctx.demoPassword);
      as = 'staff';
      check = await probe(host.url, target.path, withCookie(as));
    }
    if (check.status !== 200) {
      failures.push({
        id: target.id,
        path: target.path,
        status: check.status,
        body: check.body.slice(0, 300),
      });
      continue;
    }
    requests.push({ id: target.id, path: target.path, as, headers: { Cookie: sessions[as] } });
  }
  if (requests.length === 0) throw new BrokenError('no route of the mix answered 200');
  return { requests, failures, headers };
}

/** The mix as raw requests for bench/lib/http-load.mjs, each connection starting at another route. */
function mixRequests(mix) {
  const list = mix.requests.map((r) => ({
    id: r.id,
    path: r.path,
    headers: { ...mix.headers, ...r.headers },
  }));
  return (worker, n) => list[(worker + n) % list.length];
}

// ── 1. Load ─────────────────────────────────────────────────────────────────────────────────────

async function loadScenario(ctx) {
  const { options } = ctx;
  const host = await ctx.startHost('host (load)');
  const sampler = new RssSampler({ pid: host.pid, child: host.child });
  let result = null;
  try {
    const mix = await prepareMix(ctx, host);
    const rssIdle = procStatus(host.pid)?.rss ?? Number.NaN;
    const requests = mix.requests.map((r) => ({
      method: 'GET',
      path: r.path,
      headers: r.headers,
      routeId: r.id,
    }));
    const base = {
      url: host.url,
      connections: options.connections,
      headers: mix.headers,
      requests,
      timeout: 10,
      pipelining: 1,
    };
    progress(
      `… load: ${mix.requests.length} routes round-robin, ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s `,
    );
    sampler.resetHighWaterMark();
    const endWindow = sampler.window();
    if (options.warmup > 0) await cannon({ ...base, duration: options.warmup });
    const perRoute = new Map(
      mix.requests.map((r) => [
        r.id,
        { id: r.id, path: r.path, as: r.as, requests: 0, non2xx: 0, statuses: {}, ms: [] },
      ]),
    );
    const cpu = await cpuWindow(host, ctx.store);
    const r = await cannon({ ...base, duration: options.duration }, (client, status, _bytes, ms) => {
      const route = perRoute.get(client.requestIterator?.currentRequest?.routeId);
      if (!route) return;
      route.requests += 1;
      route.ms.push(ms);
      if (status < 200 || status >= 300) {
        route.non2xx += 1;
        route.statuses[status] = (route.statuses[status] ?? 0) + 1;
      }
    });
    const cpuUse = await cpu();
    endWindow();
    result = {
      routes: mix.requests.length,
      preflightFailures: mix.failures,
      connections: options.connections,
      durationS: options.duration,
      rps: r.requests.average,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statusCodes: Object.fromEntries(
        Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
      ),
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      hostCpuPercent: round(cpuUse.hostCpuPercent, 1),
      otherCpuPercent: cpuUse.otherCpuPercent === null ? null : round(cpuUse.otherCpuPercent, 1),
      rssMb: {
        idle: round(rssIdle / MB, 1),
        peak: round(sampler.peakUnderLoad() / MB, 1),
        after: round((procStatus(host.pid)?.rss ?? Number.NaN) / MB, 1),
      },
      rssMethod: sampler.hwmReset
        ? 'VmRSS every 100 ms + VmHWM reset before the warm-up'
        : 'VmRSS every 100 ms',
      perRoute: [...perRoute.values()].map(({ ms, ...route }) => ({
        ...route,
        latencyMs: latencySummary(ms),
      })),
      hostAlive: host.exit === null,
      crash: crashReport(host),
    };
    log(`${fmt.int(result.rps)} req/s`);
    return result;
  } finally {
    sampler.stop();
    const exit = await stopHost(host);
    if (result) result.stopExit = stopRecord(host, exit);
  }
}

// ── 2. Concurrent sign-ins ──────────────────────────────────────────────────────────────────────

async function signInScenario(ctx) {
  const { options } = ctx;
  const n = Math.min(options.signInCount, ctx.accounts);
  const host = await ctx.startHost('host (sign-ins)', { TRUST_PROXY: 'true' });
  const sampler = new RssSampler({ pid: host.pid, child: host.child });
  let result = null;
  try {
    const headers = { ...browserHeaders(host.url), 'Content-Type': 'application/json' };
    const rssBefore = procStatus(host.pid)?.rss ?? Number.NaN;
    progress(`… ${n} sign-ins at once (POST /api/auth/login, X-Forwarded-For each its own) `);
    sampler.resetHighWaterMark();
    const endWindow = sampler.window();
    const cpu = await cpuWindow(host, ctx.store);
    const records = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        send(
          host.url,
          false, // a connection of its own, as n users' browsers
          {
            id: 'sign-in',
            method: 'POST',
            path: '/api/auth/login',
            headers: { ...headers, 'X-Forwarded-For': clientAddress(i) },
            body: JSON.stringify({
              email: benchAccount(i, ctx.company).email,
              password: BENCH_ACCOUNT_PASSWORD,
            }),
          },
          { timeoutMs: 300_000, cookies: true },
        ),
      ),
    );
    const cpuUse = await cpu();
    endWindow();
    const rssPeak = sampler.peakUnderLoad();
    const succeeded = records.filter((r) => isOk(r) && r.status === 200 && r.cookies?.length > 0);
    // Each new session must work: GET /api/auth/me with its cookie.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const checks = await Promise.all(
      succeeded.map((r) =>
        send(host.url, agent, {
          id: 'me',
          path: '/api/auth/me',
          headers: { ...browserHeaders(host.url), Cookie: r.cookies.join('; ') },
        }),
      ),
    );
    agent.destroy();
    // Requests the deadline answered may still be computing their scrypt hash and then sign in.
    const hostCpuBefore = processTicks(host.pid);
    const busyAfterMs = await untilIdle(host.pid);
    const hostCpuAfterS = ((processTicks(host.pid) - hostCpuBefore) * 1) / CLOCK_TICKS_PER_SECOND;
    const times = records.map((r) => r.endAt - r.sentAt);
    result = {
      count: n,
      succeeded: succeeded.length,
      outcomes: countBy(records, (r) =>
        r.outcome === 'response'
          ? `${r.status}${r.status === 200 && !r.cookies?.length ? ' without cookie' : ''}`
          : `${r.outcome} ${r.code ?? ''}`.trim(),
      ),
      sessionsUsable: checks.filter((c) => c.status === 200).length,
      wallMs: Math.round(cpuUse.wallMs),
      latencyMs: latencySummary(times),
      firstAnswerMs: Math.round(Math.min(...times)),
      hostCpuS: round(cpuUse.hostCpuMs / 1000, 2),
      hostCpuPercent: round(cpuUse.hostCpuPercent, 0),
      otherCpuPercent: cpuUse.otherCpuPercent === null ? null : round(cpuUse.otherCpuPercent, 1),
      rssMb: { before: round(rssBefore / MB, 1), peak: round(rssPeak / MB, 1) },
      failures: groupFailures(records.filter((r) => !succeeded.includes(r))),
      hostBusyAfterAnswersMs: Math.round(busyAfterMs),
      hostCpuAfterAnswersS: round(hostCpuAfterS, 1),
      hostAlive: host.exit === null,
      crash: crashReport(host),
    };
    log(`${result.succeeded}/${n} in ${seconds(result.wallMs, 1)} s`);
    return result;
  } finally {
    sampler.stop();
    const exit = await stopHost(host);
    if (result) {
      result.stopExit = stopRecord(host, exit);
      // What the store holds afterwards: a sign-in the client saw fail may have signed in anyway.
      const counted = await accountsChild('sessions', ctx.accountsEnv).catch((error) => ({
        error: error.message,
      }));
      result.stored = counted;
    }
  }
}

/** The exit of a scenario's host when the bench stopped it (SIGTERM, as an operator would). */
function stopRecord(host, exit) {
  return exit
    ? {
        code: exit.code,
        signal: exit.signal,
        ...(exit.code !== 0 ? { stderrTail: host.stderr.lines(30), stdoutTail: host.stdout.lines(6) } : {}),
      }
    : null;
}

function summariseRecord(r) {
  return {
    id: r.id,
    outcome: r.outcome,
    status: r.status,
    code: r.code,
    message: r.message,
    ms: Math.round(r.endAt - r.sentAt),
    reused: r.reused,
    retryAfter: r.retryAfter,
    detail: problemDetail(r.body),
  };
}

/** The `detail` of a problem+json body (or the body's start). */
function problemDetail(body) {
  if (!body) return null;
  try {
    return JSON.parse(body).detail ?? body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

/** Failed requests grouped by what they got: count, time range, Retry-After and detail. */
function groupFailures(records) {
  const groups = new Map();
  for (const r of records) {
    const detail = problemDetail(r.body);
    const key = `${r.outcome}|${r.status}|${r.code}|${r.retryAfter}|${detail}`;
    const ms = r.endAt - r.sentAt;
    const g = groups.get(key) ?? {
      outcome: r.outcome,
      status: r.status,
      code: r.code,
      retryAfter: r.retryAfter,
      detail,
      count: 0,
      minMs: ms,
      maxMs: ms,
    };
    g.count += 1;
    g.minMs = Math.min(g.minMs, ms);
    g.maxMs = Math.max(g.maxMs, ms);
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count)
    .map((g) => ({ ...g, minMs: Math.round(g.minMs), maxMs: Math.round(g.maxMs) }));
}

/**
 * Waits until the process has used less than 10% of a core over half a second (up to `maxMs`);
 * resolves with the ms waited. The host may go on working on requests it has already answered.
 */
async function untilIdle(pid, maxMs = 60_000) {
  const started = performance.now();
  let ticks = processTicks(pid);
  while (performance.now() - started < maxMs) {
    await sleep(500);
    const now = processTicks(pid);
    const busyMs = ((now - ticks) * 1000) / CLOCK_TICKS_PER_SECOND;
    ticks = now;
    if (busyMs < 50) return performance.now() - started - 500;
  }
  return performance.now() - started;
}

// ── 3. PostgreSQL restarted / connections terminated under load ─────────────────────────────────

async function dbFaultScenario(ctx, fault) {
  const { options } = ctx;
  const host = await ctx.startHost(`host (${fault})`);
  let load = null;
  let result = null;
  try {
    const mix = await prepareMix(ctx, host);
    progress(
      `… ${fault === 'restart' ? 'PostgreSQL restart' : 'pg_terminate_backend'} under load: ${options.faultConnections} connections, ${options.faultBefore} s, then the fault, then ${options.faultAfter} s `,
    );
    load = startLoad({ baseUrl: host.url, connections: options.faultConnections, next: mixRequests(mix) });
    await sleep(options.faultBefore * 1000);
    const t0 = performance.now();
    const actions = [];
    let serverBackS = null;
    const act = (action, startedAt, extra) =>
      actions.push({ action, atS: round((startedAt - t0) / 1000, 3), ...extra });
    if (fault === 'restart') {
      ctx.touchCluster();
      const step = async (action) => {
        const started = performance.now();
        const result = await pgCtl(ctx.cluster, action);
        act(action, started, {
          ms: Math.round(result.ms),
          code: result.code,
          output: `${result.stdout}${result.stderr}`.trim().slice(0, 500),
        });
        if (result.code !== 0)
          throw new BrokenError(
            `pg_ctlcluster ${ctx.cluster.version} ${ctx.cluster.name} ${action} exited ${result.code}: ${result.stderr.trim()}`,
          );
      };
      if (options.down > 0) {
        await step('stop');
        await sleep(options.down * 1000);
        // When the server takes connections again, seen from a connection of the bench's own
        // (pg_ctlcluster start returns later: it waits for more than that).
        const back = waitForServer(ctx.adminUrl, 120_000).then(
          () => (performance.now() - t0) / 1000,
          () => null,
        );
        await step('start');
        serverBackS = await back;
      } else {
        await step('restart');
        serverBackS = (performance.now() - t0) / 1000;
      }
    } else {
      for (let k = 0; k < options.terminations; k++) {
        if (k > 0) await sleep(options.terminateIntervalS * 1000);
        const started = performance.now();
        const ended = await terminateBackends(ctx.adminUrl, ctx.store.database);
        act('terminate', started, { backendsEnded: ended });
      }
    }
    const faultEndS = (performance.now() - t0) / 1000;
    await sleepWhileAlive(host, options.faultAfter * 1000);
    const records = await load.stop();
    load = null;
    const alive = host.exit === null;
    const readyStatus = alive ? await readyWithin(host, 10_000) : null;
    const analysis = analyseFault(records, t0, host, serverBackS);
    log(
      alive
        ? `host alive, ${analysis.failed.total} failed requests`
        : `host DIED (${describeExit(host.exit)}) at +${seconds(analysis.hostExitS * 1000)} s`,
    );
    result = {
      fault,
      connections: options.faultConnections,
      routes: mix.requests.length,
      preflightFailures: mix.failures,
      cluster: fault === 'restart' ? `${ctx.cluster.version}/${ctx.cluster.name}` : null,
      downS: fault === 'restart' ? options.down : null,
      actions,
      faultEndS: round(faultEndS, 3),
      hostAlive: alive,
      readyAfter: readyStatus,
      crash: crashReport(host),
      ...analysis,
    };
    return result;
  } finally {
    if (load) await load.stop();
    const exit = await stopHost(host);
    if (result?.hostAlive) result.stopExit = stopRecord(host, exit);
    if (fault === 'restart') {
      const ensured = await ensureRunning(ctx.cluster);
      if (ensured.started)
        log(`… PostgreSQL ${ctx.cluster.version}/${ctx.cluster.name} was down: started it again`);
    }
  }
}

/** Classifies the requests of a fault run around t0 (the fault's start). */
function analyseFault(records, t0, host, serverBackS) {
  const rel = (t) => round((t - t0) / 1000, 3);
  const byEnd = [...records].sort((a, b) => a.endAt - b.endAt);
  const before = byEnd.filter((r) => r.endAt < t0);
  const after = byEnd.filter((r) => r.endAt >= t0);
  const failedBefore = before.filter((r) => !isOk(r));
  const failed = after.filter((r) => !isOk(r));
  const is503 = (r) => r.outcome === 'response' && r.status === 503;
  const s503 = failed.filter(is503);
  const problemJson = (r) => /^application\/problem\+json\b/.test(r.contentType ?? '');
  const kind = (r) =>
    r.outcome === 'response'
      ? `HTTP ${r.status}`
      : r.outcome === 'incomplete'
        ? `body cut (HTTP ${r.status})`
        : `${r.outcome}${r.code ? ` (${r.code})` : ''}`;
  const firstFailure = failed[0] ?? null;
  // Some routes answer without the database (/api/auth/me from the session cache, some of the
  // time): the first 200 again is that of a route that failed, and (when it is known when the
  // server took connections again) answered no 200 while the server was down.
  const downEnd = serverBackS === null ? null : t0 + serverBackS * 1000;
  const okWhileDown =
    firstFailure && downEnd !== null
      ? // (250 ms of slack: the bench polls the server every 100 ms, the host's pool may be quicker)
        after.filter((r) => isOk(r) && r.sentAt > firstFailure.endAt && r.endAt < downEnd - 250)
      : [];
  const servedWithoutDb = new Set(okWhileDown.map((r) => r.id));
  const failingRoutes = new Set(failed.map((r) => r.id).filter((id) => !servedWithoutDb.has(id)));
  const firstOk = firstFailure
    ? after.find((r) => isOk(r) && failingRoutes.has(r.id) && r.sentAt > firstFailure.endAt)
    : null;
  const lastFailure = failed.at(-1) ?? null;
  const recovered = !lastFailure || after.some((r) => r.endAt > lastFailure.endAt && isOk(r));
  const hostExitAt = host.exit?.at ?? null;
  // Per second from 1 s before the fault to 2 s after the last failure: what the clients saw.
  const timeline = [];
  if (records.length > 0) {
    const from = -1;
    const lastEnd = Math.ceil((byEnd.at(-1).endAt - t0) / 1000);
    const to = Math.min(lastEnd, Math.ceil(lastFailure ? (lastFailure.endAt - t0) / 1000 + 2 : 2));
    for (let s = from; s < to; s++) {
      const slice = after
        .concat(before)
        .filter((r) => r.endAt >= t0 + s * 1000 && r.endAt < t0 + (s + 1) * 1000);
      if (s >= 0 || slice.length > 0)
        timeline.push({
          second: s,
          requests: slice.length,
          ok: slice.filter(isOk).length,
          s503: slice.filter(is503).length,
          other: slice.filter((r) => !isOk(r) && !is503(r)).length,
        });
    }
  }
  return {
    requests: records.length,
    requestsBeforeFault: before.length,
    failedBeforeFault: failedBefore.length,
    failedBeforeFaultKinds: countBy(failedBefore, kind),
    failed: {
      total: failed.length,
      byKind: countBy(failed, kind),
      s503: s503.length,
      s503WithoutRetryAfter: s503.filter((r) => !r.retryAfter).length,
      s503NotProblemJson: s503.filter((r) => !problemJson(r)).length,
      other: failed.length - s503.length,
      afterHostExit: hostExitAt === null ? 0 : failed.filter((r) => r.sentAt >= hostExitAt).length,
      samples: failed
        .filter((r) => !is503(r) || !r.retryAfter || !problemJson(r))
        .slice(0, 10)
        .map((r) => ({
          ...summariseRecord(r),
          atS: rel(r.endAt),
          contentType: r.contentType,
          retryAfter: r.retryAfter,
        })),
    },
    firstFailureS: firstFailure ? rel(firstFailure.endAt) : null,
    firstOkAgainS: firstOk ? rel(firstOk.endAt) : null,
    serverBackS: serverBackS === null ? null : round(serverBackS, 3),
    failingRoutes: [...failingRoutes],
    okWhileDown: countBy(okWhileDown, (r) => r.id),
    // The longest requests that ended after the fault began: a request that waits out the outage
    // instead of failing fast shows here.
    slowest: [...after]
      .sort((a, b) => b.endAt - b.sentAt - (a.endAt - a.sentAt))
      .slice(0, 5)
      .map((r) => ({
        id: r.id,
        ms: Math.round(r.endAt - r.sentAt),
        status: r.status,
        outcome: r.outcome,
        endS: rel(r.endAt),
      })),
    okThroughoutRoutes: [...new Set(after.filter(isOk).map((r) => r.id))].filter(
      (id) => !failed.some((r) => r.id === id),
    ),
    steadyOkFromS: lastFailure && recovered ? rel(lastFailure.endAt) : lastFailure ? null : 0,
    recovered,
    hostExitS: hostExitAt === null ? null : rel(hostExitAt),
    rps: records.length / ((byEnd.at(-1)?.endAt - byEnd[0]?.sentAt) / 1000 || 1),
    timeline,
  };
}

// ── 4. SIGTERM under load ───────────────────────────────────────────────────────────────────────

async function sigtermScenario(ctx) {
  const { options } = ctx;
  const host = await ctx.startHost('host (SIGTERM)', { TRUST_PROXY: 'true' });
  let load = null;
  try {
    const mix = await prepareMix(ctx, host);
    const gets = mixRequests(mix);
    const slow = ctx.accounts > 0 ? options.slow : 0;
    let signIns = 0;
    const next = (worker, n) => {
      if (worker >= slow) return gets(worker, n);
      const i = signIns++;
      return {
        id: 'sign-in',
        method: 'POST',
        path: '/api/auth/login',
        headers: {
          ...mix.headers,
          'Content-Type': 'application/json',
          'X-Forwarded-For': clientAddress(i, 19),
        },
        body: JSON.stringify({
          email: benchAccount(i % ctx.accounts, ctx.company).email,
          password: BENCH_ACCOUNT_PASSWORD,
        }),
      };
    };
    progress(
      `… SIGTERM under load: ${options.faultConnections} connections (${slow} of them signing in), SIGTERM after ${options.sigtermBefore} s `,
    );
    load = startLoad({ baseUrl: host.url, connections: options.faultConnections, next, timeoutMs: 60_000 });
    await sleep(options.sigtermBefore * 1000);
    const inFlightSeen = load.inFlight().length;
    const diedBeforeSignal = host.exit !== null;
    const foreignBeforeSignal = diedBeforeSignal ? foreignSignal(host) : null;
    const tSig = performance.now();
    host.signal('SIGTERM');
    const limitMs = ctx.shutdownTimeoutMs + 10_000;
    const exit = await Promise.race([host.exited, sleep(limitMs).then(() => null)]);
    let killed = false;
    if (!exit) {
      killed = true;
      host.signal('SIGKILL');
      await host.exited;
    }
    await sleep(500); // a little more load against the closed port
    const records = await load.stop();
    load = null;

    const rel = (t) => round(t - tSig, 1);
    const inFlight = records.filter((r) => r.sentAt < tSig && r.endAt > tSig);
    const afterSig = records.filter((r) => r.sentAt >= tSig);
    const kind = (r) =>
      `${r.id === 'sign-in' ? 'sign-in ' : ''}${
        r.outcome === 'response'
          ? `HTTP ${r.status}`
          : `${r.outcome}${r.code ? ` (${r.code})` : ''}${r.reused ? ', reused keep-alive socket' : ''}`
      }`;
    const refused = afterSig.filter((r) => r.outcome === 'refused');
    const stdout = host.stdout.text;
    const result = {
      connections: options.faultConnections,
      slowConnections: slow,
      shutdownTimeoutMs: ctx.shutdownTimeoutMs,
      preflightFailures: mix.failures,
      requestsBeforeSignal: records.filter((r) => r.endAt <= tSig).length,
      inFlight: {
        total: inFlight.length,
        seenAtSignal: inFlightSeen,
        signIns: inFlight.filter((r) => r.id === 'sign-in').length,
        ok: inFlight.filter(isOk).length,
        non2xx: inFlight.filter((r) => r.outcome === 'response' && !isOk(r)).length,
        cut: inFlight.filter((r) => r.outcome !== 'response').length,
        byKind: countBy(inFlight, kind),
        lastEndMs: inFlight.length ? Math.round(Math.max(...inFlight.map((r) => r.endAt - tSig))) : null,
        cutSamples: inFlight
          .filter((r) => r.outcome !== 'response')
          .slice(0, 10)
          .map((r) => ({
            ...summariseRecord(r),
            sentBeforeSignalMs: rel(r.sentAt) * -1,
            endAfterSignalMs: rel(r.endAt),
          })),
      },
      afterSignal: {
        total: afterSig.length,
        ok: afterSig.filter(isOk).length,
        byKind: countBy(afterSig, kind),
        refused: refused.length,
        firstRefusedMs: refused.length ? Math.round(Math.min(...refused.map((r) => r.endAt - tSig))) : null,
        // Responses that told the client to close the connection (so it opens a new one, which
        // the closed port refuses, instead of sending more on this one).
        connectionClose: afterSig.filter((r) => r.outcome === 'response' && /close/i.test(r.connection ?? ''))
          .length,
        // Requests sent after SIGTERM on a connection the host then closed: when, and how long each
        // had waited (a long wait: the host was working on it when it cut the connection).
        resets: afterSig
          .filter((r) => r.outcome === 'reset' || r.outcome === 'incomplete')
          .slice(0, 200)
          .map((r) => ({ id: r.id, sentMs: Math.round(r.sentAt - tSig), endMs: Math.round(r.endAt - tSig) })),
      },
      exit: {
        code: host.exit.code,
        signal: host.exit.signal,
        killedByBench: killed,
        diedBeforeSignal,
        foreignSignal: foreignBeforeSignal,
      },
      exitMs: Math.round(host.exit.at - tSig),
      printedStopped: /^Stopped\.$/m.test(stdout),
      printedSignal: /SIGTERM received/.test(stdout),
      // When the host printed "Stopped." (server closed, store closed), and when the last response
      // and the last connection reset after SIGTERM reached the clients: the server closes once
      // its last connection has, so keep-alive connections still being served hold the exit back.
      stoppedMs: markMs(host.stdout.marks, /^Stopped\./, tSig),
      lastResponseMs: lastMs(
        records.filter((r) => r.outcome === 'response'),
        tSig,
      ),
      lastResetMs: lastMs(
        records.filter((r) => r.outcome === 'reset' || r.outcome === 'incomplete'),
        tSig,
      ),
      stderrTail: host.stderr.lines(40),
    };
    log(
      `${result.inFlight.total} in flight: ${result.inFlight.ok} finished 2xx, ${result.inFlight.cut} cut; host stopped (${describeExit(host.exit)}) after ${result.exitMs} ms`,
    );
    return result;
  } finally {
    if (load) await load.stop();
    await stopHost(host);
  }
}

const markMs = (marks, pattern, since) => {
  const mark = marks.find((m) => pattern.test(m.line) && m.at >= since);
  return mark ? Math.round(mark.at - since) : null;
};
const lastMs = (records, since) =>
  records.length ? Math.round(Math.max(...records.map((r) => r.endAt)) - since) : null;

// ── Report ──────────────────────────────────────────────────────────────────────────────────────

function printLoad(r) {
  log();
  log(
    `Load — ${r.connections} connections, ${r.durationS} s, ${r.routes} routes round-robin on each connection`,
  );
  log(
    table(
      [r],
      [
        { title: 'req/s', value: (x) => fmt.int(x.rps) },
        { title: 'requests', value: (x) => fmt.int(x.requests) },
        { title: 'non-2xx', value: (x) => fmt.int(x.non2xx) },
        { title: 'errors', value: (x) => fmt.int(x.errors) },
        { title: 'timeouts', value: (x) => fmt.int(x.timeouts) },
        { title: 'p50 ms', value: (x) => fmt.ms(x.latencyMs.p50) },
        { title: 'p90 ms', value: (x) => fmt.ms(x.latencyMs.p90) },
        { title: 'p99 ms', value: (x) => fmt.ms(x.latencyMs.p99) },
        { title: 'max ms', value: (x) => fmt.ms(x.latencyMs.max) },
        { title: 'host CPU', value: (x) => `${fmt.int(x.hostCpuPercent)}%` },
        {
          title: 'other CPU',
          value: (x) => (x.otherCpuPercent === null ? '–' : `${fmt.int(x.otherCpuPercent)}%`),
        },
        { title: 'RSS idle MB', value: (x) => fmt.int(x.rssMb.idle) },
        { title: 'RSS peak MB', value: (x) => fmt.int(x.rssMb.peak) },
        { title: 'RSS after MB', value: (x) => fmt.int(x.rssMb.after) },
      ],
    ),
  );
  log();
  log(
    table(r.perRoute, [
      { title: 'route', align: 'left', value: (x) => `${x.path}${x.as === 'staff' ? ' (staff)' : ''}` },
      { title: 'requests', value: (x) => fmt.int(x.requests) },
      { title: 'non-2xx', value: (x) => (x.non2xx ? `${x.non2xx} ${JSON.stringify(x.statuses)}` : '0') },
      { title: 'p50 ms', value: (x) => fmt.ms(x.latencyMs.p50) },
      { title: 'p99 ms', value: (x) => fmt.ms(x.latencyMs.p99) },
      { title: 'max ms', value: (x) => fmt.ms(x.latencyMs.max) },
    ]),
  );
  if (r.otherCpuPercent >= 10)
    log(
      `Note: other processes used ${fmt.int(r.otherCpuPercent)}% of the machine's CPU meanwhile: req/s and latency are low.`,
    );
  printCrash(r);
}

function printSignIns(r) {
  log();
  log(`Sign-ins — ${r.count} × POST /api/auth/login at once, each on its own connection and address`);
  log(
    table(
      [r],
      [
        { title: 'succeeded', value: (x) => `${x.succeeded}/${x.count}` },
        {
          title: 'answers',
          align: 'left',
          value: (x) =>
            Object.entries(x.outcomes)
              .map(([k, v]) => `${k}×${v}`)
              .join(' '),
        },
        { title: 'sessions OK', value: (x) => `${x.sessionsUsable}/${x.succeeded}` },
        { title: 'wall s', value: (x) => seconds(x.wallMs) },
        { title: 'first ms', value: (x) => fmt.int(x.firstAnswerMs) },
        { title: 'p50 ms', value: (x) => fmt.int(x.latencyMs.p50) },
        { title: 'p99 ms', value: (x) => fmt.int(x.latencyMs.p99) },
        { title: 'max ms', value: (x) => fmt.int(x.latencyMs.max) },
        { title: 'host CPU s', value: (x) => x.hostCpuS.toFixed(1) },
        { title: 'host CPU', value: (x) => `${fmt.int(x.hostCpuPercent)}%` },
        {
          title: 'other CPU',
          value: (x) => (x.otherCpuPercent === null ? '–' : `${fmt.int(x.otherCpuPercent)}%`),
        },
        { title: 'RSS before MB', value: (x) => fmt.int(x.rssMb.before) },
        { title: 'RSS peak MB', value: (x) => fmt.int(x.rssMb.peak) },
      ],
    ),
  );
  for (const f of r.failures)
    log(
      squeeze(
        `✗ ${f.count} × ${f.outcome === 'response' ? `HTTP ${f.status}` : `${f.outcome} ${f.code ?? ''}`}${f.retryAfter ? ` (Retry-After ${f.retryAfter})` : ''}${f.detail ? ` “${f.detail}”` : ''} after ${fmt.int(f.minMs)}–${fmt.int(f.maxMs)} ms`,
      ),
    );
  log(
    `  the host worked on for ${seconds(r.hostBusyAfterAnswersMs, 1)} s after the last answer (${r.hostCpuAfterAnswersS.toFixed(1)} s of CPU)${r.stored?.sessions === undefined ? '' : `; the store then held ${r.stored.sessions} sessions of these accounts and ${r.stored.signInAudits} auth.sign_in audit rows (${r.succeeded} sign-ins answered 200)`}`,
  );
  printCrash(r);
}

function printFault(r) {
  const what =
    r.fault === 'restart'
      ? `PostgreSQL ${r.cluster} ${r.downS > 0 ? `stopped for ${r.downS} s, then started` : 'restarted'}`
      : `pg_terminate_backend() on the bench database's connections, ${r.actions.length} times`;
  log();
  log(`Database fault — ${what}, under load (${r.connections} connections, ${r.routes} routes)`);
  log(
    `  actions (s from the fault's start): ${r.actions
      .map((a) =>
        a.action === 'terminate'
          ? `terminate @${a.atS.toFixed(2)} (${a.backendsEnded} backends)`
          : `${a.action} @${a.atS.toFixed(2)} (${a.ms} ms, exit ${a.code})`,
      )
      .join(', ')}`,
  );
  log(
    table(
      [r],
      [
        {
          title: 'host',
          align: 'left',
          value: (x) =>
            x.hostAlive ? `alive, /readyz ${x.readyAfter ?? '–'}` : `DIED ${describeExit(x.crash?.exit)}`,
        },
        { title: 'requests', value: (x) => fmt.int(x.requests) },
        { title: 'req/s', value: (x) => fmt.int(x.rps) },
        { title: 'failed', value: (x) => fmt.int(x.failed.total) },
        { title: '503', value: (x) => fmt.int(x.failed.s503) },
        { title: '503 w/o Retry-After', value: (x) => fmt.int(x.failed.s503WithoutRetryAfter) },
        { title: '503 not problem+json', value: (x) => fmt.int(x.failed.s503NotProblemJson) },
        { title: 'other failures', value: (x) => fmt.int(x.failed.other) },
        { title: 'first failure s', value: (x) => fmtS(x.firstFailureS) },
        { title: 'DB back s', value: (x) => fmtS(x.serverBackS) },
        { title: 'first 200 again s', value: (x) => fmtS(x.firstOkAgainS) },
        { title: 'steady 200s from s', value: (x) => (x.recovered ? fmtS(x.steadyOkFromS) : 'never') },
      ],
    ),
  );
  if (Object.keys(r.failed.byKind).length > 0)
    log(
      `  failed requests by kind: ${Object.entries(r.failed.byKind)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ')}`,
    );
  if (Object.keys(r.okWhileDown).length > 0)
    log(
      `  answered 200 while the server was down: ${Object.entries(r.okWhileDown)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ')}`,
    );
  if (r.slowest.length > 0)
    log(
      `  longest requests: ${r.slowest
        .map(
          (x) =>
            `${x.id} ${fmt.int(x.ms)} ms (${x.outcome === 'response' ? x.status : x.outcome}, ended +${x.endS.toFixed(2)} s)`,
        )
        .join(', ')}`,
    );
  if (r.okThroughoutRoutes.length > 0)
    log(`  never failed (no database needed): ${r.okThroughoutRoutes.join(', ')}`);
  if (r.failedBeforeFault > 0)
    log(
      `  ✗ ${r.failedBeforeFault} requests failed before the fault: ${JSON.stringify(r.failedBeforeFaultKinds)}`,
    );
  if (r.failed.afterHostExit > 0)
    log(`  (${r.failed.afterHostExit} of the failures were sent after the host had exited)`);
  for (const s of r.failed.samples.slice(0, 5))
    log(
      squeeze(
        `e.g. +${s.atS.toFixed(2)} s ${s.id}: ${s.outcome} ${s.status ?? ''} ${s.code ?? ''} ${s.message ?? ''} content-type=${s.contentType ?? '–'} retry-after=${s.retryAfter ?? '–'}`,
      ),
    );
  if (r.timeline.length > 0) {
    log("  per second (by completion, from the fault's start):");
    log(
      table(r.timeline, [
        { title: '  s', value: (x) => `${x.second >= 0 ? '+' : ''}${x.second}` },
        { title: 'requests', value: (x) => fmt.int(x.requests) },
        { title: '2xx', value: (x) => fmt.int(x.ok) },
        { title: '503', value: (x) => fmt.int(x.s503) },
        { title: 'other', value: (x) => fmt.int(x.other) },
      ])
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n'),
    );
  }
  printCrash(r);
}

const fmtS = (s) => (s === null || s === undefined ? '–' : `+${s.toFixed(2)}`);

function printSigterm(r) {
  log();
  log(
    `SIGTERM under load — ${r.connections} connections (${r.slowConnections} signing in), SHUTDOWN_TIMEOUT_MS ${r.shutdownTimeoutMs}`,
  );
  const f = r.inFlight;
  log(
    table(
      [r],
      [
        { title: 'in flight', value: () => fmt.int(f.total) },
        { title: 'of them sign-ins', value: () => fmt.int(f.signIns) },
        { title: 'finished 2xx', value: () => fmt.int(f.ok) },
        { title: 'finished non-2xx', value: () => fmt.int(f.non2xx) },
        { title: 'cut', value: () => fmt.int(f.cut) },
        { title: 'last done ms', value: () => fmt.int(f.lastEndMs) },
        { title: 'sent after', value: (x) => fmt.int(x.afterSignal.total) },
        { title: 'served 2xx', value: (x) => fmt.int(x.afterSignal.ok) },
        { title: 'refused', value: (x) => fmt.int(x.afterSignal.refused) },
        {
          title: 'exit',
          align: 'left',
          value: (x) => describeExit(x.exit) + (x.exit.killedByBench ? ' (bench SIGKILL)' : ''),
        },
        { title: 'exit ms', value: (x) => fmt.int(x.exitMs) },
      ],
    ),
  );
  log(
    `  in flight at SIGTERM: ${
      Object.entries(f.byKind)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ') || 'none'
    }`,
  );
  log(
    `  sent after SIGTERM: ${
      Object.entries(r.afterSignal.byKind)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ') || 'none'
    }${r.afterSignal.firstRefusedMs === null ? '' : `; first refused connection ${r.afterSignal.firstRefusedMs} ms after SIGTERM`}`,
  );
  log(
    `  host printed: ${r.printedSignal ? '"SIGTERM received…"' : 'no SIGTERM line'}, ${r.printedStopped ? `"Stopped." ${r.stoppedMs ?? '?'} ms after SIGTERM` : 'no "Stopped." line'}; last response to a client ${r.lastResponseMs ?? '–'} ms, last connection reset ${r.lastResetMs ?? '–'} ms after SIGTERM`,
  );
  const resets = r.afterSignal.resets;
  if (resets.length > 0) {
    const waited = resets.map((x) => x.endMs - x.sentMs);
    log(
      `  connections reset under requests sent after SIGTERM: ${resets.length}, ${Math.min(...resets.map((x) => x.endMs))}–${Math.max(...resets.map((x) => x.endMs))} ms after SIGTERM, after waiting ${Math.min(...waited)}–${Math.max(...waited)} ms (${resets.filter((x) => x.endMs - x.sentMs >= 50).length} waited ≥ 50 ms: cut while the host worked on them)`,
    );
  }
  if (f.lastEndMs !== null && r.exitMs - f.lastEndMs > 2_000)
    log(
      `  note: the host exited ${fmt.int(r.exitMs - f.lastEndMs)} ms after the last in-flight request finished: it kept serving ${fmt.int(r.afterSignal.ok)} requests sent after SIGTERM on open keep-alive connections (${fmt.int(r.afterSignal.connectionClose)} of the responses said Connection: close) until ${fmt.int(r.lastResponseMs)} ms`,
    );
  for (const c of f.cutSamples.slice(0, 5))
    log(
      squeeze(
        `✗ cut: ${c.id} sent ${c.sentBeforeSignalMs} ms before SIGTERM, ended ${c.endAfterSignalMs} ms after: ${c.outcome} ${c.code ?? ''} ${c.message ?? ''}${c.reused ? ' (reused socket)' : ''}`,
      ),
    );
  if (r.exit.code !== 0 && r.stderrTail.length > 0)
    log(
      `  host stderr (last ${r.stderrTail.length} lines):\n${r.stderrTail.map((l) => `    ${l}`).join('\n')}`,
    );
}

function printCrash(r) {
  const stop = r.stopExit;
  if (stop && stop.code !== 0) {
    log(`  ✗ stopped with SIGTERM after the scenario, the host ${describeExit(stop)}`);
    if (stop.stderrTail?.length)
      log(
        `  host stderr (last ${stop.stderrTail.length} lines):\n${stop.stderrTail.map((l) => `    ${l}`).join('\n')}`,
      );
  }
  if (!r.crash) return;
  log(
    r.crash.foreignSignal
      ? `  ✗ the host was stopped by ${r.crash.foreignSignal}, which this bench did not send: another process on the machine disturbed the run (rerun it); ${describeExit(r.crash.exit)}`
      : `  ✗ the host exited: ${describeExit(r.crash.exit)}`,
  );
  if (r.crash.stderrTail.length)
    log(
      `  host stderr (last ${r.crash.stderrTail.length} lines):\n${r.crash.stderrTail.map((l) => `    ${l}`).join('\n')}`,
    );
  if (r.crash.stdoutTail.length)
    log(
      `  host stdout (last ${r.crash.stdoutTail.length} lines):\n${r.crash.stdoutTail.map((l) => `    ${l.slice(0, 300)}`).join('\n')}`,
    );
}

/** Verdict lines: `broken` ones fail the run (exit 1); budgets only print FAIL. */
function judge(storeKind, results, options) {
  const verdicts = [];
  const add = (name, pass, detail, kind = 'broken', applies = true) =>
    verdicts.push({ name, pass, detail, kind, applies });
  const onPglite = storeKind === 'pglite';
  if (results.load) {
    const r = results.load;
    if (r.error) add('load errors = 0', false, r.error);
    else {
      const bad = r.errors + r.timeouts + r.non2xx + r.preflightFailures.length;
      add(
        'load errors = 0',
        bad === 0 && r.hostAlive,
        `${fmt.int(r.errors)} errors, ${fmt.int(r.timeouts)} timeouts, ${fmt.int(r.non2xx)} non-2xx of ${fmt.int(r.requests)} requests${r.preflightFailures.length ? `; ${r.preflightFailures.length} route(s) not 200 before the load: ${r.preflightFailures.map((f) => `${f.id} ${f.status}`).join(', ')}` : ''}${r.hostAlive ? '' : `; host ${describeExit(r.crash?.exit)}${r.crash?.foreignSignal ? ` (stopped by ${r.crash.foreignSignal} from another process: rerun)` : ''}`}`,
      );
      add(
        `embedded store RSS ≤ ${BUDGETS.maxEmbeddedRssMb} MB under load`,
        r.rssMb.peak <= BUDGETS.maxEmbeddedRssMb,
        `peak ${fmt.int(r.rssMb.peak)} MB at ${r.connections} connections`,
        'budget',
        onPglite,
      );
    }
  }
  if (results.signIns) {
    const r = results.signIns;
    const name = `sign-ins ${options.signInCount}/${options.signInCount}`;
    if (r.error) add(name, false, r.error);
    else {
      add(
        `sign-ins ${r.count}/${r.count}`,
        r.succeeded === r.count && r.sessionsUsable === r.succeeded && r.count === options.signInCount,
        `${r.succeeded} succeeded (${Object.entries(r.outcomes)
          .map(([k, v]) => `${k} × ${v}`)
          .join(
            ', ',
          )}), ${r.sessionsUsable} sessions usable, ${seconds(r.wallMs)} s, p99 ${fmt.int(r.latencyMs.p99)} ms${r.count < options.signInCount ? `; only ${r.count} accounts` : ''}`,
      );
      add(
        `embedded store RSS ≤ ${BUDGETS.maxEmbeddedRssMb} MB during sign-ins`,
        r.rssMb.peak <= BUDGETS.maxEmbeddedRssMb,
        `peak ${fmt.int(r.rssMb.peak)} MB`,
        'budget',
        onPglite,
      );
    }
  }
  for (const r of results.dbFaults ?? []) {
    const label = r.fault === 'restart' ? 'restart' : 'pg_terminate_backend';
    if (r.error) {
      add(`host survives ${label}`, false, r.error);
      continue;
    }
    add(
      `host survives ${label}`,
      r.hostAlive && r.readyAfter === 200 && r.recovered,
      r.hostAlive
        ? `alive, /readyz ${r.readyAfter ?? 'no answer'} after the load${r.recovered ? `, 200s again from +${r.firstOkAgainS?.toFixed(2) ?? '0'} s, steady from ${fmtS(r.steadyOkFromS)} s` : ', never answered 200 again'}`
        : r.crash?.foreignSignal
          ? `host stopped by ${r.crash.foreignSignal} from another process (not the bench) at +${r.hostExitS?.toFixed(2)} s after the fault began: disturbed run, not a verdict on the host; rerun`
          : `host ${describeExit(r.crash?.exit)} at +${r.hostExitS?.toFixed(2)} s after the fault began`,
    );
    add(
      `${label}: failed requests are 503 + Retry-After + problem+json`,
      r.failed.other === 0 &&
        r.failed.s503WithoutRetryAfter === 0 &&
        r.failed.s503NotProblemJson === 0 &&
        r.failedBeforeFault === 0,
      `${fmt.int(r.failed.s503)} × 503 (${r.failed.s503WithoutRetryAfter} without Retry-After, ${r.failed.s503NotProblemJson} not problem+json), ${fmt.int(r.failed.other)} other failures${
        r.failed.other
          ? ` (${Object.entries(r.failed.byKind)
              .filter(([k]) => k !== 'HTTP 503')
              .map(([k, v]) => `${k} × ${v}`)
              .join(', ')})`
          : ''
      }`,
    );
  }
  if (results.dbFaultSkipped) add('database faults', true, results.dbFaultSkipped, 'info');
  // A host that exits non-zero when the bench stops it after a scenario (only shown when it does).
  const stops = [
    ['load', results.load],
    ['sign-ins', results.signIns],
    ...(results.dbFaults ?? []).map((r) => [r.fault, r]),
  ];
  for (const [name, r] of stops)
    if (r?.stopExit && r.stopExit.code !== 0)
      add(`host exits 0 on SIGTERM after ${name}`, false, describeExit(r.stopExit));
  if (results.sigterm) {
    const r = results.sigterm;
    if (r.error) add('SIGTERM: in-flight requests finish', false, r.error);
    else {
      const f = r.inFlight;
      add(
        'SIGTERM: in-flight requests finish',
        f.total > 0 && f.cut === 0 && f.non2xx === 0,
        `${f.total} in flight (${f.signIns} sign-ins): ${f.ok} finished 2xx, ${f.non2xx} non-2xx, ${f.cut} cut`,
      );
      add(
        'SIGTERM: host exits 0',
        r.exit.code === 0 && !r.exit.killedByBench && !r.exit.diedBeforeSignal,
        r.exit.diedBeforeSignal
          ? `the host had already exited (${describeExit(r.exit)}${r.exit.foreignSignal ? `, stopped by ${r.exit.foreignSignal} from another process` : ''}) before SIGTERM`
          : `${describeExit(r.exit)}${r.exit.killedByBench ? ' (still running after SHUTDOWN_TIMEOUT_MS + 10 s: killed)' : ''} ${r.exitMs} ms after SIGTERM`,
      );
    }
  }
  return verdicts;
}

// ── Main ────────────────────────────────────────────────────────────────────────────────────────

async function runStore(storeKind, shared) {
  const { options } = shared;
  const startedAt = new Date();
  log();
  log(`━━ ${storeKind === 'pglite' ? 'embedded store (PGlite)' : 'PostgreSQL'} ━━`);
  const store = await prepareStoreFor({ store: storeKind, databaseUrl: options.databaseUrl });
  const dropStore = addCleanup(`remove the bench store (${store.label})`, () => store.cleanup());
  log(`… store: ${store.label}`);
  const nodeFlags =
    shared.passedHostEnv.NODE_OPTIONS === undefined && storeKind === 'pglite'
      ? [...shared.EMBEDDED_STORE_NODE_FLAGS]
      : [];
  let startPostgresAgain = null;
  const ctx = {
    options,
    store,
    storeKind,
    targets: shared.targets,
    customer: shared.customer,
    staff: shared.staff,
    demoPassword: shared.DEMO_PASSWORD,
    company: shared.ACME,
    accounts: 0,
    /** The environment bench/lib/accounts.mjs opens the store with (as the host's). */
    accountsEnv: { ...shared.baseEnv, ...shared.passedHostEnv, ...store.env },
    cluster: shared.cluster,
    adminUrl: options.databaseUrl,
    shutdownTimeoutMs: Number(shared.passedHostEnv.SHUTDOWN_TIMEOUT_MS ?? 10_000),
    /** Before the first pg_ctlcluster call: the server is started again whatever happens next. */
    touchCluster() {
      startPostgresAgain ??= addCleanup('start PostgreSQL again', async () => {
        const ensured = await ensureRunning(shared.cluster);
        if (ensured.started)
          console.error(
            `! PostgreSQL ${shared.cluster.version}/${shared.cluster.name} was down: started it again`,
          );
        else if (ensured.error || (ensured.code !== undefined && ensured.code !== 0))
          console.error(`! could not start PostgreSQL again: ${ensured.error ?? ensured.output}`);
      });
    },
    async startHost(label, extraEnv = {}) {
      const port = await freePort();
      const env = {
        ...shared.baseEnv,
        ...shared.passedHostEnv,
        ...store.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        DEMO: 'true',
        LOG_LEVEL: options.logLevel,
        COOKIE_SECURE: 'false',
        AUTH_MODE: 'local',
        ...extraEnv,
      };
      return startCliHost({
        env,
        port,
        nodeFlags,
        label,
        onSpawn: (child) => {
          runningHosts.add(child);
          child.on('exit', () => runningHosts.delete(child));
        },
      });
    },
  };
  const results = {};
  const meta = {};
  try {
    // First boot on the empty store (migrations, demo seed), stopped with SIGTERM: the scenarios
    // start the host again on the prepared store, as a host runs after any restart.
    log(
      `… host: node ${[...nodeFlags, 'packages/host-express/dist/cli.js', 'start'].join(' ')} (LOG_LEVEL=${options.logLevel})`,
    );
    const first = await ctx.startHost('host (first boot)');
    meta.firstBoot = {
      readyMs: Math.round(first.readyMs),
      rssPeakMb: round((procStatus(first.pid)?.hwm ?? Number.NaN) / MB, 1),
    };
    const firstExit = await stopCliHost(first);
    meta.firstBoot.exit = firstExit;
    log(
      `… first boot (migrate + demo seed) ready in ${seconds(first.readyMs, 1)} s, RSS peak ${fmt.int(meta.firstBoot.rssPeakMb)} MB; stopped (${describeExit(firstExit)})`,
    );
    if (options.scenarios.includes('sign-ins') || options.scenarios.includes('sigterm')) {
      const count = options.scenarios.includes('sign-ins') ? Math.max(options.signInCount, options.slow) : 50;
      const seeded = await accountsChild('add', {
        ...ctx.accountsEnv,
        BENCH_ACCOUNTS: String(count),
        BENCH_ACCOUNT_PASSWORD,
      });
      ctx.accounts = count;
      meta.accounts = { count, ...seeded };
      log(
        `… added ${count} customer accounts (bench-001@${shared.ACME}.example …) in ${seconds(seeded.ms, 1)} s (one scrypt hash: ${seeded.hashMs} ms)`,
      );
    }
    const attempt = async (name, fn) => {
      try {
        return await fn();
      } catch (error) {
        if (!(error instanceof BrokenError)) throw error;
        console.error(`\n✗ ${name}: ${error.message}`);
        return { error: error.message.split('\n')[0], errorDetail: error.message };
      }
    };
    if (options.scenarios.includes('load')) results.load = await attempt('load', () => loadScenario(ctx));
    if (options.scenarios.includes('sign-ins'))
      results.signIns = await attempt('sign-ins', () => signInScenario(ctx));
    if (options.scenarios.includes('db-fault')) {
      if (storeKind !== 'postgres')
        results.dbFaultSkipped = 'not run on the embedded store (PostgreSQL only)';
      else {
        results.dbFaults = [];
        for (const fault of options.faults) {
          if (fault === 'restart' && !ctx.cluster) {
            results.dbFaults.push({
              fault,
              error: `no PostgreSQL cluster found for ${redactUrl(options.databaseUrl)} (pg_lsclusters); use --pg-cluster <version>/<name>`,
            });
            continue;
          }
          const r = await attempt(`database fault (${fault})`, () => dbFaultScenario(ctx, fault));
          results.dbFaults.push({ fault, ...r });
        }
      }
    }
    if (options.scenarios.includes('sigterm'))
      results.sigterm = await attempt('SIGTERM', () => sigtermScenario(ctx));
  } finally {
    for (const child of runningHosts) child.kill('SIGKILL');
    // PostgreSQL up again (if a fault left it down) before the bench database is dropped.
    if (startPostgresAgain) await startPostgresAgain();
    await dropStore();
  }

  if (results.load && !results.load.error) printLoad(results.load);
  if (results.signIns && !results.signIns.error) printSignIns(results.signIns);
  for (const r of results.dbFaults ?? []) if (!r.error) printFault(r);
  if (results.sigterm && !results.sigterm.error) printSigterm(results.sigterm);

  const verdicts = judge(storeKind, results, options);
  log();
  for (const v of verdicts) {
    const tag =
      v.kind === 'info' ? 'skip' : v.applies ? (v.pass ? 'PASS' : 'FAIL') : v.pass ? 'pass' : 'over';
    const note =
      v.kind === 'budget' && !v.applies
        ? ' (budget for the embedded store: not judged on PostgreSQL)'
        : v.kind === 'budget' && options.quick
          ? ' (quick run)'
          : '';
    log(`${tag.padEnd(4)}  [${storeKind}] ${v.name}: ${v.detail}${note}`);
  }
  const broken = verdicts.filter((v) => v.kind === 'broken' && !v.pass).map((v) => `${v.name}: ${v.detail}`);

  if (options.writeJson) {
    const dir = join(benchDir, 'results');
    mkdirSync(dir, { recursive: true });
    const stamp = startedAt
      .toISOString()
      .replace(/[:]/g, '-')
      .replace(/\.\d+Z$/, 'Z');
    const file = join(dir, `faults-${storeKind}-${stamp}.json`);
    const json = {
      meta: {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        store: { kind: storeKind, label: store.label, serverVersion: store.serverVersion ?? null },
        options: { ...options, stores: undefined, databaseUrl: redactUrl(options.databaseUrl) },
        hostNodeFlags: nodeFlags,
        hostEnv: shared.passedHostEnv,
        node: process.version,
        platform: `${platform()} ${release()}`,
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? null,
        totalMemMb: Math.round(totalmem() / MB),
        loadAverage1m: { before: shared.loadAtStart, after: loadavg()[0] },
        autocannon: AUTOCANNON_VERSION,
        git: gitInfo(),
        buildWarnings: shared.warnings,
        budgets: BUDGETS,
        ...meta,
      },
      ...results,
      verdicts,
      broken,
    };
    writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
    log(`Results: ${relative(process.cwd(), file) || file}`);
  }
  return { storeKind, verdicts, broken };
}

/** bench/lib/accounts.mjs `command` in a process of its own; resolves with its JSON line. */
function accountsChild(command, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(benchDir, 'lib', 'accounts.mjs'), command], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(
          new BrokenError(`bench/lib/accounts.mjs ${command} failed (exit ${code}):\n${err.trim()}`),
        );
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch {
        reject(new BrokenError(`bench/lib/accounts.mjs ${command} printed no result:\n${out}\n${err}`));
      }
    });
  });
}

async function main(options) {
  const warnings = checkBuild();
  for (const w of warnings) console.error(`! ${w}`);
  const { routes, fillPath } = await import(apiClientDistUrl);
  const hostModule = await import(hostDistUrl);
  const { ACME, CONFIG_VARIABLES, DEMO_FIXTURES, DEMO_PASSWORD, DEMO_SIGN_INS, EMBEDDED_STORE_NODE_FLAGS } =
    hostModule;
  // The mix: the contract's session GET routes and /api/auth/me (not the health probes: /readyz is
  // meant to answer 503 while the database is down or the host drains).
  const targets = buildTargets(routes, fillPath, DEMO_FIXTURES).filter((t) => t.kind === 'contract');
  const baseEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  for (const name of CONFIG_VARIABLES) delete baseEnv[name];
  const passedHostEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('BENCH_HOST_') && value !== undefined)
      passedHostEnv[name.slice('BENCH_HOST_'.length)] = value;
  }
  const needsCluster =
    options.stores.includes('postgres') &&
    options.scenarios.includes('db-fault') &&
    options.faults.includes('restart');
  const cluster = needsCluster ? await findCluster(options.databaseUrl, options.pgCluster) : null;

  log(
    `Client Portal host — load and faults: ${options.scenarios.join(', ')} on ${options.stores.join(' and ')}${options.quick ? ' (quick)' : ''}`,
  );
  log(
    `Node ${process.version} on ${platform()} ${release()}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, autocannon ${AUTOCANNON_VERSION}, NODE_ENV=${baseEnv.NODE_ENV}`,
  );
  if (needsCluster)
    log(
      cluster
        ? `Note: the restart fault stops PostgreSQL ${cluster.version}/${cluster.name} (port ${cluster.port}) for ${options.down} s: every other client of that server loses its connections.`
        : `Note: no PostgreSQL cluster found for ${redactUrl(options.databaseUrl)}: the restart fault cannot run (--pg-cluster).`,
    );
  const shared = {
    options,
    targets,
    customer:
      DEMO_SIGN_INS.find((a) => a.email === 'demo@acme.example') ??
      DEMO_SIGN_INS.find((a) => a.role === 'customer'),
    staff: DEMO_SIGN_INS.find((a) => a.role === 'staff'),
    DEMO_PASSWORD,
    ACME,
    EMBEDDED_STORE_NODE_FLAGS,
    baseEnv,
    passedHostEnv,
    cluster,
    warnings,
    loadAtStart: loadavg()[0],
  };
  const outcomes = [];
  for (const storeKind of options.stores) outcomes.push(await runStore(storeKind, shared));

  const broken = outcomes.flatMap((o) => o.broken.map((b) => `[${o.storeKind}] ${b}`));
  if (options.stores.length > 1) {
    log();
    log('Summary:');
    for (const o of outcomes)
      for (const v of o.verdicts.filter((v) => v.kind !== 'info'))
        log(
          `  ${(v.applies ? (v.pass ? 'PASS' : 'FAIL') : v.pass ? 'pass' : 'over').padEnd(4)}  [${o.storeKind}] ${v.name}`,
        );
  }
  if (broken.length > 0) {
    log();
    log(`✗ Broken (exit code 1):\n  ${broken.join('\n  ')}`);
  }
  return broken.length > 0 ? 1 : 0;
}

let options;
try {
  options = parseOptions();
} catch (error) {
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(
      `\n✗ ${signal}: cleaning up (hosts stopped, PostgreSQL started again if down, bench store removed)`,
    );
    runCleanups().finally(() => process.exit(130));
  });
}
main(options).then(
  (code) => {
    process.exitCode = code;
  },
  async (error) => {
    await runCleanups();
    console.error(
      `\n✗ ${error instanceof BrokenError || error instanceof UsageError ? error.message : (error?.stack ?? error)}`,
    );
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
