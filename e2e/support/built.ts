import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const packagesDir = join(import.meta.dirname, '..', '..', 'packages');

/** These tests check published output: fail with a clear instruction when it is missing. */
export function requireBuilt(pkg: string) {
  if (!existsSync(join(packagesDir, pkg, 'dist', 'index.js'))) {
    throw new Error(
      `packages/${pkg}/dist is missing: run \`npx -y pnpm@10.34.9 run build\` (npm test does it).`,
    );
  }
}
