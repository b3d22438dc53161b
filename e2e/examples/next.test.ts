// examples/next, installed from the packed packages: `next build` (which prerenders the site and
// type-checks), `next start` with /api rewritten to a real portal host, driven in Chromium. The
// portal renders on the server without touching browser globals and hydrates without a warning
// (any console error fails the round trip).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type E2eHost, startE2eHost } from '../portal/support';
import { freePort, installExample, packedTarballs, run, type Served, serve, withSiteOutput } from './harness';
import { describeBytes, portalRoundTrip } from './round-trip';

let app: E2eHost;
let site: Served;
let browser: Browser;
let buildLog: string;

beforeAll(async () => {
  const dir = installExample('next', packedTarballs());
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  [app, browser] = await Promise.all([
    startE2eHost({ env: { PORTAL_BASE_PATH: '/portal', PUBLIC_ORIGIN: url } }),
    launchChromium(),
  ]);
  // The rewrite to the host is part of the build (next.config.mjs reads PORTAL_API_ORIGIN).
  buildLog = run('npm', ['run', 'build'], dir, { PORTAL_API_ORIGIN: app.url });
  site = await serve('npm', ['run', 'start', '--', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: dir,
    env: { PORTAL_API_ORIGIN: app.url },
    url,
  });
}, 420_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await app?.close();
});

describe('examples/next (Next.js App Router, from the packed packages)', () => {
  it('builds: the portal page is a Server Component file that renders <ClientPortal>', () => {
    expect(buildLog).toMatch(/\/portal\/\[\[\.\.\.slug\]\]/);
    expect(buildLog).not.toMatch(
      /location is not defined|window is not defined|createContext is not a function/,
    );
  });

  it('serves the portal’s loading state from the server for any address under /portal', async () => {
    const html = await (await fetch(`${site.url}/portal/services/projects`)).text();
    expect(html).toContain('role="status"');
    expect(html).toMatch(/dir="ltr" lang="en" data-color-mode="light"/);
  });

  it("signs in, shows the dashboard in the site's layout, reloads a deep link, goes Back and signs out under /portal", async () => {
    const bytes = await withSiteOutput(site, () => portalRoundTrip(browser, site.url));
    console.log(describeBytes('next', bytes));
    expect(bytes.js).toBeGreaterThan(0);
  });
});
