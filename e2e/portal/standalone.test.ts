// The standalone portal in Chromium against a real host (built host package, PGlite with the demo
// data, the built standalone portal, the host's own CSP): path routing and sign-in, the frame at
// phone and desktop widths, RTL, accessibility, and PostHog loading lazily.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, placedMenu } from '../support/browser';
import { packagesDir } from '../support/built';
import {
  ACME,
  collectPageErrors,
  DEMO_PASSWORD,
  type E2eHost,
  fullPageScreenshot,
  GLOBEX,
  screenshotsDir,
  signIn,
  standaloneAssets,
  startE2eHost,
  stayOffline,
} from './support';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 740 };

let app: E2eHost;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startE2eHost(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  await app?.close();
});

/** A fresh browser profile on `host` (no cookies), offline except for the host. */
async function open(
  host: E2eHost,
  viewport = DESKTOP,
  offsite?: Parameters<typeof stayOffline>[2],
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: host.url });
  contexts.push(context);
  await stayOffline(context, host.url, ...(offsite ? [offsite] : []));
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page) };
}

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** The page's one h1, once the portal has rendered it. */
async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe('path routing and sign-in', () => {
  it('sends a signed-out deep link to sign-in, signs in with the keyboard, lands on it; nav and back work', async () => {
    const { page, errors } = await open(app);
    await page.goto('/dashboard');
    await page.waitForURL((url) => url.pathname === '/auth/signin');
    expect(pathOf(page)).toBe('/auth/signin?returnTo=%2Fdashboard');
    await heading(page, 'Sign in to your portal');

    // Keyboard only: the first Tab stop is the email field.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await page.keyboard.type(ACME);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('password');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/dashboard');
    await heading(page, 'Dashboard');
    expect(pathOf(page)).toBe('/dashboard');
    await page.getByRole('main').waitFor();

    // Inside the frame: its navigation leads to Projects, client-side.
    const nav = page
      .getByRole('navigation', { name: 'Portal', exact: true })
      .filter({ visible: true })
      .first();
    await nav.getByRole('link', { name: 'Projects', exact: true }).click({ timeout: 10_000 });
    await page.waitForURL((url) => url.pathname === '/services/projects');
    await heading(page, 'Projects');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await heading(page, 'Dashboard');
    // The sign-in page replaced the deep link, and the dashboard replaced the sign-in page: one
    // more Back leaves the portal instead of landing on a page that redirects again.
    await page.goBack();
    await page.waitForURL((url) => url.href === 'about:blank');
    expect(errors).toEqual([]);
  });

  it('loads only the latin font files for English text (each file has its unicode-range)', async () => {
    const { context, page, errors } = await open(app);
    const fonts: string[] = [];
    page.on('response', (response) => {
      if (/\.woff2$/.test(new URL(response.url()).pathname)) fonts.push(new URL(response.url()).pathname);
    });
    await signIn(context, app.url, ACME);
    await page.goto('/dashboard');
    await heading(page, 'Dashboard');
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => !/-latin-\d/.test(f))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('renders a deep link directly when signed in, with the query kept', async () => {
    const { context, page, errors } = await open(app);
    await signIn(context, app.url, ACME);
    await page.goto('/services/talent?tab=Active');
    await heading(page, 'Talent');
    expect(pathOf(page)).toBe('/services/talent?tab=Active');
    expect(errors).toEqual([]);
  });
});

describe('the session check', () => {
  /** Every GET /api/auth/me the page makes, and the warnings Chromium logs (an unused preload is one). */
  async function sessionChecks(path: string, signedIn: boolean) {
    const { context, page, errors } = await open(app);
    if (signedIn) await signIn(context, app.url, ACME);
    const checks: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/me') checks.push(request.resourceType());
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(path);
    return { page, checks, warnings, errors };
  }

  it('comes in the page, so the portal asks for it no more: signed in, signed out, on the sign-in page', async () => {
    const signedIn = await sessionChecks('/dashboard', true);
    await heading(signedIn.page, 'Dashboard');
    const signedOut = await sessionChecks('/dashboard', false);
    await signedOut.page.waitForURL((url) => url.pathname === '/auth/signin');
    await heading(signedOut.page, 'Sign in to your portal');
    const signInPage = await sessionChecks('/auth/signin', false);
    await heading(signInPage.page, 'Sign in to your portal');
    // Chromium warns about a preload nobody used a few seconds after the load event.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    for (const { checks, warnings, errors } of [signedIn, signedOut, signInPage]) {
      // The host wrote the answer into the page (and left out the build's preload of it).
      expect(checks).toEqual([]);
      expect(warnings.filter((w) => /preload/i.test(w))).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
});

describe('the first answers in the page', () => {
  it('the dashboard shows its data with no call to /api: the host wrote the answers into the page', async () => {
    const { context, page, errors } = await open(app);
    await signIn(context, app.url, ACME);
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.goto('/dashboard');
    const main = page.getByRole('main');
    await main.getByRole('table', { name: 'Active subscriptions' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('main [aria-busy="true"]'));
    expect(calls).toEqual([]);
    // Used once: what the page does next asks the host again (a reload is a new page, with new answers).
    expect(await page.locator('#client-portal-answers').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('the code of each page', () => {
  it("is preloaded by the page the host serves: every navigation entry's chunk, beyond the entry's own", async () => {
    const preloads = async (path: string) => {
      const html = await (await fetch(`${app.url}${path}`)).text();
      return [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    };
    const entryOnly = await preloads('/no-such-page');
    for (const path of [
      '/home',
      '/dashboard',
      '/requests',
      '/services/projects',
      '/services/talent',
      '/services/ai-agents',
      '/services/my-teams',
      '/my-info/account',
      '/knowledge-base',
      '/profile/settings',
    ]) {
      const own = (await preloads(path)).filter((file) => !entryOnly.includes(file));
      expect(own.length, path).toBeGreaterThan(0);
    }
  });
});

describe('a portal served under PORTAL_BASE_PATH', () => {
  let based: E2eHost;
  beforeAll(async () => {
    based = await startE2eHost({ env: { PORTAL_BASE_PATH: '/portal' }, shareStoreOf: app });
  });
  afterAll(() => based?.close());

  it('signs in and out inside the base path, and Back never lands on a redirect', async () => {
    const { page, errors } = await open(based);
    await page.goto('/portal/services/projects');
    await page.waitForURL((url) => url.pathname === '/portal/auth/signin');
    expect(pathOf(page)).toBe('/portal/auth/signin?returnTo=%2Fportal%2Fservices%2Fprojects');
    await page.getByLabel('Email').fill(ACME);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/portal/services/projects');
    await heading(page, 'Projects');

    // A reload of the deep link renders it again, signed in.
    await page.reload();
    await heading(page, 'Projects');

    await page.getByRole('button', { name: 'Display settings' }).filter({ visible: true }).first().click();
    await (await placedMenu(page)).getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/portal/auth/signin');
    expect(pathOf(page)).toBe('/portal/auth/signin?returnTo=%2Fportal');
    await heading(page, 'Sign in to your portal');
    await page.goBack();
    await page.waitForURL((url) => url.href === 'about:blank');
    expect(errors).toEqual([]);
  });

  it('leads the site root and the host’s login route to the portal', async () => {
    const { page } = await open(based);
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/portal/auth/signin');
    await page.goto('/api/auth/login?returnTo=%2Fportal%2Fdashboard');
    await page.waitForURL((url) => url.pathname === '/portal/auth/signin');
    expect(pathOf(page)).toBe('/portal/auth/signin?returnTo=%2Fportal%2Fdashboard');
  });
});

describe('navigation entries per company', () => {
  // Home shows only when the CRM contact's lifecycle stage passes the check.
  it.each([
    [ACME, true],
    [GLOBEX, false],
  ])('%s sees Home in the navigation: %s', async (email, homeVisible) => {
    const { context, page } = await open(app);
    await signIn(context, app.url, email);
    // Home depends on the profile, which comes in the page with the session: once the dashboard
    // shows its subscriptions (which need the profile too), the navigation is final.
    await page.goto('/dashboard');
    await page.getByRole('main').getByRole('table', { name: 'Active subscriptions' }).waitFor();
    const nav = page
      .getByRole('navigation', { name: 'Portal', exact: true })
      .filter({ visible: true })
      .first();
    expect(await nav.getByRole('link', { name: 'Home', exact: true }).count()).toBe(homeVisible ? 1 : 0);
    expect(await nav.getByRole('link', { name: 'Projects', exact: true }).count()).toBe(1);
  });
});

describe('the frame at phone and desktop widths', () => {
  it('1440px: the side navigation is visible and 290px wide, no top bar', async () => {
    const { context, page } = await open(app, DESKTOP);
    await signIn(context, app.url, ACME);
    await page.goto('/dashboard');
    await heading(page, 'Dashboard');
    const nav = page
      .getByRole('navigation', { name: 'Portal', exact: true })
      .filter({ visible: true })
      .first();
    await nav.waitFor({ timeout: 10_000 });
    expect((await nav.boundingBox())?.width).toBe(290);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await fullPageScreenshot(page, join(screenshotsDir(), 'standalone-1440.png'));
  });

  it('375px: a 60px top bar with the menu button, the side navigation hidden; the drawer opens from the left', async () => {
    const { context, page } = await open(app, PHONE);
    await signIn(context, app.url, ACME);
    await page.goto('/dashboard');
    await heading(page, 'Dashboard');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.waitFor({ timeout: 10_000 });
    const topBar = page.getByRole('banner').filter({ has: menuButton });
    expect((await topBar.boundingBox())?.height).toBe(60);
    expect(
      await page.getByRole('navigation', { name: 'Portal', exact: true }).filter({ visible: true }).count(),
    ).toBe(0);
    await fullPageScreenshot(page, join(screenshotsDir(), 'standalone-375.png'));

    await menuButton.click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor(); // no slide-in: the browser prefers reduced motion
    const box = await drawer.boundingBox();
    expect(box).toMatchObject({ x: 0, width: 285 });
    // Closes on route change.
    await drawer.getByRole('link', { name: 'Projects', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/services/projects');
    await drawer.waitFor({ state: 'hidden' });
  });
});

describe('right to left (PORTAL_LOCALE=ar)', () => {
  let arabic: E2eHost;
  beforeAll(async () => {
    arabic = await startE2eHost({ env: { PORTAL_LOCALE: 'ar' }, shareStoreOf: app });
  });
  afterAll(async () => {
    await arabic?.close();
  });

  it('sets the page language and direction, and the drawer opens from the right at 375px', async () => {
    const ar = await import(join(packagesDir, 'portal', 'dist', 'i18n', 'messages.ar.js'));
    const messages = (ar.ar ?? ar.default ?? Object.values(ar)[0]) as Record<string, string>;
    const { context, page } = await open(arabic, PHONE);
    await signIn(context, arabic.url, ACME);
    await page.goto('/dashboard');
    await heading(page, messages['page.dashboard.title'] ?? 'Dashboard');
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    const menuButton = page.getByRole('button', { name: messages['nav.openMenu'] ?? 'Open menu' });
    await menuButton.waitFor({ timeout: 10_000 });
    await menuButton.click();
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    const box = await drawer.boundingBox();
    expect(box).toMatchObject({ x: PHONE.width - 285, width: 285 });
    await page.screenshot({ path: join(screenshotsDir(), 'standalone-375-rtl-drawer.png') });
  });
});

describe('accessibility (axe)', () => {
  const check = axeViolations;

  it('the sign-in page has no violations', async () => {
    const { page } = await open(app);
    await page.goto('/auth/signin');
    await heading(page, 'Sign in to your portal');
    expect(await check(page)).toEqual([]);
  });

  it.each([
    ['1440px', DESKTOP],
    ['375px', PHONE],
  ])('the dashboard has no violations at %s', async (_name, viewport) => {
    const { context, page } = await open(app, viewport);
    await signIn(context, app.url, ACME);
    await page.goto('/dashboard');
    await heading(page, 'Dashboard');
    expect(await check(page)).toEqual([]);
  });
});

describe('PostHog (POSTHOG_KEY set)', () => {
  let analytics: E2eHost;
  beforeAll(async () => {
    analytics = await startE2eHost({
      env: { POSTHOG_KEY: 'phc_e2e', POSTHOG_HOST: 'https://eu.i.posthog.com' },
      shareStoreOf: app,
    });
  });
  afterAll(async () => {
    await analytics?.close();
  });

  it('ships posthog-js as a chunk of its own that index.html neither loads nor preloads', async () => {
    const chunk = standaloneAssets().find((f) => /^posthog-[\w-]+\.js$/.test(f));
    expect(chunk, 'a posthog-<hash>.js chunk').toBeDefined();
    const html = await (await fetch(`${analytics.url}/`)).text();
    const initial = [...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(initial.some((src) => src?.includes('/assets/index-'))).toBe(true);
    expect(initial.filter((src) => src?.includes('posthog'))).toEqual([]);
    // Nor does the entry import it statically.
    const entry = initial.find((src) => src?.endsWith('.js')) as string;
    const code = readFileSync(join(packagesDir, 'portal', 'dist', 'standalone', entry), 'utf8');
    expect(code).toContain(chunk);
    expect(code).not.toMatch(new RegExp(`^import[^;]*${chunk}`, 'm'));
  });

  it('loads the chunk only after the portal started, then sends to the configured PostHog host', async () => {
    const sent: string[] = [];
    const { page, errors } = await open(analytics, DESKTOP, ({ url }) => {
      if (
        !url.startsWith('https://eu.i.posthog.com/') &&
        !url.startsWith('https://eu-assets.i.posthog.com/')
      ) {
        return null;
      }
      sent.push(url);
      // PostHog's remote configuration script, and JSON for everything else.
      return url.endsWith('.js')
        ? { status: 200, body: '', contentType: 'text/javascript' }
        : { status: 200, body: '{}' };
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/auth/signin', { waitUntil: 'domcontentloaded' });
    const beforeStart = [...scripts];
    await heading(page, 'Sign in to your portal');
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => /\/assets\/posthog-[\w-]+\.js$/.test(e.name)),
    );
    expect(beforeStart.filter((s) => s.includes('posthog'))).toEqual([]);
    expect(scripts.findIndex((s) => s.includes('posthog'))).toBeGreaterThan(
      scripts.findIndex((s) => s.includes('/assets/index-')),
    );
    // The page view of the sign-in page goes to the configured host (the assets host serves
    // PostHog's remote configuration).
    const toIngestion = () => sent.filter((url) => url.startsWith('https://eu.i.posthog.com/'));
    await expect.poll(() => toIngestion().length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(sent.filter((url) => !/^https:\/\/eu(-assets)?\.i\.posthog\.com\//.test(url))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
