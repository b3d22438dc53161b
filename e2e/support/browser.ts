import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import { chromium } from 'playwright-core';
import type { Browser, Locator, Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium for the browser tests. Every context and page it opens prefers reduced motion
 * unless a test asks otherwise: the theme's durations are 0 then, so a test (and axe) sees each
 * menu, list, tooltip and toast in its end state, never half faded in or out.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * The menu that is open, once it stands where it stays: Ark parks a menu's positioner at
 * translate3d(0, -100vh, 0) until it has been placed beside its trigger, and a click aimed at an
 * item before that lands where the item was (a lost click). Choose items through this.
 */
export async function placedMenu(page: Page): Promise<Locator> {
  const menu = page.locator('[role="menu"][data-state="open"]');
  await menu.waitFor();
  await page.waitForFunction(() => {
    const positioner = document
      .querySelector('[role="menu"][data-state="open"]')
      ?.closest<HTMLElement>('[data-part="positioner"]');
    return positioner !== null && positioner !== undefined && !positioner.style.transform.includes('-100vh');
  });
  return menu;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations on the page (every default rule), one line each with the nodes' selectors.
 * axe runs inside the page, once over the document: the portal's pages have no frames.
 * (@axe-core/playwright's AxeBuilder runs it frame by frame and finishes the run in a second page,
 * passing every node's result through the protocol: on the signed-in /services/projects that took
 * 6.7 s against 1.4 s for the same run here.) The script goes in through the protocol, which the
 * host's Content-Security-Policy does not apply to.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(context: Document, options: object): Promise<AxeResults> };
    };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.join(', ')})`);
}
