#!/usr/bin/env node
// Summarises V8 .cpuprofile files (from `node bench/host.mjs --cpu-prof`): where the server's CPU
// time went, by package (self and inclusive) and by function (self).
//   node bench/profile-summary.mjs bench/results/profiles/postgres-projects.cpuprofile [--top 25]
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '20' } },
  allowPositionals: true,
});
if (positionals.length === 0) {
  console.error('Usage: node bench/profile-summary.mjs <file.cpuprofile>... [--top <n>]');
  process.exit(2);
}
const top = Number(values.top);

/** The package (or area) a frame belongs to. */
function areaOf(frame) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (idle), (program), (garbage collector)
    return '(native)';
  }
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pnpm) return pnpm[1];
  const plain = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (plain) return plain[1];
  const workspace = /\/packages\/([^/]+)\/(?:dist|src)\/(.*)$/.exec(url);
  if (workspace) return `@client-portal/${workspace[1]}: ${workspace[2].replace(/\.js$/, '')}`;
  if (url.startsWith('node:')) {
    const mod = url.slice(5).replace(/^internal\//, '');
    return `node:${mod.split('/').slice(0, 2).join('/')}`;
  }
  if (url.includes('/bench/')) return `bench: ${basename(url)}`;
  return url;
}

function summarise(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const selfByArea = new Map();
  const inclByArea = new Map();
  const selfByFn = new Map();
  let total = 0;
  let idle = 0;
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node) return;
    total += us;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') {
      idle += us;
      return;
    }
    const area = areaOf(frame);
    add(selfByArea, area, us);
    const fn = `${frame.functionName || '(anonymous)'}  ${area}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    add(selfByFn, fn, us);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const a = areaOf(byId.get(cur).callFrame);
      if (a === '(root)') continue;
      if (!seen.has(a)) {
        seen.add(a);
        add(inclByArea, a, us);
      }
    }
  });
  const busy = total - idle;
  const pct = (us) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
  const ms = (us) => `${(us / 1000).toFixed(0).padStart(6)} ms`;
  const list = (map) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `  ${pct(us)} ${ms(us)}  ${k}`)
      .join('\n');
  console.log(
    `\n== ${basename(file)}: ${(total / 1e6).toFixed(1)} s profiled, busy ${((busy / total) * 100).toFixed(0)}% (idle = waiting for I/O); % of busy time`,
  );
  console.log(`-- self time by package/area\n${list(selfByArea)}`);
  console.log(`-- inclusive time by package/area (a frame of it anywhere on the stack)\n${list(inclByArea)}`);
  console.log(`-- self time by function\n${list(selfByFn)}`);
}

for (const file of positionals) summarise(file);
