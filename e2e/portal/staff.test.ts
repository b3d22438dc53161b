// Provider staff in the standalone portal against the real host (built host package, PGlite with
// the demo data, the built standalone portal): sign in as staff, choose a company in the picker,
// see exactly its pages under the "Acting for" bar, switch to another company without a trace of
// the first, stop. Not one request answered 403 (or any other error) on the way, no console errors.
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium, placedMenu } from '../support/browser';
import {
  blankOffsitePictures,
  collectPageErrors,
  DEMO_PASSWORD,
  type E2eHost,
  fullPageScreenshot,
  screenshotsDir,
  startE2eHost,
  stayOffline,
} from './support';

const STAFF = 'staff@provider.example';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 740 };
const ACME = { id: 'acme', name: 'Acme Corporation' };
const GLOBEX = { id: 'globex', name: 'Globex Industries' };
/** Text that only Acme's pages show (its name, a subscription, its account manager). */
const ACME_ONLY = ['Acme Corporation', 'Team Plan: Platform Squad', 'Jordan Ellis'];
/** Every navigation entry's page, by its link name and its h1. */
const PAGES: (readonly [link: string, heading: string | RegExp])[] = [
  ['Dashboard', 'Dashboard'],
  ['Projects', 'Projects'],
  ['Talent', 'Talent'],
  ['AI Agents', 'AI Agents'],
  ['Account', 'Account'],
  ['Knowledge Base', 'Knowledge base'],
  ['My Teams', 'My Teams'],
];

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

/** A fresh browser profile, offline except for the host, recording every failed /api answer. */
async function open(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: app.url });
  contexts.push(context);
  // Pictures from elsewhere (GitHub organisations' avatars) get a blank one; anything else offsite fails.
  await stayOffline(context, app.url, blankOffsitePictures);
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      failed.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    }
  });
  const errors = collectPageErrors(page);
  // Names what a "blocked by client" console error was about (anything not on the test host).
  page.on('requestfailed', (request) => {
    if (!request.url().startsWith(app.url)) errors.push(`offsite: ${request.url().slice(0, 160)}`);
  });
  return { context, page, failed, errors };
}

