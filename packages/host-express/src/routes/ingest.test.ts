import { problemSchema } from '@client-portal/api-client';
import { type DeploymentEvent, ingestResultSchema, MAX_INGEST_BATCH } from '@client-portal/api-client/ingest';
import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createIngestToken, revokeIngestToken } from '../ingest/tokens.js';
import { MAX_INGEST_BODY_BYTES } from '../http/limits.js';
import { DEMO_FIXTURES } from '../store/demo/index.js';
import { ACME_USER, SAME_ORIGIN_HEADERS, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

const ACME = { companyId: DEMO_FIXTURES.companyId, projectId: DEMO_FIXTURES.projectId };
const GLOBEX = { companyId: DEMO_FIXTURES.foreign.companyId, projectId: DEMO_FIXTURES.foreign.projectId };
const ACME_REPO = 'acme-corp/portal-web';

/** A day of the demo's range (TEST_NOW is 2025-06-16) on which the tests add deployments. */
const DAY = '2025-06-10';
const at = (hour: number, minute = 0) =>
  `${DAY}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`;

const deployment = (id: string, extra: Partial<DeploymentEvent> = {}): DeploymentEvent => ({
  externalId: id,
  environment: 'production',
  status: 'success',
  startedAt: at(9),
  finishedAt: at(9, 30),
  repository: ACME_REPO,
  commitSha: 'abcdef1234567',
  ref: 'main',
  ...extra,
});

/** Realistic events, as CI and an incident tool send them (for the body-size figures). */
const iso = (hours: number) => new Date(Date.UTC(2025, 0, 1) + hours * 3_600_000).toISOString();
const sha = (i: number) => i.toString(16).padStart(40, 'a');
const REALISTIC = {
  deployments: (i: number) => ({
    externalId: `github-actions-run-${9_876_543_210 + i}`,
    environment: 'production',
    status: i % 10 ? 'success' : 'failure',
    startedAt: iso(i),
    finishedAt: iso(i + 0.2),
    repository: ACME_REPO,
    commitSha: sha(i),
    ref: 'main',
  }),
  changes: (i: number) => ({
    externalId: String(4000 + i),
    repository: ACME_REPO,
    title: `Fix the flaky checkout test when the basket holds more than ten items (#${4000 + i})`,
    author: 'maya-okafor',
    firstCommitAt: iso(i),
    openedAt: iso(i + 1),
    mergedAt: iso(i + 20),
    mergeCommitSha: sha(i),
    baseRef: 'main',
  }),
  incidents: (i: number) => ({
    externalId: `INC-${20_000 + i}`,
    title: 'Checkout latency above 2 s for EU customers',
    severity: 'sev2',
    openedAt: iso(i),
    resolvedAt: iso(i + 3),
  }),
  pushes: (i: number) => ({
    repository: ACME_REPO,
    ref: 'main',
    before: sha(i),
    commits: [sha(i + 1), sha(i + 2), sha(i + 3)],
  }),
};
const x = (n: number) => 'x'.repeat(n);
/** A pull request with every field at its longest (ASCII): the largest event a batch usually holds. */
const LONGEST_CHANGE = {
  externalId: x(200),
  repository: `${x(39)}/${x(100)}`,
  title: x(500),
  author: x(200),
  firstCommitAt: '2025-01-01T00:00:00.000+01:00',
  openedAt: '2025-01-01T00:00:00.000+01:00',
  mergedAt: '2025-01-01T00:00:00.000+01:00',
  mergeCommitSha: 'a'.repeat(64),
  baseRef: x(255),
  revertsExternalId: x(200),
};
const bytesOf = (events: unknown[]) => Buffer.byteLength(JSON.stringify({ events }));

describe('the ingest body limit', () => {
  it('holds 1,000 realistic events with ample headroom, and 1,000 of the longest pull requests', () => {
    for (const [kind, make] of Object.entries(REALISTIC)) {
      const bytes = bytesOf(Array.from({ length: MAX_INGEST_BATCH }, (_, i) => make(i)));
      // Measured: deployments 0.27 MB, changes 0.35 MB, incidents 0.17 MB, pushes 0.24 MB.
      expect({ kind, fits: bytes * 8 < MAX_INGEST_BODY_BYTES }).toEqual({ kind, fits: true });
    }
    // Measured: 1.81 MB.
    expect(bytesOf(Array(MAX_INGEST_BATCH).fill(LONGEST_CHANGE))).toBeLessThan(MAX_INGEST_BODY_BYTES / 2);
  });
});

describe.each(featureStores)('POST /api/ingest/* on $name', (kind) => {
  const demo = useDemoHost(kind);
  let acmeToken = '';
  let globexToken = '';

  beforeAll(async () => {
    acmeToken = (await createIngestToken(demo.store.db, { ...ACME, name: 'Acme CI' })).token;
    globexToken = (await createIngestToken(demo.store.db, { ...GLOBEX, name: 'Globex CI' })).token;
  });

  /** A machine's request: no Origin, no Fetch Metadata, no cookie. */
  const send = (path: string, body: unknown, token: string | null = acmeToken) => {
    const req = request(demo.host.app).post(`/api/ingest/${path}`).type('application/json');
    if (token !== null) req.set('Authorization', `Bearer ${token}`);
    return req.send(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const count = async (table: 'deployments' | 'code_changes' | 'incidents') =>
    Number(
      (
        await demo.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const deploymentsNow = () => count('deployments');

  it('stores a valid batch and answers what it did; a re-sent batch changes nothing', async () => {
    const before = await deploymentsNow();
    const batch = { events: [deployment('run-1'), deployment('run-2', { status: 'failure' })] };
    const res = await send('deployments', batch);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ingestResultSchema.parse(res.body)).toEqual({ received: 2, created: 2, updated: 0, unchanged: 0 });
    expect(await deploymentsNow()).toBe(before + 2);
    const rows = await demo.store.db
      .selectFrom('deployments')
      .select(['company_id', 'project_id', 'source', 'status', 'commit_sha'])
      .where('external_id', 'in', ['run-1', 'run-2'])
      .orderBy('external_id')
      .execute();
    expect(rows).toEqual([
      { ...snake(ACME), source: 'ingest', status: 'success', commit_sha: 'abcdef1234567' },
      { ...snake(ACME), source: 'ingest', status: 'failure', commit_sha: 'abcdef1234567' },
    ]);
    const again = await send('deployments', batch);
    expect(again.body).toEqual({ received: 2, created: 0, updated: 0, unchanged: 2 });
    expect(await deploymentsNow()).toBe(before + 2);
  });

  it('takes pull requests, incidents and pushes the same way', async () => {
    const changes = await send('changes', {
      events: [{ externalId: '9001', repository: ACME_REPO, openedAt: at(8), mergedAt: at(9) }],
    });
    expect(changes.status).toBe(200);
    expect(changes.body).toMatchObject({ received: 1, created: 1 });
    const incidents = await send('incidents', { events: [{ externalId: 'INC-9001', openedAt: at(12) }] });
    expect(incidents.body).toMatchObject({ received: 1, created: 1 });
    const pushes = await send('pushes', {
      events: [{ repository: ACME_REPO, ref: 'main', commits: ['abcdef1234567'] }],
    });
    expect(pushes.status).toBe(200);
    expect(ingestResultSchema.parse(pushes.body).received).toBe(1);
  });

  it('is seen by the DORA route of the token’s project', async () => {
    const cookie = await demo.signIn(ACME_USER);
    const dora = async () =>
      (await demo.get(`/api/analytics/dora?projectKey=PORTAL&from=${DAY}&to=${DAY}&grain=day`, cookie)).body
        .headline.deploymentFrequency.deployments as number;
    const before = await dora();
    const res = await send('deployments', {
      events: [
        deployment('dora-1'),
        deployment('dora-2', { finishedAt: at(15) }),
        deployment('dora-3', { environment: 'staging' }),
      ],
    });
    expect(res.status).toBe(200);
    // Two successful production deployments count; staging does not.
    expect(await dora()).toBe(before + 2);
  });

  it('answers 401 problem+json without a valid token, storing nothing', async () => {
    const { id, token: revoked } = await createIngestToken(demo.store.db, { ...ACME, name: 'old' });
    await revokeIngestToken(demo.store.db, id);
    const cookie = await demo.signIn(ACME_USER);
    const before = await deploymentsNow();
    const batch = { events: [deployment('never')] };
    const unknown = acmeToken.replace(/_[0-9a-f]{64}$/, `_${'0'.repeat(64)}`);
    const refusals = [
      ['no token', send('deployments', batch, null)],
      ['malformed', send('deployments', batch, 'not-a-token')],
      ['wrong secret', send('deployments', batch, unknown)],
      ['revoked', send('deployments', batch, revoked)],
      [
        'a session cookie instead of a token',
        request(demo.host.app)
          .post('/api/ingest/deployments')
          .set({ ...SAME_ORIGIN_HEADERS, Cookie: cookie })
          .send(batch),
      ],
    ] as const;
    for (const [name, pending] of refusals) {
      const res = await pending;
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="ingest"');
      problemSchema.parse(res.body);
    }
    expect(await deploymentsNow()).toBe(before);
  });

  it('is not a browser route: no CSRF check, a cross-site Origin changes nothing', async () => {
    const res = await send('deployments', { events: [deployment('cross-site')] })
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site');
    // The CSRF guard would answer 403 to this on a browser route.
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the token alone decide the scope: a body cannot name another project or company', async () => {
    const before = await deploymentsNow();
    // Globex's token with Acme's repository: not a repository of Globex, refused whole.
    const foreign = await send(
      'deployments',
      { events: [deployment('g-1', { repository: 'globex-digital/storefront' }), deployment('g-2')] },
      globexToken,
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([expect.objectContaining({ index: 1, path: 'repository' })]);
    // A field naming a project or company is not in the wire format.
    const named = await send(
      'deployments',
      { projectId: ACME.projectId, events: [deployment('g-3')] },
      globexToken,
    );
    expect(named.status).toBe(400);
    const field = await send(
      'deployments',
      { events: [{ ...deployment('g-4'), companyId: ACME.companyId }] },
      globexToken,
    );
    expect(field.status).toBe(400);
    expect(field.body.errors).toEqual([
      { index: 0, path: 'companyId', message: 'is not a field of this event' },
    ]);
    // Another project's repository of the same company: the token speaks for its project only.
    const otherProject = await send('pushes', {
      events: [{ repository: 'acme-corp/fleet-telemetry', ref: 'main', commits: ['abcdef1'] }],
    });
    expect(otherProject.status).toBe(400);
    expect(otherProject.body.errors).toEqual([
      { index: 0, path: 'repository', message: 'is not a repository of this token’s project' },
    ]);
    expect(await deploymentsNow()).toBe(before);
    // Globex's own deployment lands in Globex's project.
    const own = await send(
      'deployments',
      { events: [deployment('g-5', { repository: 'globex-digital/storefront' })] },
      globexToken,
    );
    expect(own.status).toBe(200);
    const row = await demo.store.db
      .selectFrom('deployments')
      .select(['company_id', 'project_id'])
      .where('external_id', '=', 'g-5')
      .executeTakeFirstOrThrow();
    expect(row).toEqual(snake(GLOBEX));
  });

  it('refuses a batch with one bad event whole, naming the event by its index', async () => {
    const before = await deploymentsNow();
    const res = await send('deployments', {
      events: [
        deployment('ok-1'),
        deployment('bad-1', { finishedAt: '2025-06-10T25:00:00Z' }),
        deployment('ok-2', { commitSha: 'nope' }),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.errors).toEqual([
      { index: 1, path: 'finishedAt', message: expect.any(String) },
      { index: 2, path: 'commitSha', message: 'must be a commit id: 7 to 64 hexadecimal digits' },
    ]);
    expect(res.body.detail).toBe('2 events were refused. Nothing was stored.');
    expect(await deploymentsNow()).toBe(before);
  });

  it(`refuses ${MAX_INGEST_BATCH + 1} events, malformed JSON, another content type and an empty batch`, async () => {
    const before = await deploymentsNow();
    const tooMany = await send('deployments', {
      events: Array.from({ length: MAX_INGEST_BATCH + 1 }, (_, i) => deployment(`many-${i}`)),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toMatch(/^The batch is invalid \(events: .*1000.*\)\. Nothing was stored\.$/);
    const malformed = await send('deployments', '{"events": [');
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toBe('The body is not valid JSON.');
    const form = await request(demo.host.app)
      .post('/api/ingest/deployments')
      .set('Authorization', `Bearer ${acmeToken}`)
      .type('form')
      .send('events=1');
    expect(form.status).toBe(415);
    expect((await send('deployments', { events: [] })).status).toBe(400);
    expect((await send('deployments', [])).status).toBe(400);
    expect(await deploymentsNow()).toBe(before);
  });

  it('answers any body with 200 or a 4xx problem+json, never a 5xx (fast-check)', async () => {
    const field = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.object(),
      fc.date().map(String),
    );
    const event = fc.dictionary(
      fc.constantFrom(
        'externalId',
        'environment',
        'status',
        'finishedAt',
        'repository',
        'commitSha',
        'title',
        'openedAt',
        'commits',
        'ref',
        '__proto__',
        'x',
      ),
      field,
    );
    const body = fc.oneof(
      fc.json(),
      fc.record({ events: fc.array(event, { maxLength: 5 }) }).map((b) => JSON.stringify(b)),
    );
    const paths = fc.constantFrom('deployments', 'changes', 'incidents', 'pushes');
    await fc.assert(
      fc.asyncProperty(paths, body, async (path, text) => {
        const res = await send(path, text);
        expect(res.status === 200 || (res.status >= 400 && res.status < 500), `${res.status} ${text}`).toBe(
          true,
        );
        if (res.status >= 400) expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }),
      { numRuns: 150, seed: 20250616 },
    );
  });

  it(`answers 413 above ${MAX_INGEST_BODY_BYTES / 2 ** 20} MB with what to do, and takes 1,000 events below it`, async () => {
    const huge = {
      events: [deployment('huge', { externalId: 'h' })],
      padding: 'x'.repeat(MAX_INGEST_BODY_BYTES),
    };
    const res = await send('deployments', huge);
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe(
      `The body is larger than ${MAX_INGEST_BODY_BYTES / 2 ** 20} MB: send fewer events per request (at most ${MAX_INGEST_BATCH}).`,
    );
    const full = Array.from({ length: MAX_INGEST_BATCH }, (_, i) =>
      deployment(`full-${i}`, { startedAt: at(0), finishedAt: at(Math.floor(i / 60), i % 60) }),
    );
    const ok = await send('deployments', { events: full });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ received: MAX_INGEST_BATCH, created: MAX_INGEST_BATCH });
  });
});

function snake(scope: { companyId: string; projectId: string }) {
  return { company_id: scope.companyId, project_id: scope.projectId };
}
