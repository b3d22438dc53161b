// Time to data (issue 28): how long after a customer opens a page of the standalone portal its data
// is on screen, against the floor of the same run — one HTML document from the host plus one API
// answer, what no portal can beat. The standalone host on a fresh embedded store with the demo
// data; Chromium signed in as demo@acme.example; each page opened cold (a fresh context, the HTTP
// cache disabled, the session cookie kept), under two conditions:
//
//   mobile        the conditions Lighthouse's mobile preset uses: 150 ms round trip, 1.6 Mbit/s down,
//                 750 kbit/s up (DevTools network emulation), CPU slowed ×4
//   unthrottled   the machine as it is
//
// "Data on screen": the page's own marker (a heading or table its data fills) is visible and nothing
// in the main region is busy (`aria-busy`: skeletons and refreshes). Each figure is the median of
// `--runs` (default 3). Also printed: when the first /api request left (none: the answers came in the
// page), how many scripts loaded, and — once the portal is loaded — how long a page reached from the
// navigation takes to show its data (unthrottled; issue 28's 300 ms budget).
//
//   node bench/time-to-data.mjs            (build first: npx -y pnpm@10.34.9 run build)
//   node bench/time-to-data.mjs --runs 5 --page /dashboard
//   node bench/time-to-data.mjs --no-json
//
// Exit 1 only when something is broken (the host does not start, sign-in fails, a page never shows
// its data); budgets missed are printed, not failed (bench/README.md).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startStandaloneDemoHost } from './lib/cli-host.mjs';
import { machineInfo, machineLine, writeResults } from './lib/cli.mjs';
import { repoRoot } from './lib/paths.mjs';
import { signIn } from './lib/targets.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    page: { type: 'string', multiple: true },
    'no-json': { type: 'boolean', default: false },
  },
});
const RUNS = Number(opts.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('--runs takes a whole number ≥ 1');
  process.exit(2);
}
const require = createRequire(join(repoRoot, 'package.json'));
const { chromium } = require('playwright-core');

/** Issue 28's budgets: time to data under mobile conditions ≤ 2× the floor; in-portal navigation ≤ 300 ms. */
const BUDGET = { ratio: 2, navigationMs: 300 };
const MOBILE = {
  latency: 150,
  downloadThroughput: (1.6 * 1e6) / 8,
  uploadThroughput: (750 * 1e3) / 8,
  cpu: 4,
};
const EMAIL = 'demo@acme.example';
const PASSWORD = 'demo-password';

/**
 * Each page, what shows that its data is there (a role and accessible name inside `main`), and the
 * navigation link that leads to it from the dashboard. `{request}` is the first request of the list.
 */
const ALL_PAGES = [
  { path: '/dashboard', role: 'table', name: 'Active subscriptions', nav: 'Dashboard' },
  { path: '/services/projects', role: 'heading', name: 'Deployment frequency', nav: 'Projects' },
  { path: '/services/talent', role: 'heading', level: 2, nav: 'Talent' },
  { path: '/my-info/account', role: 'table', name: 'Your documents', nav: 'Account' },
  { path: '/requests', role: 'table', name: 'Requests', nav: 'Requests' },
  { path: '/requests/{request}', role: 'heading', level: 2, name: 'Timeline', nav: null },
];
const PAGES = opts.page ? ALL_PAGES.filter((p) => opts.page.includes(p.path)) : ALL_PAGES;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A fresh context and page with the session, the cache disabled, and `mobile` conditions or none. */
async function coldPage(browser, cookies, mobile) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (mobile) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE.latency,
      downloadThroughput: MOBILE.downloadThroughput,
      uploadThroughput: MOBILE.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpu });
  }
  return { context, page };
}

/** Resolves once `main` shows the page's marker and nothing in it is busy. */
async function dataShown(page, { role, name, level }) {
  const main = page.getByRole('main');
  const marker = main.getByRole(role, {
    ...(name ? { name, exact: true } : {}),
    ...(level ? { level } : {}),
  });
  await marker.first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      return main !== null && !main.querySelector('[aria-busy="true"]');
    },
    null,
    { timeout: 60_000, polling: 'raf' },
  );
}

/**
 * The floor: the host's HTML document (nothing it refers to), then one API answer — the signed-in
 * session. The session cookie is given for /api only, so the document is the host's page as a
 * visitor without a session gets it (no answers to compute: the least a host can send).
 */
