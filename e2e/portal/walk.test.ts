// The portal walked as a new customer walks it (issue 16, "End-to-end"), in Chromium against a real
// standalone host (the BUILT host and portal, PGlite with the demo data; build first:
// `npx -y pnpm@10.34.9 run build`):
//   - demo@acme.example signs in through the form and opens every navigation entry at 1440 px;
//     each page must show the data the API answers in the same session (walk-pages.ts: one row per
//     entry), pass axe and log no console error; a document is downloaded (a real download of the
//     right file), the knowledge base searched;
//   - dark mode is chosen in the display settings and every page is opened again (axe in dark);
//   - at 375 px every page is reached through the drawer, without horizontal scrolling, axe clean;
//   - sign-out leads back to sign-in, and the portal stays closed afterwards;
//   - the same at 375 px in Arabic (a host with PORTAL_LOCALE=ar: the portal takes its language from
//     the site, there is no language switch in the UI): dir=rtl, Arabic titles, no horizontal scroll;
//   - demo@globex.example signs in and finds none of Acme's names (from Acme's API answers, less what
//     Globex's own answers contain) on any page, while each page shows Globex's own data.
// Screenshots of every page (1440 light and dark, 375 light and Arabic) are written to
// artifacts/e2e-walk/ (E2E_WALK_DIR overrides it), which is git-ignored: `npm test` leaves them in
// the checkout for CI to keep, like storybook-static/.
// One browser, one context per person and language, pages reached by clicking, as a user does.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The catalogues the built portal was made from (its strings, not copies of them).
import { ar } from '../../packages/portal/src/i18n/messages.ar';
import { en, type Messages } from '../../packages/portal/src/i18n/messages.en';
import { axeViolations, launchChromium, placedMenu } from '../support/browser';
import {
  ACME,
  blankOffsitePictures,
  collectPageErrors,
  DEMO_PASSWORD,
  type E2eHost,
  fullPageScreenshot,
  GLOBEX,
  signIn,
  startE2eHost,
  stayOffline,
} from './support';
import { type Answers, fetchAnswers, privateNames } from './walk-api';
import { WALK, type WalkPage } from './walk-pages';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 740 };
const SHOTS = process.env.E2E_WALK_DIR ?? join(import.meta.dirname, '..', '..', 'artifacts', 'e2e-walk');

let app: E2eHost;
let arabic: E2eHost;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // This run's screenshots only: the walk's own files of an earlier run go first.
  mkdirSync(SHOTS, { recursive: true });
  for (const file of readdirSync(SHOTS)) {
    if (/^(1440|375)-[\w-]+\.png$/.test(file)) rmSync(join(SHOTS, file));
  }
  [app, browser] = await Promise.all([startE2eHost(), launchChromium()]);
  arabic = await startE2eHost({ env: { PORTAL_LOCALE: 'ar' }, shareStoreOf: app });
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close().catch(() => {})));
  await browser?.close();
  await arabic?.close();
  await app?.close();
});

/** One person's browser tab on `host`: no cookies yet, offline except for the host. */
interface Tab {
  host: E2eHost;
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors since the last `noErrors`. */
  errors: string[];
  t: Messages;
  /** What the API answers this person (set once signed in): some link texts come from it. */
  answers?: Answers;
}

async function openTab(
  host: E2eHost,
  viewport: { width: number; height: number },
  t: Messages,
): Promise<Tab> {
  const context = await browser.newContext({ viewport, baseURL: host.url });
  contexts.push(context);
  // Pictures from elsewhere (GitHub avatars) get a blank one, as if online; anything else offsite fails.
  await stayOffline(context, host.url, blankOffsitePictures);
  const page = await context.newPage();
  return { host, context, page, errors: collectPageErrors(page), t };
}

/** Fails with the page's console errors since the last call (and forgets them). */
function noErrors(tab: Tab, where: string) {
  expect(tab.errors.splice(0), `console errors on ${where}`).toEqual([]);
}

/** The visible "Portal" navigation (the side navigation, or the drawer's). */
const navigation = (tab: Tab) =>
  tab.page
    .getByRole('navigation', { name: tab.t['nav.label'], exact: true })
    .filter({ visible: true })
    .first();

/** Signs in through the sign-in form, from the site's root, as a new user does. */
async function signInWithForm(tab: Tab, email: string) {
  const { page, t } = tab;
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/auth/signin');
  await page.getByRole('heading', { level: 1, name: t['signIn.title'] }).waitFor();
  await page.getByLabel(t['signIn.email']).fill(email);
  await page.getByLabel(t['signIn.password']).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t['signIn.submit'], exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/auth/signin');
  await navigation(tab).waitFor();
}

