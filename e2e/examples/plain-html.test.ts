// examples/plain-html, installed from the packed packages: plain pages that load the portal's
// browser build with <script type="module"> (no bundler, no React of their own), served by the
// example's small server, driven in Chromium against a real portal host.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type E2eHost, startE2eHost } from '../portal/support';
import { freePort, installExample, packedTarballs, type Served, serve, withSiteOutput } from './harness';
import { describeBytes, portalRoundTrip } from './round-trip';

let app: E2eHost;
let site: Served;
let browser: Browser;

beforeAll(async () => {
  const dir = installExample('plain-html', packedTarballs());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  [app, browser] = await Promise.all([
    startE2eHost({ env: { PORTAL_BASE_PATH: '/portal', PUBLIC_ORIGIN: url } }),
    launchChromium(),
  ]);
  site = await serve(process.execPath, [join(dir, 'serve.mjs')], {
    cwd: dir,
    env: { PORTAL_API_ORIGIN: app.url, PORT: String(port) },
    url,
  });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await app?.close();
});

describe('examples/plain-html (the browser build, from the packed packages)', () => {
  it(`signs in, shows the dashboard in the site's layout, reloads a deep link, goes Back and signs out under /portal (Node ${process.versions.node})`, async () => {
    const bytes = await withSiteOutput(site, () => portalRoundTrip(browser, site.url));
    console.log(describeBytes('plain-html', bytes));
    expect(bytes.js).toBeGreaterThan(0);
    expect(bytes.fonts).toBeGreaterThan(0);
  });
});
