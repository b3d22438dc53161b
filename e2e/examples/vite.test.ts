// examples/vite, installed from the packed packages: type-checked with skipLibCheck false, built by
// Vite, served by `vite preview` (which passes /api to a real portal host), and driven in Chromium.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type E2eHost, startE2eHost } from '../portal/support';
import { freePort, installExample, packedTarballs, run, type Served, serve, withSiteOutput } from './harness';
import { describeBytes, portalRoundTrip } from './round-trip';

let app: E2eHost;
let site: Served;
let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = installExample('vite', packedTarballs());
  // `npm run build` type-checks first: the packages' declarations with skipLibCheck false. The runs
  // on Node 22 and 24 build and serve the same installed example side by side, each in a folder of
  // its own, so Vite's one-build-per-project lock (which guards a shared output folder) is bypassed.
  const outDir = `dist-node${process.versions.node.split('.')[0]}`;
  run('npm', ['run', 'build', '--', '--outDir', outDir, '--bypass-lock'], dir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  [app, browser] = await Promise.all([
    startE2eHost({ env: { PORTAL_BASE_PATH: '/portal', PUBLIC_ORIGIN: url } }),
    launchChromium(),
  ]);
  site = await serve(
    join(dir, 'node_modules', '.bin', 'vite'),
    [
      'preview',
      '--outDir',
      outDir,
      '--bypass-lock',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
    ],
    { cwd: dir, env: { PORTAL_API_ORIGIN: app.url }, url },
  );
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await app?.close();
});

describe('examples/vite (Vite + React Router, from the packed packages)', () => {
  it(`signs in, shows the dashboard in the site's layout, reloads a deep link, goes Back and signs out under /portal (Node ${process.versions.node})`, async () => {
    const bytes = await withSiteOutput(site, () => portalRoundTrip(browser, site.url));
    console.log(describeBytes('vite', bytes));
    expect(bytes.js).toBeGreaterThan(0);
    expect(bytes.fonts).toBeGreaterThan(0);
  });
});
