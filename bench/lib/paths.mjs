// Where the benchmark finds the built packages and the host package's dependencies (autocannon,
// express, pg): bench/ has no package.json of its own, so they resolve from packages/host-express.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const benchDir = join(repoRoot, 'bench');
export const hostPackageDir = join(repoRoot, 'packages', 'host-express');
export const apiClientPackageDir = join(repoRoot, 'packages', 'api-client');
export const hostDistFile = join(hostPackageDir, 'dist', 'index.js');
export const apiClientDistFile = join(apiClientPackageDir, 'dist', 'index.js');
export const hostDistUrl = pathToFileURL(hostDistFile).href;
export const apiClientDistUrl = pathToFileURL(apiClientDistFile).href;
export const requireFromHost = createRequire(join(hostPackageDir, 'package.json'));
export const BUILD_COMMAND =
  `cd ${repoRoot.replace(/\/$/, '')}` +
  ' && npx -y pnpm@10.34.9 --filter @client-portal/api-client --filter @client-portal/host-express run build';
