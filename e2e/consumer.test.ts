// A plain Vite + React app with no vanilla-extract plugin installs the built ui package and renders
// styled components: the published output must work without any build plugin.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { serveDirectory } from '../scripts/static-server.mjs';
import { requireBuilt } from './support/built';

const appDir = join(import.meta.dirname, '..', 'examples', 'consumer-vite');
let outDir: string;
let server: Awaited<ReturnType<typeof serveDirectory>>;
let browser: Browser;

beforeAll(async () => {
  requireBuilt('ui');
  outDir = mkdtempSync(join(tmpdir(), 'consumer-'));
  await build({
    configFile: join(appDir, 'vite.config.mjs'),
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
  server = await serveDirectory(outDir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('consumer app without the vanilla-extract plugin', () => {
  it('bundles no vanilla-extract runtime CSS injection', () => {
    const js = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    const code = js.map((f) => readFileSync(join(outDir, 'assets', f), 'utf8')).join('\n');
    expect(code).not.toMatch(/injectStyles|@vanilla-extract\/css/);
  });

  for (const page of ['index.html', 'custom-layer.html']) {
    it(`renders styled, themed components (${page})`, async () => {
      const context = await browser.newContext();
      const tab = await context.newPage();
      await tab.goto(`${server.url}/${page}`);
      const primary = tab.getByTestId('primary');
      await primary.waitFor();
      const style = await primary.evaluate((el) => {
        const s = getComputedStyle(el);
        return {
          background: s.backgroundColor,
          color: s.color,
          radius: s.borderTopLeftRadius,
          minHeight: s.minHeight,
          display: s.display,
          font: s.fontFamily,
        };
      });
      expect(style).toEqual({
        background: 'rgb(29, 78, 216)',
        color: 'rgb(255, 255, 255)',
        radius: '8px',
        minHeight: '40px',
        display: 'inline-flex',
        font: expect.stringMatching(/^Lato/),
      });
      // The bundled font file loads (no font CDN involved).
      const fontLoaded = await tab.evaluate(async () => {
        await document.fonts.ready;
        await document.fonts.load('700 16px Lato');
        return document.fonts.check('700 16px Lato');
      });
      expect(fontLoaded).toBe(true);
      const layers = await tab.evaluate(() => {
        const names: string[] = [];
        const walk = (rules: CSSRuleList) => {
          for (const r of Array.from(rules)) {
            if (r instanceof CSSLayerBlockRule) names.push(r.name);
            if (r instanceof CSSImportRule && r.layerName) names.push(r.layerName);
            if ('cssRules' in r && (r as CSSGroupingRule).cssRules) walk((r as CSSGroupingRule).cssRules);
          }
        };
        for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
        return names;
      });
      expect(layers).toContain(page === 'index.html' ? 'client-portal' : 'acme-vendor');
      await context.close();
    });
  }
});
