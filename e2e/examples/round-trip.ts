// The round trip every example must pass in Chromium, on the site's origin with the portal under
// /portal and a hostile stylesheet on every page: signed out → the portal's sign-in page inside the
// site's layout → sign in → dashboard → a deep link reloaded → Back → sign out. Also measures what
// the portal adds to the site's downloads.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { COMPARED_PROPERTIES } from '../../packages/ui/src/embedding/hostileCss';
import { ACME, collectPageErrors, DEMO_PASSWORD, stayOffline } from '../portal/support';
import { gzipBytes } from './harness';
import { placedMenu } from '../support/browser';

const HOSTILE_CSS = readFileSync(join(import.meta.dirname, '..', 'portal', 'pages', 'hostile.css'), 'utf8');
/** Adds the hostile stylesheet to every document, before the site's own scripts run. */
const INJECT_HOSTILE = `(() => {
  const style = document.createElement('style');
  style.id = 'hostile';
  style.textContent = ${JSON.stringify(HOSTILE_CSS)};
  const add = () => {
    if (!style.isConnected && document.head) document.head.append(style);
  };
  add();
  document.addEventListener('DOMContentLoaded', add);
})();`;

export interface PortalBytes {
  /** gzip bytes (level 6) of the JavaScript files the portal's pages load that the site's home does not. */
  js: number;
  jsFiles: number;
  /** Bytes of the font files the portal's pages load (woff2: already compressed). */
  fonts: number;
  fontFiles: number;
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 20_000 });

/** The portal's navigation (region mode: named after the portal's label). */
const portalNav = (page: Page) =>
  page.getByRole('navigation', { name: 'Client portal: Portal' }).filter({ visible: true }).first();

/** The JavaScript and font files the document has loaded so far. */
const loadedFiles = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => /\.(m?js|woff2)(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, bytes: entry.encodedBodySize })),
  );

/**
 * What the portal's own rules decide for each of its elements: computed styles, without sizes and
 * positions. The site's rules may style the container the site gives the portal (here they do:
 * its `div` padding and border), and the portal's layout follows that box as it should; pixels and
 * boxes are compared in e2e/portal/embedding.test.ts, where the container is fixed.
 */
const STYLE_PROPERTIES = COMPARED_PROPERTIES.filter((p) => p !== 'width' && p !== 'height');
/** The portal's element styles with the hostile stylesheet on and off: the elements that differ. */
async function hostileDifference(page: Page) {
  // Nothing mid-transition: the pointer off the portal (it was on the link it clicked), the page's
  // data shown (no part still busy: the page's chunk and its queries arrive after the heading); the
  // browser prefers reduced motion, so nothing animates. Both readings are taken in one task of the
  // page (one evaluate, no await between them), so no render — a lazily loaded part arriving, say —
  // can come between them: every line that differs is the hostile sheet's doing.
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const [withCss, withoutCss] = await page
    .locator('[data-color-mode]')
    .first()
    .evaluate(
      (root, props) => {
        const sheet = (document.getElementById('hostile') as HTMLStyleElement | null)?.sheet;
        if (!sheet) throw new Error('the hostile stylesheet is missing');
        const read = () =>
          [root, ...Array.from(root.querySelectorAll('*'))].map((el) => {
            const s = getComputedStyle(el);
            return `${el.tagName.toLowerCase()} ${props.map((p) => `${p}:${s.getPropertyValue(p)}`).join(';')}`;
          });
        sheet.disabled = false;
        const on = read();
        sheet.disabled = true;
        const off = read();
        sheet.disabled = false;
        return [on, off];
      },
      [...STYLE_PROPERTIES],
    );
  return {
    changed: withCss.flatMap((line, i) => (line === withoutCss[i] ? [] : [`${line} → ${withoutCss[i]}`])),
    elements: withCss.length,
  };
}

