import { createRequire } from 'node:module';

/**
 * GitHub's own example payloads (the npm package @octokit/webhooks-examples, from GitHub's
 * webhook documentation), for tests: `githubExample('push', (p) => p.ref === 'refs/heads/master')`.
 */

interface ExampleSet {
  name: string;
  examples: Record<string, unknown>[];
}

const examples = createRequire(import.meta.url)('@octokit/webhooks-examples') as ExampleSet[];

/** A deep copy of the first example of `event` that `match` accepts. */
export function githubExample(
  event: string,
  match: (payload: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> {
  const found = examples.find((set) => set.name === event)?.examples.find(match);
  if (!found) throw new Error(`@octokit/webhooks-examples has no matching "${event}" example`);
  return structuredClone(found);
}
