// The English catalogue travels in parts (./en/): the base in the entry, the rest added by the
// modules that show it (english.ts). A key shown by a module whose part nobody added would appear
// as the bare key. This checks, from the sources, that it cannot happen: for every root a browser
// can start from — the entry (<ClientPortal>), each lazily loaded module (a page, the staff scope,
// the overlays) and each story — every key used anywhere in its static import graph is in the base
// or in a part that some module of that graph adds with addEnglish() at module level (evaluated
// before anything in the graph renders).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from './messages.en.js';

const src = normalize(join(import.meta.dirname, '..'));
const keys = Object.keys(en);

const sources = new Map<string, string>();
for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$|\.css\.ts$/.test(entry.name)) continue;
  const path = join(entry.parentPath, entry.name);
  sources.set(path, readFileSync(path, 'utf8'));
}

/** The English parts: file name → its keys. */
const partDir = join(src, 'i18n', 'en');
const parts = new Map<string, string[]>(
  [...sources]
    .filter(([path]) => dirname(path) === partDir)
    .map(([path, text]) => [
      path.slice(partDir.length + 1).replace(/\.ts$/, ''),
      [...text.matchAll(/^ {2}'([^']+)':/gm)].map((m) => m[1] as string),
    ]),
);
const baseKeys = new Set(parts.get('base'));

const resolve = (from: string, spec: string) => {
  const stem = normalize(join(dirname(from), spec)).replace(/\.js$/, '');
  return ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => stem + ext).find((p) => sources.has(p));
};
/** Modules a file imports when evaluated (no `import type`, no dynamic import). */
const staticImports = (path: string) =>
  [...(sources.get(path) ?? '').matchAll(/^(?:import|export)\s+(?!type\b)(?:[^;]*?\bfrom\s+)?'(\.[^']+)'/gms)]
    .map((m) => resolve(path, m[1] as string))
    .filter((p): p is string => p !== undefined);
const dynamicImports = (path: string) =>
  [...(sources.get(path) ?? '').matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)]
    .map((m) => resolve(path, m[1] as string))
    .filter((p): p is string => p !== undefined);

function graph(root: string): Set<string> {
  const seen = new Set<string>();
  const todo = [root];
  while (todo.length > 0) {
    const path = todo.pop() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    todo.push(...staticImports(path));
  }
  return seen;
}

/** Keys a module shows: quoted in full, or the keys under a `prefix.${…}` template. */
function keysUsed(path: string): Set<string> {
  if (path.startsWith(join(src, 'i18n'))) return new Set();
  const text = sources.get(path) ?? '';
  const used = new Set(keys.filter((key) => text.includes(`'${key}'`)));
  for (const m of text.matchAll(/`([a-zA-Z.]+\.)\$\{/g)) {
    for (const key of keys) if (key.startsWith(m[1] as string)) used.add(key);
  }
  return used;
}

/** Parts a module adds: identifiers imported from ./en/<part> and passed to addEnglish(). */
function partsAdded(path: string): string[] {
  const text = sources.get(path) ?? '';
  const calls = [...text.matchAll(/^addEnglish\(([^)]*)\);/gm)].flatMap((m) =>
    (m[1] as string).split(',').map((s) => s.trim()),
  );
  const imported = new Map<string, string>();
  for (const m of text.matchAll(/import\s*\{\s*(\w+)\s*\}\s*from\s*'([^']*\/en\/(\w+)\.js)'/g)) {
    imported.set(m[1] as string, m[3] as string);
  }
  return calls.map((id) => imported.get(id) ?? `?${id}`);
}

const roots = [
  join(src, 'ClientPortal.tsx'),
  ...new Set([...sources.keys()].flatMap(dynamicImports)),
  ...[...sources.keys()].filter((p) => p.endsWith('.stories.tsx')),
];

describe('the English parts', () => {
  it('hold every key exactly once', () => {
    const all = [...parts.values()].flat();
    expect(all.length).toBe(keys.length);
    expect(new Set(all).size).toBe(keys.length);
    expect(parts.size).toBeGreaterThan(5);
  });

  it('leave most of the catalogue out of the entry', () => {
    expect(baseKeys.size).toBeLessThan(keys.length / 4);
  });

  it('are added wherever their keys are shown', () => {
    expect(roots.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const root of roots) {
      const modules = graph(root);
      const added = new Set([...modules].flatMap(partsAdded));
      for (const part of added)
        if (!parts.has(part)) problems.push(`${relative(src, root)}: adds unknown ${part}`);
      const available = new Set([...baseKeys, ...[...added].flatMap((part) => parts.get(part) ?? [])]);
      const missing = new Set<string>();
      for (const module of modules)
        for (const key of keysUsed(module)) if (!available.has(key)) missing.add(key);
      if (missing.size > 0) {
        const owners = new Set([...missing].map((key) => [...parts].find(([, ks]) => ks.includes(key))?.[0]));
        problems.push(
          `${relative(src, root)}: needs ${[...owners].join(', ')} (${[...missing].slice(0, 3).join(', ')}…)`,
        );
      }
    }
    expect(problems).toEqual([]);
  });
});
