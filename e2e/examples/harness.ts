// The examples as a provider's engineer uses them: the packages packed for publishing (`pnpm pack`),
// each example copied out of the repository and installed from those tarballs with npm (no
// workspace links), built with its own scripts, served by its own server, and driven in Chromium
// against a real portal host.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { packagesDir, requireBuilt } from '../support/built';

const root = join(packagesDir, '..');
const work = join(root, '.tmp', 'examples');
/** What the examples install; the portal brings the other two as its dependencies. */
const PACKED = ['ui', 'api-client', 'portal'] as const;
type Packed = (typeof PACKED)[number];

/** A short content hash of files under `dir` (names and bytes), skipping `skip` folders. */
function hashTree(dir: string, skip: readonly string[] = []): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      if (skip.includes(name)) continue;
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(relative(dir, path)).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 12);
}

/**
 * The tarball `pnpm pack` makes of a built package (workspace versions rewritten as published),
 * kept under .tmp/examples/packs by the hash of what it contains, so every test file that needs it
 * (the publishing checks, the examples) and the runs on other Node versions pack it once.
 */
export function packedTarball(pkg: string): string {
  const out = join(work, 'packs');
  mkdirSync(out, { recursive: true });
  requireBuilt(pkg);
  const dir = join(packagesDir, pkg);
  const key = createHash('sha256')
    .update(hashTree(join(dir, 'dist')))
    .update(readFileSync(join(dir, 'package.json')))
    .update(existsSync(join(dir, 'README.md')) ? readFileSync(join(dir, 'README.md')) : '')
    .digest('hex')
    .slice(0, 12);
  const target = join(out, `${pkg}-${key}.tgz`);
  if (!existsSync(target)) {
    const temp = mkdtempSync(join(out, `${pkg}-`));
    const r = spawnSync('npx', ['-y', 'pnpm@10.34.9', 'pack', '--pack-destination', temp], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`pnpm pack failed for ${pkg}: ${r.stderr}`);
    const file = readdirSync(temp).find((f) => f.endsWith('.tgz'));
    if (!file) throw new Error(`pnpm pack made no tarball for ${pkg}`);
    // Atomic: another test file packing the same contents at once ends with the same file.
    renameSync(join(temp, file), target);
    rmSync(temp, { recursive: true, force: true });
  }
  return target;
}

/** The tarballs of what the examples install. */
export function packedTarballs(): Record<Packed, string> {
  return Object.fromEntries(PACKED.map((pkg) => [pkg, packedTarball(pkg)])) as Record<Packed, string>;
}

/**
 * examples/<name> copied to .tmp/examples and installed with npm from the tarballs: the portal as
 * the example's dependency, ui and api-client through `overrides` (as the registry would give them).
 * An installation of the same example and tarballs is reused.
 */
export function installExample(name: string, tarballs: Record<Packed, string>): string {
  const source = join(root, 'examples', name);
  const key = createHash('sha256')
    .update(hashTree(source, ['node_modules', '.next', 'dist']))
    .update(Object.values(tarballs).join('\n'))
    .digest('hex')
    .slice(0, 12);
  const dir = join(work, `${name}-${key}`);
  if (existsSync(join(dir, '.installed'))) return dir;
  for (const old of readdirSync(work).filter((d) => d.startsWith(`${name}-`))) {
    rmSync(join(work, old), { recursive: true, force: true });
  }
  cpSync(source, dir, {
    recursive: true,
    filter: (path) => !/[\\/](node_modules|\.next|dist)([\\/]|$)/.test(relative(source, path)),
  });
  const manifestPath = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  manifest.dependencies['@client-portal/portal'] = `file:${tarballs.portal}`;
  manifest.overrides = {
    '@client-portal/ui': `file:${tarballs.ui}`,
    '@client-portal/api-client': `file:${tarballs['api-client']}`,
  };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  writeFileSync(join(dir, '.installed'), new Date().toISOString());
  return dir;
}

/** Runs a command to completion in `cwd`; throws with its output when it fails. */
export function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} failed in ${cwd} (exit ${r.status}):\n${r.stdout}\n${r.stderr}`,
    );
  }
  return `${r.stdout}${r.stderr}`;
}

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Served {
  url: string;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
  close(): Promise<void>;
}

/**
 * Runs `work` against a served site; if it fails, the error also shows the end of what the site's
 * server printed (a proxy error behind a 500, say), which the browser cannot see.
 */
export async function withSiteOutput<T>(site: Served, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error)
      error.message += `\n--- the site's server printed (end) ---\n${site.output().slice(-4000)}`;
    throw error;
  }
}

/** Starts an example's server and waits until `url` answers. */
export async function serve(
  cmd: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; url: string },
): Promise<Served> {
  const child: ChildProcess = spawn(cmd, args, {
    cwd: options.cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} ${args.join(' ')} exited:\n${output}`);
    try {
      await fetch(options.url, { redirect: 'manual' });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${options.url} did not answer in 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url: options.url,
    output: () => output,
    async close() {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-(child.pid as number), name); // the server and what it started
        } catch {
          // already gone
        }
      };
      signal('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) signal('SIGKILL');
    },
  };
}

/** gzip bytes of a text as a production server would send it (level 6, the usual default). */
export const gzipBytes = (text: Buffer) => gzipSync(text, { level: 6 }).length;
