// What the browser downloads before a page of the standalone portal shows its data (issue 16's
// first-view budget): the standalone host on a fresh embedded store with demo data, Chromium signed
// in as demo@acme.example, then each page opened in a fresh tab (a cold cache, the session cookie
// kept). Every script and stylesheet response until the page's data is on screen is summed twice:
// gzipped (level 6, what the budgets of issue 16 are written in) and as the network delivered it
// (its encoded body: the build's brotli copy, quality 11, for a browser that accepts brotli as
// Chromium does). React and React DOM are in the portal's entry chunk; their share is the size of
// a production bundle of the two, gzipped and brotli'd alike, measured in the same run and
// subtracted from "own JavaScript".
//
//   node bench/first-view.mjs            (build first: npx -y pnpm@10.34.9 run build)
//   node bench/first-view.mjs --no-json
//   FIRST_VIEW_VERBOSE=1 node bench/first-view.mjs     (lists every script and stylesheet with its size)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { startStandaloneDemoHost } from './lib/cli-host.mjs';
import { machineInfo, machineLine, writeResults } from './lib/cli.mjs';
import { repoRoot } from './lib/paths.mjs';

const { values: opts } = parseArgs({ options: { 'no-json': { type: 'boolean', default: false } } });
const require = createRequire(join(repoRoot, 'package.json'));
const { chromium } = require('playwright-core');
const BUDGET = { ownJs: 80 * 1024, css: 14 * 1024 };

/** Each page, and what on it means "its data is shown". */
const PAGES = [
  ['/home', 'heading', 'Find your way around'],
  ['/dashboard', 'table', 'Active subscriptions'],
  ['/services/projects', 'heading', 'Deployment frequency'],
  ['/services/ai-agents', 'heading', 'Adoption by assistant'],
  ['/services/talent?tab=Active', 'heading', 'Talent'],
  ['/my-info/account?tab=documents', 'table', null],
  ['/knowledge-base', 'heading', 'Knowledge Base'],
  ['/services/my-teams', 'heading', 'My Teams'],
  ['/profile/settings', 'heading', 'Profile'],
];

/** Brotli at the quality the portal's build writes its `.br` copies with. */
const brotli = (bytes) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;

/** Bytes of React and React DOM as a site's production bundle would hold them, gzipped and brotli'd. */
async function reactSizes() {
  const { build } = await import(require.resolve('vite'));
  const entry = '\0react-entry';
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    root: join(repoRoot, 'packages', 'portal'),
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      {
        name: 'react-entry',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? "export * from 'react'; export { createRoot, hydrateRoot } from 'react-dom/client';"
            : null,
      },
    ],
    build: { write: false, minify: true, rolldownOptions: { input: entry } },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const code = outputs.filter((o) => o.type === 'chunk').map((chunk) => Buffer.from(chunk.code));
  return {
    gzip: code.reduce((n, c) => n + gzipSync(c).length, 0),
    brotli: code.reduce((n, c) => n + brotli(c), 0),
  };
}

console.log(`first view of each page, standalone host on the embedded store\n${machineLine()}`);
const { host, stop: stopHost } = await startStandaloneDemoHost('first-view');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const results = { machine: machineInfo(), pages: {} };
try {
  const react = await reactSizes();
  results.reactGzip = react.gzip;
  results.reactBrotli = react.brotli;
  const signInContext = await browser.newContext();
  const signInPage = await signInContext.newPage();
  await signInPage.goto(`${host.url}/auth/signin`);
  await signInPage.getByLabel('Email').fill('demo@acme.example');
  await signInPage.getByLabel('Password').fill('demo-password');
  await signInPage.getByRole('button', { name: 'Sign in' }).click();
  await signInPage.waitForURL(/\/(home|dashboard)/);
  const cookies = await signInContext.cookies();
  await signInContext.close();

  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `React + React DOM (subtracted from own JS): ${kb(react.gzip)} gzip, ${kb(react.brotli)} brotli\n`,
  );
  console.log(
    `${''.padEnd(34)} ${'gzip'.padStart(19)}${'as sent'.padStart(20)}`,
    `\n${'page'.padEnd(34)} ${'own JS'.padStart(9)} ${'CSS'.padStart(9)} ${'own JS'.padStart(9)} ${'CSS'.padStart(9)}  ${'all JS'.padStart(9)}  scripts  verdict`,
  );
  for (const [path, role, name] of PAGES) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const seen = [];
    let shown = false;
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (shown || (type !== 'script' && type !== 'stylesheet')) return;
      const entry = { url: response.url(), type, bytes: 0, gzip: 0, encoding: 'identity' };
      seen.push(entry);
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      entry.bytes = sizes?.responseBodySize ?? 0;
      entry.encoding = (await response.headerValue('content-encoding')) ?? 'identity';
      const body = await response.body().catch(() => null);
      entry.gzip = body ? gzipSync(body).length : 0;
    });
    await page.goto(host.url + path);
    const main = page.getByRole('main');
    await (name ? main.getByRole(role, { name }) : main.getByRole(role)).first().waitFor({ timeout: 30_000 });
    // The page's data: no skeleton left in the main region.
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'), null, {
      timeout: 30_000,
    });
    shown = true;
    await page.waitForTimeout(300); // sizes() of the last responses
    const sum = (type, key) => seen.filter((e) => e.type === type).reduce((n, e) => n + e[key], 0);
    const js = sum('script', 'gzip');
    const css = sum('stylesheet', 'gzip');
    const own = js - react.gzip;
    const sentJs = sum('script', 'bytes');
    const sentCss = sum('stylesheet', 'bytes');
    // React travels in the entry chunk, brotli'd when the browser took the brotli copies.
    const entryBrotli = seen.some((e) => e.type === 'script' && e.encoding === 'br');
    const sentOwn = sentJs - (entryBrotli ? react.brotli : react.gzip);
    const ok = own <= BUDGET.ownJs && css <= BUDGET.css;
    results.pages[path] = {
      ownJs: own,
      allJs: js,
      css,
      sent: {
        ownJs: sentOwn,
        allJs: sentJs,
        css: sentCss,
        encodings: [...new Set(seen.map((e) => e.encoding))],
      },
      scripts: seen.filter((e) => e.type === 'script').map((e) => e.url.replace(host.url, '')),
    };
    if (process.env.FIRST_VIEW_VERBOSE) {
      for (const e of seen)
        console.log(
          `    ${kb(e.gzip).padStart(9)} gzip ${kb(e.bytes).padStart(9)} ${e.encoding.padEnd(8)} ${e.url.replace(host.url, '')}`,
        );
    }
    console.log(
      `${path.padEnd(34)} ${kb(own).padStart(9)} ${kb(css).padStart(9)} ${kb(sentOwn).padStart(9)} ${kb(sentCss).padStart(9)}  ${kb(js).padStart(9)}  ${String(results.pages[path].scripts.length).padStart(7)}  ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
    await context.close();
  }
  console.log(
    `\nbudgets: own JS ≤ ${BUDGET.ownJs / 1024} KB, CSS ≤ ${BUDGET.css / 1024} KB (gzip, before the page's data shows; judged on gzip)`,
  );
  if (!opts['no-json']) console.log(`results: ${writeResults('first-view', new Date(), results)}`);
} finally {
  await browser.close();
  await stopHost();
}
