// Packages a provider can trust: every package a published package brings into production (its
// dependencies and required peer dependencies, and their dependencies, recursively) accepts the Node
// versions the README promises, so npm never prints EBADENGINE for them. A dependency whose
// `engines.node` drops a promised version fails here, naming it, before it reaches a release.
//
// Optional peer dependencies (peerDependenciesMeta optional: api-client's msw and
// @tanstack/react-query) are left out: npm does not install them, so they are not part of what a
// provider gets from our packages. msw, for api-client's ./mocks, could not pass anyway: msw 2.x
// depends on @inquirer/confirm ^6, whose engines need Node ^20.12/^20.17 and ^22.13 (6.0-6.3) or
// ^22.22.2 || ^24.15.0 (6.4).
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node versions the README promises: the oldest release of each supported line. */
const NODE_VERSIONS = ['20.19.0', '22.0.0', '24.0.0'];

/** The packages published to npm (their folders). */
const PUBLISHED = ['packages/ui', 'packages/api-client', 'packages/portal', 'packages/host-express'];

interface Manifest {
  name: string;
  version?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = (file: string): Manifest => JSON.parse(readFileSync(file, 'utf8'));

/** The versions of NODE_VERSIONS that `range` rejects (all of them when it is not a valid range). */
const rejected = (range: string) =>
  NODE_VERSIONS.filter((v) => !semver.satisfies(v, range, { includePrerelease: false }));

/**
 * The package.json of `name` as Node resolves it from the package in `fromDir`, with symlinks
 * resolved (pnpm's layout: a package's own dependencies are its siblings in .pnpm/<id>/node_modules).
 * A package whose `exports` does not list ./package.json is found by walking up the node_modules
 * folders, as Node's resolution does. null when it is not installed.
 */
function resolveManifest(fromDir: string, name: string): string | null {
  try {
    return realpathSync(createRequire(join(fromDir, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    for (let dir = fromDir; ; dir = dirname(dir)) {
      const file = join(dir, 'node_modules', name, 'package.json');
      if (existsSync(file)) return realpathSync(file);
      if (dirname(dir) === dir) return null;
    }
  }
}

interface Found {
  name: string;
  version: string;
  enginesNode: string | undefined;
  /** How it is reached: the published package, then each dependency on the way. */
  via: string[];
}

/** The production dependency closure of the published packages, one entry per installed package. */
function productionClosure(): { found: Map<string, Found>; missing: string[] } {
  const found = new Map<string, Found>();
  const missing: string[] = [];
  const queue: { fromDir: string; name: string; via: string[] }[] = [];
  for (const folder of PUBLISHED) {
    const dir = join(root, folder);
    const manifest = readManifest(join(dir, 'package.json'));
    const peers = Object.keys(manifest.peerDependencies ?? {}).filter(
      (name) => manifest.peerDependenciesMeta?.[name]?.optional !== true,
    );
    for (const name of [...Object.keys(manifest.dependencies ?? {}), ...peers]) {
      queue.push({ fromDir: dir, name, via: [manifest.name] });
    }
  }
  for (let next = queue.shift(); next; next = queue.shift()) {
    const file = resolveManifest(next.fromDir, next.name);
    const via = [...next.via, next.name];
    if (!file) {
      missing.push(via.join(' > '));
      continue;
    }
    const dir = dirname(file);
    if (found.has(dir)) continue;
    const manifest = readManifest(file);
    found.set(dir, {
      name: manifest.name,
      version: manifest.version ?? '(no version)',
      enginesNode: manifest.engines?.node,
      via,
    });
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      queue.push({ fromDir: dir, name, via });
    }
  }
  return { found, missing };
}

describe('engines: the promised Node versions', () => {
  it('are accepted by the root package.json and by each published package that declares engines', () => {
    const manifests = [
      { where: 'package.json', manifest: readManifest(join(root, 'package.json')) },
      ...PUBLISHED.map((folder) => ({
        where: `${folder}/package.json`,
        manifest: readManifest(join(root, folder, 'package.json')),
      })),
    ];
    expect(manifests[0]?.manifest.engines?.node, 'the root package.json declares engines.node').toBeTruthy();
    const offending = manifests.flatMap(({ where, manifest }) => {
      const range = manifest.engines?.node;
      if (range === undefined) return [];
      const no = rejected(range);
      return no.length
        ? [`${where} (${manifest.name}) engines.node "${range}" rejects ${no.join(', ')}`]
        : [];
    });
    expect(offending, offending.join('\n')).toEqual([]);
  });

  it('are accepted by every package in the production dependency closure of the published packages', () => {
    const { found, missing } = productionClosure();
    expect(missing, `dependencies not installed (run pnpm install):\n${missing.join('\n')}`).toEqual([]);
    // The walk reaches deep: a resolution that silently found nothing would pass vacuously.
    const names = new Set([...found.values()].map((p) => p.name));
    for (const name of ['kysely', 'express', 'react', 'zod', '@client-portal/api-client']) {
      expect(names, `${name} is in the closure`).toContain(name);
    }
    const offending = [...found.entries()]
      .filter(([, p]) => p.enginesNode !== undefined && rejected(p.enginesNode).length > 0)
      .map(
        ([dir, p]) =>
          `${p.name}@${p.version} engines.node "${p.enginesNode}" rejects ${rejected(p.enginesNode ?? '').join(', ')}` +
          ` (via ${p.via.join(' > ')}; ${relative(root, dir)})`,
      )
      .sort();
    expect(
      offending,
      `${offending.length} production dependencies refuse a promised Node version (${NODE_VERSIONS.join(', ')}):\n${offending.join('\n')}`,
    ).toEqual([]);
  });
});
