// The built package on a server: importing `@client-portal/portal` in Node and rendering
// <ClientPortal> to a string works, and uses no browser global beyond feature tests
// (`typeof window !== 'undefined'`, as TanStack Query, React and wouter do).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { packagesDir, requireBuilt } from '../support/built';

const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'self',
];

// Runs in a fresh Node process whose working directory is the portal package, so the package
// name resolves through its own `exports` (the published entry, dist/index.js). Every browser
// global is a getter that answers undefined, as on a server, and records who asked.
const PROBE = `
const touched = [];
for (const name of ${JSON.stringify(BROWSER_GLOBALS)}) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const frame = (new Error().stack ?? '').split('\\n')[2] ?? '';
      touched.push({ name, frame: frame.trim() });
      return undefined;
    },
  });
}
const { ClientPortal } = await import('@client-portal/portal');
const { createElement } = await import('react');
const { renderToString } = await import('react-dom/server');
const render = (props) => {
  try {
    return renderToString(createElement(ClientPortal, props));
  } catch (error) {
    return 'ERROR: ' + (error?.message ?? String(error));
  }
};
const out = {
  dashboard: render({ routing: { mode: 'path' }, ssrPath: '/dashboard' }),
  signIn: render({ routing: { mode: 'path', basePath: '/portal' }, ssrPath: '/portal/auth/signin', locale: 'ar' }),
  memory: render({ routing: { mode: 'memory', initialPath: '/services/projects' } }),
  // As a Next.js page renders it: path routing, no ssrPath.
  unknownPath: render({ routing: { mode: 'path', basePath: '/portal' } }),
  // ssrPath given relative to the base path (as onNavigate reports it) instead of the address.
  relative: render({ routing: { mode: 'path', basePath: '/portal' }, ssrPath: '/auth/signin?returnTo=%2Fportal' }),
  shadow: render({ routing: { mode: 'path', basePath: '/portal' }, isolation: 'shadow' }),
  touched,
};
process.stdout.write(JSON.stringify(out));
`;

interface ProbeResult {
  dashboard: string;
  signIn: string;
  memory: string;
  unknownPath: string;
  relative: string;
  shadow: string;
  touched: { name: string; frame: string }[];
}

let result: ProbeResult;

beforeAll(() => {
  requireBuilt('portal');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE], {
    cwd: join(packagesDir, 'portal'),
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
    timeout: 60_000,
  });
  if (child.status !== 0) throw new Error(`server render failed:\n${child.stderr}`);
  result = JSON.parse(child.stdout) as ProbeResult;
});

/** The source around a stack frame `at … (file:line:col)` or `at file:line:col`. */
function sourceAround(frame: string): string {
  const match = /((?:file:\/\/)?\/[^\s()]+):(\d+):\d+\)?$/.exec(frame);
  if (!match) return '';
  const file = match[1]!.startsWith('file:') ? fileURLToPath(match[1]!) : match[1]!;
  const line = Number(match[2]);
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(line - 1, line + 3)
    .join('\n');
}

describe('server rendering of the built package', () => {
  it('renders the portal (path routing, ssrPath) without throwing: its root with language and direction, a loading state', () => {
    expect(result.dashboard).toMatch(/^<div class="[^"]+" dir="ltr" lang="en" data-color-mode="light">/);
    expect(result.dashboard).toContain('role="status"');
    // The overlay layer is made in the browser (overlays render in place on a server).
    // Only the portal's own markup: nothing for the document's html or body.
    for (const html of [result.dashboard, result.signIn, result.memory]) {
      expect(html).not.toMatch(/<(html|head|body|script|style|link)\b/i);
    }
  });

  it('renders the sign-in page under a base path, right to left', () => {
    expect(result.signIn).toMatch(/dir="rtl" lang="ar"/);
    expect(result.signIn).toMatch(/<form\b/);
    expect(result.signIn).toContain('name="email"');
  });

  it('renders with memory routing too (a widget rendered on the server)', () => {
    expect(result.memory).toMatch(/^<div class="[^"]+" dir="ltr"/);
  });

  it('renders its loading state when the route is not known on the server (no ssrPath)', () => {
    expect(result.unknownPath).toMatch(/^<div class="[^"]+" dir="ltr" lang="en" data-color-mode="light">/);
    expect(result.unknownPath).toContain('role="status"');
    expect(result.unknownPath).not.toMatch(/<form\b|<nav\b/);
  });

  it('takes ssrPath relative to the base path as well as the full address', () => {
    expect(result.relative).toMatch(/<form\b/);
    expect(result.relative).toContain('name="email"');
  });

  it('renders only its empty shadow host with shadow isolation (the shadow root is made in the browser)', () => {
    expect(result.shadow).toBe('<div data-client-portal-host=""></div>');
  });

  it('uses browser globals only to test whether they exist', () => {
    const misuse = result.touched.filter(({ name, frame }) => {
      const source = sourceAround(frame);
      return !new RegExp(`typeof\\s+(globalThis\\.)?${name}\\b`).test(source);
    });
    expect(misuse).toEqual([]);
    // None of the portal's own modules reads a browser global while importing or rendering.
    expect(result.touched.filter(({ frame }) => frame.includes('/packages/portal/'))).toEqual([]);
  });
});