/** Until the page shows its title and nothing in main is loading any more. */
async function settle(tab: Tab, entry: WalkPage) {
  const { page, t } = tab;
  await page.waitForURL((url) => url.pathname === entry.path);
  await page.getByRole('heading', { level: 1, name: t[entry.title], exact: true }).waitFor();
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main !== null && main.querySelector('[aria-busy="true"]') === null;
  });
}

/** Every string of `expected` in the page's main region (waits for late panels). */
async function expectShown(page: Page, expected: string[], where: string) {
  const main = page.getByRole('main');
  await expect
    .poll(
      async () => {
        // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, as a user reads it.
        const text = await main.innerText();
        return expected.filter((s) => !text.includes(s));
      },
      { message: `missing on ${where}`, timeout: 15_000 },
    )
    .toEqual([]);
}

async function axe(page: Page, where: string) {
  expect(await axeViolations(page), `axe on ${where}`).toEqual([]);
}

async function screenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await fullPageScreenshot(page, join(SHOTS, `${name}.png`));
}

/** No horizontal scrolling: the document is no wider than the viewport. */
async function expectNoHorizontalScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement as Element;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `horizontal scrolling on ${where}`).toBeLessThanOrEqual(clientWidth);
}

/** Opens the display settings (colour mode, contrast, sign-out) and picks `item`. */
async function settingsMenu(tab: Tab, item: string) {
  const { page, t } = tab;
  await page.getByRole('button', { name: t['frame.settings'] }).filter({ visible: true }).first().click();
  // The item of the menu that is open, once placed; the choice has been taken once that menu has
  // closed. (The browser prefers reduced motion: the menu opens and closes without animating.)
  const open = await placedMenu(page);
  await open.getByRole('menuitem', { name: item }).click();
  await open.waitFor({ state: 'detached' });
}

const colourMode = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-color-mode]')].map((e) => e.getAttribute('data-color-mode')),
  );

/** The text of `entry`'s link in the navigation. */
const linkName = (tab: Tab, entry: WalkPage) =>
  entry.navName && tab.answers ? entry.navName(tab.answers) : tab.t[entry.nav];

/** Follows `entry` in the side navigation (desktop). */
async function viaSideNav(tab: Tab, entry: WalkPage) {
  await navigation(tab)
    .getByRole('link', { name: linkName(tab, entry), exact: true })
    .click();
  await settle(tab, entry);
}

/** Follows `entry` in the drawer (phone): open the menu, pick the entry, the drawer closes. */
async function viaDrawer(tab: Tab, entry: WalkPage) {
  const { page, t } = tab;
  await page.getByRole('button', { name: t['nav.openMenu'] }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: linkName(tab, entry), exact: true }).click();
  await drawer.waitFor({ state: 'hidden' });
  await settle(tab, entry);
}

const label = (entry: WalkPage) => entry.path;

