#!/usr/bin/env node
// Screenshots of Storybook stories, for looking at states the way a designer would.
// Usage: node scripts/screenshot-stories.mjs <storybook-static dir> <out dir> <story-id>[@WIDTHxHEIGHT] …
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serveDirectory } from './static-server.mjs';

const [dir, out, ...ids] = process.argv.slice(2);
if (!dir || !out || ids.length === 0) {
  console.error('usage: screenshot-stories.mjs <storybook-static> <out> <story-id>[@WxH] …');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const server = await serveDirectory(resolve(dir));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const spec of ids) {
    const [id, size = '1000x700'] = spec.split('@');
    const [width, height] = size.split('x').map(Number);
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`${server.url}/iframe.html?id=${id}&viewMode=story`);
    await page.waitForSelector('#storybook-root > *', { timeout: 15000 });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(400);
    const file = join(out, `${id}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    console.log(file);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
