#!/usr/bin/env node
// One command for designers and reviewers: builds Storybook exactly as CI does (storybook-static/,
// the folder CI keeps as its artefact) and serves it at http://localhost:6007 (PORT to change).
//   npm run storybook:static            build, then serve
//   npm run storybook:static -- --no-build   serve the existing build
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveDirectory } from './static-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'storybook-static');
const port = Number(process.env.PORT ?? 6007);

if (!process.argv.includes('--no-build') || !existsSync(join(dir, 'index.html'))) {
  console.log('› installing if needed, building the packages and Storybook (as CI does)');
  const npx = (args) => spawnSync('npx', ['-y', 'pnpm@10.34.9', ...args], { cwd: root, stdio: 'inherit' });
  if (
    !existsSync(join(root, 'node_modules', '.modules.yaml')) &&
    npx(['install', '--frozen-lockfile']).status !== 0
  )
    process.exit(1);
  if (npx(['run', 'build']).status !== 0 || npx(['run', 'build-storybook']).status !== 0) process.exit(1);
}
const server = await serveDirectory(dir, { port, host: '127.0.0.1' });
console.log(`Storybook: ${server.url.replace('127.0.0.1', 'localhost')}  (Ctrl-C to stop)`);
