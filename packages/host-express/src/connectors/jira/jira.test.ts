import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JiraSettings } from '../../config/index.js';
import { DEFAULT_INCIDENT_JQL } from '../../config/index.js';
import { seedFixture } from '../../ingest/test-support/fixture.js';
import { type TestStore, featureStores } from '../../test-support/stores.js';
import { syncStatus } from '../sync-state.js';
import { type FakeIssue, type FakeJira, startFakeJira } from '../test-support/fake-jira.js';
import { incidentOf, jiraInstant, syncJira } from './sync.js';

const CREDENTIALS = { email: 'sync@provider.example', apiToken: 'ATATT3xFfGF0-secret-token' };
/** Fast retries: the behaviour is what the tests look at, not the waiting. */
const FAST = { backoffBaseMs: 5, backoffLimitMs: 20, maxRetryAfterMs: 2_000 };
const NOW = new Date('2026-06-30T12:00:00Z');

/** `count` incidents of project `project`, one updated per hour from 2026-06-01. */
function incidents(project: string, count: number, from = 0): FakeIssue[] {
  return Array.from({ length: count }, (_, n) => {
    const i = from + n;
    const created = new Date(Date.UTC(2026, 5, 1) + i * 3_600_000).toISOString();
    return {
      id: String(20_000 + i + (project === 'B' ? 50_000 : 0)),
      key: `${project}-${i + 1}`,
      project,
      summary: `Checkout failing for ${project} #${i + 1}`,
      created,
      updated: created,
      resolutiondate: i % 3 === 0 ? null : new Date(Date.parse(created) + 1_800_000).toISOString(),
      priority: i % 2 ? 'High' : 'Highest',
    };
  });
}

