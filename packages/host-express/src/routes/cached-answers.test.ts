import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/index.js';
import { COVERED_TABLES, READ_VERSION_TABLES } from '../http/read-versions.js';
import { type CachedRequest, ResponseCache } from '../http/response-cache.js';
import { storeFromPgliteThread } from '../store/open-store.js';
import type { Database } from '../store/schema.js';
import { ANALYTICS_ROUTES } from '../test-support/analytics-routes.js';
import { ACME_USER, GLOBEX_USER, STAFF_USER, useDemoHost } from '../test-support/demo-host.js';
import { TEST_NOW } from '../test-support/host.js';
import { pgliteTestThread, type TestStoreKind, featureStores } from '../test-support/stores.js';

// The read routes answer through the response cache (http/response-cache.ts). What a user must
// never notice: a write to the data shows at the next request, whoever wrote it; one company never
// gets another's kept answer; a scheduled article appears when its time comes.

const { projectKey, projectId, foreign } = DEMO_FIXTURES;

/** Every route that answers through the cache, for Acme. */
const CACHED_ROUTES = [
  '/api/talent',
  '/api/teams',
  ...ANALYTICS_ROUTES,
  '/api/documents',
  '/api/knowledge-base/articles',
  '/api/knowledge-base/search?q=dora',
  `/api/knowledge-base/articles/${DEMO_FIXTURES.articleSlug}`,
];

/** Runs `body` with the triggers off (superuser only): a write no version sees. */
async function unseen(db: Kysely<Database>, body: (trx: Kysely<Database>) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await body(trx);
  });
}

