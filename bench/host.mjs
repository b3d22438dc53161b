#!/usr/bin/env node
// HTTP benchmark of the portal's Express host (packages/host-express), against a bare Express 5
// "hello" route in the same run. Plain Node ESM over the BUILT packages: `node bench/host.mjs`.
// See bench/README.md for the options, what is measured and the budgets.
import { fork } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { cpus, devNull, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { AUTOCANNON_VERSION, cannon as autocannon } from './lib/autocannon.mjs';
import {
  BrokenError,
  checkBuild,
  CLOCK_TICKS_PER_SECOND,
  fmt,
  gitInfo,
  MB,
  machineTicks,
  processTicks,
  procStatus,
  round,
  RssSampler,
  sleep,
  table,
  UsageError,
} from './lib/common.mjs';
import {
  exitWith,
  hostEnvironment,
  machineInfo,
  machineLine,
  numberOption,
  optionsOrExit,
  parseCommandLine,
  writeResults,
} from './lib/cli.mjs';
import { apiClientDistUrl, benchDir, hostDistUrl } from './lib/paths.mjs';
import { prepareStoreFor } from './lib/store.mjs';
import { buildTargets, checkTarget, demoAccounts, probe, signIn } from './lib/targets.mjs';

const BUDGETS = { minRatioPercent: 40, maxP99Ms: 25, maxEmbeddedRssMb: 350, atConnections: 32 };
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const USAGE = `Usage: node bench/host.mjs [options]

  --store pglite|postgres   store of the portal host (env BENCH_STORE; default pglite)
  --connections <n>         concurrent connections (env BENCH_CONNECTIONS; default 32)
  --duration <s>            measured seconds per route (env BENCH_DURATION; default 5)
  --warmup <s>              discarded warm-up seconds before each route (env BENCH_WARMUP; default 1)
  --retries <n>             measure a route again (up to n more times) while other processes took
                            ≥ 10% of the CPU; the least disturbed run counts (env BENCH_RETRIES; default 2,
                            --quick: 0)
  --rounds <n>              measure bare Express and each route alternately, n times, each for
                            duration/n seconds; the route's ratio is its requests over bare Express's
                            (env BENCH_ROUNDS; default 3, --quick: 1)
  --quick                   smoke run: 2 s per route, 0.5 s warm-up
  --route <text>            only routes whose id or path contains <text> (repeatable)
  --database-url <url>      server for --store postgres (env DATABASE_URL; default ${DEFAULT_DATABASE_URL});
                            a fresh database bench_<random> is created on it and dropped at the end
  --log-level <level>       the host's LOG_LEVEL (default silent; lines go to ${devNull})
  --cpu-prof                CPU-profile each measured run in the server (the profiler slows it down:
                            figures of such a run are not comparable); bench/results/profiles/*.cpuprofile
  --sql-stats               also print each route's SQL statements with their average time under load
  --no-json                 do not write bench/results/<store>-<date>.json
  -h, --help

Host settings other than those the bench sets can be passed as BENCH_HOST_<NAME>=<value>,
e.g. BENCH_HOST_DATABASE_POOL_MAX=20.`;

// ── Options ─────────────────────────────────────────────────────────────────────────────────────

function parseOptions() {
  const values = parseCommandLine(
    {
      store: { type: 'string' },
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      retries: { type: 'string' },
      rounds: { type: 'string' },
      quick: { type: 'boolean' },
      route: { type: 'string', multiple: true },
      'cpu-prof': { type: 'boolean' },
      'sql-stats': { type: 'boolean' },
    },
    USAGE,
  );
  const env = process.env;
  const quick = values.quick ?? false;
  const store = values.store ?? env.BENCH_STORE ?? 'pglite';
  if (store !== 'pglite' && store !== 'postgres')
    throw new UsageError(`--store must be pglite or postgres (got "${store}")`);
  return {
    store,
    connections: Math.round(numberOption('connections', values.connections ?? env.BENCH_CONNECTIONS, 32, 1)),
    duration: numberOption('duration', values.duration ?? env.BENCH_DURATION, quick ? 2 : 5, 1),
    warmup: numberOption('warmup', values.warmup ?? env.BENCH_WARMUP, quick ? 0.5 : 1, 0),
    quick,
    retries: Math.round(numberOption('retries', values.retries ?? env.BENCH_RETRIES, quick ? 0 : 2, 0)),
    rounds: Math.round(numberOption('rounds', values.rounds ?? env.BENCH_ROUNDS, quick ? 1 : 3, 1)),
    routeFilters: values.route ?? [],
    databaseUrl: values['database-url'] ?? env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    logLevel: values['log-level'] ?? 'silent',
    cpuProf: values['cpu-prof'] ?? false,
    sqlStats: values['sql-stats'] ?? false,
    writeJson: !values['no-json'],
  };
}

// ── Child processes and their memory ────────────────────────────────────────────────────────────

const children = new Set();
/** Undo steps (drop the bench database, remove the temp dir) also run on Ctrl-C. */
const cleanups = new Set();

/** Starts bench/lib/server.mjs as `bare` or `portal`; resolves once it listens. */
function startServer(role, env, execArgv = []) {
  const out = openSync(devNull, 'w');
  const child = fork(join(benchDir, 'lib', 'server.mjs'), [role], {
    env,
    execArgv,
    stdio: ['ignore', out, 'inherit', 'ipc'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BrokenError(`the ${role} server did not start within 120 s`)),
      120_000,
    );
    child.on('message', function onReady(message) {
      if (message?.type === 'ready') {
        clearTimeout(timer);
        child.off('message', onReady);
        resolve({ child, role, pid: child.pid, url: message.origin });
      } else if (message?.type === 'failed') {
        clearTimeout(timer);
        reject(new BrokenError(`the ${role} server failed to start:\n${message.message}`));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new BrokenError(`the ${role} server exited during start-up (code ${code}, signal ${signal})`));
    });
  });
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.send({ type: 'stop' });
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** process.memoryUsage() of the server, in MB. */
async function memoryUsageOf(server) {
  const usage = await ask(server, { type: 'memory' }, 'memory');
  return Object.fromEntries(
    ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'].map((k) => [k, Math.round(usage[k] / MB)]),
  );
}

// ── Other processes' CPU ──

/**
 * How much of the machine's CPU other processes used while a route was measured: busy time from
 * /proc/stat minus the time of this process (autocannon), the server and, on PostgreSQL, the
 * backends of the bench database. The box is shared, so this says whether a figure can be trusted.
 */
class CpuAccount {
  /** @param groups async () => ({ server: pids, database: pids }); this process is the load generator. */
  constructor(groups) {
    this.groups = groups;
  }
  async snapshot() {
    const machine = machineTicks();
    if (!machine) return null;
    const groups = { loadGenerator: [process.pid], database: [], ...(await this.groups()) };
    return {
      ...machine,
      groups: Object.fromEntries(
        Object.entries(groups).map(([name, pids]) => [
          name,
          new Map(pids.map((pid) => [pid, processTicks(pid)])),
        ]),
      ),
    };
  }
  /**
   * Percent of all cores used by other processes and stolen by the hypervisor, and the CPU time
   * of each group (load generator, server, database) in ms.
   */
  static between(before, after) {
    if (!before || !after || after.total <= before.total) return null;
    const ms = {};
    let ours = 0;
    for (const [name, pids] of Object.entries(after.groups)) {
      let ticks = 0;
      // A process that appeared during the window (a new pool connection) counts from 0.
      for (const [pid, t] of pids) ticks += t - (before.groups[name]?.get(pid) ?? 0);
      ours += ticks;
      ms[name] = (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
    }
    const total = after.total - before.total;
    return {
      otherPercent: round((Math.max(0, after.busy - before.busy - ours) / total) * 100, 1),
      stealPercent: round(((after.steal - before.steal) / total) * 100, 1),
      cpuMs: ms,
    };
  }
}

function cannon(url, headers, options, seconds) {
  return autocannon({
    url,
    connections: options.connections,
    duration: seconds,
    headers,
    timeout: 10,
    pipelining: 1,
  });
}

function ask(server, message, answer) {
  return new Promise((resolve, reject) => {
    const onMessage = (m) => {
      if (m?.type === answer || m?.type === 'profile-failed') {
        server.child.off('message', onMessage);
        if (m.type === answer) resolve(m);
        else reject(new BrokenError(`profiling failed: ${m.message}`));
      }
    };
    server.child.on('message', onMessage);
    server.child.send(message);
  });
}

/** A discarded warm-up, then the measured run (CPU-profiled in the server when profileFile is given). */
async function measure(url, headers, options, { server, profileFile, countQueries = false, cpu } = {}) {
  if (options.warmup > 0) await cannon(url, headers, options, options.warmup);
  if (profileFile) await ask(server, { type: 'profile-start' }, 'profile-started');
  const queriesBefore = countQueries
    ? (await ask(server, { type: 'queries', reset: true }, 'queries')).count
    : 0;
  const cpuBefore = await cpu?.snapshot();
  const r = await cannon(url, headers, options, options.duration);
  const cpuUse = cpu ? CpuAccount.between(cpuBefore, await cpu.snapshot()) : null;
  const after = countQueries
    ? await ask(server, { type: 'queries', reset: true }, 'queries')
    : { count: 0, statements: [] };
  const queriesAfter = after.count;
  if (profileFile) await ask(server, { type: 'profile-stop', file: profileFile }, 'profile-written');
  return {
    rps: r.requests.average,
    requestsTotal: r.requests.total,
    latencyMs: {
      avg: r.latency.average,
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
    },
    throughputBytesPerSec: r.throughput.average,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    otherCpuPercent: cpuUse?.otherPercent ?? null,
    // CPU time per request (µs) of the server process, the database backends and autocannon.
    cpuUsPerRequest:
      cpuUse && r.requests.total > 0
        ? Object.fromEntries(
            Object.entries(cpuUse.cpuMs).map(([k, v]) => [k, Math.round((v * 1000) / r.requests.total)]),
          )
        : null,
    stealPercent: cpuUse?.stealPercent ?? null,
    queriesPerRequest:
      countQueries && r.requests.total > 0 ? (queriesAfter - queriesBefore) / r.requests.total : null,
    // Time from the driver's query() call to its result, under this load (so it includes waiting
    // for PGlite, which runs one statement at a time, but not waiting for a pool connection).
    statements: after.statements
      .map((st) => ({
        sql: st.sql.length > 400 ? `${st.sql.slice(0, 400)}…` : st.sql,
        count: st.count,
        avgMs: round(st.totalMs / st.count),
        maxMs: round(st.maxMs),
      }))
      .sort((a, b) => b.avgMs * b.count - a.avgMs * a.count),
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
    ),
  };
}

/**
 * One result from measurements of equal duration: mean req/s, requests and counts summed, CPU,
 * statements and latency percentiles weighted by requests, the worst max.
 */
function combineRuns(parts) {
  if (parts.length === 1) return parts[0];
  const total = parts.reduce((n, p) => n + p.requestsTotal, 0);
  const weighted = (get) =>
    total > 0 ? parts.reduce((n, p) => n + (get(p) ?? 0) * p.requestsTotal, 0) / total : null;
  const sum = (get) => parts.reduce((n, p) => n + (get(p) ?? 0), 0);
  const cpuKeys = [...new Set(parts.flatMap((p) => Object.keys(p.cpuUsPerRequest ?? {})))];
  const statusCodes = {};
  for (const p of parts)
    for (const [code, n] of Object.entries(p.statusCodes ?? {}))
      statusCodes[code] = (statusCodes[code] ?? 0) + n;
  const others = parts.map((p) => p.otherCpuPercent).filter((v) => v !== null && v !== undefined);
  return {
    ...parts[parts.length - 1],
    rps: sum((p) => p.rps) / parts.length,
    requestsTotal: total,
    latencyMs: {
      avg: weighted((p) => p.latencyMs.avg),
      // Percentiles of equal slices of one load: their request-weighted mean estimates the
      // percentile of the whole (the worst slice's p99 overstated it: each slice's is a noisy
      // estimate from a few thousand requests on fresh connections). `max` is the worst.
      p50: weighted((p) => p.latencyMs.p50),
      p90: weighted((p) => p.latencyMs.p90),
      p99: weighted((p) => p.latencyMs.p99),
      max: Math.max(...parts.map((p) => p.latencyMs.max)),
    },
    throughputBytesPerSec: sum((p) => p.throughputBytesPerSec) / parts.length,
    non2xx: sum((p) => p.non2xx),
    errors: sum((p) => p.errors),
    timeouts: sum((p) => p.timeouts),
    otherCpuPercent: others.length ? Math.max(...others) : null,
    cpuUsPerRequest: cpuKeys.length
      ? Object.fromEntries(cpuKeys.map((k) => [k, Math.round(weighted((p) => p.cpuUsPerRequest?.[k]))]))
      : null,
    queriesPerRequest: parts[0].queriesPerRequest === null ? null : weighted((p) => p.queriesPerRequest),
    statusCodes,
    attempts: parts.flatMap((p) => p.attempts ?? []),
    rounds: parts.map((p) => Math.round(p.rps)),
  };
}

/** Machine-wide CPU use (percent of all cores) over `ms`, from /proc/stat; null where unavailable. */
async function machineBusyPercent(ms) {
  const a = machineTicks();
  await sleep(ms);
  const b = machineTicks();
  return a && b && b.total > a.total ? ((b.busy - a.busy) / (b.total - a.total)) * 100 : null;
}

const DISTURBED_PERCENT = 10;

/**
 * measure(), repeated (up to --retries more times) while other processes took ≥ 10% of the CPU,
 * after waiting up to a minute for the machine to go quiet; the least disturbed run is kept.
 */
async function measureUndisturbed(url, headers, options, extra) {
  let best = null;
  const attempts = [];
  for (let attempt = 0; attempt <= options.retries; attempt++) {
    if (attempt > 0) {
      process.stdout.write(
        `(other processes used ${best.otherCpuPercent.toFixed(0)}% of the CPU; waiting, then again) `,
      );
      const until = Date.now() + 60_000;
      while (Date.now() < until) {
        const busy = await machineBusyPercent(2_000);
        if (busy === null || busy < DISTURBED_PERCENT) break;
      }
    }
    const m = await measure(url, headers, options, extra);
    attempts.push({ rps: Math.round(m.rps), otherCpuPercent: m.otherCpuPercent });
    if (best === null || (m.otherCpuPercent ?? 0) < (best.otherCpuPercent ?? 0)) best = m;
    if (m.otherCpuPercent === null || m.otherCpuPercent < DISTURBED_PERCENT) break;
  }
  return { ...best, attempts };
}

// ── Main ────────────────────────────────────────────────────────────────────────────────────────

async function run(options) {
  const startedAt = new Date();
  const log = (line = '') => console.log(line);
  const warnings = checkBuild();
  for (const w of warnings) console.error(`! ${w}`);

  const { routes, fillPath } = await import(apiClientDistUrl);
  const { DEMO_FIXTURES, DEMO_SIGN_INS, DEMO_PASSWORD, CONFIG_VARIABLES } = await import(hostDistUrl);
  let targets = buildTargets(routes, fillPath, DEMO_FIXTURES);
  if (options.routeFilters.length > 0) {
    targets = targets.filter((t) => options.routeFilters.some((f) => t.id.includes(f) || t.path.includes(f)));
    if (targets.length === 0)
      throw new UsageError(`no route matches --route ${options.routeFilters.join(', ')}`);
  }

  const cpuProfDir = options.cpuProf ? join(benchDir, 'results', 'profiles') : undefined;
  if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });

  // The children get this process's environment without any host setting, then the bench's own.
  const { baseEnv, passedHostEnv } = hostEnvironment(CONFIG_VARIABLES);

  log(
    `Client Portal host benchmark — store ${options.store}, ${options.connections} connections, ${options.duration} s per route (+${options.warmup} s warm-up)${options.quick ? ', quick' : ''}`,
  );
  log(`${machineLine()}, autocannon ${AUTOCANNON_VERSION}, NODE_ENV=${baseEnv.NODE_ENV}`);
  const loadAtStart = loadavg()[0];
  if (cpus().length < 4)
    log(
      `Note: ${cpus().length} cores shared by autocannon, the server under test${options.store === 'postgres' ? ' and PostgreSQL' : ''}; runs are sequential.`,
    );

  // What the portal's fetch sends from a browser (Chromium's Accept-Encoding included).
  const headersFor = (server) => ({
    Accept: 'application/json',
    'Accept-Encoding': 'gzip, deflate, br, zstd',
    Origin: server.url,
  });
  const results = [];
  const preflightFailures = [];
  let bare;
  /** Bare Express doing what any route must at least do: not judged, shown for scale. */
  const references = [];
  const rss = {};
  let storeInfo;

  // (a) bare Express
  const bareServer = await startServer(
    'bare',
    options.store === 'postgres' ? { ...baseEnv, BENCH_BARE_DATABASE_URL: options.databaseUrl } : baseEnv,
  );
  try {
    const check = await probe(bareServer.url, '/hello', {});
    if (check.status !== 200) throw new BrokenError(`bare Express /hello answered ${check.status}`);
    const responseBytes = check.bytes;
    process.stdout.write(`… bare Express GET /hello `);
    bare = {
      id: 'bare',
      path: '/hello',
      kind: 'bare',
      responseBytes,
      ...(await measureUndisturbed(`${bareServer.url}/hello`, headersFor(bareServer), options, {
        server: bareServer,
        cpu: new CpuAccount(async () => ({ server: [bareServer.pid] })),
        profileFile: cpuProfDir && join(cpuProfDir, `${options.store}-bare.cpuprofile`),
      })),
    };
    bare.rssMb = (procStatus(bareServer.pid)?.rss ?? Number.NaN) / MB;
    log(`${fmt.int(bare.rps)} req/s`);
    const reference = async (id, path, what) => {
      process.stdout.write(`… bare Express GET ${path} (${what}; reference, not judged) `);
      const m = await measureUndisturbed(`${bareServer.url}${path}`, headersFor(bareServer), options, {
        server: bareServer,
        cpu: new CpuAccount(async () => ({ server: [bareServer.pid] })),
      });
      const ratioPercent = (m.rps / bare.rps) * 100;
      const responseBytes = (await probe(bareServer.url, path, {})).bytes;
      references.push({ id, path, kind: 'reference', responseBytes, ...m, bareRps: bare.rps, ratioPercent });
      log(`${fmt.int(m.rps)} req/s (${fmt.pct(ratioPercent)} of bare)`);
    };
    await reference('bare-large', '/hello-large', 'a ~44 KB body');
    if (options.store === 'postgres') await reference('bare-db', '/hello-db', 'one prepared query first');
  } catch (error) {
    await stopServer(bareServer);
    throw error;
  }
  // Bare Express stays up: each route is measured in slices interleaved with bare Express (below).
  // This VM's speed drifts by a third over minutes (bare Express measured 4,900–9,200 req/s in
  // different runs), so a single baseline at the start misjudges the routes measured last.
  const bareBefore = (target, sliceOptions) =>
    measureUndisturbed(`${bareServer.url}/hello`, headersFor(bareServer), sliceOptions, {
      server: bareServer,
      cpu: new CpuAccount(async () => ({ server: [bareServer.pid] })),
    }).then((m) => {
      bareRuns.push({ before: target.id, rps: m.rps });
      return m;
    });
  const bareRuns = [];

  // (b) the portal host with the demo data
  const store = await prepareStoreFor(options);
  cleanups.add(store.cleanup);
  storeInfo = { kind: options.store, label: store.label, serverVersion: store.serverVersion ?? null };
  log(`… starting the portal host (${store.label})`);
  try {
    // As npm start runs it: the embedded store's environment unless BENCH_HOST_ says otherwise.
    const { EMBEDDED_STORE_ENV } = await import(hostDistUrl);
    const hostEnv = {
      ...baseEnv,
      ...(options.store === 'pglite' ? EMBEDDED_STORE_ENV : {}),
      ...passedHostEnv,
      ...store.env,
      HOST: '127.0.0.1',
      DEMO: 'true',
      LOG_LEVEL: options.logLevel,
      COOKIE_SECURE: 'false',
      AUTH_MODE: 'local',
    };
    // First boot on the empty store (migrations, demo seed; for PGlite also initdb) in a process of
    // its own: it leaves a high-water mark a restarted host never has. The measured host is the
    // second start, on the prepared store, as a host runs after any restart.
    const firstBootStarted = performance.now();
    const firstBoot = await startServer('portal', hostEnv);
    rss.firstBoot = {
      ms: performance.now() - firstBootStarted,
      peak: procStatus(firstBoot.pid)?.hwm ?? Number.NaN,
      ready: procStatus(firstBoot.pid)?.rss ?? Number.NaN,
    };
    await stopServer(firstBoot);
    log(
      `… first boot on the empty store (migrate + seed) took ${(rss.firstBoot.ms / 1000).toFixed(1)} s, RSS peak ${fmt.mb(rss.firstBoot.peak)} MB, ${fmt.mb(rss.firstBoot.ready)} MB when ready; restarting for the measurement`,
    );
    const t0 = performance.now();
    // The host runs as `npm start` runs it (Node flags for the embedded store), unless
    // BENCH_HOST_NODE_OPTIONS says otherwise.
    const { EMBEDDED_STORE_NODE_FLAGS } = await import(hostDistUrl);
    const hostFlags =
      passedHostEnv.NODE_OPTIONS === undefined && options.store === 'pglite'
        ? [...EMBEDDED_STORE_NODE_FLAGS]
        : [];
    log(`… host Node flags: ${hostFlags.join(' ') || passedHostEnv.NODE_OPTIONS || '(none)'}`);
    const portal = await startServer('portal', hostEnv, hostFlags);
    const startMs = performance.now() - t0;
    const sampler = new RssSampler(portal);
    try {
      const { customer, staff } = demoAccounts(DEMO_SIGN_INS);
      const sessions = { customer: await signIn(portal.url, customer.email, DEMO_PASSWORD) };
      log(`… host up in ${(startMs / 1000).toFixed(1)} s, signed in as ${customer.email}`);

      // Each route must answer 200 once before it is measured. A route the customer is refused
      // (403, staff only) is tried again as the demo staff account.
      const runnable = [];
      for (const target of targets) {
        const headers = (who) => ({
          ...headersFor(portal),
          ...(who === 'none' ? {} : { Cookie: sessions[who] }),
        });
        const { as, check, failure } = await checkTarget(portal.url, target, {
          as: target.kind === 'probe' ? 'none' : 'customer',
          headers,
          sessions,
          staff,
          password: DEMO_PASSWORD,
        });
        if (failure) {
          preflightFailures.push(failure);
          console.error(
            `✗ ${target.id} GET ${target.path} answered ${check.status} (not measured): ${check.body.slice(0, 200)}`,
          );
          continue;
        }
        runnable.push({ ...target, as, headers: headers(as), responseBytes: check.bytes });
      }

      rss.idle = await sampler.current();
      rss.startupPeak = sampler.highWaterMark();
      rss.idleBreakdown = await memoryUsageOf(portal);
      sampler.resetHighWaterMark();
      for (const target of runnable) {
        process.stdout.write(`… ${target.id} GET ${target.path} `);
        // Bare Express and the route alternately, `rounds` times: the machine's speed jitters
        // within seconds, so each route's ratio compares interleaved slices, not two distant runs.
        const slice = (i) => ({
          ...options,
          duration: options.duration / options.rounds,
          warmup: i === 0 ? options.warmup : Math.min(options.warmup, 0.25),
        });
        const bareParts = [];
        const routeParts = [];
        const end = sampler.window();
        for (let i = 0; i < options.rounds; i++) {
          bareParts.push(await bareBefore(target, slice(i)));
          routeParts.push(
            await measureUndisturbed(`${portal.url}${target.path}`, target.headers, slice(i), {
              server: portal,
              countQueries: true,
              cpu: new CpuAccount(async () => ({
                server: [portal.pid],
                database: await store.backendPids(),
              })),
              profileFile:
                i === 0
                  ? cpuProfDir && join(cpuProfDir, `${options.store}-${target.id}.cpuprofile`)
                  : undefined,
            }),
          );
        }
        const adjacent = combineRuns(bareParts);
        const m = combineRuns(routeParts);
        process.stdout.write(`(bare Express ${fmt.int(adjacent.rps)} req/s alongside) `);
        const peak = end();
        results.push({
          id: target.id,
          path: target.path,
          kind: target.kind,
          session: target.as,
          responseBytes: target.responseBytes,
          ...m,
          bareRps: adjacent.rps,
          ratioPercent: (m.rps / adjacent.rps) * 100,
          rssPeakMb: peak / MB,
        });
        log(`${fmt.int(m.rps)} req/s, p99 ${fmt.ms(m.latencyMs.p99)} ms`);
      }
      rss.peakUnderLoad = sampler.peakUnderLoad();
      rss.afterLoad = await sampler.current();
      rss.afterLoadBreakdown = await memoryUsageOf(portal);
      rss.hwmResetWorked = sampler.hwmReset;
      rss.method = sampler.useProc
        ? `/proc/${portal.pid}/status VmRSS every 100 ms${sampler.hwmReset ? ' + VmHWM since the load started' : ''}`
        : 'process.memoryUsage().rss over IPC every 100 ms';
      rss.startMs = startMs;
    } finally {
      sampler.stop();
      await stopServer(portal);
    }
  } finally {
    cleanups.delete(store.cleanup);
    await store.cleanup();
    await stopServer(bareServer);
  }

  // ── Report ──
  const rows = [bare, ...references, ...results];
  log();
  log(
    table(rows, [
      {
        title: 'route',
        align: 'left',
        value: (r) =>
          r.kind === 'bare'
            ? 'bare Express /hello'
            : r.kind === 'reference'
              ? `bare Express ${r.path} (reference)`
              : `${r.path}${r.session === 'staff' ? ' (staff)' : ''}${r.kind === 'probe' ? ' (probe)' : ''}`,
      },
      { title: 'req/s', value: (r) => fmt.int(r.rps) },
      { title: 'bare now', value: (r) => fmt.int(r.kind === 'bare' ? r.rps : r.bareRps) },
      { title: 'vs bare', value: (r) => (r.kind === 'bare' ? '100%' : fmt.pct(r.ratioPercent)) },
      { title: 'p50 ms', value: (r) => fmt.ms(r.latencyMs.p50) },
      { title: 'p99 ms', value: (r) => fmt.ms(r.latencyMs.p99) },
      { title: 'non-2xx', value: (r) => fmt.int(r.non2xx) },
      { title: 'errors', value: (r) => fmt.int(r.errors + r.timeouts) },
      {
        title: 'SQL/req',
        value: (r) => (r.queriesPerRequest == null ? '–' : r.queriesPerRequest.toFixed(1)),
      },
      { title: 'host µs', value: (r) => fmt.int(r.cpuUsPerRequest?.server) },
      {
        title: 'db µs',
        value: (r) =>
          r.kind === 'bare' || r.kind === 'reference' || options.store === 'pglite'
            ? '–'
            : fmt.int(r.cpuUsPerRequest?.database),
      },
      {
        title: 'other CPU',
        value: (r) => (r.otherCpuPercent == null ? '–' : `${r.otherCpuPercent.toFixed(0)}%`),
      },
      { title: 'body B', value: (r) => fmt.int(r.responseBytes) },
      {
        title: 'RSS MB',
        value: (r) =>
          r.kind === 'reference' ? '–' : fmt.mb(r.kind === 'bare' ? r.rssMb * MB : r.rssPeakMb * MB),
      },
    ]),
  );
  log();
  log(
    `Host RSS (${storeInfo.kind}): peak under load ${fmt.mb(rss.peakUnderLoad)} MB; ${fmt.mb(rss.idle)} MB idle after start-up (start-up peak ${fmt.mb(rss.startupPeak)} MB), ${fmt.mb(rss.afterLoad)} MB after the load. Bare Express: ${fmt.mb(bare.rssMb * MB)} MB.`,
  );
  const breakdown = (b) =>
    b
      ? `V8 heap ${b.heapUsed}/${b.heapTotal} MB, external ${b.external} MB (array buffers ${b.arrayBuffers} MB)`
      : '–';
  log(`  idle: ${breakdown(rss.idleBreakdown)}; after the load: ${breakdown(rss.afterLoadBreakdown)}`);
  log(
    `  first boot on an empty store (not measured under load): RSS peak ${fmt.mb(rss.firstBoot.peak)} MB, ${fmt.mb(rss.firstBoot.ready)} MB when ready.`,
  );
  const disturbed = rows.filter((r) => r.otherCpuPercent >= DISTURBED_PERCENT);
  if (disturbed.length > 0) {
    log(
      `Warning: other processes used ≥ ${DISTURBED_PERCENT}% of the machine's CPU while measuring ${disturbed.map((r) => `${r.id} (${r.otherCpuPercent.toFixed(0)}%)`).join(', ')}: those figures are low; rerun on an idle machine.`,
    );
  }
  if (options.sqlStats) {
    log();
    log(
      'SQL statements per route (count in the measured run, average and max ms from query() to result, under load):',
    );
    for (const r of results) {
      if (!r.statements?.length) continue;
      log(`  ${r.path}`);
      for (const st of r.statements.slice(0, 6))
        log(
          `    ${String(st.count).padStart(7)} × ${st.avgMs.toFixed(2).padStart(7)} ms avg ${st.maxMs.toFixed(1).padStart(7)} ms max  ${st.sql.slice(0, 150)}`,
        );
    }
  }
  if (preflightFailures.length > 0) {
    log();
    log(`✗ ${preflightFailures.length} route(s) did not answer 200 and were not measured:`);
    for (const f of preflightFailures)
      log(`    ${f.id} GET ${f.path} → ${f.status}: ${f.body.replace(/\s+/g, ' ').slice(0, 160)}`);
  }

  // Budgets: read routes = the contract's GET routes measured here (the probes are shown, not judged).
  const judged = results.filter((r) => r.kind === 'contract');
  const onPostgres = options.store === 'postgres';
  const context = [
    options.connections === BUDGETS.atConnections
      ? null
      : `the budget is at ${BUDGETS.atConnections} connections, this run used ${options.connections}`,
    options.quick ? 'quick run' : null,
  ].filter(Boolean);
  const suffix = context.length ? ` (${context.join('; ')})` : '';
  const slowRatio = judged.filter((r) => !(r.ratioPercent >= BUDGETS.minRatioPercent));
  const slowP99 = judged.filter((r) => !(r.latencyMs.p99 <= BUDGETS.maxP99Ms));
  const verdicts = [
    {
      budget: `read routes ≥ ${BUDGETS.minRatioPercent}% of bare Express req/s`,
      pass: judged.length > 0 && slowRatio.length === 0 && preflightFailures.length === 0,
      detail: `lowest ${fmt.pct(Math.min(...judged.map((r) => r.ratioPercent)))}${slowRatio.length ? `; under budget: ${slowRatio.map((r) => `${r.id} ${fmt.pct(r.ratioPercent)}`).join(', ')}` : ''}`,
      applies: onPostgres,
    },
    {
      budget: `read routes p99 ≤ ${BUDGETS.maxP99Ms} ms`,
      pass: judged.length > 0 && slowP99.length === 0 && preflightFailures.length === 0,
      detail: `highest ${fmt.ms(Math.max(...judged.map((r) => r.latencyMs.p99)))} ms${slowP99.length ? `; over budget: ${slowP99.map((r) => `${r.id} ${fmt.ms(r.latencyMs.p99)} ms`).join(', ')}` : ''}`,
      applies: onPostgres,
    },
    {
      budget: `embedded store RSS ≤ ${BUDGETS.maxEmbeddedRssMb} MB under load`,
      pass: rss.peakUnderLoad / MB <= BUDGETS.maxEmbeddedRssMb,
      detail: `peak ${fmt.mb(rss.peakUnderLoad)} MB`,
      applies: !onPostgres,
    },
  ];
  if (preflightFailures.length > 0) {
    for (const v of verdicts.slice(0, 2)) v.detail += `; ${preflightFailures.length} route(s) not measured`;
  }
  log();
  for (const v of verdicts) {
    const tag = v.applies ? (v.pass ? 'PASS' : 'FAIL') : v.pass ? 'pass' : 'over';
    const note = v.applies
      ? suffix
      : ` (budget set for ${onPostgres ? 'the embedded store' : 'PostgreSQL'}: not judged on ${options.store})`;
    log(`${tag.padEnd(4)}  ${v.budget}: ${v.detail}${note}`);
  }

  const broken = [
    ...preflightFailures.map((f) => `${f.id} answered ${f.status}`),
    ...rows
      .filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0)
      .map((r) => `${r.id}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts under load`),
  ];
  if (broken.length > 0) {
    log();
    log(`✗ Broken (exit code 1): ${broken.join('; ')}`);
  }

  if (options.writeJson) {
    const file = writeResults(options.store, startedAt, {
      meta: {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        store: storeInfo,
        options: {
          connections: options.connections,
          duration: options.duration,
          warmup: options.warmup,
          retries: options.retries,
          quick: options.quick,
          routeFilters: options.routeFilters,
          logLevel: options.logLevel,
          cpuProf: options.cpuProf,
          hostEnv: passedHostEnv,
        },
        ...machineInfo(),
        loadAverage1m: { before: loadAtStart, after: loadavg()[0] },
        nodeEnv: baseEnv.NODE_ENV,
        autocannon: AUTOCANNON_VERSION,
        git: gitInfo(),
        buildWarnings: warnings,
        budgets: BUDGETS,
      },
      bare,
      references,
      bareRuns,
      routes: results,
      rss: {
        ...Object.fromEntries(
          ['idle', 'startupPeak', 'peakUnderLoad', 'afterLoad'].map((k) => [
            `${k}Mb`,
            Math.round((rss[k] / MB) * 10) / 10,
          ]),
        ),
        firstBoot: {
          ms: Math.round(rss.firstBoot.ms),
          peakMb: Math.round(rss.firstBoot.peak / MB),
          readyMb: Math.round(rss.firstBoot.ready / MB),
        },
        method: rss.method,
        idleMemoryUsageMb: rss.idleBreakdown,
        afterLoadMemoryUsageMb: rss.afterLoadBreakdown,
        hostStartMs: Math.round(rss.startMs),
      },
      preflightFailures,
      verdicts,
      broken,
    });
    log();
    log(`Results: ${file}`);
  }
  if (cpuProfDir)
    log(
      `CPU profiles: ${relative(process.cwd(), cpuProfDir)}/ (summarise with node bench/profile-summary.mjs <file>)`,
    );
  return broken.length > 0 ? 1 : 0;
}

const options = optionsOrExit(parseOptions, USAGE);
const killChildren = () => {
  for (const child of children) child.kill('SIGKILL');
};
process.on('SIGINT', () => {
  killChildren();
  console.error('\n✗ interrupted; cleaning up');
  Promise.allSettled([...cleanups].map((cleanup) => cleanup())).finally(() => process.exit(130));
});
exitWith(run(options), async () => {
  killChildren();
  await Promise.allSettled([...cleanups].map((cleanup) => cleanup()));
});