async function signInAsStaff(page: Page) {
  await page.goto('/auth/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(STAFF);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
}

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
const bar = (page: Page, company: string) => page.getByRole('region', { name: `Acting for ${company}` });
const anyBar = (page: Page) => page.getByRole('region', { name: /^Acting for / });
const companyButton = (page: Page, id: string) => page.locator(`button[data-company-id="${id}"]`);
const nav = (page: Page) =>
  page.getByRole('navigation', { name: 'Portal', exact: true }).filter({ visible: true }).first();

const axe = axeViolations;

/** Opens every page from the navigation; on each, what the page says must not include `absent`. */
async function visitEveryPage(page: Page, company: string, absent: string[] = []) {
  // Home only for a company whose users pass the Home gate (Acme's do, Globex's do not).
  const home = await nav(page).getByRole('link', { name: 'Home', exact: true }).count();
  for (const [link, title] of [...(home ? [['Home', 'Home'] as const] : []), ...PAGES]) {
    await nav(page).getByRole('link', { name: link, exact: true }).click();
    await heading(page, title);
    await page.waitForLoadState('networkidle');
    await expect(bar(page, company).isVisible()).resolves.toBe(true);
    const text = (await page.locator('body').textContent()) ?? '';
    for (const word of absent) expect(text, `${link} while acting for ${company}`).not.toContain(word);
  }
  // The profile entry, named after the signed-in user.
  await nav(page).locator('a[href="/profile/settings"]').click();
  await heading(page, 'Profile');
  await page.waitForLoadState('networkidle');
  const text = (await page.locator('body').textContent()) ?? '';
  for (const word of absent) expect(text, `Profile while acting for ${company}`).not.toContain(word);
}

describe('provider staff', () => {
  it('choose Acme, see its pages; switch to Globex and see none of Acme; stop; never a 403', async () => {
    const { page, failed, errors } = await open();
    await signInAsStaff(page);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await heading(page, 'Choose a company');
    await companyButton(page, ACME.id).waitFor();
    expect(
      await page.locator('button[data-company-id]').evaluateAll((b) => b.map((e) => e.dataset.companyId)),
    ).toEqual([ACME.id, GLOBEX.id]);
    expect(await anyBar(page).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await axe(page)).toEqual([]);
    await fullPageScreenshot(page, join(screenshotsDir(), 'staff-picker-1440.png'));

    // Search, then Enter chooses the one match.
    await page.getByRole('searchbox', { name: 'Search companies' }).fill('acme');
    await expect.poll(() => page.locator('button[data-company-id]').count()).toBe(1);
    await page.keyboard.press('Enter');
    await bar(page, ACME.name).waitFor();
    await page
      .getByRole('table', { name: 'Active subscriptions' })
      .getByRole('rowheader', { name: 'Team Plan: Platform Squad' })
      .waitFor();
    await page.getByText('Jordan Ellis').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir(), 'staff-acting-1440.png') });
    await visitEveryPage(page, ACME.name);

    // Switch: back to the picker, Acme marked as current; choose Globex.
    await bar(page, ACME.name).getByRole('button', { name: 'Switch company' }).click();
    await heading(page, 'Choose a company');
    expect(await companyButton(page, ACME.id).getAttribute('aria-current')).toBe('true');
    await companyButton(page, GLOBEX.id).click();
    await bar(page, GLOBEX.name).waitFor();
    await nav(page).getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page
      .getByRole('table', { name: 'Active subscriptions' })
      .getByRole('rowheader', { name: 'Team Plan: Storefront Core' })
      .waitFor();
    await visitEveryPage(page, GLOBEX.name, ACME_ONLY);

    // A reload keeps the company: it lives on the session.
    await page.reload();
    await bar(page, GLOBEX.name).waitFor();

    // Stop: the picker again, no bar, the session has no company.
    await bar(page, GLOBEX.name).getByRole('button', { name: 'Stop acting' }).click();
    await heading(page, 'Choose a company');
    await anyBar(page).waitFor({ state: 'detached' });
    const me = await page.evaluate(() => fetch('/api/auth/me').then((r) => r.json()));
    expect(me).toMatchObject({ role: 'staff', companyId: null });
    await page.waitForLoadState('networkidle');

    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the picker and the bar at 375 px and in dark mode fit without sideways scrolling', async () => {
    const { page, failed, errors } = await open(PHONE);
    await signInAsStaff(page);
    await heading(page, 'Choose a company');
    await companyButton(page, GLOBEX.id).waitFor();
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await fullPageScreenshot(page, join(screenshotsDir(), 'staff-picker-375.png'));
    await companyButton(page, GLOBEX.id).click();
    await bar(page, GLOBEX.name).waitFor();
    await heading(page, 'Dashboard');
    await page.waitForLoadState('networkidle');
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: join(screenshotsDir(), 'staff-acting-375.png') });

    const dark = await open(DESKTOP);
    await signInAsStaff(dark.page);
    // The same staff member's session is another one: it starts without a company.
    await heading(dark.page, 'Choose a company');
    await dark.page
      .getByRole('button', { name: 'Display settings' })
      .filter({ visible: true })
      .first()
      .click();
    await (await placedMenu(dark.page)).getByRole('menuitem', { name: 'Dark' }).click();
    await dark.page.keyboard.press('Escape');
    await companyButton(dark.page, ACME.id).waitFor();
    await dark.page.screenshot({ path: join(screenshotsDir(), 'staff-picker-1440-dark.png') });
    await companyButton(dark.page, ACME.id).click();
    await bar(dark.page, ACME.name).waitFor();
    await dark.page.waitForLoadState('networkidle');
    expect(await axe(dark.page)).toEqual([]);
    await dark.page.screenshot({ path: join(screenshotsDir(), 'staff-acting-1440-dark.png') });

    expect([...failed, ...dark.failed]).toEqual([]);
    expect([...errors, ...dark.errors]).toEqual([]);
  });
});