async function floorOnce(browser, cookies, url, mobile) {
  const { context, page } = await coldPage(
    browser,
    cookies.map(({ name, value }) => ({ name, value, domain: new URL(url).hostname, path: '/api' })),
    mobile,
  );
  try {
    await page.route(/\/assets\/|\.(js|css|woff2|svg|png|ico)(\?|$)/, (route) => route.abort());
    const started = Date.now();
    await page.goto(`${url}/dashboard`, { waitUntil: 'domcontentloaded' });
    const status = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    if (status !== 200) throw new Error(`the floor's /api/auth/me answered ${status}`);
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

/** A page opened cold: time to its data, the first /api request's start, the scripts loaded by then. */
async function pageOnce(browser, cookies, url, spec, mobile) {
  const { context, page } = await coldPage(browser, cookies, mobile);
  try {
    let started = 0;
    let firstApi = null;
    let scripts = 0;
    let shown = false;
    page.on('request', (request) => {
      if (shown) return;
      if (firstApi === null && new URL(request.url()).pathname.startsWith('/api/')) {
        firstApi = Date.now() - started;
      }
      if (request.resourceType() === 'script') scripts += 1;
    });
    started = Date.now();
    await page.goto(url + spec.path, { waitUntil: 'commit' });
    await dataShown(page, spec);
    shown = true;
    return { ms: Date.now() - started, firstApi, scripts };
  } catch (error) {
    throw new Error(`${spec.path}: the data did not show (${error.message.split('\n')[0]})`);
  } finally {
    await context.close();
  }
}

/** Once the dashboard is loaded (unthrottled), each page reached by its navigation link. */
async function navigationTimes(browser, cookies, url) {
  const { context, page } = await coldPage(browser, cookies, false);
  const times = {};
  try {
    await page.goto(`${url}/dashboard`);
    await dataShown(page, ALL_PAGES[0]);
    // Everything the portal loads on its own after the first view (idle prefetches) has come.
    await page.waitForLoadState('networkidle');
    for (const spec of PAGES) {
      if (!spec.nav || spec.path === '/dashboard') continue;
      const nav = page.getByRole('navigation').getByRole('link', { name: spec.nav, exact: true });
      const started = Date.now();
      await nav.first().click();
      await dataShown(page, spec);
      times[spec.path] = Date.now() - started;
      // Back to the dashboard, its data shown, before the next.
      await page
        .getByRole('navigation')
        .getByRole('link', { name: 'Dashboard', exact: true })
        .first()
        .click();
      await dataShown(page, ALL_PAGES[0]);
    }
  } finally {
    await context.close();
  }
  return times;
}

console.log(`time to data, standalone host on the embedded store, median of ${RUNS}\n${machineLine()}`);
const { host, stop: stopHost } = await startStandaloneDemoHost('time-to-data');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const results = { machine: machineInfo(), conditions: MOBILE, runs: RUNS, floor: {}, pages: {} };
let broken = false;
try {
  const header = await signIn(host.url, EMAIL, PASSWORD);
  // The session as Playwright cookies of the host's origin.
  const cookies = header.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: host.url };
  });
  const list = await (await fetch(`${host.url}/api/requests`, { headers: { Cookie: header } })).json();
  const first = list.items?.[0];
  if (!first) throw new Error('the demo company has no request to open');
  const pages = PAGES.map((spec) =>
    spec.path.includes('{request}') ? { ...spec, path: spec.path.replace('{request}', first.key) } : spec,
  );

  for (const mobile of [true, false]) {
    const label = mobile ? 'mobile' : 'unthrottled';
    const floors = [];
    for (let i = 0; i < RUNS; i += 1) floors.push(await floorOnce(browser, cookies, host.url, mobile));
    const floor = median(floors);
    results.floor[label] = floor;
    console.log(`\n${label}: floor (HTML + one API answer) ${floor} ms`);
    console.log(
      `${'page'.padEnd(34)} ${'data'.padStart(8)} ${'× floor'.padStart(8)} ${'first /api'.padStart(11)} ${'scripts'.padStart(8)}  verdict`,
    );
    for (const spec of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await pageOnce(browser, cookies, host.url, spec, mobile));
      const ms = median(runs.map((r) => r.ms));
      const firstApis = runs.map((r) => r.firstApi).filter((v) => v !== null);
      const firstApi = firstApis.length === 0 ? null : median(firstApis);
      const scripts = median(runs.map((r) => r.scripts));
      const ratio = ms / floor;
      results.pages[spec.path] = {
        ...(results.pages[spec.path] ?? {}),
        [label]: { ms, ratio, firstApi, scripts, runs },
      };
      const verdict = !mobile ? '' : ratio <= BUDGET.ratio ? 'ok' : 'OVER BUDGET';
      console.log(
        `${spec.path.padEnd(34)} ${`${ms} ms`.padStart(8)} ${ratio.toFixed(1).padStart(8)} ${(firstApi === null ? 'none' : `${firstApi} ms`).padStart(11)} ${String(scripts).padStart(8)}  ${verdict}`,
      );
    }
  }

  const navigation = await navigationTimes(browser, cookies, host.url);
  results.navigation = navigation;
  console.log('\nfrom the loaded dashboard, by the navigation (unthrottled)');
  for (const [path, ms] of Object.entries(navigation)) {
    console.log(
      `${path.padEnd(34)} ${`${ms} ms`.padStart(8)}  ${ms <= BUDGET.navigationMs ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  console.log(
    `\nbudgets: mobile time to data ≤ ${BUDGET.ratio}× the floor; a page reached from the navigation ≤ ${BUDGET.navigationMs} ms`,
  );
  if (!opts['no-json']) console.log(`results: ${writeResults('time-to-data', new Date(), results)}`);
} catch (error) {
  broken = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await browser.close();
  await stopHost();
}
process.exit(broken ? 1 : 0);
