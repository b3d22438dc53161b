#!/usr/bin/env node
// Measures what a package costs a consumer, from its built dist/:
//   js        gzip of the package's own code bundled into one minified file (dependencies external)
//   jsWithDeps gzip of the same bundle with its dependencies (Ark UI, d3…) included; React external
//   css       gzip of dist/styles.css (fonts are separate files, loaded on use)
// and, for the entries of size-budget.json's `initial` section, what a site downloads up front when
// it imports one thing (e.g. `import { ClientPortal } from '@client-portal/portal'`):
//   initial js   gzip of the initial chunks only (the entry and its static imports), dependencies
//                included, React and React DOM external; dynamic imports (PostHog…) are counted apart
//   initial css  gzip of the package's one stylesheet (dist/styles.css)
// Usage: node scripts/size.mjs [--why] [package…]   (prints a table; budgets live in size-budget.json)
//   --why  lists the largest dependencies of the initial chunks (minified bytes before gzip)
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
const distOf = (dir) => join(root, 'packages', dir, 'dist');

function requireDist(dir) {
  const dist = distOf(dir);
  if (!existsSync(join(dist, 'index.js'))) throw new Error(`${dist} is not built`);
  return dist;
}

const cssGzip = (dist) =>
  existsSync(join(dist, 'styles.css')) ? gzipSize(readFileSync(join(dist, 'styles.css'))) : 0;

export async function measurePackage(dir) {
  const dist = requireDist(dir);
  const entry = join(dist, 'index.js');
  return {
    js: await bundledGzip(entry, (id) => isBare(id)),
    jsWithDeps: await bundledGzip(entry, (id) => isBare(id) && isReact(id)),
    css: cssGzip(dist),
  };
}

/** The npm package a bundled module comes from (`@scope/name`), or the workspace package. */
function packageOf(id) {
  const nm = id.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = id.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? id);
  }
  const ws = /\/packages\/([^/]+)\//.exec(id);
  return ws ? `@client-portal/${ws[1]}` : id;
}

/**
 * What importing `names` from the built package costs up front. Returns gzip bytes of the initial
 * chunks (entry + static imports) and of the lazily loaded ones, the npm packages found in each,
 * and the largest contributors to the initial chunks (rendered bytes per package).
 * @param {string} dir packages/<dir>
 * @param {{ import: string[] }} options
 */
export async function measureInitial(dir, options) {
  const dist = requireDist(dir);
  const VIRTUAL = '\0size-entry';
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    // A site's production build (also under vitest, which sets NODE_ENV=test).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      {
        name: 'size-entry',
        resolveId: (id) => (id === VIRTUAL ? id : null),
        load: (id) =>
          id === VIRTUAL
            ? `export { ${options.import.join(', ')} } from ${JSON.stringify(join(dist, 'index.js'))};`
            : null,
      },
    ],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: { entry: VIRTUAL },
        preserveEntrySignatures: 'strict',
        external: (id) => isBare(id) && isReact(id),
        output: { format: 'es' },
        onwarn: () => {},
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = new Map(outputs.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file)) return;
    initial.add(file);
    for (const next of chunks.get(file)?.imports ?? []) if (chunks.has(next)) visit(next);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  const sum = (files) => files.reduce((n, f) => n + gzipSize(Buffer.from(chunks.get(f).code)), 0);
  const lazy = [...chunks.keys()].filter((f) => !initial.has(f));
  const packagesIn = (files) => [
    ...new Set(files.flatMap((f) => Object.keys(chunks.get(f).modules).map(packageOf))),
  ];
  const byPackage = new Map();
  for (const f of initial) {
    for (const [id, info] of Object.entries(chunks.get(f).modules)) {
      const name = packageOf(id);
      byPackage.set(name, (byPackage.get(name) ?? 0) + info.renderedLength);
    }
  }
  return {
    js: sum([...initial]),
    css: cssGzip(dist),
    lazyJs: sum(lazy),
    initialPackages: packagesIn([...initial]),
    lazyPackages: packagesIn(lazy),
    largest: [...byPackage.entries()].sort((a, b) => b[1] - a[1]),
  };
}

/**
 * The browser build of a package (dist/browser, for pages without a bundler): gzip bytes of the
 * entry and the chunks it imports statically (what a page downloads before the portal renders) and
 * of the chunks it loads later (the frame's overlays, PostHog, shadow isolation's stylesheet).
 * @param {string} dir packages/<dir>
 * @param {{ entry: string }} options entry file name in dist/browser
 */
export function measureBrowser(dir, options) {
  const out = join(requireDist(dir), 'browser');
  const files = readdirSync(out).filter((f) => f.endsWith('.js'));
  const code = new Map(files.map((f) => [f, readFileSync(join(out, f), 'utf8')]));
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file) || !code.has(file)) return;
    initial.add(file);
    for (const m of code
      .get(file)
      .matchAll(/(?:^|[;\s}])import\s*(?:[^'"();]*?\sfrom\s*)?["']\.\/([^"']+)["']/g))
      visit(m[1]);
  };
  visit(options.entry);
  const gz = (list) => list.reduce((n, f) => n + gzipSize(Buffer.from(code.get(f))), 0);
  return {
    js: gz([...initial]),
    lazyJs: gz(files.filter((f) => !initial.has(f))),
    initialFiles: [...initial],
  };
}

export const readBudgets = () => JSON.parse(readFileSync(join(root, 'size-budget.json'), 'utf8'));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const why = args.includes('--why');
  const names = args.filter((a) => !a.startsWith('--'));
  const budgets = readBudgets();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const name of names.length ? names : Object.keys(budgets.packages)) {
    if (!budgets.packages[name] && names.length && budgets.initial?.[name]) continue;
    const m = await measurePackage(name);
    const b = budgets.packages[name] ?? {};
    const cell = (k) => `${k} ${kb(m[k])}${b[k] ? ` / ${kb(b[k])}` : ''}`;
    console.log(`${name}: ${['js', 'jsWithDeps', 'css'].map(cell).join(' · ')}`);
  }
  for (const [name, b] of Object.entries(budgets.initial ?? {})) {
    if (name.startsWith('$') || (names.length && !names.includes(name))) continue;
    const m = await measureInitial(name, b);
    console.log(
      `${name} initial (import { ${b.import.join(', ')} }): js ${kb(m.js)} / ${kb(b.js)} · css ${kb(m.css)} / ${kb(b.css)} · lazy js ${kb(m.lazyJs)} (${m.lazyPackages.filter((p) => !p.startsWith('@client-portal/')).join(', ') || 'none'})`,
    );
    for (const forbidden of b.lazyOnly ?? []) {
      if (m.initialPackages.includes(forbidden)) console.log(`  ✗ ${forbidden} is in the initial chunks`);
    }
    if (why) {
      for (const [pkg, bytes] of m.largest.slice(0, 15)) console.log(`  ${kb(bytes).padStart(9)}  ${pkg}`);
    }
  }
  for (const [name, b] of Object.entries(budgets.browser ?? {})) {
    if (name.startsWith('$') || (names.length && !names.includes(name))) continue;
    const m = measureBrowser(name, b);
    console.log(
      `${name} browser build (${b.entry}, React included): js ${kb(m.js)} / ${kb(b.js)} · lazy js ${kb(m.lazyJs)}`,
    );
  }
}
