// Publishing checks on built packages: publint (strict) on the packed tarball, exports resolve, and
// the size budgets of size-budget.json (whole packages, and what one import costs up front).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, describe, expect, it } from 'vitest';
import { measureInitial, measurePackage, readBudgets } from '../scripts/size.mjs';
import { packagesDir, requireBuilt } from './support/built';

const PACKAGES = ['ui', 'api-client', 'portal', 'host-express'];
const packDir = mkdtempSync(join(tmpdir(), 'pack-'));
afterAll(() => rmSync(packDir, { recursive: true, force: true }));

function pack(pkg: string): ArrayBuffer {
  const dest = join(packDir, pkg);
  const r = spawnSync('npx', ['-y', 'pnpm@10.34.9', 'pack', '--pack-destination', dest], {
    cwd: join(packagesDir, pkg),
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`pnpm pack failed for ${pkg}: ${r.stderr}`);
  const file = readdirSync(dest).find((f) => f.endsWith('.tgz'));
  if (!file) throw new Error(`no tarball for ${pkg}`);
  const buf = readFileSync(join(dest, file));
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

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
