// Once per run of the e2e project: a data directory holding the demo data set, made by the built
// CLI (`client-portal-host seed`: migrate, then seed the embedded store and the demo documents).
// Each e2e host starts from a copy of it (e2e/portal/support.ts) instead of migrating and seeding
// a store of its own. Made anew every run, not kept: the demo data is dated relative to now.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded data directory to copy, or '' when the host is not built (the tests say so). */
    e2eSeededDataDir: string;
  }
}

export default function setup(project: TestProject) {
  const cli = join(import.meta.dirname, '..', '..', 'packages', 'host-express', 'dist', 'cli.js');
  if (!existsSync(cli)) {
    project.provide('e2eSeededDataDir', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'cp-e2e-seeded-'));
  const seeded = spawnSync(process.execPath, [cli, 'seed'], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) {
    throw new Error(
      `client-portal-host seed failed (exit ${seeded.status}):\n${seeded.stdout}\n${seeded.stderr}`,
    );
  }
  project.provide('e2eSeededDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
