#!/usr/bin/env node
// Writes scripts/test-durations.json (the order scripts/longest-first.ts runs test files in) from
// vitest's record of the last run's durations: run it after a clean-clone `npm test`. Files
// under 5 s are left out (their order hardly matters).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cache = join(root, 'node_modules', '.vite', 'vitest');
const [dir] = readdirSync(cache)
  .map((name) => ({ name, at: statSync(join(cache, name, 'results.json')).mtimeMs }))
  .sort((a, b) => b.at - a.at)
  .map(({ name }) => name);
if (!dir) throw new Error(`no vitest results under ${cache}: run npm test first`);
const { results } = JSON.parse(readFileSync(join(cache, dir, 'results.json'), 'utf8'));
const durations = Object.fromEntries(
  results
    .filter(([, r]) => r.duration >= 5_000)
    .sort(([, a], [, b]) => b.duration - a.duration)
    .map(([key, r]) => [key, Math.round(r.duration / 1000)]),
);
writeFileSync(join(root, 'scripts', 'test-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`scripts/test-durations.json: ${Object.keys(durations).length} files`);