const yesterday = new Date(TEST_NOW.getTime() - 24 * 3600_000);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe.each(featureStores)('cached read answers on $name', (kind) => {
  let now = TEST_NOW;
  const demo = useDemoHost(kind, { options: { now: () => now } });
  const db = () => demo.store.db;

  it('are served again while the data is unchanged, and recomputed at the next request after a write', async () => {
    const acme = await demo.signIn(ACME_USER);
    const name = async () => (await demo.get('/api/teams', acme).expect(200)).body.teams[0].name as string;
    const first = await name();
    // A write behind the versions' back is not seen: the answer is the kept one.
    await unseen(db(), (trx) =>
      trx.updateTable('teams').set({ name: 'Renamed quietly' }).where('company_id', '=', 'acme').execute(),
    );
    expect(await name()).toBe(first);
    // Any write of the company's data, by anyone, makes it compute again.
    await db().updateTable('teams').set({ name: 'Renamed' }).where('company_id', '=', 'acme').execute();
    expect(await name()).toBe('Renamed');
  });

  it('show each kind of write at the next request', async () => {
    const acme = await demo.signIn(ACME_USER);
    const get = async (path: string) => (await demo.get(path, acme).expect(200)).body;

    // Talent records are shared by every company.
    const talent = await get('/api/talent');
    const someone = talent.talent[0];
    await db().updateTable('talent').set({ name: 'Someone Else' }).where('id', '=', someone.id).execute();
    expect((await get('/api/talent')).talent.map((t: { name: string }) => t.name)).toContain('Someone Else');

    // A deployment: the derived delivery days change, and with them the card and DORA.
    const card = `/api/analytics/projects/${projectKey}`;
    const dora = `/api/analytics/dora?projectKey=${projectKey}`;
    const deployments = (await get(card)).activity.deployments as number;
    const doraDeployments = (await get(dora)).headline.deploymentFrequency.deployments as number;
    await db()
      .insertInto('deployments')
      .values({
        company_id: 'acme',
        project_id: projectId,
        source: 'webhook',
        external_id: 'cached-answers-test',
        environment: 'production',
        status: 'success',
        finished_at: yesterday,
      })
      .execute();
    expect((await get(card)).activity.deployments).toBe(deployments + 1);
    expect((await get(dora)).headline.deploymentFrequency.deployments).toBe(doraDeployments + 1);

    // An AI connector rewriting a day.
    const ai = `/api/agents/windsurf?jiraProjectKey=${projectKey}`;
    const windsurf = (body: { tools: { tool: string; totals: { chatRequests: number } }[] }) =>
      body.tools.find((t) => t.tool === 'windsurf')?.totals.chatRequests ?? 0;
    const chats = windsurf(await get(ai));
    const updated = await db()
      .updateTable('ai_usage_daily')
      .set((eb) => ({ chat_requests: eb('chat_requests', '+', 1000) }))
      .where('project_id', '=', projectId)
      .where('tool', '=', 'windsurf')
      .where('user_key', '=', '*')
      .where('day', '=', day(yesterday))
      .executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(windsurf(await get(ai))).toBe(chats + 1000);

    // A document's description.
    await get('/api/documents');
    await db()
      .updateTable('documents')
      .set({ description: 'Freshly described' })
      .where('company_id', '=', 'acme')
      .execute();
    expect((await get('/api/documents')).documents[0].description).toBe('Freshly described');

    // A repository renamed by the GitHub sync.
    const repositories = `/api/github/repositories?projectId=${projectId}`;
    await get(repositories);
    await db()
      .updateTable('github_repositories')
      .set({ name: 'renamed-repo' })
      .where('project_id', '=', projectId)
      .execute();
    expect((await get(repositories)).data.map((r: { name: string }) => r.name)).toContain('renamed-repo');
  });

  it('recompute a project’s DORA answer only after a write to that project re-derives a day of its range', async () => {
    const acme = await demo.signIn(ACME_USER);
    // A month long ago (its previous month too: the comparison reads it).
    const dora = `/api/analytics/dora?projectKey=${projectKey}&from=2025-03-01&to=2025-03-31`;
    const deployments = async () =>
      (await demo.get(dora, acme).expect(200)).body.headline.deploymentFrequency.deployments as number;
    const before = await deployments();
    // Behind the versions' back: PORTAL's last March day with deployments has 100 more.
    await unseen(db(), (trx) =>
      sql`update delivery_days set dora = json_build_array(day, deployments + 100, failed_deployments,
          lead_times, recoveries, rework_deployments, incidents_unattributed, incidents_excluded,
          changes_waiting)
        where project_id = ${projectId} and day = (select max(day) from delivery_days
          where project_id = ${projectId} and day <= '2025-03-31' and deployments > 0)`.execute(trx),
    );
    // Another project's new deployment in March: not PORTAL's answer.
    await db()
      .insertInto('deployments')
      .values({
        company_id: 'acme',
        project_id: 'acme-route',
        source: 'webhook',
        external_id: 'cached-range-route',
        environment: 'production',
        status: 'success',
        finished_at: new Date('2025-03-10T10:00:00Z'),
      })
      .execute();
    expect(await deployments()).toBe(before);
    // A PORTAL deployment of June marked a hotfix: its day is re-derived, outside the range.
    const hotfix = (from: string, to: string) =>
      sql`update deployments set is_hotfix = not is_hotfix where id = (select min(id) from deployments
        where project_id = ${projectId} and environment = 'production' and status = 'success'
          and finished_at >= ${from}::timestamptz and finished_at < ${to}::timestamptz)`.execute(db());
    await hotfix('2025-06-01T00:00:00Z', '2025-06-16T00:00:00Z');
    expect(await deployments()).toBe(before);
    // Its first of March: computed again, with the change nobody saw (on another day).
    await hotfix('2025-03-01T00:00:00Z', '2025-04-01T00:00:00Z');
    expect(await deployments()).toBe(before + 100);
  });

  it('never serve one company’s kept answer to another, staff switching companies included', async () => {
    const acme = await demo.signIn(ACME_USER);
    const globex = await demo.signIn(GLOBEX_USER);
    const staff = await demo.signIn(STAFF_USER);
    // (The talent bench is the same for both demo companies: not a test of separation.)
    for (const path of ['/api/teams', '/api/documents', '/api/projects', '/api/knowledge-base/articles']) {
      const ofAcme = (await demo.get(path, acme).expect(200)).text;
      const ofGlobex = (await demo.get(path, globex).expect(200)).text;
      expect(ofGlobex, path).not.toBe(ofAcme);
      await demo.post('/api/auth/act-as', { companyId: 'acme' }, staff).expect(200);
      expect((await demo.get(path, staff).expect(200)).text, path).toBe(ofAcme);
      await demo.post('/api/auth/act-as', { companyId: foreign.companyId }, staff).expect(200);
      expect((await demo.get(path, staff).expect(200)).text, path).toBe(ofGlobex);
    }
  });

  it('show a scheduled knowledge-base article once its time comes, without any write', async () => {
    const acme = await demo.signIn(ACME_USER);
    await db()
      .insertInto('kb_articles')
      .values({
        id: 'kb-scheduled',
        slug: 'scheduled-announcement',
        company_id: 'acme',
        title: 'Scheduled announcement about zeppelins',
        summary: 'Published in 20 minutes.',
        body_markdown: 'Zeppelins arrive.',
        category: 'News',
        published_at: new Date(now.getTime() + 20 * 60_000),
      })
      .execute();
    const slugs = async () =>
      (await demo.get('/api/knowledge-base/articles', acme).expect(200)).body.articles.map(
        (a: { slug: string }) => a.slug,
      );
    expect(await slugs()).not.toContain('scheduled-announcement');
    await demo.get('/api/knowledge-base/articles/scheduled-announcement', acme).expect(404);
    expect((await demo.get('/api/knowledge-base/search?q=zeppelins', acme).expect(200)).body.results).toEqual(
      [],
    );

    // (Within the session's idle time.)
    now = new Date(now.getTime() + 20 * 60_000);
    try {
      expect(await slugs()).toContain('scheduled-announcement');
      await demo.get('/api/knowledge-base/articles/scheduled-announcement', acme).expect(200);
      const found = (await demo.get('/api/knowledge-base/search?q=zeppelins', acme).expect(200)).body.results;
      expect(found.map((r: { article: { slug: string } }) => r.article.slug)).toEqual([
        'scheduled-announcement',
      ]);
    } finally {
      now = TEST_NOW;
    }
  });
});

