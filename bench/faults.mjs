#!/usr/bin/env node
// Load and fault benchmark of the portal's Express host (packages/host-express), run as an operator
// runs it: `node packages/host-express/dist/cli.js start` in a child process. Four scenarios: the
// route mix under load, many sign-ins at once, the PostgreSQL server restarted (or its connections
// terminated) under load, and SIGTERM under load. Plain Node ESM over the BUILT packages:
// `node bench/faults.mjs`. See bench/README.md for the options, what is measured and the verdicts.
import { loadavg } from 'node:os';
import { AUTOCANNON_VERSION } from './lib/autocannon.mjs';
import { describeExit, freePort, startCliHost, stopCliHost } from './lib/cli-host.mjs';
import { BrokenError, checkBuild, fmt, gitInfo, MB, procStatus, round, UsageError } from './lib/common.mjs';
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
import { accountsChild, BENCH_ACCOUNT_PASSWORD } from './lib/faults/accounts.mjs';
import { dbFaultScenario } from './lib/faults/db-fault.mjs';
import { loadScenario } from './lib/faults/load.mjs';
import {
  fmtS,
  listCounts,
  log,
  printFault,
  printLoad,
  printSigterm,
  printSignIns,
  seconds,
} from './lib/faults/report.mjs';
import { signInScenario } from './lib/faults/sign-ins.mjs';
import { sigtermScenario } from './lib/faults/sigterm.mjs';
import { apiClientDistUrl, hostDistUrl } from './lib/paths.mjs';
import { ensureRunning, findCluster } from './lib/postgres-cluster.mjs';
import { prepareStoreFor, redactUrl } from './lib/store.mjs';
import { buildTargets, demoAccounts } from './lib/targets.mjs';

/** Budgets (a miss is reported, exit code 0): the embedded store's RSS, as bench/host.mjs judges it. */
const BUDGETS = { maxEmbeddedRssMb: 350 };
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';
const SCENARIOS = ['load', 'sign-ins', 'db-fault', 'sigterm'];
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
  const values = parseCommandLine(
    {
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
    },
    USAGE,
  );
  const env = process.env;
  const int = (...args) => Math.round(numberOption(...args));
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
    duration: numberOption('duration', values.duration ?? env.BENCH_DURATION, quick ? 10 : 60, 1),
    warmup: numberOption('warmup', values.warmup, quick ? 1 : 3, 0),
    signInCount: int('sign-in-count', values['sign-in-count'], quick ? 50 : 200, 1),
    faultConnections,
    faultBefore: quick ? 2 : 5,
    faultAfter: numberOption('fault-after', values['fault-after'], quick ? 6 : 15, 1),
    down: numberOption('down', values.down, 2, 0),
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

// ── Verdicts ────────────────────────────────────────────────────────────────────────────────────

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
        `${r.succeeded} succeeded (${listCounts(r.outcomes)}), ${r.sessionsUsable} sessions usable, ${seconds(r.wallMs)} s, p99 ${fmt.int(r.latencyMs.p99)} ms${r.count < options.signInCount ? `; only ${r.count} accounts` : ''}`,
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
          ? ` (${listCounts(Object.entries(r.failed.byKind).filter(([k]) => k !== 'HTTP 503'))})`
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
  // As npm start runs it: the embedded store's environment unless BENCH_HOST_ says otherwise.
  const embeddedEnv = storeKind === 'pglite' ? shared.EMBEDDED_STORE_ENV : {};
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
        ...embeddedEnv,
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
      `… host: ${Object.keys(embeddedEnv)
        .map((k) => `${k}=${shared.passedHostEnv[k] ?? embeddedEnv[k]} `)
        .join(
          '',
        )}node ${[...nodeFlags, 'packages/host-express/dist/cli.js', 'start'].join(' ')} (LOG_LEVEL=${options.logLevel})`,
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
    const file = writeResults(`faults-${storeKind}`, startedAt, {
      meta: {
        startedAt: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        store: { kind: storeKind, label: store.label, serverVersion: store.serverVersion ?? null },
        options: { ...options, stores: undefined, databaseUrl: redactUrl(options.databaseUrl) },
        hostNodeFlags: nodeFlags,
        hostEnv: shared.passedHostEnv,
        ...machineInfo(),
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
    });
    log(`Results: ${file}`);
  }
  return { storeKind, verdicts, broken };
}

async function main(options) {
  const warnings = checkBuild();
  for (const w of warnings) console.error(`! ${w}`);
  const { routes, fillPath } = await import(apiClientDistUrl);
  const hostModule = await import(hostDistUrl);
  const {
    ACME,
    CONFIG_VARIABLES,
    DEMO_FIXTURES,
    DEMO_PASSWORD,
    DEMO_SIGN_INS,
    EMBEDDED_STORE_ENV,
    EMBEDDED_STORE_NODE_FLAGS,
  } = hostModule;
  // The mix: the contract's session GET routes and /api/auth/me (not the health probes: /readyz is
  // meant to answer 503 while the database is down or the host drains).
  const targets = buildTargets(routes, fillPath, DEMO_FIXTURES).filter((t) => t.kind === 'contract');
  const { baseEnv, passedHostEnv } = hostEnvironment(CONFIG_VARIABLES);
  const needsCluster =
    options.stores.includes('postgres') &&
    options.scenarios.includes('db-fault') &&
    options.faults.includes('restart');
  const cluster = needsCluster ? await findCluster(options.databaseUrl, options.pgCluster) : null;

  log(
    `Client Portal host — load and faults: ${options.scenarios.join(', ')} on ${options.stores.join(' and ')}${options.quick ? ' (quick)' : ''}`,
  );
  log(`${machineLine()}, autocannon ${AUTOCANNON_VERSION}, NODE_ENV=${baseEnv.NODE_ENV}`);
  if (needsCluster)
    log(
      cluster
        ? `Note: the restart fault stops PostgreSQL ${cluster.version}/${cluster.name} (port ${cluster.port}) for ${options.down} s: every other client of that server loses its connections.`
        : `Note: no PostgreSQL cluster found for ${redactUrl(options.databaseUrl)}: the restart fault cannot run (--pg-cluster).`,
    );
  const shared = {
    options,
    targets,
    ...demoAccounts(DEMO_SIGN_INS),
    DEMO_PASSWORD,
    ACME,
    EMBEDDED_STORE_ENV,
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

const options = optionsOrExit(parseOptions, USAGE);
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
exitWith(main(options), runCleanups);
