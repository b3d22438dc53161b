import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import {
  type FallbackPageOptions,
  fallbackPage,
  FALLBACK_STYLESHEET,
  FALLBACK_STYLESHEET_PATH,
} from './fallback-page.js';
import { problem } from '../http/problem.js';
import { initialAnswers } from './initial-answers.js';
import {
  beforeHeadEnd,
  injectInitialAnswers,
  injectRuntimeConfig,
  type PortalRuntimeConfig,
} from './runtime-config.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Vite's hashed build output: `assets/<name>-<hash>.<ext>`. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;

function isPortalDir(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

function resolved(specifier: string): string | null {
  try {
    const path = fileURLToPath(import.meta.resolve(specifier));
    return statSync(path).isDirectory() ? path : dirname(path);
  } catch {
    return null;
  }
}

/**
 * The directory of the portal's built standalone entry: PORTAL_DIR when set, else what
 * `@client-portal/portal/standalone` resolves to (or `dist/standalone` of the portal package).
 * Null while the portal ships no standalone build: the host then serves its fallback page.
 */
export function resolvePortalDir(configured: string | null): string | null {
  if (configured) return isPortalDir(configured) ? configured : null;
  const candidates = [
    resolved('@client-portal/portal/standalone'),
    ((pkg) => pkg && join(pkg, 'dist', 'standalone'))(resolved('@client-portal/portal/package.json')),
  ];
  return candidates.find((dir): dir is string => dir !== null && isPortalDir(dir)) ?? null;
}

/**
 * The build refers to its files relative to index.html (`./assets/…`, Vite's `base: './'`), so one
 * build serves at any base path; index.html itself is sent for every address of the portal, deep
 * ones included, so its references are made absolute under the base path here.
 */
export function atBasePath(html: string, basePath: string): string {
  return html.replace(/(\s(?:src|href)=["'])\.\//g, `$1${basePath}/`);
}

/** `page-preloads.json` of the build: each page chunk's name → the files it needs beyond the entry's. */
type PagePreloads = Record<string, string[]>;

async function readPagePreloads(portalDir: string): Promise<PagePreloads> {
  try {
    const value: unknown = JSON.parse(await readFile(join(portalDir, 'page-preloads.json'), 'utf8'));
    return typeof value === 'object' && value !== null ? (value as PagePreloads) : {};
  } catch {
    return {}; // an older build without it: the page loads its code as it finds it
  }
}

/**
 * The chunks a portal path shows (its page, as the portal's routes lazy-load it, and the open
 * requests beside its content), by their names in `page-preloads.json`;
 * `e2e/portal/standalone.test.ts` checks each navigation entry has its own.
 */
const PAGE_CHUNKS: [RegExp, string[]][] = [
  [/^\/home$/, ['HomePage']],
  [/^\/dashboard$/, ['DashboardPage', 'RelatedRequests']],
  [/^\/requests$/, ['RequestsPage']],
  [/^\/requests\/[A-Za-z][A-Za-z0-9_]*-\d+$/, ['RequestsPage', 'RequestDetailPage']],
  [/^\/services\/projects$/, ['ProjectsPage', 'RelatedRequests']],
  [/^\/services\/talent$/, ['TalentPage', 'RelatedRequests']],
  [/^\/services\/ai-agents$/, ['AiAgentsPage']],
  [/^\/services\/my-teams$/, ['MyTeamsPage']],
  [/^\/my-info\/account$/, ['AccountPage']],
  [/^\/knowledge-base(\/.*)?$/, ['KnowledgeBasePage']],
  [/^\/profile\/settings$/, ['ProfileSettingsPage']],
];

/** The files to preload for the page at `path` (below the base path), each once. */
export function preloadsFor(path: string, preloads: PagePreloads): string[] {
  const p = path.replace(/\/+$/, '') || '/';
  const names = PAGE_CHUNKS.find(([pattern]) => pattern.test(p))?.[1] ?? [];
  const files = names.flatMap((name) => (Array.isArray(preloads[name]) ? preloads[name] : []));
  return [...new Set(files)].filter((file) => /^assets\/[\w.-]+\.js$/.test(file));
}

/** `<link rel="modulepreload">` for each file, before `</head>` (relative: made absolute with the rest). */
function injectPagePreloads(html: string, files: string[]): string {
  if (files.length === 0) return html;
  return beforeHeadEnd(
    html,
    files.map((file) => `<link rel="modulepreload" crossorigin href="./${file}">`).join('\n'),
  );
}

export interface StandalonePortalOptions extends FallbackPageOptions {
  /** The built portal, or null for the fallback page. */
  portalDir: string | null;
  /** Written into index.html for the portal to read at start (sign-in mode, PostHog, locale…). */
  runtimeConfig: PortalRuntimeConfig;
}

/**
 * The portal at "/": its static files (hashed assets cached for a year, everything else
 * revalidated) and index.html for every other GET that is not /api (SPA fallback), with the
 * runtime configuration written into it. A path that looks like a file and does not exist is a
 * 404, not the app. Without a build, a small page that says what this is and how to sign in
 * answers instead.
 */
export function standalonePortal(options: StandalonePortalOptions): Router {
  const router = express.Router();
  const isApi = (path: string) => path === '/api' || path.startsWith('/api/');
  const { portalDir } = options;
  // The page and its scripts and styles, compressed for browsers (brotli quality 4 or gzip; 1 KB
  // and up): the portal's initial JS is ~57 KB and its lazy chunks ~170 KB before compression.
  // Hashed assets are then kept by the browser for a year, so each is compressed once per visitor.
  // Only this router: /api answers are small, or kept compressed by the response cache.
  router.use(compression());

  if (!portalDir) {
    router.get(FALLBACK_STYLESHEET_PATH, (_req, res) => {
      res.set('Cache-Control', 'no-cache').type('text/css').send(FALLBACK_STYLESHEET);
    });
    router.get('/{*path}', (req, res, next) => {
      if (isApi(req.path)) return next();
      res.set('Cache-Control', 'no-cache').type('html').send(fallbackPage(options));
    });
    return router;
  }

  // Read on every request (a rebuilt portal is served without a restart); Express's ETag lets
  // browsers revalidate it cheaply.
  // With a cookie the page carries the visitor's first answers (initial-answers.ts): it is theirs
  // alone, so no cache keeps it.
  const sendIndex: express.RequestHandler = (req, res, next) => {
    const page = req.path === '/index.html' ? '/' : req.path;
    Promise.all([
      readFile(join(portalDir, 'index.html'), 'utf8'),
      readPagePreloads(portalDir),
      initialAnswers(req, page),
    ]).then(([html, preloads, answers]) => {
      const withCode = injectPagePreloads(html, preloadsFor(page, preloads));
      const withConfig = injectRuntimeConfig(
        atBasePath(withCode, options.basePath ?? ''),
        options.runtimeConfig,
      );
      res
        .set('Cache-Control', req.headers.cookie ? 'private, no-store' : 'no-cache')
        .vary('Cookie')
        .type('html')
        .send(injectInitialAnswers(withConfig, answers));
    }, next);
  };
  // Never the raw file: its placeholder configuration would reach the browser.
  router.get('/index.html', sendIndex);
  // Scripts and styles the build compressed at brotli's highest quality (`<file>.br`, 13–17% smaller
  // than gzip) go to browsers that accept brotli; everything else, and every file when the browser
  // does not, is compressed per request above. The `.br` files are found when the router is created:
  // a portal rebuilt under a running host is served, compressed per request, until it restarts.
  router.use(
    expressStaticGzip(portalDir, {
      enableBrotli: true,
      orderPreference: ['br'],
      index: false,
      serveStatic: {
        index: false,
        // The portal's own address (`/portal`) is a page of the app, not a directory to add "/" to.
        redirect: false,
        // `path` is the file sent: `<asset>.br` when the browser gets the brotli copy.
        setHeaders: (res, path) =>
          res.setHeader(
            'Cache-Control',
            HASHED_ASSET.test(path.replace(/\.br$/, '')) ? IMMUTABLE : 'no-cache',
          ),
      },
    }),
  );
  router.get('/{*path}', (req, res, next) => {
    if (isApi(req.path)) return next();
    // A missing file (an asset name, or an API-looking path such as //api//x.csv that the /api
    // router did not take): a 404 in problem+json, as every other error.
    if (extname(req.path)) return problem(res, 404, 'Not Found', 'No such file.');
    sendIndex(req, res, next);
  });
  return router;
}
