#!/usr/bin/env node
// The two commands of the README, runnable on a fresh machine with only Node 20 and npm:
//   npm start   install (if needed), build and start the standalone portal (host + demo data)
//   npm test    install (if needed), build, type-check, lint and run every test (what can differ
//               by Node again on Node 22 and 24); prints each step's duration, then ends with one
//               line "N passed, N failed" (what CI reads)
// and the inner loop beside them:
//   npm run test:quick   lint, type-check and the unit tests (no build, browser or database)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = ['-y', 'pnpm@10.34.9'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env, ...opts });
  return r.status === 0;
}
const pnpm = (...args) => run('npx', [...PNPM, ...args]);
/** Says what is about to run, before it runs (long steps are otherwise silent for a while). */
const announce = (what) => console.log(`› ${what}`);

function ensureInstalled() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) {
    announce('dependencies up to date');
    return true;
  }
  announce('installing dependencies (pnpm, frozen lockfile) — first run takes about a minute');
  return pnpm('install', '--frozen-lockfile');
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) {
    announce(`Chromium found at ${CHROMIUM}`);
    return true;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    announce('installing Chromium from Debian (browser tests need it)');
    return (
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', 'chromium'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      })
    );
  }
  console.error(
    `Browser tests need Chromium at ${CHROMIUM}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
      'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
  );
  return false;
}

const BUILDING = 'building the packages (ui, api-client, portal, host)';

/**
 * What runs again on Node 22 and 24 (vitest arguments, from the root): what can differ by the Node
 * a provider deploys on, not the whole suite again (the rest is plain JavaScript on top of these).
 * - cli/node-matrix.test.ts: the built CLI starts, migrates and seeds each store (PGlite's
 *   WebAssembly thread, the pg driver), local sign-in (node:crypto's scrypt), a read, a write, an
 *   analytics computation compressed, a document streamed through a signed link, SIGTERM's drain;
 * - auth/oidc.test.ts: OIDC sign-in end to end (jose, oidc-provider in-process);
 * - e2e/examples/vite.test.ts: one example built from the packed packages and driven in Chromium.
 */
const ON_OTHER_NODES = [
  'packages/host-express/src/cli/node-matrix.test.ts',
  'packages/host-express/src/auth/oidc.test.ts',
  'e2e/examples/vite.test.ts',
];

const command = process.argv[2];
if (command === 'start') {
  if (!ensureInstalled()) process.exit(1);
  // The standalone portal: the Express host on the embedded store (PGlite in DATA_DIR, default
  // ./.data) with demo data and demo sign-in, on PORT (default 3000).
  announce(BUILDING);
  if (!pnpm('run', 'build')) process.exit(1);
  const { EMBEDDED_STORE_ENV, EMBEDDED_STORE_NODE_FLAGS } = await import(
    pathToFileURL(join(root, 'packages/host-express/dist/cli/node-flags.js')).href
  );
  announce('starting the portal host');
  const host = spawnSync(
    'node',
    // The memory bounds are for the embedded store; with PostgreSQL, the defaults (throughput).
    [
      ...(process.env.DATABASE_URL ? [] : EMBEDDED_STORE_NODE_FLAGS),
      join(root, 'packages/host-express/dist/cli.js'),
      'start',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: process.env.DATABASE_URL ? process.env : { ...EMBEDDED_STORE_ENV, ...process.env },
    },
  );
  process.exit(host.status ?? 1);
}
if (command !== 'test' && command !== 'quick') {
  console.error('usage: node scripts/run.mjs start|test|quick');
  process.exit(2);
}

const checks = [];
/** When the step being timed began: each step's duration is printed at the end. */
let stepStarted = Date.now();
const step = (name, ok) => {
  checks.push({ name, ok, seconds: (Date.now() - stepStarted) / 1000 });
  console.log(`${ok ? '✓' : '✗'} ${name}`);
  stepStarted = Date.now();
  return ok;
};

const started = Date.now();
const installed = step('install', ensureInstalled());
let passed = 0;
let failed = 0;
const failures = [];
if (command === 'quick') {
  if (installed) {
    announce('linting (biome)');
    step('lint (biome)', pnpm('exec', 'biome', 'ci', '.'));
    // The packages' own type-check reads each other's sources (no build needed); the root project
    // adds stories, tests and scripts.
    announce('type-checking (the packages, then stories, tests and scripts)');
    step('type-check', pnpm('run', 'typecheck') && pnpm('exec', 'tsc', '-p', 'tsconfig.json', '--noEmit'));
    runVitest('unit tests', ['--project', 'unit']);
  }
  finish();
}
/**
 * Runs independent jobs side by side (on two cores the single-threaded type-check and the Storybook
 * build each get one; the Node matrices each wait on their children), each `{ name, run }` where
 * `run()` resolves `{ ok, output }`. A job's output is kept and printed whole when it ends, so two
 * jobs' lines never interleave; each job is a step with its own duration (side by side, so the
 * steps' seconds add up to more than the time they took).
 */
async function sideBySide(jobs) {
  const runJob = async ({ name, run }) => {
    const began = Date.now();
    const { ok, output } = await run();
    process.stdout.write(`› ${name}\n${output}`);
    console.log(`${ok ? '✓' : '✗'} ${name}`);
    return { name, ok, seconds: (Date.now() - began) / 1000 };
  };
  announce(`side by side: ${jobs.map((job) => job.name).join(' | ')}`);
  const results = await Promise.all(jobs.map(runJob));
  checks.push(...results);
  stepStarted = Date.now();
  return results.map((result) => result.ok);
}

/** A job's `run` for `sideBySide`: commands in turn, until one fails. */
const inTurn = (commands) => async () => {
  let output = '';
  for (const [cmd, args] of commands) {
    const result = await runQuietly(cmd, args);
    output += result.output;
    if (!result.ok) return { ok: false, output };
  }
  return { ok: true, output };
};

const browser = step('chromium available', ensureChromium());
let built = false;
let storybookBuilt = false;
if (installed) {
  announce(BUILDING);
  built = step('build packages', pnpm('run', 'build'));
  const npx = (...args) => ['npx', [...PNPM, ...args]];
  // The packages' own type-check reads each other's sources; the root project adds stories, tests
  // and scripts. Beside it, Storybook's build (before the tests: e2e/storybook opens the built
  // Storybook, what designers open).
  const jobs = [
    {
      name: 'type-check',
      run: inTurn([npx('run', 'typecheck'), npx('exec', 'tsc', '-p', 'tsconfig.json', '--noEmit')]),
    },
    { name: 'lint (biome)', run: inTurn([npx('exec', 'biome', 'ci', '.')]) },
  ];
  if (built && browser) jobs.push({ name: 'storybook build', run: inTurn([npx('run', 'build-storybook')]) });
  [, , storybookBuilt = false] = await sideBySide(jobs);
}
/**
 * The start of a failure message on one line: its first lines up to the stack, so a message that
 * names what failed on the lines after its first (a list of stories, a diff) still says it where
 * CI's summary shows only the end of the log.
 */
function gist(message) {
  const lines = String(message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const stack = lines.findIndex((line) => line.startsWith('at '));
  return (stack === -1 ? lines : lines.slice(0, stack)).slice(0, 8).join(' ⏎ ').slice(0, 1200);
}

/**
 * Adds the tests of a vitest JSON report (`--reporter=json --outputFile.json=<file>`) to the
 * totals, `label` before each failure line. Returns the report's counts, or null when vitest wrote
 * no report.
 */
function countVitestReport(file, label = '') {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // A file that fails to load has no failed assertions of its own: count it as one failure.
  const brokenFiles = r.testResults.filter(
    (f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed'),
  );
  for (const f of brokenFiles) console.log(`✗ ${label}${f.name}: ${gist(f.message)}`);
  const failedHere = r.numFailedTests + brokenFiles.length;
  passed += r.numPassedTests;
  failed += failedHere;
  for (const f of r.testResults) {
    for (const a of f.assertionResults) {
      if (a.status === 'failed') {
        failures.push(`${label}${relative(root, f.name)} › ${a.fullName}: ${gist(a.failureMessages?.[0])}`);
      }
    }
  }
  return { passed: r.numPassedTests, failed: failedHere, total: r.numTotalTests };
}

/** vitest's CLI entry (the `bin` of its package.json), to run it with another Node. */
function vitestEntry() {
  const dir = join(root, 'node_modules', 'vitest');
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  return join(dir, typeof bin === 'string' ? bin : bin.vitest);
}

/**
 * Runs a command to its end with its output kept, not shown: `{ ok, output }`. For jobs that run
 * side by side, whose output is printed whole when each ends so that their lines never interleave.
 */
function runQuietly(cmd, args) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

/**
 * Runs `vitest run <vitestArgs>` on Node `version` (the npm package `node`, through `npx -y
 * node@<version>`), in the same environment as the main run, and adds its tests to the totals.
 * Resolves `{ ok, output }` (a `sideBySide` job's run): the output names the Node that actually
 * ran, and says why it failed when npx cannot run that Node, when vitest writes no report or runs
 * no test, or when vitest fails.
 */
async function runOnNode(version, vitestArgs) {
  const npxNode = ['-y', `node@${version}`];
  const how = `npx ${npxNode.join(' ')}`;
  const probe = await runQuietly('npx', [...npxNode, '--version']);
  const actual = probe.ok ? probe.output.trim().split('\n').pop() : '';
  if (!actual.startsWith(`v${version}.`)) {
    const why = actual ? `it ran ${actual}` : probe.output.trim().split('\n').slice(-3).join(' | ');
    return { ok: false, output: `✗ \`${how}\` could not run Node ${version} (${why})\n` };
  }
  const out = join(root, `.vitest-results-node${version}.json`);
  rmSync(out, { force: true });
  const vitest = await runQuietly('npx', [
    ...npxNode,
    vitestEntry(),
    'run',
    ...vitestArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  let output = `Node ${actual} (${how})\n${vitest.output}`;
  const report = countVitestReport(out, `[Node ${version}] `);
  if (!report) output += `✗ vitest wrote no report (${relative(root, out)})\n`;
  else if (report.total === 0) output += '✗ no test ran\n';
  return { ok: vitest.ok && report !== null && report.total > 0, output };
}

/**
 * Runs `vitest run <args>` on this Node and adds its tests to the totals, as one step named `name`
 * (failed when vitest crashes without a failed test to show, or runs no test).
 */
function runVitest(name, args) {
  const out = join(root, '.vitest-results.json');
  rmSync(out, { force: true });
  announce(name);
  const vitestOk = pnpm(
    'exec',
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  );
  const report = countVitestReport(out);
  if (!report) console.error(`✗ ${name}: vitest wrote no report`);
  else if (report.total === 0) console.error(`✗ ${name}: no test ran`);
  // vitest failing without a failed test to show for it (a crash, an unhandled error) still fails.
  return step(name, report !== null && report.total > 0 && (vitestOk || report.failed > 0));
}

/** The summary: failures again (CI's log tail shows them), each step's duration, the last line. */
function finish() {
  const stepsFailed = checks.filter((c) => !c.ok).length;
  for (const f of failures) console.log(`✗ ${f}`);
  console.log('\nsteps:');
  for (const c of checks) {
    console.log(`  ${c.ok ? 'ok    ' : 'FAILED'} ${c.seconds.toFixed(0).padStart(5)} s  ${c.name}`);
  }
  console.log(`  total  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s`);
  console.log(`${passed + checks.length - stepsFailed} passed, ${failed + stepsFailed} failed`);
  process.exit(failed + stepsFailed === 0 ? 0 : 1);
}

if (built && browser && storybookBuilt) {
  // Every project at once on two workers: unit, host (both stores where the store is the point),
  // e2e (built output in Chromium) and storybook (every story once, in Chromium).
  runVitest('tests on Node 20 (unit, host, e2e, storybook)', []);
  // The run above is on the Node running this script (20, the oldest supported); providers deploy
  // on 22 and 24, so what can differ by Node runs there too (ON_OTHER_NODES).
  await sideBySide(
    ['22', '24'].map((version) => ({
      name: `Node matrix on Node ${version}`,
      run: () => runOnNode(version, ON_OTHER_NODES),
    })),
  );
} else {
  const missing = [!built && 'a build', !browser && 'Chromium', built && browser && 'a Storybook build']
    .filter(Boolean)
    .join(' and ');
  announce(`skipping the tests (they need ${missing})`);
}
finish();
