// The BUILT Storybook (storybook-static, what designers open): what the vitest `storybook` project,
// which runs every story once as a test (play function and axe), cannot see. Every docs page
// renders; and the production bundle runs one story of each component (the first in the sidebar)
// as Storybook itself runs it, at the canvas size Storybook's UI leaves on a laptop (the vitest
// project renders at 414×896): the preview switches from story to story in one iframe, runs the
// play function and the a11y check, and reports the story finished (`storyFinished`: the status
// and the reports behind the sidebar's badges). Each must finish without an error (its play
// function, its rendering, an unhandled error) or a failed report (axe). Errors a story logs on
// purpose (an error boundary's) are listed, not failed. Pages emulate reduced motion, as every
// browser test here does: the theme's durations are 0 then, so axe never reads an overlay mid-fade.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDirectory } from '../../scripts/static-server.mjs';
import { launchChromium } from '../support/browser';

const staticDir = join(import.meta.dirname, '..', '..', 'storybook-static');
/** A 1440×900 window, less Storybook's sidebar (~240 px) and its addon panel at the bottom. */
const CANVAS = { width: 1200, height: 560 };
/** Stories per page; two pages share the work. */
const PAGES = 2;

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
  tags?: string[];
}

interface Finished {
  storyId: string;
  status: 'success' | 'error';
  reporters: { type: string; status: string; result?: { violations?: { id: string; nodes: unknown[] }[] } }[];
}

interface Outcome {
  id: string;
  title: string;
  status: string;
  problems: string[];
  consoleErrors: string[];
  ms: number;
}

let server: { url: string; close: () => Promise<unknown> };
let browser: Browser;
let stories: IndexEntry[] = [];
let docs: IndexEntry[] = [];

