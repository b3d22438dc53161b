// Publishing checks on built packages: publint (strict) on the packed tarball, exports resolve, and
// the size budget of size-budget.json.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, describe, expect, it } from 'vitest';
import { measurePackage, readBudgets } from '../scripts/size.mjs';
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
