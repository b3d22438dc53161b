// A real portal host for browser tests: the BUILT host package (packages/host-express/dist) on an
// embedded PGlite store with the demo data, serving the BUILT standalone portal
// (packages/portal/dist/standalone), in-process on an ephemeral port of 127.0.0.1.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  createPortalHost,
  DEMO_PASSWORD,
  loadConfig,
  type PortalHost,
} from '../../packages/host-express/dist/index.js';
import { packagesDir, requireBuilt } from '../support/built';

export { DEMO_PASSWORD };
export const ACME = 'demo@acme.example';
export const GLOBEX = 'demo@globex.example';

const portalDist = join(packagesDir, 'portal', 'dist');
const pagesDir = join(import.meta.dirname, 'pages');

export interface E2eHost {
  /** http://127.0.0.1:<port>, also the host's PUBLIC_ORIGIN. */
  url: string;
  host: PortalHost;
  /** The directory served at "/" (a copy of dist/standalone, plus /e2e/ test pages when asked). */
  portalDir: string;
  close(): Promise<void>;
}

export interface E2eHostOptions {
  /** More environment variables for the host (POSTHOG_KEY, PORTAL_LOCALE, AUTH_MODE…). */
  env?: Record<string, string>;
  /** Share another host's store (already migrated and seeded): a second configuration, no new database. */
  shareStoreOf?: E2eHost;
  /** Serve the embedding test pages under /e2e/ (see e2e/portal/pages). */
  pages?: boolean;
}

/**
 * The embedding test pages, next to the standalone build: e2e/portal/pages/* as they are, the
 * package's stylesheet as published (dist/styles.css, fonts.css, fonts/), and its browser build
 * (dist/browser: `client-portal.js`, React included, and its lazy chunks), as a site without a
 * bundler serves them. The pages' own code is plain JavaScript.
 */
function addTestPages(portalDir: string) {
  const out = join(portalDir, 'e2e');
  cpSync(pagesDir, out, { recursive: true });
  for (const file of ['styles.css', 'fonts.css', 'fonts']) {
    cpSync(join(portalDist, file), join(out, 'client-portal', file), { recursive: true });
  }
  cpSync(join(portalDist, 'browser'), out, { recursive: true, filter: (src) => !src.endsWith('.d.ts') });
}