describe.each(featureStores)('Jira sync on $name', (kind) => {
  let store: TestStore;
  let jira: FakeJira;
  let settings: JiraSettings;
  const run = (options: Parameters<typeof syncJira>[2] = {}) =>
    syncJira(store.db, settings, { now: () => NOW, http: FAST, ...options });
  const stored = (project = 'co-a') =>
    store.db
      .selectFrom('incidents')
      .select(['external_id', 'title', 'severity', 'opened_at', 'resolved_at', 'source'])
      .where('project_id', '=', project)
      .orderBy('external_id')
      .execute();
  const searches = () => jira.requests.filter((r) => r.path === '/rest/api/3/search/jql');

  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    jira = await startFakeJira(CREDENTIALS);
    jira.projects = ['A', 'B', 'OTHER'];
    settings = { baseUrl: jira.url, ...CREDENTIALS, incidentJql: DEFAULT_INCIDENT_JQL, projectJql: {} };
    await store.db.deleteFrom('incidents').execute();
    await store.db.deleteFrom('sync_state').execute();
    await store.db.deleteFrom('delivery_sources').execute();
  });
  afterEach(async () => {
    await jira.close();
  });

  it('stores every incident of every page once, with the cursor and the source’s freshness', async () => {
    jira.issues = [...incidents('A', 250), ...incidents('B', 3), ...incidents('X', 2)];
    const result = await run();
    // Company "else" has project X too: every project with a Jira key and analytics is synced.
    expect(result.projects.map((p) => [p.projectKey, p.error])).toEqual([
      ['A', null],
      ['B', null],
      ['X', expect.stringContaining('Jira has no project X')],
    ]);
    const a = result.projects[0]!;
    expect(a.counts).toMatchObject({ pages: 3, received: 250, created: 250, updated: 0, unchanged: 0 });
    // One project listing, then three pages of A and one of B: one request per 100 incidents.
    expect(result.requests).toBe(1 + 3 + 1);
    expect(jira.requests.every((r) => r.authorization?.startsWith('Basic '))).toBe(true);
    expect(jira.requests.some((r) => r.path === '/rest/api/3/search')).toBe(false);
    expect(searches()[0]!.query.get('fields')).toBe('summary,created,updated,resolutiondate,priority');

    const rows = await stored();
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['jira']));
    const first = rows.find((r) => r.external_id === '20000')!;
    expect(first.title).toBe('A-1 Checkout failing for A #1');
    expect(first.severity).toBe('Highest');
    expect(first.opened_at.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(first.resolved_at).toBeNull();
    expect(rows.find((r) => r.external_id === '20001')!.resolved_at?.toISOString()).toBe(
      '2026-06-01T01:30:00.000Z',
    );
    expect(await stored('co-b')).toHaveLength(3);

    const [stateA, stateB, stateX] = await syncStatus(store.db, 'jira');
    expect(stateA).toMatchObject({
      scope: 'co-a',
      status: 'ok',
      lastError: null,
      cursor: { updated: '2026-06-11T09:00:00.000Z' },
    });
    expect(stateA!.lastSuccessAt?.toISOString()).toBe(NOW.toISOString());
    expect(stateB!.status).toBe('ok');
    expect(stateX).toMatchObject({ scope: 'else-x', status: 'failed', lastSuccessAt: null });
    const fresh = await store.db
      .selectFrom('delivery_sources')
      .select(['project_id', 'last_received_at'])
      .where('source', '=', 'jira')
      .orderBy('project_id')
      .execute();
    expect(fresh.map((f) => [f.project_id, f.last_received_at.toISOString()])).toEqual([
      ['co-a', NOW.toISOString()],
      ['co-b', NOW.toISOString()],
    ]);
  });

  it('resumes from its cursor: a second run reads one day back and changes nothing', async () => {
    jira.issues = incidents('A', 250);
    await run({ projectKeys: ['A'] });
    jira.requests.length = 0;
    jira.issues.push(...incidents('A', 2, 250));
    const again = await run({ projectKeys: ['A'] });
    const a = again.projects[0]!;
    // The day before the cursor (24 incidents, and the cursor's own) plus the two new ones.
    expect(a.counts).toMatchObject({ created: 2, updated: 0, unchanged: 25, pages: 1 });
    expect(searches()[0]!.query.get('jql')).toBe(
      '(project = "A" AND issuetype = Incident) AND updated >= "2026-06-10 09:00" ORDER BY updated ASC, key ASC',
    );
    expect(await stored()).toHaveLength(252);
  });

  it('picks up an incident resolved since the last run', async () => {
    jira.issues = incidents('A', 3);
    await run({ projectKeys: ['A'] });
    const open = jira.issues[0]!;
    open.resolutiondate = '2026-06-02T00:00:00.000Z';
    open.updated = '2026-06-02T00:00:00.000Z';
    const again = await run({ projectKeys: ['A'] });
    expect(again.projects[0]!.counts).toMatchObject({ updated: 1, created: 0 });
    expect((await stored()).find((r) => r.external_id === open.id)!.resolved_at?.toISOString()).toBe(
      '2026-06-02T00:00:00.000Z',
    );
  });

  it('waits out 429 (with and without Retry-After) and 503, then stores everything', async () => {
    jira.issues = incidents('A', 150);
    jira.failSearch('A', { status: 429, retryAfter: '0' }, { status: 429 }, { status: 503 });
    const result = await run({ projectKeys: ['A'] });
    expect(result.projects[0]!.error).toBeNull();
    expect(result.projects[0]!.counts).toMatchObject({ created: 150, pages: 2 });
    expect(searches()).toHaveLength(2 + 3);
    expect(await stored()).toHaveLength(150);
  });

  it('stops at a Retry-After longer than a run waits, keeps what it stored, and resumes there', async () => {
    jira.issues = incidents('A', 250);
    // Page 2 is refused for an hour.
    const result1 = await run({
      projectKeys: ['A'],
      http: {
        ...FAST,
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          const url = String(input instanceof Request ? input.url : input);
          if (url.includes('nextPageToken') && !jira.requests.some((r) => r.query.has('nextPageToken'))) {
            jira.requests.push({
              path: '/rest/api/3/search/jql',
              query: new URL(url).searchParams,
              authorization: 'x',
            });
            return new Response(JSON.stringify({ errorMessages: ['Rate limit exceeded'] }), {
              status: 429,
              headers: { 'retry-after': '3600', 'content-type': 'application/json' },
            });
          }
          return fetch(input, init);
        }) as typeof fetch,
      },
    });
    const failed = result1.projects[0]!;
    expect(failed.error).toMatch(/asked to wait until .* \(429\); the next run resumes/);
    expect(failed.counts).toMatchObject({ created: 100, pages: 1 });
    const [state] = await syncStatus(store.db, 'jira');
    expect(state).toMatchObject({ status: 'failed', cursor: { updated: '2026-06-05T03:00:00.000Z' } });
    expect(await stored()).toHaveLength(100);

    const result2 = await run({ projectKeys: ['A'] });
    expect(result2.projects[0]!.error).toBeNull();
    expect(result2.projects[0]!.counts).toMatchObject({ created: 150 });
    const rows = await stored();
    expect(rows).toHaveLength(250);
    expect(new Set(rows.map((r) => r.external_id)).size).toBe(250);
    expect((await syncStatus(store.db, 'jira'))[0]!.status).toBe('ok');
  });

  it('reports a malformed page, keeps the pages before it, and a re-run completes without duplicates', async () => {
    jira.issues = incidents('A', 250);
    jira.failSearch('A');
    const seen: string[] = [];
    // The second page answers HTML once, then a body of the wrong shape on the re-run's first try.
    const result1 = await run({
      projectKeys: ['A'],
      onProgress: (p) => {
        seen.push(`${p.projectKey}:${p.page}`);
        if (p.page === 1) jira.failSearch('A', { malformed: 'not-json' });
      },
    });
    expect(seen).toEqual(['A:1']);
    expect(result1.projects[0]!.error).toMatch(/answered 200 with a body that is not JSON/);
    expect(await stored()).toHaveLength(100);

    jira.failSearch('A', { malformed: 'wrong-shape' });
    const result2 = await run({ projectKeys: ['A'] });
    expect(result2.projects[0]!.error).toMatch(/unexpected shape \(issues: /);
    expect(await stored()).toHaveLength(100);

    const result3 = await run({ projectKeys: ['A'] });
    expect(result3.projects[0]!.error).toBeNull();
    expect(await stored()).toHaveLength(250);
  });

  it('does not retry 401: the error names the credentials, never quotes them, and the store is unchanged', async () => {
    jira.issues = incidents('A', 5);
    const wrong = { ...settings, apiToken: 'ATATT3x-wrong-token' };
    const result = await syncJira(store.db, wrong, { now: () => NOW, http: FAST, projectKeys: ['A'] });
    expect(result.projects[0]!.error).toMatch(/refused \(401\): check the configured credentials/);
    expect(jira.requests).toHaveLength(1);
    const [state] = await syncStatus(store.db, 'jira');
    expect(state!.lastError).not.toContain('ATATT3x');
    expect(JSON.stringify(result)).not.toContain('wrong-token');
    expect(await stored()).toHaveLength(0);
  });

  it('answers a Jira 400 (bad JQL of one project) with Jira’s words, and syncs the other projects', async () => {
    jira.issues = [...incidents('A', 2), ...incidents('B', 2)];
    settings.projectJql = { A: 'project = "A" AND labels in (incident' };
    const result = await run({ projectKeys: ['A', 'B'] });
    expect(result.projects[0]!.error).toMatch(/failed with 400: Error in the JQL Query/);
    expect(result.projects[1]!.error).toBeNull();
    expect(await stored('co-b')).toHaveLength(2);
  });

  it('stops between pages when the host shuts down, keeping what it stored', async () => {
    jira.issues = incidents('A', 250);
    const stop = new AbortController();
    const result = await run({
      projectKeys: ['A'],
      signal: stop.signal,
      onProgress: (p) => {
        if (p.page === 1) stop.abort();
      },
    });
    expect(result.projects[0]!.error).toBe(
      'Jira: stopped before the next page (the host is shutting down); the next run resumes',
    );
    expect(await stored()).toHaveLength(100);
    expect(searches()).toHaveLength(1);
    const resumed = await run({ projectKeys: ['A'] });
    expect(resumed.projects[0]!.counts).toMatchObject({ created: 150 });
    expect(await stored()).toHaveLength(250);
  });

  it('with --since, reads from that date instead of the cursor', async () => {
    jira.issues = incidents('A', 48);
    await run({ projectKeys: ['A'] });
    jira.requests.length = 0;
    const again = await run({ projectKeys: ['A'], since: new Date('2026-06-02T00:00:00Z') });
    expect(searches()[0]!.query.get('jql')).toContain('updated >= "2026-06-01 00:00"');
    expect(again.projects[0]!.counts).toMatchObject({ received: 48, unchanged: 48 });
  });
});

describe('Jira issues as incidents', () => {
  it('reads Jira timestamps, cleans titles and keeps a missing priority out', () => {
    expect(jiraInstant('2024-03-05T10:15:30.000+0000')).toBe('2024-03-05T10:15:30.000Z');
    expect(jiraInstant('2024-03-05T12:15:30.000+0200')).toBe('2024-03-05T10:15:30.000Z');
    expect(jiraInstant('yesterday')).toBeNull();
    const event = incidentOf({
      id: '1',
      key: 'OPS-7',
      fields: {
        summary: `Pager\tfired\nagain ${'🔥'.repeat(300)}`,
        created: '2024-03-05T10:15:30.000+0000',
        updated: '2024-03-05T10:15:30.000+0000',
        resolutiondate: null,
        priority: null,
      },
    })!;
    expect(event.title!.startsWith('OPS-7 Pager fired again 🔥')).toBe(true);
    expect(event.title!.length).toBeLessThanOrEqual(500);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(event.title!)).toBe(false);
    expect(event).not.toHaveProperty('severity');
    expect(event.resolvedAt).toBeNull();
  });
});
