import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commit, seedFixture } from '../../ingest/test-support/fixture.js';
import { type TestStore, featureStores } from '../../test-support/stores.js';
import { syncStatus } from '../sync-state.js';
import {
  type FakeDeployment,
  type FakeGithub,
  type FakePull,
  type FakeRepository,
  startFakeGithub,
} from '../test-support/fake-github.js';
import { githubRateLimitWait, nextLink } from './client.js';
import { type GithubSettings, readGithubSettings } from './settings.js';
import { outcomeStatus, syncGithub } from './sync.js';

const TOKEN = 'ghp_0123456789abcdefSECRETtoken';
/** Fast retries: the behaviour is what the tests look at, not the waiting. */
const FAST = { backoffBaseMs: 5, backoffLimitMs: 20, maxRetryAfterMs: 2_000 };
/** Days after the data below: a deployment still running is asked about again for a week. */
const NOW = new Date('2026-06-12T12:00:00Z');
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 5, 1);
const at = (hours: number) => new Date(T0 + hours * HOUR).toISOString().replace('.000Z', 'Z');

function repository(id: number, name: string): FakeRepository {
  return {
    id,
    owner: 'co',
    name,
    description: `The ${name} service`,
    language: 'TypeScript',
    visibility: 'private',
    archived: false,
    stars: id,
    pushedAt: at(id),
    defaultBranch: 'main',
  };
}

/**
 * `count` closed pull requests of co/web, one updated per hour (number n updated at hour n); every
 * fifth was closed without merging. Each merged one has two commits, the first an hour before it
 * was opened.
 */
function pulls(count: number, from = 1, repo = 'co/web'): FakePull[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const merged = n % 5 !== 0;
    return {
      repository: repo,
      number: n,
      title: `Change ${n}`,
      author: `dev${n % 3}`,
      body: null,
      createdAt: at(n - 0.5),
      updatedAt: at(n),
      closedAt: at(n),
      mergedAt: merged ? at(n) : null,
      mergeCommitSha: merged ? commit(`pr${n}`) : null,
      baseRef: 'main',
      commits: [at(n - 1.5), at(n - 1)],
    };
  });
}

function deployment(
  id: number,
  hours: number,
  sha: string,
  environment: string,
  states: FakeDeployment['statuses'][number]['state'][],
): FakeDeployment {
  return {
    id,
    repository: 'co/web',
    sha,
    ref: 'main',
    environment,
    productionEnvironment: environment === 'production',
    createdAt: at(hours),
    statuses: states.map((state, i) => ({ state, createdAt: at(hours + 0.1 * (i + 1)) })),
  };
}

