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