describe('the walk', () => {
  let acme: Tab;
  let acmeAnswers: Answers;

  describe('as demo@acme.example at 1440 px', () => {
    beforeAll(async () => {
      acme = await openTab(app, DESKTOP, en);
      await signInWithForm(acme, ACME);
      acmeAnswers = await fetchAnswers(acme.context.request, app.url);
      acme.answers = acmeAnswers;
      noErrors(acme, 'sign-in');
    });

    it.each(WALK.map((entry) => [label(entry), entry] as const))(
      '%s: its data, axe, no console error',
      async (_, entry) => {
        await viaSideNav(acme, entry);
        // Placeholders (entry.todo) are checked for what they are today: title, axe, console.
        if (entry.data) await expectShown(acme.page, entry.data(acmeAnswers), entry.path);
        await axe(acme.page, `${entry.path} (1440, light)`);
        await screenshot(acme.page, `1440-light-${entry.id}`);
        noErrors(acme, entry.path);
      },
    );

    it('the dashboard fits 1440: the subscriptions table, request links included, needs no sideways scrolling', async () => {
      const { page, t } = acme;
      await viaSideNav(acme, WALK.find((entry) => entry.id === 'dashboard') as WalkPage);
      const table = page.getByRole('table', { name: t['dashboard.subscriptions.title'] });
      // The last column's links come with the requests' lazy part: measured once they are there.
      await table.getByRole('link', { name: t['requestLinks.requestChange'] }).first().waitFor();
      const { scrollWidth, clientWidth } = await table.evaluate((el) => {
        const region = el.parentElement as HTMLElement;
        return { scrollWidth: region.scrollWidth, clientWidth: region.clientWidth };
      });
      expect(scrollWidth, 'the subscriptions table scrolls sideways at 1440').toBeLessThanOrEqual(
        clientWidth,
      );
    });

    it('downloads a document: a real download of the right file', async () => {
      const { page, t } = acme;
      const account = WALK.find((entry) => entry.id === 'account') as WalkPage;
      await viaSideNav(acme, account);
      const document = acmeAnswers.documents[0];
      expect(document, 'Acme has documents').toBeDefined();
      if (!document) return;
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page
          .getByRole('button', {
            name: t['page.account.documents.downloadName'].replace('{name}', document.name),
          })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(document.name);
      const file = await download.path();
      const bytes = readFileSync(file);
      expect(bytes.length).toBe(document.sizeBytes);
      if (document.contentType === 'application/pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      noErrors(acme, 'the download');
    });

    it('searches the knowledge base: the results the search API answers, in its order', async () => {
      const { page, t } = acme;
      const kb = WALK.find((entry) => entry.id === 'knowledge-base') as WalkPage;
      await viaSideNav(acme, kb);
      // A term of the demo articles; what it must find comes from the API, in this session.
      const query = 'DORA';
      const res = await acme.context.request.get(`${app.url}/api/knowledge-base/search?q=${query}`);
      const expected = ((await res.json()) as { results: { article: { title: string } }[] }).results.map(
        (r) => r.article.title,
      );
      expect(expected.length).toBeGreaterThan(0);
      await page.getByRole('searchbox', { name: t['page.knowledgeBase.search.label'] }).fill(query);
      const titles = () => page.getByRole('main').getByRole('heading', { level: 3 }).allInnerTexts();
      await expect.poll(titles, { timeout: 10_000 }).toEqual(expected);
      expect(new URL(page.url()).searchParams.get('q')).toBe(query);
      // The first result opens its article.
      await page.getByRole('main').getByRole('link', { name: expected[0], exact: true }).click();
      await page.getByRole('heading', { level: 1, name: expected[0] }).waitFor();
      await axe(page, 'a knowledge-base article');
      await screenshot(page, '1440-light-knowledge-base-article');
      noErrors(acme, 'the knowledge base search');
    });
  });

  // Dark mode is chosen once and kept for the phone pass: axe runs twice per page, at 1440 in light
  // (every rule) and at 375 in dark (every rule again: the phone layout's structure, dark colours'
  // contrast), which covers what a light 375 and a dark 1440 run would add, at half the time.
  describe('dark mode, chosen in the display settings', () => {
    it('switches to dark', async () => {
      await settingsMenu(acme, acme.t['frame.colorMode.dark']);
      await expect.poll(() => colourMode(acme.page), { timeout: 10_000 }).toContain('dark');
    });

    it.each(WALK.map((entry) => [label(entry), entry] as const))(
      '%s: dark at 1440, no console error',
      async (_, entry) => {
        await viaSideNav(acme, entry);
        expect(await colourMode(acme.page)).not.toContain('light');
        await screenshot(acme.page, `1440-dark-${entry.id}`);
        noErrors(acme, `${entry.path} (dark)`);
      },
    );
  });

  describe('at 375 px in dark, through the drawer', () => {
    beforeAll(async () => {
      await acme.page.setViewportSize(PHONE);
    });

    it.each(WALK.map((entry) => [label(entry), entry] as const))(
      '%s: its data, no horizontal scrolling, axe',
      async (_, entry) => {
        await viaDrawer(acme, entry);
        if (entry.data) await expectShown(acme.page, entry.data(acmeAnswers), `${entry.path} (375)`);
        await expectNoHorizontalScroll(acme.page, entry.path);
        expect(await colourMode(acme.page)).not.toContain('light');
        await axe(acme.page, `${entry.path} (375, dark)`);
        await screenshot(acme.page, `375-dark-${entry.id}`);
        noErrors(acme, `${entry.path} (375)`);
      },
    );

    it('switches back to light', async () => {
      await settingsMenu(acme, acme.t['frame.colorMode.light']);
      await expect.poll(() => colourMode(acme.page), { timeout: 10_000 }).not.toContain('dark');
    });

    it('signs out and is sent back to sign-in; the portal stays closed', async () => {
      const { page, t } = acme;
      await settingsMenu(acme, t['frame.signOut']);
      await page.waitForURL((url) => url.pathname === '/auth/signin');
      await page.getByRole('heading', { level: 1, name: t['signIn.title'] }).waitFor();
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/auth/signin');
      await page.getByRole('heading', { level: 1, name: t['signIn.title'] }).waitFor();
      noErrors(acme, 'sign-out');
    });
  });

  describe('in Arabic at 375 px (PORTAL_LOCALE=ar)', () => {
    let rtl: Tab;
    beforeAll(async () => {
      rtl = await openTab(arabic, PHONE, ar);
      rtl.answers = acmeAnswers;
      await signIn(rtl.context, arabic.url, ACME);
      await rtl.page.goto('/dashboard');
      await navigation(rtl)
        .or(rtl.page.getByRole('button', { name: ar['nav.openMenu'] }))
        .first()
        .waitFor();
    });

    // The same pages and data as in English (names are not translated); axe already ran on them at
    // 375 px, so this pass looks at what the language changes: direction, titles, overflow.
    it.each(WALK.map((entry) => [label(entry), entry] as const))(
      '%s: right to left, Arabic title, its data, no horizontal scrolling',
      async (_, entry) => {
        await viaDrawer(rtl, entry);
        expect(
          await rtl.page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
        ).toEqual(['ar', 'rtl']);
        if (entry.data) await expectShown(rtl.page, entry.data(acmeAnswers), `${entry.path} (ar)`);
        // The kit's own words (a table's range and pager, its states) are English by default: the
        // portal must hand over its catalogue's, in text and in accessible names alike.
        const kitEnglish =
          /\b(Showing|Previous page|Next page|Pages? of|Page \d|No results|Try again|Technical details|Loading)\b/;
        const shown = await rtl.page.getByRole('main').evaluate((main) => [
          // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, as a user reads it.
          (main as HTMLElement).innerText,
          ...[...main.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label') ?? ''),
        ]);
        expect(
          shown.filter((text) => kitEnglish.test(text)),
          `English words of the UI kit on ${entry.path} (ar)`,
        ).toEqual([]);
        await expectNoHorizontalScroll(rtl.page, `${entry.path} (ar)`);
        await screenshot(rtl.page, `375-ar-${entry.id}`);
        noErrors(rtl, `${entry.path} (ar)`);
      },
    );
  });

  describe('as demo@globex.example: none of Acme’s data anywhere', () => {
    let globex: Tab;
    let globexAnswers: Answers;
    let acmeOnly: string[];
    beforeAll(async () => {
      globex = await openTab(app, DESKTOP, en);
      await signInWithForm(globex, GLOBEX);
      globexAnswers = await fetchAnswers(globex.context.request, app.url);
      globex.answers = globexAnswers;
      acmeOnly = privateNames(acmeAnswers, globexAnswers);
      noErrors(globex, 'sign-in');
    });

    it('has Acme-only names to look for (Acme’s company, subscriptions, people, documents…)', () => {
      expect(acmeOnly).toContain(acmeAnswers.profile.company.name);
      expect(acmeOnly.length).toBeGreaterThan(20);
      expect(globexAnswers.profile.company.name).not.toBe(acmeAnswers.profile.company.name);
    });

    it('has no Home entry (Globex does not pass the Home gate)', async () => {
      await globex.page.waitForLoadState('networkidle');
      expect(await navigation(globex).getByRole('link', { name: en['nav.home'], exact: true }).count()).toBe(
        0,
      );
    });

    it.each(WALK.filter((entry) => !entry.homeGate).map((entry) => [label(entry), entry] as const))(
      '%s: Globex’s own data, no Acme name, no console error',
      async (_, entry) => {
        await viaSideNav(globex, entry);
        if (entry.data) await expectShown(globex.page, entry.data(globexAnswers), `${entry.path} (Globex)`);
        // The whole document (frame, navigation, title), also what is hidden, not only main.
        const text = await globex.page.evaluate(() => `${document.title}\n${document.body.textContent}`);
        expect(
          acmeOnly.filter((name) => text.includes(name)),
          `Acme names on ${entry.path}`,
        ).toEqual([]);
        noErrors(globex, `${entry.path} (Globex)`);
      },
    );
  });

  // Provider staff acting for Acme (and then Globex) walk every page in e2e/portal/staff.test.ts:
  // no 403, Acme's data under the "Acting for" bar, none of it after switching to Globex.
});
