// The portal embedded in a host page that has no React of its own (e2e/portal/pages): plain
// JavaScript calls mountClientPortal() from a bundle of the built package, under the real host's
// CSP. Memory routing, update() and unmount(), and isolation from hostile global CSS.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARED_PROPERTIES } from '../../packages/ui/src/embedding/hostileCss';
import { launchChromium } from '../support/browser';
import {
  ACME,
  collectPageErrors,
  DEMO_PASSWORD,
  differingPixels,
  type E2eHost,
  signIn,
  startE2eHost,
  stayOffline,
} from './support';

let app: E2eHost;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eHost({ pages: true }), launchChromium()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  await app?.close();
});

async function open(
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: app.url });
  contexts.push(context);
  await stayOffline(context, app.url);
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

const portalOf = (page: Page) => page.locator('#portal');
const heading = (page: Page, name: string) =>
  portalOf(page).getByRole('heading', { level: 1, name }).waitFor();

describe('memory routing (mountClientPortal from plain JavaScript)', () => {
  it('renders the initial path without touching the page address', async () => {
    const { context, page, errors } = await open();
    await signIn(context, app.url, ACME);
    await page.goto('/e2e/embed.html?path=/dashboard');
    await heading(page, 'Dashboard');
    expect(new URL(page.url()).pathname).toBe('/e2e/embed.html');
    expect(
      await page.evaluate(() => (window as unknown as { portalNavigations: string[] }).portalNavigations),
    ).toEqual(['/dashboard']);
    // The page has no React of its own: its script is plain JavaScript importing the bundle.
    expect(await page.evaluate(() => 'React' in window)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('navigates inside the portal (sign-in → returnTo) while the page address stays the same', async () => {
    const { page, errors } = await open();
    const address = '/e2e/embed.html?path=%2Fauth%2Fsignin%3FreturnTo%3D%252Fservices%252Fprojects';
    await page.goto(address);
    await heading(page, 'Sign in to your portal');
    const historyLength = await page.evaluate(() => history.length);
    await portalOf(page).getByLabel('Email').fill(ACME);
    await portalOf(page).getByLabel('Password').fill(DEMO_PASSWORD);
    await portalOf(page).getByRole('button', { name: 'Sign in' }).click();
    await heading(page, 'Projects');
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(address);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(
      await page.evaluate(() => (window as unknown as { portalNavigations: string[] }).portalNavigations),
    ).toEqual(['/auth/signin?returnTo=%2Fservices%2Fprojects', '/services/projects']);
    expect(errors).toEqual([]);
  });

  it('follows its own navigation links without changing the page address', async () => {
    const { context, page } = await open();
    await signIn(context, app.url, ACME);
    await page.goto('/e2e/embed.html?path=/dashboard');
    await heading(page, 'Dashboard');
    const nav = portalOf(page)
      .getByRole('navigation', { name: 'Portal', exact: true })
      .filter({ visible: true })
      .first();
    await nav.getByRole('link', { name: 'Projects', exact: true }).click({ timeout: 10_000 });
    await heading(page, 'Projects');
    expect(new URL(page.url()).pathname).toBe('/e2e/embed.html');
  });

  it('update({ locale: "ar" }) turns the portal right to left; unmount() empties the element', async () => {
    const { context, page, errors } = await open();
    await signIn(context, app.url, ACME);
    await page.goto('/e2e/embed.html?path=/dashboard');
    await heading(page, 'Dashboard');
    const root = portalOf(page).locator('> [dir]').first();
    expect(await root.getAttribute('dir')).toBe('ltr');
    await page.evaluate(() =>
      (window as unknown as { portal: { update(o: object): void } }).portal.update({ locale: 'ar' }),
    );
    await page.waitForFunction(
      () => document.querySelector('#portal > [dir]')?.getAttribute('dir') === 'rtl',
    );
    expect(await root.getAttribute('lang')).toBe('ar');
    // The host page keeps its own direction and language.
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      '',
      'en',
    ]);
    await page.evaluate(() => (window as unknown as { portal: { unmount(): void } }).portal.unmount());
    expect(await page.evaluate(() => document.getElementById('portal')?.childNodes.length)).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('lifecycle (mountClientPortal from plain JavaScript)', () => {
  /** Long timers (TanStack Query's garbage collection: minutes) the page has pending, by delay. */
  const LONG_TIMERS = `
    window.__longTimers = new Map();
    const set = window.setTimeout.bind(window);
    const clear = window.clearTimeout.bind(window);
    window.setTimeout = (fn, delay, ...rest) => {
      const id = set((...a) => { window.__longTimers.delete(id); return typeof fn === 'function' ? fn(...a) : undefined; }, delay, ...rest);
      if (delay >= 10000) window.__longTimers.set(id, delay);
      return id;
    };
    window.clearTimeout = (id) => { window.__longTimers.delete(id); return clear(id); };
  `;
  type PortalModule = { mountClientPortal(el: Element, options: object): { unmount(): void } };

  it('mounting again on the same element replaces the portal there', async () => {
    const { context, page, errors } = await open();
    await signIn(context, app.url, ACME);
    await page.goto('/e2e/embed.html?path=/dashboard');
    await heading(page, 'Dashboard');
    await page.evaluate(async () => {
      const { mountClientPortal } = window as unknown as PortalModule;
      const element = document.getElementById('portal') as HTMLElement;
      mountClientPortal(element, { routing: { mode: 'memory', initialPath: '/services/projects' } });
    });
    await heading(page, 'Projects');
    expect(await portalOf(page).locator('> [dir]').count()).toBe(1);
    // The first handle is spent: unmounting it does not take the second portal down.
    await page.evaluate(() => (window as unknown as { portal: { unmount(): void } }).portal.unmount());
    await heading(page, 'Projects');
    expect(errors).toEqual([]);
  });

  it('unmount leaves no timers behind, and 250 mount/unmount cycles leave the heap flat', async () => {
    const { context, page, errors } = await open();
    await context.addInitScript(LONG_TIMERS);
    await signIn(context, app.url, ACME);
    await page.goto('/e2e/embed.html?path=/dashboard');
    await heading(page, 'Dashboard');
    const cdp = await context.newCDPSession(page);
    const heapAfterGc = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    /** Mounts a portal on a fresh element, waits for its dashboard, unmounts; `n` times. */
    const cycles = (n: number) =>
      page.evaluate(async (count) => {
        const { mountClientPortal } = window as unknown as PortalModule;
        const element = document.createElement('div');
        document.body.append(element);
        for (let i = 0; i < count; i++) {
          const portal = mountClientPortal(element, {
            routing: { mode: 'memory', initialPath: '/dashboard' },
          });
          const deadline = Date.now() + 10_000;
          while (!element.querySelector('h1') && Date.now() < deadline) {
            await new Promise((r) => setTimeout(r, 5));
          }
          if (!element.querySelector('h1')) throw new Error(`cycle ${i}: the dashboard did not render`);
          portal.unmount();
        }
        element.remove();
        // The cache is emptied a task after unmount.
        await new Promise((r) => setTimeout(r, 50));
      }, n);
    const longTimers = () =>
      page.evaluate(() => (window as unknown as { __longTimers: Map<number, number> }).__longTimers.size);

    const withPagePortal = await longTimers();
    expect(withPagePortal).toBeGreaterThan(0); // the page's own portal is mounted: its cache has timers
    await page.evaluate(() => (window as unknown as { portal: { unmount(): void } }).portal.unmount());
    await page.waitForTimeout(50);
    expect(await longTimers()).toBe(0);

    await cycles(25); // warm-up: code compiled, caches of the page filled
    const before = await heapAfterGc();
    await cycles(250);
    const after = await heapAfterGc();
    expect(await longTimers()).toBe(0);
    console.log(
      `heap after 25 warm-up cycles ${(before / 1e6).toFixed(2)} MB, after 250 more ${(after / 1e6).toFixed(2)} MB`,
    );
    expect(after - before).toBeLessThan(1_500_000);
    expect(errors).toEqual([]);
  }, 300_000);
});

describe('hostile global CSS on the host page', () => {
  /** Turns some of the page's hostile stylesheets on or off. */
  const setSheet = (page: Page, ids: string | string[], enabled: boolean) =>
    page.evaluate(
      ([sheetIds, on]) => {
        for (const sheetId of sheetIds as string[]) {
          const link = document.getElementById(sheetId) as HTMLLinkElement;
          if (!link.sheet) throw new Error(`${sheetId} did not load`);
          link.sheet.disabled = !on;
        }
      },
      [typeof ids === 'string' ? [ids] : ids, enabled] as const,
    );
  const ALL_SHEETS = ['hostile', 'hostile-landmarks', 'hostile-selectors'];

  /** Computed style and box of every element of the portal (see packages/ui's hostileCss.ts). */
  const fingerprint = (portal: Locator) =>
    portal.evaluate(
      (root, props) => {
        // Boxes relative to the portal's root: the page may style the container it gave the portal.
        const o = root.getBoundingClientRect();
        return [root, ...Array.from(root.querySelectorAll('*'))].map((el) => {
          const s = getComputedStyle(el);
          const r = el.getBoundingClientRect();
          const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`;
          // An element that is not rendered (display: none) has no box to compare.
          const box =
            el.getClientRects().length === 0
              ? 'not rendered'
              : `${Math.round(r.x - o.x)},${Math.round(r.y - o.y)},${Math.round(r.width)}x${Math.round(r.height)}`;
          return `${name}[${box}] ${props.map((p) => `${p}:${s.getPropertyValue(p)}`).join(';')}`;
        });
      },
      // The kit's compared properties, plus what the frame's landmarks rely on.
      [...COMPARED_PROPERTIES, 'position', 'z-index'],
    );

  /** Screenshot and fingerprint of the portal with the sheets on, then off; the differences. */
  async function compare(page: Page, sheet: string | string[], name: string) {
    // The portal's own root element (the host's container is the host's to style); in shadow
    // isolation it is inside the shadow root (locators reach into open shadow roots).
    const portal = portalOf(page).locator('[data-color-mode]').first();
    await page.evaluate(async () => {
      await document.fonts.ready;
      // The page's own header is the page's to style: its hostile landmark rules make it taller than
      // the space the page left for it, over the portal's corner. Out of the way, it is not compared.
      const header = document.querySelector<HTMLElement>('.site-header');
      if (header) header.style.visibility = 'hidden';
    });
    const shot = () => portal.screenshot({ animations: 'disabled', caret: 'hide' });
    await setSheet(page, sheet, true);
    const withCss = { png: await shot(), fingerprint: await fingerprint(portal) };
    await setSheet(page, sheet, false);
    const withoutCss = { png: await shot(), fingerprint: await fingerprint(portal) };
    await setSheet(page, sheet, true);
    const differing = differingPixels(withCss.png, withoutCss.png);
    if (differing > 0) {
      const dir = join(import.meta.dirname, '..', '..', '.tmp', 'e2e-screenshots');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}-with-host-css.png`), withCss.png);
      writeFileSync(join(dir, `${name}-without-host-css.png`), withoutCss.png);
    }
    // Per element: only what differs (box, or `property: with → without`).
    const changed = withCss.fingerprint.flatMap((line, i) => {
      const other = withoutCss.fingerprint[i] ?? '';
      if (line === other) return [];
      const [head = '', props = ''] = line.split(' ', 2).length
        ? [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)]
        : [];
      const [otherHead = '', otherProps = ''] = [
        other.slice(0, other.indexOf(' ')),
        other.slice(other.indexOf(' ') + 1),
      ];
      const a = props.split(';');
      const b = otherProps.split(';');
      const diffs = a.flatMap((p, j) =>
        p === b[j] ? [] : [`${p} → ${b[j]?.split(':').slice(1).join(':')}`],
      );
      return [`${head}${head === otherHead ? '' : ` (without: ${otherHead})`} ${diffs.join('; ')}`];
    });
    return { differing, changed, elements: withCss.fingerprint.length };
  }

  async function hostilePage(path: string, signedIn: boolean, isolation: 'none' | 'shadow' = 'none') {
    const { context, page, errors } = await open();
    if (signedIn) await signIn(context, app.url, ACME);
    await page.goto(`/e2e/hostile.html?path=${encodeURIComponent(path)}&isolation=${isolation}`);
    await portalOf(page).getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => document.body.dataset.portalReady === 'true');
    // The frame's overlays (menu, tooltips) load once the page's data is in (a second of quiet)
    // and then re-render their triggers: compare the settled portal, not one caught mid-way.
    if (signedIn) {
      await portalOf(page)
        .locator('[data-scope="tooltip"][data-part="trigger"]')
        .first()
        .waitFor({ state: 'attached', timeout: 15_000 });
    }
    await page.waitForLoadState('networkidle');
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await setSheet(page, ['hostile-landmarks', 'hostile-selectors'], false);
    // The host CSS is really active: the page's own button lost its styles.
    const probe = await page.locator('#site-button').evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.boxSizing, s.cursor, s.borderTopStyle];
    });
    expect(probe).toEqual(['content-box', 'auto', 'none']);
    return { page, errors };
  }

  it.each([
    ['the dashboard', '/dashboard', true],
    ['the sign-in form', '/auth/signin', false],
  ])('changes nothing of %s: identical pixels, styles and boxes', async (_name, path, signedIn) => {
    const { page, errors } = await hostilePage(path, signedIn);
    const result = await compare(page, 'hostile', `hostile${path.replace(/\W+/g, '-')}`);
    expect(result.elements).toBeGreaterThan(8);
    expect(result.changed).toEqual([]);
    expect(result.differing).toBe(0);
    expect(errors).toEqual([]);
  });

  it('element rules on landmarks (header, nav, main, footer, aside, section) change nothing either', async () => {
    const { page } = await hostilePage('/dashboard', true);
    await setSheet(page, 'hostile', false);
    const result = await compare(page, 'hostile-landmarks', 'hostile-landmarks-dashboard');
    expect(result.changed).toEqual([]);
    expect(result.differing).toBe(0);
  });

  it('id rules setting what the portal leaves alone (filter, opacity, generated content) do change a layered portal: what shadow isolation is for', async () => {
    const { page } = await hostilePage('/dashboard', true);
    await setSheet(page, 'hostile', false);
    const result = await compare(page, 'hostile-selectors', 'hostile-selectors-layered');
    expect(result.changed.length).toBeGreaterThan(0);
    expect(result.differing).toBeGreaterThan(0);
  });

  it.each([
    ['the dashboard', '/dashboard', true],
    ['the sign-in form', '/auth/signin', false],
  ])(
    'with shadow isolation, no rule of the page changes %s: identical pixels, styles and boxes',
    async (_name, path, signedIn) => {
      const { page, errors } = await hostilePage(path, signedIn, 'shadow');
      // Nothing of the portal is in the page's DOM, only its host element.
      expect(await portalOf(page).evaluate((el) => el.querySelectorAll('[data-color-mode]').length)).toBe(0);
      const result = await compare(page, ALL_SHEETS, `hostile-shadow${path.replace(/\W+/g, '-')}`);
      expect(result.elements).toBeGreaterThan(8);
      expect(result.changed).toEqual([]);
      expect(result.differing).toBe(0);
      expect(errors).toEqual([]);
    },
  );
});