describe.each(featureStores)(
  'read answers with the cache turned off (RESPONSE_CACHE_MB=0) on $name',
  (kind) => {
    const demo = useDemoHost(kind, { env: { RESPONSE_CACHE_MB: '0' } });

    it('are computed at every request: even a write no version sees shows at once', async () => {
      const acme = await demo.signIn(ACME_USER);
      for (const path of CACHED_ROUTES) await demo.get(path, acme).expect(200);
      await unseen(demo.store.db, (trx) =>
        trx.updateTable('teams').set({ name: 'Renamed quietly' }).where('company_id', '=', 'acme').execute(),
      );
      const teams = (await demo.get('/api/teams', acme).expect(200)).body.teams;
      expect(teams.map((t: { name: string }) => t.name)).toContain('Renamed quietly');
      const search = (await demo.get('/api/knowledge-base/search?q=dora', acme).expect(200)).body;
      expect(search.results.length).toBeGreaterThan(0);
    });
  },
);

// Which tables a cached route reads must be covered by the read versions' triggers (the list in
// http/read-versions.ts), or a write to an uncovered table would go unseen. The statements each
// route sends to the store when it computes are captured, and every table they name must be
// covered; a table covered only per project or per day must be read by an answer that names its
// project and days (CachedRequest.project). The statements are the same on both stores: recorded on
// the embedded one.
const captured: string[] = [];

/** An embedded test store whose statements are recorded in `captured`. */
const recordingPglite: TestStoreKind = {
  name: 'PGlite',
  kind: 'pglite',
  async open(options) {
    const thread = await pgliteTestThread(options);
    const query = thread.query.bind(thread);
    thread.query = ((text: string, ...rest: unknown[]) => {
      captured.push(text);
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof thread.query;
    return { ...storeFromPgliteThread(thread), url: null };
  },
};

describe.each([recordingPglite])('the tables cached routes read on $name', (kind) => {
  const demo = useDemoHost(kind);
  const requests: CachedRequest[] = [];
  let spy: ReturnType<typeof vi.spyOn> | undefined;
  beforeAll(() => {
    const send = ResponseCache.prototype.send;
    spy = vi.spyOn(ResponseCache.prototype, 'send').mockImplementation(function (
      this: ResponseCache,
      ...args
    ) {
      requests.push(args[2]);
      return send.apply(this, args);
    });
  });
  afterAll(() => spy?.mockRestore());

  it('are all covered by read-version triggers, per project and day where the answer names them', async () => {
    const acme = await demo.signIn(ACME_USER);
    const { rows } = await sql<{ name: string }>`select table_name::text as name
      from information_schema.tables where table_schema = current_schema()`.execute(demo.store.db);
    const tables = new Set(rows.map((r) => r.name));
    const covered = new Set<string>(COVERED_TABLES);
    const scoped = new Set<string>([...READ_VERSION_TABLES.project, ...READ_VERSION_TABLES.day]);
    for (const path of CACHED_ROUTES) {
      captured.length = 0;
      requests.length = 0;
      await demo.get(path, acme).expect(200);
      const read = new Set<string>();
      for (const text of captured) {
        // Session reads belong to the auth middleware, not to the answer.
        if (/\bsessions\b/.test(text)) continue;
        for (const match of text.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
          const name = (match[1] as string).toLowerCase();
          if (tables.has(name)) read.add(name);
        }
      }
      expect(read.size, `${path} was computed from the store`).toBeGreaterThan(1);
      expect(
        [...read].filter((t) => !covered.has(t)),
        path,
      ).toEqual([]);
      if ([...read].some((t) => scoped.has(t))) {
        expect(requests.at(-1)?.project, `${path} names its project and days`).toBeDefined();
      }
    }
  });
});
