// Lighthouse on the standalone portal, signed in (issue 16's "Lighthouse" budget): the standalone
// host (`dist/cli.js start`, a fresh embedded store with the demo data), signed in as
// demo@acme.example through the API; each page measured with Lighthouse's default (mobile) preset
// in Debian's Chromium, three runs per page; the median score of each category is judged against
// the budget (performance ≥ 95, accessibility 100), and the audits that cost points are listed from
// the median run (Lighthouse's own computeMedianRun: the run closest to the median FCP and TTI).
//
//   node bench/lighthouse.mjs                 (build first: npx -y pnpm@10.34.9 run build)
//   node bench/lighthouse.mjs --check         exit 1 when a page misses a budget
//   node bench/lighthouse.mjs --runs 5 --page /dashboard --page /knowledge-base
//   node bench/lighthouse.mjs --no-json       no results file
//
// The median run's HTML report of each page goes to artifacts/lighthouse/ (git-ignored); the figures
// to bench/results/lighthouse-<time>.json. Exit 1 also when something is broken (the host does not
// start, sign-in fails, a run errors or does not end on the page asked for).
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { freePort, outputTail, startCliHost, stopCliHost } from './lib/cli-host.mjs';
import { machineInfo, machineLine, writeResults } from './lib/cli.mjs';
import { repoRoot } from './lib/paths.mjs';

const { values: opts } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    'cpu-slowdown': { type: 'string' },
    'no-json': { type: 'boolean', default: false },
  },
});
const RUNS = Number(opts.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs takes a whole number ≥ 1');
  process.exit(2);
}
const PAGES = opts.page ?? ['/dashboard', '/services/projects'];
const CPU_SLOWDOWN = opts['cpu-slowdown'] === undefined ? null : Number(opts['cpu-slowdown']);
if (CPU_SLOWDOWN !== null && !(CPU_SLOWDOWN >= 1)) {
  console.error('--cpu-slowdown takes a number ≥ 1 (the mobile preset uses 4)');
  process.exit(2);
}
/** Scores out of 100. */
const BUDGET = { performance: 95, accessibility: 100 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const EMAIL = 'demo@acme.example';
const PASSWORD = 'demo-password';
const REPORTS = join(repoRoot, 'artifacts', 'lighthouse');

// Lighthouse is a root devDependency; chrome-launcher is its own dependency (not hoisted).
const require = createRequire(join(repoRoot, 'package.json'));
const lighthouseDir = join(require.resolve('lighthouse/core/index.js'), '..', '..');
const { default: lighthouse } = await import(pathToFileURL(join(lighthouseDir, 'core', 'index.js')).href);
const { computeMedianRun } = await import(
  pathToFileURL(join(lighthouseDir, 'core', 'lib', 'median-run.js')).href
);
const chromeLauncher = await import(
  pathToFileURL(createRequire(join(lighthouseDir, 'package.json')).resolve('chrome-launcher')).href
);
const { throttling } = await import(
  pathToFileURL(join(lighthouseDir, 'core', 'config', 'constants.js')).href
);
const lighthouseVersion = require('lighthouse/package.json').version;

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Signs in through the API (as the sign-in form does) and returns the session's Cookie header. */
async function sessionCookie(url) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url, 'Sec-Fetch-Site': 'same-origin' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${EMAIL} answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';', 1)[0]);
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}

/** One Lighthouse run of `url` in a Chromium of its own (a cold profile and cache each time). */
async function runOnce(url, cookie, withReport) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: withReport ? 'html' : 'json',
      onlyCategories: ['performance', 'accessibility'],
      // The mobile preset's slow 4G and 4× CPU, unless --cpu-slowdown calibrates the CPU part.
      ...(CPU_SLOWDOWN === null
        ? {}
        : { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
      // The documented way into a signed-in page without a scripted login (Lighthouse's
      // docs/authenticated-pages.md, option 3): the session cookie on every request. It replaces
      // any cookie the page sets, which the portal does not rely on (the host keeps the session).
      extraHeaders: { Cookie: cookie },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result;
  } finally {
    await chrome.kill();
  }
}

/** What costs points: the category's scored audits below passing (0.9; accessibility: 1), worst first. */
function failingAudits(lhr, category) {
  const pass = category === 'performance' ? 0.9 : 1;
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < pass)
    .sort((a, b) => b.ref.weight * (1 - b.audit.score) - a.ref.weight * (1 - a.audit.score))
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue ?? null,
      items: itemsOf(audit),
    }));
}

/**
 * Why the metrics are what they are: the unweighted performance audits (diagnostics, insights,
 * opportunities) that failed, with what they point at.
 */
function diagnostics(lhr) {
  return (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.weight === 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 0.5)
    .filter((audit) => !['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode))
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      displayValue: audit.displayValue ?? null,
      items: itemsOf(audit),
    }));
}

/** The first few elements or URLs an audit names (its table or opportunity rows). */
function itemsOf(audit) {
  const items = audit.details?.items;
  if (!Array.isArray(items)) return [];
  return items
    .map((item) => item.node?.selector ?? item.node?.snippet ?? item.url ?? null)
    .filter((v) => typeof v === 'string')
    .slice(0, 4);
}

const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

