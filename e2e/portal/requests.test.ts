// Requests (issue #18) in the standalone portal against the real host (built host package, PGlite
// with the demo data, the built standalone portal): a member files a change of hours with a file,
// staff open it from the requests queue (acting for Acme), comment and ask for approval, the member
// cannot approve, the company admin approves, staff resolve, the member confirms. A member does not
// see a colleague's participants-only request. The request page passes axe. No console errors.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, launchChromium } from '../support/browser';
import { collectPageErrors, DEMO_PASSWORD, type E2eHost, startE2eHost, stayOffline } from './support';

const ADMIN = 'demo@acme.example';
const MEMBER = 'member@acme.example';
const STAFF = 'staff@provider.example';
/** Acme's admin's own question, seen by its requester and participants only (the demo seed). */
const ADMINS_PRIVATE_REQUEST = 'ACME-2';
const TITLE = 'Add 12 hours for the holiday-season load tests';
const FILE = 'load-test-plan.pdf';
const WAIT = { timeout: 15_000 };

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

/** A fresh browser profile, offline except for the host, signed in through the sign-in page. */
async function signedIn(email: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: app.url });
  contexts.push(context);
  await stayOffline(context, app.url);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto('/auth/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), WAIT);
  await page.getByRole('main').waitFor(WAIT);
  return { page, errors };
}

const main = (page: Page) => page.getByRole('main');
/** The customer's status label in the request's header (the line with its key). */
const statusLine = (page: Page, key: string) => main(page).locator('p', { hasText: key }).first();

async function openRequest(page: Page, key: string) {
  await page.goto(`/requests/${key}`);
  await main(page).getByRole('heading', { level: 1, name: TITLE }).waitFor(WAIT);
}

async function expectStatus(page: Page, key: string, label: string) {
  await expect.poll(() => statusLine(page, key).textContent(), WAIT).toContain(label);
}

async function click(locator: Locator) {
  await locator.waitFor(WAIT);
  await locator.click();
}

/** A minimal PDF: the host decides the type from the content (`%PDF-`). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('requests in the standalone portal', () => {
  it('a change of hours goes from a member through staff and the admin’s approval to closed', async () => {
    // The member files a change of hours with a file.
    const member = await signedIn(MEMBER);
    await member.page.goto('/requests/new?type=change_of_scope');
    const form = main(member.page);
    await form.getByRole('textbox', { name: /^Title/ }).fill(TITLE, WAIT);
    await form
      .getByRole('textbox', { name: /^Description/ })
      .fill('Two extra days of load tests before the holiday season.');
    await form.getByRole('spinbutton', { name: /Hours to add/ }).fill('12');
    const subscription = form.getByLabel(/^Subscription/);
    const options = await subscription.locator('option').allTextContents();
    const platform = options.find((o) => o.includes('Platform Squad')) ?? options[1];
    if (platform) await subscription.selectOption({ label: platform });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: FILE, mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Submit request' }).click();
    await member.page.waitForURL(/\/requests\/ACME-\d+$/, WAIT);
    const key = new URL(member.page.url()).pathname.split('/').pop() as string;
    await main(member.page).getByRole('heading', { level: 1, name: TITLE }).waitFor(WAIT);
    await main(member.page).getByRole('list', { name: 'Files' }).getByText(FILE).waitFor(WAIT);
    await expectStatus(member.page, key, 'Submitted');
    expect(await axeViolations(member.page)).toEqual([]);

    // Staff open it from the queue (which acts for Acme), comment, start and ask for approval.
    const staff = await signedIn(STAFF);
    await click(main(staff.page).getByRole('tab', { name: 'Requests queue' }));
    await click(main(staff.page).locator(`button[data-request-key="${key}"]`));
    await staff.page.waitForURL(new RegExp(`/requests/${key}$`), WAIT);
    await main(staff.page).getByRole('heading', { level: 1, name: TITLE }).waitFor(WAIT);
    await staff.page.getByRole('region', { name: /^Acting for Acme/ }).waitFor(WAIT);
    const comment = 'We can run them in the second week of November; sending it for approval.';
    await main(staff.page).getByRole('textbox', { name: 'Comment' }).fill(comment);
    await main(staff.page).getByRole('button', { name: 'Comment', exact: true }).click();
    await main(staff.page).getByText(comment).waitFor(WAIT);
    await click(main(staff.page).getByRole('button', { name: 'Start work' }));
    await click(main(staff.page).getByRole('button', { name: 'Ask for approval' }));
    await main(staff.page).getByText('Internal: Awaiting approval').waitFor(WAIT);
    expect(await axeViolations(staff.page)).toEqual([]);

    // The member sees the comment "for Acme" and that it waits on the company, but cannot approve.
    await openRequest(member.page, key);
    await expectStatus(member.page, key, 'Waiting for you');
    await main(member.page)
      .getByText(/for Acme/)
      .first()
      .waitFor(WAIT);
    await main(member.page).getByText(comment).waitFor(WAIT);
    expect(await main(member.page).getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // The company admin approves, after a confirmation that says what is approved.
    const admin = await signedIn(ADMIN);
    await openRequest(admin.page, key);
    await click(main(admin.page).getByRole('button', { name: 'Approve' }));
    const dialog = admin.page.getByRole('alertdialog');
    await dialog.waitFor(WAIT);
    expect(await dialog.textContent()).toMatch(/You approve: Adds 12 hours to /);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expectStatus(admin.page, key, 'In progress');

    // Staff resolve it.
    await openRequest(staff.page, key);
    await click(main(staff.page).getByRole('button', { name: 'Resolve' }));
    await main(staff.page).getByText('Internal: Resolved').waitFor(WAIT);

    // The member confirms, within the 14 days to reopen.
    await openRequest(member.page, key);
    await expectStatus(member.page, key, 'Resolved');
    await main(member.page)
      .getByText(/You can reopen it within 14 days: until /)
      .waitFor(WAIT);
    await click(main(member.page).getByRole('button', { name: 'Confirm it is resolved' }));
    await expectStatus(member.page, key, 'Closed');

    expect([...member.errors, ...staff.errors, ...admin.errors]).toEqual([]);
  }, 120_000);

  it('a member does not see a colleague’s participants-only request', async () => {
    const member = await signedIn(MEMBER);
    await member.page.goto(`/requests/${ADMINS_PRIVATE_REQUEST}`);
    await main(member.page)
      .getByRole('heading', { level: 2, name: 'This request does not exist or is not shared with you' })
      .waitFor(WAIT);
    expect(await main(member.page).getByText('How is the lead time for changes measured?').count()).toBe(0);
    expect(await axeViolations(member.page)).toEqual([]);
    // A 404 answer is expected here; nothing else may fail.
    expect(member.errors.filter((e) => !e.includes('404'))).toEqual([]);
  }, 60_000);
});