export async function portalRoundTrip(browser: Browser, site: string): Promise<PortalBytes> {
  const context = await browser.newContext({ baseURL: site, viewport: { width: 1280, height: 900 } });
  try {
    await stayOffline(context, site);
    await context.addInitScript(INJECT_HOSTILE);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    // The site's home: what it loads without the portal.
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Software teams that deliver' }).waitFor();
    await page.waitForLoadState('networkidle');
    const home = new Set((await loadedFiles(page)).map((file) => file.url));

    // Signed out, the portal's own sign-in page, inside the site's layout and under /portal.
    await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Client portal' }).click();
    await page.waitForURL((url) => url.pathname === '/portal/auth/signin');
    expect(pathOf(page)).toBe('/portal/auth/signin?returnTo=%2Fportal');
    await heading(page, 'Sign in to your portal');
    await expect(page.getByRole('link', { name: 'Acme home' }).isVisible()).resolves.toBe(true);

    await page.getByLabel('Email').fill(ACME);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The portal's start: Home for this customer.
    await page.waitForURL((url) => url.pathname === '/portal/home');
    await portalNav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/portal/dashboard');
    await heading(page, 'Dashboard');
    await expect(page.getByRole('link', { name: 'Acme home' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('region', { name: 'Client portal' }).isVisible()).resolves.toBe(true);

    // The hostile stylesheet changes nothing of the portal.
    await page.waitForLoadState('networkidle');
    const hostile = await hostileDifference(page);
    expect(hostile.elements).toBeGreaterThan(50);
    expect(hostile.changed).toEqual([]);

    // What the portal added to the site's downloads.
    const added = (await loadedFiles(page)).filter((file) => !home.has(file.url));
    const js = added.filter((file) => /\.m?js(\?|$)/.test(new URL(file.url).pathname));
    const fonts = added.filter((file) => /\.woff2(\?|$)/.test(new URL(file.url).pathname));
    let jsGzip = 0;
    for (const file of js) jsGzip += gzipBytes(Buffer.from(await (await fetch(file.url)).arrayBuffer()));
    const bytes: PortalBytes = {
      js: jsGzip,
      jsFiles: js.length,
      fonts: fonts.reduce((sum, file) => sum + file.bytes, 0),
      fontFiles: fonts.length,
    };

    // A deep link, loaded and reloaded: the portal renders it, signed in.
    await page.goto('/portal/services/projects');
    await heading(page, 'Projects');
    await page.reload();
    await heading(page, 'Projects');
    expect(pathOf(page)).toBe('/portal/services/projects');

    // Back: the dashboard again.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/portal/dashboard');
    await heading(page, 'Dashboard');

    // Sign out: the portal's sign-in page, on the way back to the portal's start.
    await page.getByRole('button', { name: 'Display settings' }).filter({ visible: true }).first().click();
    // Chosen with the keyboard, as the menu offers (End: its last item, Sign out; Enter): a pointer
    // click at the placed menu's item was lost twice on a loaded machine (the Node 22 runs).
    const menu = await placedMenu(page);
    await menu.press('End');
    await menu.getByRole('menuitem', { name: 'Sign out' }).and(page.locator('[data-highlighted]')).waitFor();
    await menu.press('Enter');
    // The address itself, polled: waitForURL waits for a 'load' that a client-side navigation
    // does not give.
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/portal/auth/signin');
    expect(pathOf(page)).toBe('/portal/auth/signin?returnTo=%2Fportal');
    await heading(page, 'Sign in to your portal');
    expect(errors).toEqual([]);
    return bytes;
  } finally {
    await context.close();
  }
}

/** One line for the log (and BENCHMARKS.md): what the portal adds to the example's site. */
export const describeBytes = (name: string, bytes: PortalBytes) =>
  `example ${name}: the portal adds ${(bytes.js / 1024).toFixed(1)} KB of JavaScript (gzip, ${bytes.jsFiles} files) and ${(bytes.fonts / 1024).toFixed(1)} KB of fonts (${bytes.fontFiles} files)`;