export async function startE2eHost(options: E2eHostOptions = {}): Promise<E2eHost> {
  requireBuilt('host-express');
  requireBuilt('portal');
  const work = mkdtempSync(join(tmpdir(), 'cp-e2e-'));
  const portalDir = join(work, 'portal');
  cpSync(join(portalDist, 'standalone'), portalDir, { recursive: true });
  if (options.pages) addTestPages(portalDir);

  // Listen first: the host's PUBLIC_ORIGIN (CSRF checks, cookies) needs the port.
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end();
  };
  const server: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A copy of the run's seeded data directory (e2e/support/global-setup.ts): the host finds the demo
  // data in place and only checks that the store is migrated.
  const seeded = inject('e2eSeededDataDir');
  if (!options.shareStoreOf && seeded) cpSync(seeded, join(work, 'data'), { recursive: true });
  const config = loadConfig({
    DATA_DIR: join(work, 'data'),
    PUBLIC_ORIGIN: url,
    COOKIE_SECURE: 'false',
    LOG_LEVEL: 'silent',
    PORTAL_DIR: portalDir,
    ...options.env,
  });
  const host = await createPortalHost(
    config,
    options.shareStoreOf ? { store: options.shareStoreOf.host.store } : { demo: true },
  );
  handler = host.app;
  return {
    url,
    host,
    portalDir,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await host.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** Signs the browser context in through the API (as the sign-in form would), for tests about other things. */
export async function signIn(context: BrowserContext, url: string, email: string) {
  const res = await context.request.post(`${url}/api/auth/login`, {
    data: { email, password: DEMO_PASSWORD },
    headers: { Origin: url, 'Sec-Fetch-Site': 'same-origin' },
  });
  if (res.status() !== 200)
    throw new Error(`sign-in as ${email} answered ${res.status()}: ${await res.text()}`);
}

/** Lets only the test host through; anything else (PostHog…) is answered by `offsite` or aborted. */
export async function stayOffline(
  context: BrowserContext,
  url: string,
  // By default pictures from elsewhere (GitHub avatars) load blank, as if online: a browser logs
  // every image that fails, and the tests fail on console errors.
  offsite: (request: { url: string }) => { status: number; body: string; contentType?: string } | null = (
    request,
  ) => blankOffsitePictures(request),
) {
  await context.route(
    (target) => target.origin !== url,
    async (route) => {
      const answer = offsite({ url: route.request().url() });
      if (answer) {
        await route.fulfill({
          status: answer.status,
          body: answer.body,
          contentType: answer.contentType ?? 'application/json',
        });
      } else await route.abort('blockedbyclient');
    },
  );
}

const BLANK_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

/**
 * For stayOffline: pictures from elsewhere (GitHub organisations' avatars, which a browser with a
 * network would load) get a blank image; anything else offsite still fails.
 */
export const blankOffsitePictures = ({ url }: { url: string }) =>
  /\.(png|jpe?g|gif|webp|svg)(\?|$)|avatars/.test(url)
    ? { status: 200, body: BLANK_SVG, contentType: 'image/svg+xml' }
    : null;

/** Fails the test on errors the page logs (CSP violations, exceptions). */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed load's message does not name what failed; its location does.
    const where = message.location().url;
    if (message.type() === 'error') errors.push(`console: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  return errors;
}

/** The files of the standalone build's assets folder. */
export const standaloneAssets = () => readdirSync(join(portalDist, 'standalone', 'assets'));

// ── A tiny PNG decoder, to compare screenshots pixel by pixel and say how many pixels differ. ──

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  pixels: Uint8Array;
}

/** Decodes the 8-bit RGB/RGBA non-interlaced PNGs Chromium's screenshots are. */
export function decodePng(png: Uint8Array): DecodedPng {
  const buf = Buffer.from(png);
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  while (offset < buf.length) {
    const length = buf.readUInt32BE(offset);
    const type = buf.toString('latin1', offset + 4, offset + 8);
    const data = buf.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8];
      colorType = data[9] ?? 0;
      if (depth !== 8 || (colorType !== 2 && colorType !== 6) || data[12] !== 0) {
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colorType}, interlace ${data[12]})`);
      }
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const channels = colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? (cur[i - channels] ?? 0) : 0;
      const b = prev[i] ?? 0;
      const c = i >= channels ? (prev[i - channels] ?? 0) : 0;
      const x = line[i] ?? 0;
      let value: number;
      if (filter === 0) value = x;
      else if (filter === 1) value = x + a;
      else if (filter === 2) value = x + b;
      else if (filter === 3) value = x + ((a + b) >> 1);
      else {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      cur[i] = value & 0xff;
    }
    for (let px = 0; px < width; px++) {
      for (let ch = 0; ch < 4; ch++) {
        pixels[(y * width + px) * 4 + ch] = ch < channels ? (cur[px * channels + ch] ?? 0) : 255;
      }
    }
    prev = cur;
  }
  return { width, height, pixels };
}

/** How many pixels differ between two screenshots (Infinity when the sizes differ). */
export function differingPixels(a: Uint8Array, b: Uint8Array): number {
  if (Buffer.from(a).equals(Buffer.from(b))) return 0;
  const pa = decodePng(a);
  const pb = decodePng(b);
  if (pa.width !== pb.width || pa.height !== pb.height) return Number.POSITIVE_INFINITY;
  let count = 0;
  for (let i = 0; i < pa.pixels.length; i += 4) {
    if (
      pa.pixels[i] !== pb.pixels[i] ||
      pa.pixels[i + 1] !== pb.pixels[i + 1] ||
      pa.pixels[i + 2] !== pb.pixels[i + 2] ||
      pa.pixels[i + 3] !== pb.pixels[i + 3]
    ) {
      count++;
    }
  }
  return count;
}

/** Where the standalone and staff tests keep their screenshots (git-ignored; E2E_SCREENSHOTS_DIR overrides). */
export function screenshotsDir(): string {
  const dir =
    process.env.E2E_SCREENSHOTS_DIR ?? join(import.meta.dirname, '..', '..', '.tmp', 'e2e-screenshots');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * A full-page screenshot of `page` into `path`, transitions finished first (`animations:
 * 'disabled'`): Chromium lays the page out again to capture beyond the window, and the content
 * column's margin transition was caught half way, drawing the side navigation over the page in the
 * pictures (never on screen).
 */
export async function fullPageScreenshot(page: Page, path: string): Promise<void> {
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
}
