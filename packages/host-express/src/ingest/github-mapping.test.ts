import {
  changeEventSchema,
  deploymentEventSchema,
  MAX_PUSH_COMMITS,
  pushEventSchema,
} from '@client-portal/api-client/ingest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mapGithubDelivery } from './github-mapping.js';
import { githubExample } from './test-support/github-examples.js';

const branchPush = () => githubExample('push', (p) => p.ref === 'refs/heads/master');
/** GitHub's closed pull request, merged (the examples have only closed-unmerged ones). */
function mergedPullRequest() {
  const payload = githubExample('pull_request', (p) => p.action === 'closed');
  const pr = payload.pull_request as Record<string, unknown>;
  Object.assign(pr, { merged: true, merged_at: '2019-05-15T15:21:18Z' });
  return payload;
}
const deploymentStatus = (state: string) =>
  githubExample('deployment_status', (p) => (p.deployment_status as { state: string }).state === state);

describe('mapGithubDelivery, on GitHub’s example payloads', () => {
  it('ping is answered', () => {
    expect(mapGithubDelivery('ping', githubExample('ping'))).toEqual({ kind: 'pong' });
  });

  it('a push to a branch gives its commits in order, after `before`', () => {
    const mapped = mapGithubDelivery('push', branchPush());
    expect(mapped).toEqual({
      kind: 'push',
      repository: 'Codertocat/Hello-World',
      // `before` is all zeros (a new branch): the commits follow the branch's last known commit.
      event: {
        repository: 'Codertocat/Hello-World',
        ref: 'master',
        commits: ['6113728f27ae82c7b1a177c8d03f9e96e0adf246'],
      },
    });
    if (mapped.kind === 'push') expect(z.safeParse(pushEventSchema, mapped.event).success).toBe(true);

    const next = branchPush();
    const older = '0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c';
    next.before = older;
    next.commits = [
      { ...(next.commits as object[])[0], id: 'AAAAAAA1111111111111111111111111111111111' },
      { ...(next.commits as object[])[0], id: 'bbbbbbb2222222222222222222222222222222222' },
    ];
    expect(mapGithubDelivery('push', next)).toMatchObject({
      event: {
        before: older,
        commits: ['aaaaaaa1111111111111111111111111111111111', 'bbbbbbb2222222222222222222222222222222222'],
      },
    });
  });

  it('a push of no new commits moves the branch to `after`; a deleted branch or a tag is dropped', () => {
    const fastForward = branchPush();
    fastForward.commits = [];
    expect(mapGithubDelivery('push', fastForward)).toMatchObject({
      event: { commits: ['6113728f27ae82c7b1a177c8d03f9e96e0adf246'] },
    });
    const tag = githubExample('push', (p) => String(p.ref).startsWith('refs/tags/'));
    expect(mapGithubDelivery('push', tag)).toEqual({
      kind: 'dropped',
      reason: expect.stringContaining('tag'),
    });
    const deleted = { ...branchPush(), deleted: true, commits: [], after: '0'.repeat(40) };
    expect(mapGithubDelivery('push', deleted)).toMatchObject({ kind: 'dropped' });
  });

  it('keeps the newest commits of a push longer than a push event holds, without `before`', () => {
    const long = branchPush();
    const ids = Array.from({ length: MAX_PUSH_COMMITS + 2 }, (_, i) => i.toString(16).padStart(40, 'a'));
    long.commits = ids.map((id) => ({ id }));
    long.before = 'c'.repeat(40);
    const mapped = mapGithubDelivery('push', long);
    expect(mapped.kind === 'push' && mapped.event.commits).toEqual(ids.slice(2));
    expect(mapped.kind === 'push' && mapped.event.before).toBeUndefined();
  });

  it('a merged pull request becomes a change with its merge commit and base branch', () => {
    const mapped = mapGithubDelivery('pull_request', mergedPullRequest());
    expect(mapped).toEqual({
      kind: 'change',
      repository: 'Codertocat/Hello-World',
      event: {
        externalId: '2',
        repository: 'Codertocat/Hello-World',
        title: 'Update the README with new information.',
        author: 'Codertocat',
        openedAt: '2019-05-15T15:20:33Z',
        mergedAt: '2019-05-15T15:21:18Z',
        mergeCommitSha: 'c4295bd74fb0f4fda03689c3df3f2803b658fd85',
        baseRef: 'master',
      },
    });
    if (mapped.kind === 'change') expect(z.safeParse(changeEventSchema, mapped.event).success).toBe(true);
  });

  it('a revert pull request names the pull request it reverts', () => {
    const revert = mergedPullRequest();
    Object.assign(revert.pull_request as object, {
      title: 'Revert "Update the README with new information."',
      body: 'Reverts Codertocat/Hello-World#1',
    });
    expect(mapGithubDelivery('pull_request', revert)).toMatchObject({ event: { revertsExternalId: '1' } });
    Object.assign(revert.pull_request as object, { body: 'Reverts someone-else/fork#1' });
    expect(mapGithubDelivery('pull_request', revert)).not.toHaveProperty('event.revertsExternalId');
  });

  it('cleans up text the wire format refuses instead of losing the merge', () => {
    const odd = mergedPullRequest();
    Object.assign(odd.pull_request as object, {
      title: `Tab\there \u0007 and a lone \uD800 ${'x'.repeat(600)}`,
    });
    const mapped = mapGithubDelivery('pull_request', odd);
    expect(mapped.kind).toBe('change');
    if (mapped.kind !== 'change') return;
    expect(mapped.event.title).toMatch(/^Tab here {3}and a lone \uFFFD x+$/);
    expect(mapped.event.title).toHaveLength(500);
    expect(z.safeParse(changeEventSchema, mapped.event).success).toBe(true);
  });

  it('drops pull requests that were not merged, and other actions', () => {
    const closed = githubExample('pull_request', (p) => p.action === 'closed');
    expect(mapGithubDelivery('pull_request', closed)).toEqual({
      kind: 'dropped',
      reason: 'The pull request was closed without merging.',
    });
    const opened = githubExample('pull_request', (p) => p.action === 'opened');
    expect(mapGithubDelivery('pull_request', opened)).toMatchObject({ kind: 'dropped' });
  });

  it('a finished deployment status becomes a deployment of its sha and ref', () => {
    const mapped = mapGithubDelivery('deployment_status', deploymentStatus('success'));
    expect(mapped).toEqual({
      kind: 'deployment',
      repository: 'Codertocat/Hello-World',
      event: {
        externalId: '145988746',
        environment: 'production',
        status: 'success',
        startedAt: '2019-05-15T15:20:53Z',
        finishedAt: '2019-05-15T15:20:55Z',
        repository: 'Codertocat/Hello-World',
        commitSha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
        ref: 'master',
      },
    });
    if (mapped.kind === 'deployment')
      expect(z.safeParse(deploymentEventSchema, mapped.event).success).toBe(true);
  });

  it('failure and error are failed deployments; unfinished states are dropped', () => {
    for (const [state, status] of [
      ['failure', 'failure'],
      ['error', 'failure'],
    ]) {
      const payload = deploymentStatus('success');
      (payload.deployment_status as { state: string }).state = state!;
      expect(mapGithubDelivery('deployment_status', payload)).toMatchObject({ event: { status } });
    }
    expect(mapGithubDelivery('deployment_status', deploymentStatus('in_progress'))).toEqual({
      kind: 'dropped',
      reason: 'The deployment has not finished (state "in_progress").',
    });
  });

  it('a deployment GitHub marks as production counts as production, whatever its name', () => {
    const payload = deploymentStatus('success');
    Object.assign(payload.deployment as object, { environment: 'Prod-EU', production_environment: true });
    Object.assign(payload.deployment_status as object, { environment: 'Prod-EU' });
    expect(mapGithubDelivery('deployment_status', payload)).toMatchObject({
      event: { environment: 'production' },
    });
    Object.assign(payload.deployment as object, { production_environment: false });
    expect(mapGithubDelivery('deployment_status', payload)).toMatchObject({
      event: { environment: 'prod-eu' },
    });
  });

  it('other events are dropped with a reason', () => {
    expect(mapGithubDelivery('issues', githubExample('issues'))).toEqual({
      kind: 'dropped',
      reason: 'The "issues" event is not used (push, pull_request and deployment_status are).',
    });
    expect(mapGithubDelivery('deployment', githubExample('deployment'))).toMatchObject({ kind: 'dropped' });
  });
});
