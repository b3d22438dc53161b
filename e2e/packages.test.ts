// Publishing checks on built packages: publint (strict) on the packed tarball, exports resolve, and
// the size budgets of size-budget.json (whole packages, and what one import costs up front).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, it } from 'vitest';
import { measureBrowser, measureInitial, measurePackage, readBudgets } from '../scripts/size.mjs';
import { packedTarball } from './examples/harness';
import { packagesDir, requireBuilt } from './support/built';

const PACKAGES = ['ui', 'api-client', 'portal', 'host-express'];
/** The package's tarball as `pnpm pack` makes it for publishing (packed once, shared with the examples). */
const tarballOf = packedTarball;

function pack(pkg: string): ArrayBuffer {
  const buf = readFileSync(tarballOf(pkg));
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

/** Entry points that are not modules (stylesheets, the standalone page): no types to check. */
const NOT_MODULES: Record<string, string[]> = {
  ui: ['./styles.css', './styles.unlayered.css', './fonts.css'],
  portal: ['./styles.css', './styles.unlayered.css', './fonts.css', './standalone'],
  'api-client': ['./openapi.json'],
  'host-express': [],
};

describe.each(PACKAGES)('@client-portal/%s as published', (pkg) => {
  it('is publint-clean in strict mode', async () => {
    requireBuilt(pkg);
    const { messages, pkg: manifest } = await publint({
      pkgDir: 'package', // the tarball's root folder
      pack: { tarball: pack(pkg) },
      strict: true,
    });
    const text = messages.map((m) => `${m.type}: ${formatMessage(m, manifest)}`);
    expect(text).toEqual([]);
  });

  it('ships a README and a LICENSE', () => {
    requireBuilt(pkg);
    const r = spawnSync('tar', ['-tzf', tarballOf(pkg)], { encoding: 'utf8' });
    const files = r.stdout.split('\n');
    expect(files).toContain('package/README.md');
    expect(files).toContain('package/LICENSE');
    const readme = readFileSync(join(packagesDir, pkg, 'README.md'), 'utf8');
    expect(readme.length).toBeGreaterThan(1500);
  });

  it('has types that resolve for node16 (ESM) and bundlers (are the types wrong?)', () => {
    requireBuilt(pkg);
    const exclude = NOT_MODULES[pkg] ?? [];
    const r = spawnSync(
      'npx',
      [
        'attw',
        tarballOf(pkg),
        '--profile',
        'esm-only',
        '--format',
        'json',
        ...(exclude.length ? ['--exclude-entrypoints', ...exclude] : []),
      ],
      { cwd: join(packagesDir, '..'), encoding: 'utf8' },
    );
    const result = JSON.parse(r.stdout) as {
      analysis: { problems?: { kind: string; entrypoint: string; resolutionKind?: string }[] };
    };
    const problems = (result.analysis.problems ?? []).filter(
      (p) => p.resolutionKind === undefined || ['node16-esm', 'bundler'].includes(p.resolutionKind),
    );
    expect(problems).toEqual([]);
    expect(r.status, r.stderr).toBe(0);
  });
});

describe('size budget (gzip)', () => {
  const budgets = readBudgets().packages as Record<
    string,
    { js?: number; jsWithDeps?: number; css?: number }
  >;
  it.each(Object.keys(budgets))('%s stays within its budget', async (pkg) => {
    requireBuilt(pkg);
    const measured = await measurePackage(pkg);
    const budget = budgets[pkg]!;
    console.log(`size ${pkg}: ${JSON.stringify(measured)} budget ${JSON.stringify(budget)}`);
    for (const key of ['js', 'jsWithDeps', 'css'] as const) {
      if (budget[key] !== undefined) expect(measured[key], `${pkg} ${key}`).toBeLessThanOrEqual(budget[key]);
    }
  });
});

describe('initial download budget (gzip, React external)', () => {
  const initial = Object.entries(readBudgets().initial ?? {}).filter(([name]) => !name.startsWith('$'));
  it.each(initial)('%s: the initial chunks and the stylesheet stay within budget', async (pkg, budget) => {
    requireBuilt(pkg);
    const measured = await measureInitial(pkg, budget);
    const top = measured.largest
      .slice(0, 6)
      .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} KB`)
      .join(', ');
    console.log(
      `initial ${pkg}: js ${measured.js} css ${measured.css} lazy ${measured.lazyJs} budget ${JSON.stringify(budget)}; largest (minified, before gzip): ${top}`,
    );
    for (const lazy of budget.lazyOnly ?? []) {
      expect(measured.initialPackages, `${lazy} must load lazily`).not.toContain(lazy);
      expect(measured.lazyPackages, `${lazy} is still bundled (as a lazy chunk)`).toContain(lazy);
    }
    expect(measured.js, `${pkg} initial js`).toBeLessThanOrEqual(budget.js);
    expect(measured.css, `${pkg} css`).toBeLessThanOrEqual(budget.css);
  });
});

describe('browser build (pages without a bundler)', () => {
  const browser = Object.entries(readBudgets().browser ?? {}).filter(([name]) => !name.startsWith('$')) as [
    string,
    { entry: string; js: number },
  ][];
  it.each(browser)(
    '%s: the entry and its static imports stay within budget, React included',
    (pkg, budget) => {
      requireBuilt(pkg);
      const measured = measureBrowser(pkg, budget);
      console.log(
        `browser ${pkg}: js ${measured.js} (${measured.initialFiles.join(', ')}) lazy ${measured.lazyJs} budget ${budget.js}`,
      );
      expect(measured.initialFiles[0]).toBe(budget.entry);
      expect(measured.js).toBeLessThanOrEqual(budget.js);
    },
  );
});