const work = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
const dataDir = join(work, 'data');
// A copy of the built standalone portal: a rebuild during the runs (pnpm run build empties dist/)
// would otherwise answer the page's requests with 404s and 500s.
const portalDir = join(work, 'portal');
cpSync(join(repoRoot, 'packages', 'portal', 'dist', 'standalone'), portalDir, { recursive: true });
const port = await freePort();
console.log(
  `Lighthouse ${lighthouseVersion} (mobile preset, simulated throttling${CPU_SLOWDOWN === null ? '' : `, CPU slowdown ${CPU_SLOWDOWN}× instead of 4×`}), ${RUNS} runs per page, signed in as ${EMAIL}`,
);
console.log(
  `${machineLine()}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const host = await startCliHost({
  port,
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    PORTAL_DIR: portalDir,
    DEMO: 'true',
    COOKIE_SECURE: 'false',
    AUTH_MODE: 'local',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  },
});
const results = {
  lighthouse: lighthouseVersion,
  machine: machineInfo(),
  loadavg: loadavg(),
  runs: RUNS,
  cpuSlowdownMultiplier: CPU_SLOWDOWN ?? throttling.mobileSlow4G.cpuSlowdownMultiplier,
  budget: BUDGET,
  pages: {},
};
let missed = 0;
let exitCode = 0;
try {
  const cookie = await sessionCookie(host.url);
  mkdirSync(REPORTS, { recursive: true });
  for (const path of PAGES) {
    const url = host.url + path;
    const runs = [];
    for (let i = 0, failures = 0; i < RUNS; i++) {
      const { lhr, report } = await runOnce(url, cookie, true);
      if (lhr.runtimeError) {
        // Lighthouse's own advice for NO_NAVSTART and the like ("run Lighthouse again"); a loaded
        // machine produces them now and then. A third error on one page is broken.
        const what = `${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
        if (++failures > 2) throw new Error(what);
        console.log(`  ${path} run ${i + 1} errored, once more: ${what}`);
        i--;
        continue;
      }
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== path) throw new Error(`${path}: the run ended on ${landed} (was the session refused?)`);
      runs.push({ lhr, report });
      console.log(
        `  ${path} run ${i + 1}: performance ${score(lhr, 'performance')}, accessibility ${score(lhr, 'accessibility')} (benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)})`,
      );
    }
    const medianLhr = computeMedianRun(runs.map((r) => r.lhr));
    const medianRun = runs.find((r) => r.lhr === medianLhr);
    const performance = median(runs.map((r) => score(r.lhr, 'performance')));
    const accessibility = median(runs.map((r) => score(r.lhr, 'accessibility')));
    const ok = {
      performance: performance >= BUDGET.performance,
      accessibility: accessibility >= BUDGET.accessibility,
    };
    if (!ok.performance || !ok.accessibility) missed++;
    const slug = path.replace(/^\//, '').replace(/[^\w-]+/g, '_') || 'root';
    const reportFile = join(REPORTS, `${slug}.html`);
    writeFileSync(reportFile, medianRun.report);
    const page = {
      performance,
      accessibility,
      runs: runs.map((r) => ({
        performance: score(r.lhr, 'performance'),
        accessibility: score(r.lhr, 'accessibility'),
      })),
      metrics: Object.fromEntries(
        METRICS.map(([id]) => [
          id,
          { value: medianLhr.audits[id]?.displayValue ?? null, score: medianLhr.audits[id]?.score ?? null },
        ]),
      ),
      failing: {
        performance: failingAudits(medianLhr, 'performance'),
        accessibility: failingAudits(medianLhr, 'accessibility'),
      },
      diagnostics: diagnostics(medianLhr),
      report: reportFile,
    };
    results.pages[path] = page;
    console.log(
      `${path}: performance ${performance} (${ok.performance ? 'pass' : 'FAIL'}, budget ≥ ${BUDGET.performance}), accessibility ${accessibility} (${ok.accessibility ? 'pass' : 'FAIL'}, budget ${BUDGET.accessibility})`,
    );
    console.log(
      `    median run: ${METRICS.map(([id, name]) => `${name} ${page.metrics[id].value} (${Math.round((page.metrics[id].score ?? 0) * 100)})`).join(', ')}`,
    );
    const shorten = (items) =>
      items.length ? `: ${items.map((i) => i.replace(host.url, '')).join(' | ')}` : '';
    for (const category of ['performance', 'accessibility']) {
      for (const a of page.failing[category]) {
        console.log(
          `    costs ${category} points: ${a.id} — ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}, score ${Math.round(a.score * 100)}, weight ${a.weight}${shorten(a.items)}`,
        );
      }
    }
    for (const d of page.diagnostics) {
      console.log(
        `    diagnostic: ${d.id} — ${d.title}${d.displayValue ? ` (${d.displayValue})` : ''}${shorten(d.items)}`,
      );
    }
  }
  console.log(
    `\nbudgets: performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility} (median of ${RUNS} runs): ${missed === 0 ? 'every page passes' : `${missed} page(s) miss`}`,
  );
  console.log(`median runs' reports: ${join('artifacts', 'lighthouse')}/`);
  if (!opts['no-json']) console.log(`results: ${writeResults('lighthouse', new Date(), results)}`);
  if (opts.check && missed > 0) exitCode = 1;
} catch (error) {
  console.error(`broken: ${error instanceof Error ? error.message : error}\n${outputTail(host)}`);
  exitCode = 1;
} finally {
  await stopCliHost(host);
  rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