beforeAll(async () => {
  if (!existsSync(join(staticDir, 'index.json'))) {
    throw new Error(
      'storybook-static is missing: run `npx -y pnpm@10.34.9 run build-storybook` (npm test does it).',
    );
  }
  const index = JSON.parse(readFileSync(join(staticDir, 'index.json'), 'utf8')) as {
    entries: Record<string, IndexEntry>;
  };
  // One story a designer can open per component (title): the first in the sidebar. Interaction
  // tests (tag 'interaction', hidden from the sidebar by '!dev') and the other stories run once, in
  // the vitest `storybook` project.
  const seen = new Set<string>();
  stories = Object.values(index.entries).filter((entry) => {
    if (entry.type !== 'story' || seen.has(entry.title)) return false;
    const tags = entry.tags ?? ['test'];
    // 'motion' stories check an animation: they need full motion, which only the vitest project gives.
    if (!tags.includes('test') || tags.includes('interaction') || tags.includes('motion')) return false;
    seen.add(entry.title);
    return true;
  });
  docs = Object.values(index.entries).filter((entry) => entry.type === 'docs');
  [server, browser] = await Promise.all([serveDirectory(staticDir), launchChromium()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the preview on one page and records what its channel says about each story. */
async function preview(first: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: CANVAS,
    baseURL: server.url,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__finished = [];
    w.__exceptions = [];
    w.__consoleErrors = [];
    const original = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      (w.__consoleErrors as string[]).push(args.map(String).join(' ').slice(0, 500));
      original(...args);
    };
    const listen = () => {
      const channel = w.__STORYBOOK_ADDONS_CHANNEL__ as
        | { on(event: string, handler: (payload: unknown) => void): void }
        | undefined;
      if (!channel) {
        setTimeout(listen, 10);
        return;
      }
      channel.on('storyFinished', (payload) => (w.__finished as unknown[]).push(payload));
      for (const event of [
        'playFunctionThrewException',
        'storyThrewException',
        'storyErrored',
        'storyMissing',
      ]) {
        channel.on(event, (payload) =>
          (w.__exceptions as string[]).push(`${event}: ${JSON.stringify(payload).slice(0, 500)}`),
        );
      }
    };
    listen();
  });
  await page.goto(`/iframe.html?id=${encodeURIComponent(first)}&viewMode=story`);
  return page;
}

/** Shows `story` in the preview (as the sidebar does) and waits for Storybook to finish it. */
async function run(page: Page, story: IndexEntry, first: boolean): Promise<Outcome> {
  const started = Date.now();
  await page.evaluate(
    (switchTo) => {
      const w = window as unknown as Record<string, unknown>;
      w.__exceptions = [];
      w.__consoleErrors = [];
      if (switchTo) {
        const channel = w.__STORYBOOK_ADDONS_CHANNEL__ as { emit(event: string, payload: unknown): void };
        channel.emit('setCurrentStory', { storyId: switchTo, viewMode: 'story' });
      }
    },
    first ? null : story.id,
  );
  const finished = (await page
    .waitForFunction(
      (id) =>
        ((window as unknown as { __finished: Finished[] }).__finished ?? []).find((f) => f.storyId === id) ??
        null,
      story.id,
      { timeout: 30_000, polling: 50 },
    )
    .then((handle) => handle.jsonValue())
    .catch(() => null)) as Finished | null;
  const { exceptions, consoleErrors } = await page.evaluate(() => {
    const w = window as unknown as {
      __exceptions: string[];
      __consoleErrors: string[];
      __finished: Finished[];
    };
    w.__finished = [];
    return { exceptions: w.__exceptions, consoleErrors: w.__consoleErrors };
  });
  const problems: string[] = [];
  if (!finished) problems.push('did not finish within 30 s');
  else {
    if (finished.status !== 'success') problems.push(`status ${finished.status}`);
    for (const report of finished.reporters) {
      if (report.status === 'failed') {
        const violations = (report.result?.violations ?? [])
          .map((v) => `${v.id} (${v.nodes.length})`)
          .join(', ');
        problems.push(`${report.type} failed${violations ? `: ${violations}` : ''}`);
      }
    }
  }
  problems.push(...exceptions);
  return {
    id: story.id,
    title: `${story.title} / ${story.name}`,
    status: finished?.status ?? 'none',
    problems,
    consoleErrors,
    ms: Date.now() - started,
  };
}

describe('the built Storybook, as designers open it', () => {
  it('renders every docs page (components, foundations) without an error', async () => {
    expect(docs.length).toBeGreaterThan(20);
    expect(docs.map((d) => d.id)).toEqual(
      expect.arrayContaining([
        'introduction--docs',
        'foundations-colour--docs',
        'foundations-typography--docs',
      ]),
    );
    const context = await browser.newContext({
      viewport: { width: 1200, height: 900 },
      baseURL: server.url,
      reducedMotion: 'reduce',
    });
    const failing: string[] = [];
    /**
     * Opens the docs pages one after another in one browser page: each must render its heading, with
     * no error display and no page error while it is the one shown.
     */
    const checkDocs = async (entries: IndexEntry[]) => {
      const page = await context.newPage();
      // A page error belongs to the docs page being shown; each is left for a blank page before the
      // next opens, so what a page raises while it unloads (a play function cut short) stays with
      // it, as it did when each docs page had a browser page of its own.
      let current = '';
      const errors = new Map<string, string[]>();
      page.on('pageerror', (error) => errors.get(current)?.push(error.message));
      for (const entry of entries) {
        // Leaving waits for the page before to stop running: a docs page renders every story of
        // its component, and on a loaded machine that goes on past Playwright's 30 s default
        // (ci17: about:blank timed out). The same 60 s as a page has to render.
        await page.goto('about:blank', { timeout: 60_000 });
        current = entry.id;
        errors.set(current, []);
        // A navigation of its own per docs page (the bundle comes from the cache): switching pages
        // through the channel, as the sidebar does, leaves a docs page whose stories throw on
        // purpose (the error boundary's) unrendered.
        await page.goto(`/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=docs`, { timeout: 60_000 });
        const rendered = await page
          .locator('#storybook-docs h1')
          .first()
          .waitFor({ timeout: 60_000 })
          .then(() => true)
          .catch(() => false);
        const shown = await page
          .locator('#storybook-docs .sb-errordisplay, #storybook-docs [class*="ErrorDisplay"]')
          .count();
        const thrown = errors.get(entry.id) ?? [];
        if (!rendered || shown > 0 || thrown.length > 0) {
          failing.push(`${entry.title}: ${rendered ? '' : 'no heading rendered; '}${thrown.join(' | ')}`);
        }
      }
      await page.close();
    };
    try {
      await checkDocs(docs);
    } finally {
      await context.close();
    }
    expect(failing, `docs pages with a problem:\n${failing.join('\n')}`).toEqual([]);
  }, 600_000);

  it(`one story per component finishes without an error or a failed check, at a ${CANVAS.width}×${CANVAS.height} canvas`, async () => {
    expect(stories.length).toBeGreaterThan(40);
    const slices = Array.from({ length: PAGES }, (_, i) => stories.filter((_, j) => j % PAGES === i));
    const outcomes: Outcome[] = (
      await Promise.all(
        slices.map(async (slice) => {
          if (slice.length === 0) return [];
          const page = await preview((slice[0] as IndexEntry).id);
          const results: Outcome[] = [];
          for (const [i, story] of slice.entries()) results.push(await run(page, story, i === 0));
          await page.context().close();
          return results;
        }),
      )
    ).flat();
    const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 3);
    console.log(
      `built Storybook: ${outcomes.length} stories, ${outcomes.filter((o) => o.problems.length === 0).length} without a problem; slowest ${slowest.map((o) => `${o.title} ${o.ms} ms`).join(', ')}`,
    );
    const logged = outcomes.filter((o) => o.consoleErrors.length > 0);
    if (logged.length > 0)
      console.log(`stories that logged errors: ${logged.map((o) => o.title).join(', ')}`);
    const failing = outcomes
      .filter((o) => o.problems.length > 0)
      .map((o) => `${o.title}: ${o.problems.join(' | ')}`);
    expect(failing, `stories with a problem:\n${failing.join('\n')}`).toEqual([]);
  }, 600_000);
});
