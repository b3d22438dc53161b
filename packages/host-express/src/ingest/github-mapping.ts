import {
  COMMIT_SHA_PATTERN,
  type ChangeEvent,
  type DeploymentEvent,
  MAX_PUSH_COMMITS,
  type PushEvent,
} from '@client-portal/api-client/ingest';

/*
 * What a GitHub webhook delivery means for the store: a pure mapping of GitHub's payload (as the
 * @octokit/webhooks-examples show it) to the ingest wire format, or the reason it is not used.
 * Text GitHub allows but the wire format does not (control characters, over-long titles) is
 * cleaned up rather than refused, so a real merge is never lost over its title.
 */

export type GithubDelivery =
  | { kind: 'pong' }
  | { kind: 'dropped'; reason: string }
  | { kind: 'push'; repository: string; event: PushEvent }
  | { kind: 'change'; repository: string; event: ChangeEvent }
  | { kind: 'deployment'; repository: string; event: DeploymentEvent };

type Json = Record<string, unknown>;

const object = (value: unknown): Json | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
const string = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const sha = (value: unknown): string | undefined => {
  const text = string(value);
  return text && COMMIT_SHA_PATTERN.test(text) ? text.toLowerCase() : undefined;
};
const NULL_SHA = /^0+$/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Single-line text of at most `max` characters: control characters become spaces, lone surrogates U+FFFD. */
function line(value: unknown, max: number): string | undefined {
  const text = string(value);
  if (text === undefined) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point.
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
  const cut = clean.length > max ? clean.slice(0, max) : clean;
  return cut.replace(LONE_SURROGATE, '\uFFFD') || undefined;
}

const dropped = (reason: string): GithubDelivery => ({ kind: 'dropped', reason });

/** `refs/heads/main` → `main`; anything else (a tag, a bare name) is not a branch. */
function branchOf(ref: unknown): string | undefined {
  const text = string(ref);
  return text?.startsWith('refs/heads/') ? line(text.slice('refs/heads/'.length), 255) : undefined;
}

function push(payload: Json, repository: string): GithubDelivery {
  const branch = branchOf(payload.ref);
  if (!branch) return dropped('Not a push to a branch (tag pushes are not used).');
  if (payload.deleted === true) return dropped('The branch was deleted: no commits to record.');
  const listed = Array.isArray(payload.commits)
    ? payload.commits.map((c) => sha(object(c)?.id)).filter((c): c is string => c !== undefined)
    : [];
  const after = sha(payload.after);
  // A push of commits the repository already had (a fast-forward to another branch's head) lists
  // none: the branch still moved to `after`.
  const commits = listed.length ? listed : after && !NULL_SHA.test(after) ? [after] : [];
  if (!commits.length) return dropped('The push names no commits.');
  const truncated = commits.length > MAX_PUSH_COMMITS;
  const before = sha(payload.before);
  return {
    kind: 'push',
    repository,
    event: {
      repository,
      ref: branch,
      // The newest commits when there are more than a push event holds; they then follow the
      // branch's last known commit rather than `before`.
      commits: truncated ? commits.slice(-MAX_PUSH_COMMITS) : commits,
      ...(before && !NULL_SHA.test(before) && !truncated ? { before } : {}),
    },
  };
}

/** GitHub's revert pull requests say "Reverts owner/name#123" in their body. */
function revertedNumber(body: unknown, repository: string): string | undefined {
  const match = /^Reverts ([\w.-]+\/[\w.-]+)#(\d+)\b/m.exec(string(body) ?? '');
  return match && match[1]!.toLowerCase() === repository.toLowerCase() ? match[2] : undefined;
}

function pullRequest(payload: Json, repository: string): GithubDelivery {
  const action = line(payload.action, 40) ?? '';
  if (action !== 'closed')
    return dropped(`The pull_request "${action}" action is not used (only closed and merged).`);
  const pr = object(payload.pull_request);
  if (pr?.merged !== true) return dropped('The pull request was closed without merging.');
  const number = typeof pr.number === 'number' ? pr.number : payload.number;
  if (typeof number !== 'number' || !Number.isSafeInteger(number))
    return dropped('The pull request has no number.');
  const title = line(pr.title, 500);
  const author = line(object(pr.user)?.login, 200);
  const openedAt = string(pr.created_at);
  const mergedAt = string(pr.merged_at);
  const mergeCommitSha = sha(pr.merge_commit_sha);
  const baseRef = line(object(pr.base)?.ref, 255);
  const reverts = revertedNumber(pr.body, repository);
  return {
    kind: 'change',
    repository,
    event: {
      externalId: String(number),
      repository,
      ...(title ? { title } : {}),
      ...(author ? { author } : {}),
      ...(openedAt ? { openedAt } : {}),
      ...(mergedAt ? { mergedAt } : {}),
      ...(mergeCommitSha ? { mergeCommitSha } : {}),
      ...(baseRef ? { baseRef } : {}),
      ...(reverts ? { revertsExternalId: reverts } : {}),
    },
  };
}

const FINISHED: Record<string, DeploymentEvent['status']> = {
  success: 'success',
  failure: 'failure',
  // GitHub's "error" is a deployment that failed to run: a failed deployment for DORA.
  error: 'failure',
};

function deploymentStatus(payload: Json, repository: string): GithubDelivery {
  const status = object(payload.deployment_status);
  const deployment = object(payload.deployment);
  const state = line(status?.state, 40) ?? '';
  const outcome = FINISHED[state];
  if (!outcome) return dropped(`The deployment has not finished (state "${state}").`);
  if (!deployment || typeof deployment.id !== 'number') return dropped('The payload names no deployment.');
  const finishedAt = string(status?.created_at);
  if (!finishedAt) return dropped('The deployment status has no time.');
  const name = line(string(status?.environment) ?? deployment.environment, 64)?.toLowerCase();
  // GitHub marks production environments itself, whatever they are called.
  const environment = deployment.production_environment === true ? 'production' : name;
  if (!environment) return dropped('The deployment names no environment.');
  const startedAt = string(deployment.created_at);
  const commitSha = sha(deployment.sha);
  const ref = line(string(deployment.ref)?.replace(/^refs\/heads\//, ''), 255);
  return {
    kind: 'deployment',
    repository,
    event: {
      externalId: String(deployment.id),
      environment,
      status: outcome,
      ...(startedAt && Date.parse(startedAt) <= Date.parse(finishedAt) ? { startedAt } : {}),
      finishedAt,
      repository,
      ...(commitSha ? { commitSha } : {}),
      ...(ref ? { ref } : {}),
    },
  };
}

/** What a delivery of `event` with `payload` means; `repository` is as the payload spells it. */
export function mapGithubDelivery(event: string, payload: Json): GithubDelivery {
  if (event === 'ping') return { kind: 'pong' };
  if (event !== 'push' && event !== 'pull_request' && event !== 'deployment_status') {
    return dropped(
      `The "${event.slice(0, 60)}" event is not used (push, pull_request and deployment_status are).`,
    );
  }
  const repository = string(object(payload.repository)?.full_name);
  if (!repository) return dropped('The payload names no repository.');
  if (event === 'push') return push(payload, repository);
  if (event === 'pull_request') return pullRequest(payload, repository);
  return deploymentStatus(payload, repository);
}