describe.each(featureStores)('GitHub sync on $name', (kind) => {
  let store: TestStore;
  let github: FakeGithub;
  let settings: GithubSettings;
  const run = (options: Parameters<typeof syncGithub>[2] = {}) =>
    syncGithub(store.db, settings, { now: () => NOW, http: FAST, ...options });
  const changes = (repo = 'r-web') =>
    store.db
      .selectFrom('code_changes as c')
      .leftJoin('deployments as d', 'd.id', 'c.deployment_id')
      .select([
        'c.external_id',
        'c.title',
        'c.author',
        'c.first_commit_at',
        'c.opened_at',
        'c.merged_at',
        'c.merge_commit_sha',
        'd.external_id as deployment',
      ])
      .where('c.repository_id', '=', repo)
      .orderBy(({ fn, ref }) => fn('length', [ref('c.external_id')]))
      .orderBy('c.external_id')
      .execute();
  const deployments = () =>
    store.db
      .selectFrom('deployments')
      .select(['external_id', 'environment', 'status', 'started_at', 'finished_at', 'commit_sha', 'source'])
      .orderBy('external_id')
      .execute();
  const routes = () => github.requests.map((r) => r.route);
  const count = (route: string) => github.requests.filter((r) => r.route === route).length;

  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
    // One organisation of one company: the counts below are for it alone.
    await store.db.deleteFrom('github_organisations').where('id', '=', 'org-else').execute();
    await store.db.updateTable('projects').set({ attribution_window_days: 7 }).execute();
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    github = await startFakeGithub({ token: TOKEN });
    github.repositories = [
      repository(1, 'web'),
      repository(2, 'api'),
      repository(3, 'other'),
      repository(4, 'docs'),
    ];
    settings = { apiUrl: github.url, auth: { kind: 'token', token: TOKEN } };
    await store.db.deleteFrom('code_changes').execute();
    await store.db.deleteFrom('deployments').execute();
    await store.db.deleteFrom('sync_state').execute();
    await store.db.deleteFrom('delivery_sources').execute();
    await store.db.deleteFrom('github_repositories').where('id', 'like', 'gh-%').execute();
  });
  afterEach(async () => {
    await github.close();
  });

  it('stores repositories, deployments and merged pull requests, linked, with exact request counts', async () => {
    github.pulls = pulls(250);
    github.deployments = [
      // Ships pull request 199 (merged at hour 199): its merge commit is the one deployed.
      deployment(9001, 201, commit('pr199'), 'production', ['queued', 'in_progress', 'success']),
      deployment(9002, 202, commit('pr201'), 'staging', ['in_progress', 'failure']),
      deployment(9003, 203, commit('pr202'), 'production', ['queued', 'in_progress']),
      // Replaced by a later deployment: its outcome is the success before "inactive".
      deployment(9000, 150, commit('pr149'), 'production', ['success', 'inactive']),
    ];
    const result = await run();
    expect(result.scopes.map((s) => [s.label, s.error])).toEqual([
      ['co', null],
      ['co/api', null],
      ['co/other', null],
      ['co/web', null],
    ]);
    // Repositories: one page. co/api and co/other: one page of deployments and one of pull
    // requests each. co/web: a page of deployments, a status request per deployment (4), three
    // pages of pull requests, and one commits request per merged pull request (200).
    expect(result.requests).toBe(1 + 2 + 2 + (1 + 4 + 3 + 200));
    expect(github.requests).toHaveLength(result.requests);
    expect(count('commits')).toBe(200);
    expect(github.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(github.requests.every((r) => r.apiVersion === '2022-11-28')).toBe(true);
    expect(github.requests.filter((r) => r.route === 'pulls')[0]!.query.toString()).toBe(
      'state=closed&sort=updated&direction=desc&per_page=100',
    );
    const web = result.scopes.find((s) => s.label === 'co/web')!;
    expect(web.counts).toMatchObject({ requests: 208, pages: 4, received: 203, created: 203 });

    // The new repository joined the organisation's project (none here), the known ones kept theirs.
    const repos = await store.db
      .selectFrom('github_repositories')
      .select(['id', 'full_name', 'project_id', 'description', 'stars', 'language'])
      .where('company_id', '=', 'co')
      .orderBy('full_name')
      .execute();
    expect(repos).toEqual([
      {
        id: 'r-api',
        full_name: 'co/api',
        project_id: 'co-a',
        description: 'The api service',
        stars: 2,
        language: 'TypeScript',
      },
      {
        id: 'gh-co-4',
        full_name: 'co/docs',
        project_id: null,
        description: 'The docs service',
        stars: 4,
        language: 'TypeScript',
      },
      {
        id: 'r-other',
        full_name: 'co/other',
        project_id: 'co-b',
        description: 'The other service',
        stars: 3,
        language: 'TypeScript',
      },
      {
        id: 'r-web',
        full_name: 'co/web',
        project_id: 'co-a',
        description: 'The web service',
        stars: 1,
        language: 'TypeScript',
      },
    ]);

    expect(await deployments()).toEqual([
      {
        external_id: '9000',
        environment: 'production',
        status: 'success',
        started_at: new Date(at(150)),
        finished_at: new Date(at(150.1)),
        commit_sha: commit('pr149'),
        source: 'github',
      },
      {
        external_id: '9001',
        environment: 'production',
        status: 'success',
        started_at: new Date(at(201)),
        finished_at: new Date(at(201.3)),
        commit_sha: commit('pr199'),
        source: 'github',
      },
      expect.objectContaining({ external_id: '9002', environment: 'staging', status: 'failure' }),
    ]);
    const stored = await changes();
    expect(stored).toHaveLength(200);
    const pr1 = stored[0]!;
    expect(pr1).toEqual({
      external_id: '1',
      title: 'Change 1',
      author: 'dev1',
      first_commit_at: new Date(at(-0.5)),
      opened_at: new Date(at(0.5)),
      merged_at: new Date(at(1)),
      merge_commit_sha: commit('pr1'),
      deployment: null,
    });
    // Linked by the ingest rule: the merge commit is the deployed one (no commit order is known).
    expect(stored.find((c) => c.external_id === '199')!.deployment).toBe('9001');
    expect(stored.find((c) => c.external_id === '149')!.deployment).toBe('9000');
    expect(stored.filter((c) => c.deployment !== null)).toHaveLength(2);

    const states = await syncStatus(store.db, 'github');
    expect(states.map((s) => [s.scope, s.status])).toEqual([
      ['org-co', 'ok'],
      ['r-api', 'ok'],
      ['r-other', 'ok'],
      ['r-web', 'ok'],
    ]);
    const webState = states.find((s) => s.scope === 'r-web')!;
    expect(webState.cursor).toMatchObject({
      deployments: {
        since: '2026-06-09T11:00:00.000Z',
        etag: expect.stringMatching(/^W\//),
        pending: [{ id: 9003 }],
      },
      pulls: { since: '2026-06-11T10:00:00.000Z', etag: expect.stringMatching(/^W\//) },
    });
    expect(webState.lastCounts).toMatchObject({ requests: 208, created: 203 });

    const fresh = await store.db
      .selectFrom('delivery_sources')
      .select(['project_id', 'events', 'source', 'last_received_at'])
      .where('source', '=', 'github')
      .orderBy('project_id')
      .orderBy('events')
      .execute();
    expect(fresh.map((f) => [f.project_id, f.events, f.last_received_at.toISOString()])).toEqual([
      ['co-a', 'changes', NOW.toISOString()],
      ['co-a', 'deployments', NOW.toISOString()],
      ['co-b', 'changes', NOW.toISOString()],
      ['co-b', 'deployments', NOW.toISOString()],
    ]);
  });

  it('answers a second run with 304s, asks only about the running deployment, and picks up what changed', async () => {
    github.pulls = pulls(120);
    github.deployments = [deployment(9003, 121, commit('pr119'), 'production', ['queued', 'in_progress'])];
    await run();
    github.requests.length = 0;
    const usedBefore = github.rateLimitUsed;

    const again = await run();
    expect(again.scopes.every((s) => s.error === null)).toBe(true);
    // The repository listing and each repository's two lists answer 304; the running deployment's
    // statuses are asked for again (it has not finished).
    expect(again.requests).toBe(1 + 2 * 3 + 1);
    expect(github.requests.filter((r) => r.status === 304)).toHaveLength(7);
    expect(routes().filter((r) => r === 'statuses')).toHaveLength(1);
    expect(github.rateLimitUsed - usedBefore).toBe(1);
    expect(again.scopes.find((s) => s.label === 'co/web')!.counts).toMatchObject({ created: 0, updated: 0 });

    // The deployment finishes, and two pull requests are merged.
    github.deployments[0]!.statuses.push({ state: 'success', createdAt: at(121.5) });
    github.pulls.push(...pulls(2, 121));
    github.requests.length = 0;
    const third = await run();
    const web = third.scopes.find((s) => s.label === 'co/web')!;
    // co/web: one deployments page (changed: the deployment's new status), its statuses, one page of pull requests
    // (down to the cursor), one commits request per new pull request.
    expect(web.counts).toMatchObject({ requests: 1 + 1 + 1 + 2, created: 3 });
    expect(third.requests).toBe(1 + 2 * 2 + 5);
    const stored = await changes();
    expect(stored).toHaveLength(96 + 2);
    expect(stored.find((c) => c.external_id === '119')!.deployment).toBe('9003');
    expect((await syncStatus(store.db, 'github')).find((s) => s.scope === 'r-web')!.cursor).toMatchObject({
      deployments: { pending: [] },
      pulls: { since: '2026-06-06T02:00:00.000Z' },
    });
  });

  it('resumes an interrupted run where it stopped, without duplicates or asking for commits again', async () => {
    github.pulls = pulls(250);
    let queued = false;
    const first = await run({
      onProgress: (p) => {
        // After the first stored page of co/web's pull requests, GitHub fails for good.
        if (p.what === 'pull requests of co/web' && p.page === 1 && !queued) {
          queued = true;
          github.fail('pulls', ...Array.from({ length: 5 }, () => ({ status: 502 })));
        }
      },
    });
    const failed = first.scopes.find((s) => s.label === 'co/web')!;
    expect(failed.error).toMatch(/^GitHub: GET \/repos\/co\/web\/pulls failed with 502: Fault 502$/);
    expect(failed.counts).toMatchObject({ created: 80 });
    expect(await changes()).toHaveLength(80);
    const state = (await syncStatus(store.db, 'github')).find((s) => s.scope === 'r-web')!;
    expect(state).toMatchObject({ status: 'failed', cursor: { pulls: { since: null, etag: null } } });

    github.requests.length = 0;
    const second = await run();
    expect(second.scopes.find((s) => s.label === 'co/web')!.error).toBeNull();
    // The first page is read again (its 80 merged pull requests found stored: no commits asked),
    // then pages 2 and 3 with their 120 merged pull requests.
    expect(count('commits')).toBe(120);
    expect(second.scopes.find((s) => s.label === 'co/web')!.counts).toMatchObject({
      created: 120,
      unchanged: 80,
    });
    const stored = await changes();
    expect(stored).toHaveLength(200);
    expect(new Set(stored.map((c) => c.external_id)).size).toBe(200);
    expect(stored.every((c) => c.first_commit_at !== null)).toBe(true);
  });

  it('with --since, reads from that instant instead of the cursor and without ETags', async () => {
    github.pulls = pulls(50);
    await run();
    github.requests.length = 0;
    const again = await run({ since: new Date(at(40)) });
    expect(github.requests.filter((r) => r.status === 304)).toHaveLength(0);
    // Pull requests 40–50: 8 merged, all stored with their first commit already.
    expect(again.scopes.find((s) => s.label === 'co/web')!.counts).toMatchObject({
      unchanged: 8,
      created: 0,
    });
    expect(count('commits')).toBe(0);
  });

  it('waits out a short primary rate limit (403), a secondary one (429) and 5xx, then stores everything', async () => {
    github.pulls = pulls(10);
    github.fail(
      'pulls',
      { rateLimit: 'primary', resetInSeconds: 0 },
      { rateLimit: 'secondary', retryAfter: 0 },
    );
    github.fail('commits', { status: 502 }, { status: 503, retryAfter: '0' });
    const result = await run();
    expect(result.scopes.every((s) => s.error === null)).toBe(true);
    expect((await changes()).length).toBe(8);
    expect(result.requests).toBe(1 + 2 + 2 + (1 + 1 + 8) + 4);
  });

  it('ends at a long rate limit: the scope fails with when to come back, the others wait without a request', async () => {
    github.pulls = pulls(10);
    github.fail('pulls', { rateLimit: 'primary', resetInSeconds: 3600 });
    const result = await run();
    expect(result.scopes.map((s) => s.label)).toEqual(['co', 'co/api', 'co/other', 'co/web']);
    const [, api, other, web] = result.scopes;
    expect(api!.error).toMatch(
      /^GitHub: GET \/repos\/co\/api\/pulls: rate limited until \S+ \(403\); the next run resumes$/,
    );
    expect(other!.error).toMatch(/^GitHub: not read: rate limited until \S+; the next run resumes$/);
    expect(other!.counts.requests).toBe(0);
    expect(web!.counts.requests).toBe(0);
    // Repositories, co/api's deployments, and the one refused request: no retry.
    expect(result.requests).toBe(3);

    const next = await run();
    expect(next.scopes.every((s) => s.error === null)).toBe(true);
    expect(await changes()).toHaveLength(8);
  });

  it('does not retry a 403 that is no rate limit, and reports malformed answers', async () => {
    github.fail('repos', {
      status: 403,
      body: JSON.stringify({ message: 'Resource not accessible by integration' }),
    });
    github.fail('deployments', { malformed: 'not-json' }, { malformed: 'wrong-shape' });
    const result = await run();
    const [org, api, other] = result.scopes;
    expect(org!.error).toBe(
      'GitHub: GET /orgs/co/repos was refused (403: Resource not accessible by integration): the credentials lack a permission (repository metadata, deployments and pull requests: read)',
    );
    expect(org!.counts.requests).toBe(1);
    expect(api!.error).toBe(
      'GitHub: GET /repos/co/api/deployments answered 200 with a body that is not JSON',
    );
    expect(other!.error).toMatch(
      /^GitHub: GET \/repos\/co\/other\/deployments answered a body of an unexpected shape/,
    );
    expect(result.scopes[3]!.error).toBeNull();
  });

  it('refuses bad credentials (401) without retrying or quoting the token anywhere', async () => {
    github.pulls = pulls(3);
    settings = { ...settings, auth: { kind: 'token', token: 'ghp_wrongwrongwrongSECRET' } };
    const result = await run();
    expect(result.scopes.every((s) => s.error !== null)).toBe(true);
    expect(result.scopes[0]!.error).toBe(
      'GitHub: GET /orgs/co/repos was refused (401: Bad credentials): check the configured token or GitHub App',
    );
    expect(result.requests).toBe(4);
    const states = JSON.stringify(await syncStatus(store.db, 'github'));
    expect(states).not.toContain('SECRET');
    expect(JSON.stringify(result)).not.toContain('SECRET');
    expect(await changes()).toHaveLength(0);
  });

  it('follows Link paging of a GitHub Enterprise Server base URL', async () => {
    const ghes = await startFakeGithub({ token: TOKEN, prefix: '/api/v3' });
    try {
      ghes.repositories = [
        ...Array.from({ length: 150 }, (_, i) => repository(100 + i, `svc-${i}`)),
        repository(1, 'web'),
      ];
      ghes.pulls = pulls(5);
      const result = await syncGithub(
        store.db,
        { apiUrl: ghes.url, auth: { kind: 'token', token: TOKEN } },
        { now: () => NOW, http: FAST },
      );
      expect(result.scopes[0]).toMatchObject({
        label: 'co',
        error: null,
        counts: { pages: 2, received: 151 },
      });
      expect(ghes.requests.filter((r) => r.route === 'repos').map((r) => r.query.get('page'))).toEqual([
        null,
        '2',
      ]);
      expect(await changes()).toHaveLength(4);
    } finally {
      await ghes.close();
    }
  });

  it('authenticates as a GitHub App: a signed JWT buys one installation token, used for every call', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const app = await startFakeGithub({ app: { appId: '12345', publicKey, installations: { co: 777 } } });
    try {
      app.repositories = github.repositories;
      app.pulls = pulls(10);
      const appSettings: GithubSettings = {
        apiUrl: app.url,
        auth: { kind: 'app', appId: '12345', privateKey, installationId: null },
      };
      const result = await syncGithub(store.db, appSettings, { now: () => NOW, http: FAST });
      expect(result.scopes.every((s) => s.error === null)).toBe(true);
      expect(app.requests.slice(0, 2).map((r) => [r.method, r.route, r.status])).toEqual([
        ['GET', 'installation', 200],
        ['POST', 'access_tokens', 201],
      ]);
      expect(app.issuedTokens).toHaveLength(1);
      const token = app.issuedTokens[0]!;
      expect(app.requests.slice(2).every((r) => r.authorization === `Bearer ${token}`)).toBe(true);
      expect(result.requests).toBe(2 + 1 + 2 + 2 + (1 + 1 + 8));
      expect(await changes()).toHaveLength(8);
      const states = JSON.stringify(await syncStatus(store.db, 'github'));
      expect(states).not.toContain(token);

      // A key that is not the App's: GitHub refuses the JWT, and the message quotes none of it.
      const other = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
      const refused = await syncGithub(
        store.db,
        {
          ...appSettings,
          auth: { ...appSettings.auth, privateKey: other.privateKey } as GithubSettings['auth'],
        },
        { now: () => NOW, http: FAST },
      );
      expect(refused.scopes[0]!.error).toBe(
        'GitHub: GET /orgs/co/installation was refused (401: Bad credentials): check the configured token or GitHub App',
      );
      expect(JSON.stringify(refused)).not.toContain('eyJ');
    } finally {
      await app.close();
    }
  });

  it('buys a new installation token when the one held is about to expire', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    // Tokens that live four minutes are inside the five-minute margin at once: one per request.
    const app = await startFakeGithub({
      app: { appId: '12345', publicKey, installations: { co: 777 }, tokenLifetimeSeconds: 240 },
    });
    try {
      app.repositories = [repository(1, 'web')];
      const result = await syncGithub(
        store.db,
        { apiUrl: app.url, auth: { kind: 'app', appId: '12345', privateKey, installationId: '777' } },
        { now: () => NOW, http: FAST },
      );
      // No installation lookup (GITHUB_APP_INSTALLATION_ID), and a token before each call.
      expect(app.requests.filter((r) => r.route === 'installation')).toHaveLength(0);
      const calls = app.requests.filter((r) => r.route !== 'access_tokens');
      expect(app.issuedTokens).toHaveLength(calls.length);
      expect(calls.map((r) => r.authorization)).toEqual(app.issuedTokens.map((t) => `Bearer ${t}`));
      expect(result.scopes.find((s) => s.label === 'co/web')!.error).toBeNull();
    } finally {
      await app.close();
    }
  });
});

