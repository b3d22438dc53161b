// Test files in order of how long they took, longest first, across projects (the vitest
// sequencer). vitest's own order runs whole projects one after another (e2e, then host, then
// unit) and, on a clean clone with no cache of past durations, larger files first: the host's
// slowest files then start last and leave one of the two workers alone at the end. Longest first
// fills both to the end. The durations come from a clean-clone run (`test-durations.json`,
// seconds, refreshed with `node scripts/test-durations.mjs` after `npm test`); a file not listed
// keeps vitest's order after the listed ones.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'),
);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) =>
      durations[`${spec.project.name}:${relative(root, spec.moduleId)}`] ?? 0;
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: unlisted files (0) keep vitest's order.
    return sorted.sort((a, b) => seconds(b) - seconds(a));
  }
}
