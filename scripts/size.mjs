#!/usr/bin/env node
// Measures what a package costs a consumer, from its built dist/:
//   js        gzip of the package's own code bundled into one minified file (dependencies external)
//   jsWithDeps gzip of the same bundle with its dependencies (Ark UI, d3…) included; React external
//   css       gzip of dist/styles.css (fonts are separate files, loaded on use)
// Usage: node scripts/size.mjs [package…]   (prints a table; budgets live in size-budget.json)
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;

async function bundledGzip(entry, external) {
  const outDir = mkdtempSync(join(tmpdir(), 'size-'));
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      build: {
        outDir,
        minify: true,
        lib: { entry, formats: ['es'], fileName: 'bundle' },
        rolldownOptions: { external },
      },
    });
    const js = readdirSync(outDir).filter((f) => f.endsWith('.js'));
    return js.reduce((n, f) => n + gzipSize(readFileSync(join(outDir, f))), 0);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

const isBare = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');
const isReact = (id) => /^(react|react-dom)($|\/)/.test(id);

export async function measurePackage(dir) {
  const dist = join(root, 'packages', dir, 'dist');
  const entry = join(dist, 'index.js');
  if (!existsSync(entry)) throw new Error(`${dist} is not built`);
  const css = existsSync(join(dist, 'styles.css')) ? gzipSize(readFileSync(join(dist, 'styles.css'))) : 0;
  return {
    js: await bundledGzip(entry, (id) => isBare(id)),
    jsWithDeps: await bundledGzip(entry, (id) => isBare(id) && isReact(id)),
    css,
  };
}

export const readBudgets = () => JSON.parse(readFileSync(join(root, 'size-budget.json'), 'utf8'));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budgets = readBudgets();
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(budgets.packages);
  for (const name of names) {
    const m = await measurePackage(name);
    const b = budgets.packages[name] ?? {};
    const cell = (k) =>
      `${k} ${(m[k] / 1024).toFixed(1)} KB${b[k] ? ` / ${(b[k] / 1024).toFixed(1)} KB` : ''}`;
    console.log(`${name}: ${['js', 'jsWithDeps', 'css'].map(cell).join(' · ')}`);
  }
}