describe('GitHub connector pieces', () => {
  it('reads the settings: a token or an App, never echoing a secret', () => {
    expect(readGithubSettings({})).toEqual({ settings: null, problems: [] });
    expect(readGithubSettings({ GITHUB_TOKEN: ' ghp_abc ' })).toEqual({
      settings: { apiUrl: 'https://api.github.com', auth: { kind: 'token', token: 'ghp_abc' } },
      problems: [],
    });
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const escaped = privateKey.trim().replace(/\n/g, '\\n');
    const app = readGithubSettings({
      GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
      GITHUB_APP_ID: '12345',
      GITHUB_APP_PRIVATE_KEY: escaped,
      GITHUB_APP_INSTALLATION_ID: '99',
    });
    expect(app.problems).toEqual([]);
    expect(app.settings).toEqual({
      apiUrl: 'https://ghe.example.com/api/v3',
      auth: { kind: 'app', appId: '12345', privateKey: privateKey.trim(), installationId: '99' },
    });
    const both = readGithubSettings({
      GITHUB_TOKEN: 'ghp_SECRET',
      GITHUB_APP_ID: '1',
      GITHUB_APP_PRIVATE_KEY: 'SECRET-KEY',
    });
    expect(both.settings).toBeNull();
    expect(both.problems).toEqual([
      'GITHUB_APP_PRIVATE_KEY is not a PEM private key (the GitHub App’s .pem file)',
      'Set either GITHUB_TOKEN or GITHUB_APP_ID with GITHUB_APP_PRIVATE_KEY, not both',
    ]);
    expect(both.problems.join(' ')).not.toContain('SECRET');
    expect(readGithubSettings({ GITHUB_APP_ID: '1' }).problems).toEqual([
      'GITHUB_APP_PRIVATE_KEY is required when GITHUB_APP_ID is set',
    ]);
    expect(readGithubSettings({ GITHUB_API_URL: 'ftp://x', GITHUB_TOKEN: 't' }).problems).toEqual([
      'GITHUB_API_URL must be an http(s) URL without credentials, query or fragment (got "ftp://x")',
    ]);
    expect(readGithubSettings({ GITHUB_APP_INSTALLATION_ID: 'abc' }).problems).toEqual([
      'GITHUB_APP_INSTALLATION_ID must be a number',
      'GITHUB_APP_ID and GITHUB_APP_PRIVATE_KEY are required when GITHUB_APP_INSTALLATION_ID is set',
    ]);
  });

  it('reads GitHub’s rate-limit signals and Link headers', async () => {
    const now = Date.UTC(2026, 0, 1);
    const response = (status: number, headers: Record<string, string>, body = '{}') =>
      new Response(body, { status, headers });
    expect(
      await githubRateLimitWait(
        response(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 30) }),
        now,
      ),
    ).toBe(31_000);
    expect(await githubRateLimitWait(response(429, { 'retry-after': '7' }), now)).toBe(7_000);
    expect(await githubRateLimitWait(response(429, {}), now)).toBe(60_000);
    expect(
      await githubRateLimitWait(
        response(403, {}, '{"message":"You have exceeded a secondary rate limit."}'),
        now,
      ),
    ).toBe(60_000);
    expect(await githubRateLimitWait(response(403, { 'x-ratelimit-remaining': '12' }), now)).toBeNull();
    expect(await githubRateLimitWait(response(500, {}), now)).toBeNull();
    expect(
      nextLink(
        '<https://api.github.com/orgs/co/repos?page=3>; rel="next", <https://api.github.com/orgs/co/repos?page=5>; rel="last"',
      ),
    ).toBe('https://api.github.com/orgs/co/repos?page=3');
    expect(nextLink('<https://api.github.com/orgs/co/repos?page=1>; rel="prev"')).toBeNull();
    expect(nextLink(null)).toBeNull();
  });

  it('takes a deployment’s outcome from its newest finished status', () => {
    const s = (state: string, id = 1) => ({ id, state, created_at: '2026-01-01T00:00:00Z' });
    expect(outcomeStatus([])).toBe('pending');
    expect(outcomeStatus([s('in_progress'), s('queued')])).toBe('pending');
    expect(outcomeStatus([s('error')])).toMatchObject({ state: 'error' });
    expect(outcomeStatus([s('inactive', 3), s('success', 2), s('queued', 1)])).toMatchObject({ id: 2 });
    expect(outcomeStatus([s('inactive', 2), s('failure', 1)])).toBeNull();
  });
});
