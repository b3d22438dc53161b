import { createHmac } from 'node:crypto';
import { githubWebhookResultSchema, problemSchema } from '@client-portal/api-client';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { githubExample } from '../ingest/test-support/github-examples.js';
import { MAX_WEBHOOK_BODY_BYTES } from '../http/limits.js';
import { DEMO_FIXTURES } from '../store/demo/index.js';
import { ACME_USER, SAME_ORIGIN_HEADERS, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

const SECRET = 'test-webhook-secret-of-acme';
const TARGET = { type: 'repository', id: '186853002' };
const ACME_REPO = 'acme-corp/portal-web';

/** GitHub's example payload, about one of Acme's repositories. */
function aboutAcme(payload: Record<string, unknown>, fullName = ACME_REPO): Record<string, unknown> {
  Object.assign(payload.repository as object, { full_name: fullName });
  return payload;
}

const push = () => aboutAcme(githubExample('push', (p) => p.ref === 'refs/heads/master'));
const deploymentStatus = (state = 'success') =>
  aboutAcme(
    githubExample('deployment_status', (p) => (p.deployment_status as { state: string }).state === state),
  );
/** The examples' closed pull request, merged. */
function mergedPullRequest() {
  const payload = aboutAcme(githubExample('pull_request', (p) => p.action === 'closed'));
  Object.assign(payload.pull_request as object, { merged: true, merged_at: '2019-05-15T15:21:18Z' });
  return payload;
}

const sign = (body: string | Buffer, secret = SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

let deliveries = 0;

describe.each(featureStores)('POST /api/webhooks/github on $name', (kind) => {
  const demo = useDemoHost(kind);

  beforeAll(async () => {
    await demo.store.db
      .insertInto('github_webhooks')
      .values({
        target_type: TARGET.type,
        target_id: TARGET.id,
        company_id: DEMO_FIXTURES.companyId,
        secret: SECRET,
      })
      .execute();
  });

  interface Delivery {
    event: string;
    payload: unknown;
    /** Default: a new GUID-like id. */
    id?: string;
    /** The exact bytes sent (default: the payload as JSON). */
    raw?: string;
    signature?: string | null;
    target?: { type: string; id: string };
    headers?: Record<string, string>;
  }

  /** GitHub's request: JSON, signed over the exact bytes, no Origin, no cookie. */
  function deliver(d: Delivery) {
    const body = d.raw ?? JSON.stringify(d.payload);
    const target = d.target ?? TARGET;
    const req = request(demo.host.app)
      .post('/api/webhooks/github')
      .set({
        'Content-Type': 'application/json',
        'User-Agent': 'GitHub-Hookshot/test',
        'X-GitHub-Event': d.event,
        'X-GitHub-Delivery': d.id ?? `00000000-0000-4000-8000-${String(++deliveries).padStart(12, '0')}`,
        'X-GitHub-Hook-Installation-Target-Type': target.type,
        'X-GitHub-Hook-Installation-Target-ID': target.id,
        ...d.headers,
      });
    if (d.signature !== null) req.set('X-Hub-Signature-256', d.signature ?? sign(body));
    return req.send(body);
  }

  const countOf = async (table: 'deployments' | 'code_changes' | 'webhook_deliveries') =>
    Number(
      (
        await demo.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const snapshot = async () => ({
    deployments: await countOf('deployments'),
    changes: await countOf('code_changes'),
    deliveries: await countOf('webhook_deliveries'),
  });

  it('answers ping', async () => {
    const res = await deliver({ event: 'ping', payload: githubExample('ping') });
    expect(res.status).toBe(200);
    expect(githubWebhookResultSchema.parse(res.body)).toMatchObject({ outcome: 'pong', event: 'ping' });
  });

  it('refuses a missing, malformed or wrong signature, another secret and an unknown target: 401, nothing stored', async () => {
    const before = await snapshot();
    const payload = deploymentStatus();
    const body = JSON.stringify(payload);
    const cases: [string, Delivery][] = [
      ['no signature', { event: 'deployment_status', payload, signature: null }],
      ['sha1 only', { event: 'deployment_status', payload, signature: `sha1=${'0'.repeat(40)}` }],
      ['malformed', { event: 'deployment_status', payload, signature: 'sha256=xyz' }],
      ['upper-case hex', { event: 'deployment_status', payload, signature: sign(body).toUpperCase() }],
      ['another secret', { event: 'deployment_status', payload, signature: sign(body, 'not-the-secret') }],
      // The signature of other bytes: a re-serialised body is not what was signed.
      [
        'other bytes',
        { event: 'deployment_status', payload, raw: JSON.stringify(payload, null, 2), signature: sign(body) },
      ],
      ['unknown target', { event: 'deployment_status', payload, target: { type: 'repository', id: '1' } }],
      [
        'unknown target type',
        { event: 'deployment_status', payload, target: { type: 'business', id: TARGET.id } },
      ],
    ];
    for (const [name, d] of cases) {
      const res = await deliver(d);
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      problemSchema.parse(res.body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is not a browser route: a session cookie is no signature, and no CSRF check applies', async () => {
    const cookie = await demo.signIn(ACME_USER);
    const unsigned = await deliver({
      event: 'ping',
      payload: {},
      signature: null,
      headers: { ...SAME_ORIGIN_HEADERS, Cookie: cookie },
    });
    expect(unsigned.status).toBe(401);
    const crossSite = await deliver({
      event: 'ping',
      payload: {},
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(crossSite.status).toBe(200);
  });

  it('stores a finished deployment of the sha and ref it names, once per delivery', async () => {
    const before = await snapshot();
    const id = 'a0000000-0000-4000-8000-000000000001';
    const first = await deliver({ event: 'deployment_status', payload: deploymentStatus(), id });
    expect(first.status).toBe(200);
    expect(githubWebhookResultSchema.parse(first.body)).toEqual({
      outcome: 'stored',
      event: 'deployment_status',
      delivery: id,
      result: { received: 1, created: 1, updated: 0, unchanged: 0 },
    });
    const row = await demo.store.db
      .selectFrom('deployments')
      .select(['company_id', 'project_id', 'source', 'environment', 'status', 'commit_sha', 'finished_at'])
      .where('source', '=', 'github')
      .where('external_id', '=', '145988746')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      company_id: DEMO_FIXTURES.companyId,
      project_id: DEMO_FIXTURES.projectId,
      source: 'github',
      environment: 'production',
      status: 'success',
      commit_sha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
      finished_at: new Date('2019-05-15T15:20:55Z'),
    });
    // GitHub redelivers with the same id: answered, not stored again.
    const again = await deliver({ event: 'deployment_status', payload: deploymentStatus(), id });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ outcome: 'duplicate', event: 'deployment_status', delivery: id });
    expect(await snapshot()).toEqual({
      ...before,
      deployments: before.deployments + 1,
      deliveries: before.deliveries + 1,
    });
    const stored = await demo.store.db
      .selectFrom('webhook_deliveries')
      .select('delivery_id')
      .where('delivery_id', '=', id)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('stores a merged pull request and a push to a branch', async () => {
    const before = await snapshot();
    const merged = await deliver({ event: 'pull_request', payload: mergedPullRequest() });
    expect(merged.body).toMatchObject({ outcome: 'stored', result: { received: 1 } });
    const change = await demo.store.db
      .selectFrom('code_changes')
      .select(['project_id', 'external_id', 'merge_commit_sha', 'merged_at'])
      .where('external_id', '=', '2')
      .where('repository_id', '=', 'gh-repo-portal-web')
      .executeTakeFirstOrThrow();
    expect(change).toEqual({
      project_id: DEMO_FIXTURES.projectId,
      external_id: '2',
      merge_commit_sha: 'c4295bd74fb0f4fda03689c3df3f2803b658fd85',
      merged_at: new Date('2019-05-15T15:21:18Z'),
    });
    const pushed = await deliver({ event: 'push', payload: push() });
    expect(pushed.status).toBe(200);
    expect(pushed.body).toMatchObject({ outcome: 'stored', event: 'push' });
    expect((await snapshot()).deliveries).toBe(before.deliveries + 2);
  });

  it('finds the repository whatever its spelling, as GitHub names are case-insensitive', async () => {
    const res = await deliver({ event: 'push', payload: aboutAcme(push(), 'Acme-Corp/Portal-Web') });
    expect(res.body).toMatchObject({ outcome: 'stored' });
  });

  it('acknowledges with 202 and drops what it does not use, with a reason', async () => {
    const before = await snapshot();
    const closed = aboutAcme(githubExample('pull_request', (p) => p.action === 'closed'));
    const cases: [string, unknown, string][] = [
      ['pull_request', closed, 'The pull request was closed without merging.'],
      [
        'deployment_status',
        deploymentStatus('in_progress'),
        'The deployment has not finished (state "in_progress").',
      ],
      [
        'issues',
        githubExample('issues'),
        'The "issues" event is not used (push, pull_request and deployment_status are).',
      ],
      [
        'push',
        aboutAcme(githubExample('push', (p) => String(p.ref).startsWith('refs/tags/'))),
        'Not a push to a branch (tag pushes are not used).',
      ],
      [
        'push',
        aboutAcme(push(), 'globex-digital/storefront'),
        'The repository globex-digital/storefront is not linked to the company in the portal.',
      ],
      [
        'push',
        aboutAcme(push(), 'someone/else'),
        'The repository someone/else is not linked to the company in the portal.',
      ],
    ];
    for (const [event, payload, reason] of cases) {
      const res = await deliver({ event, payload });
      expect({ event, status: res.status, body: res.body }).toEqual({
        event,
        status: 202,
        body: { outcome: 'dropped', event, delivery: expect.any(String), reason },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('drops an event of a repository without a project', async () => {
    await demo.store.db
      .insertInto('github_repositories')
      .values({
        id: 'gh-repo-unassigned',
        company_id: DEMO_FIXTURES.companyId,
        organisation_id: 'gh-org-acme-corp',
        project_id: null,
        name: 'sandbox',
        full_name: 'acme-corp/sandbox',
        description: null,
        url: 'https://github.com/acme-corp/sandbox',
        default_branch: 'main',
        language: null,
        visibility: 'private',
        pushed_at: null,
      })
      .execute();
    const res = await deliver({
      event: 'deployment_status',
      payload: aboutAcme(deploymentStatus(), 'acme-corp/sandbox'),
    });
    expect(res.status).toBe(202);
    expect(res.body.reason).toBe('The repository acme-corp/sandbox belongs to no project.');
  });

  it('refuses a signed body that is not JSON, not an object, not application/json or without its headers', async () => {
    const before = await snapshot();
    expect((await deliver({ event: 'push', payload: null, raw: '{"ref": ' })).status).toBe(400);
    expect((await deliver({ event: 'push', payload: [1, 2] })).status).toBe(400);
    const form = `payload=${encodeURIComponent(JSON.stringify(push()))}`;
    const formRes = await deliver({
      event: 'push',
      payload: null,
      raw: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(formRes.status).toBe(415);
    expect(formRes.body.detail).toBe('Set the webhook’s content type to application/json.');
    const noEvent = await deliver({ event: '', payload: push() });
    expect(noEvent.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it(`answers 413 above ${MAX_WEBHOOK_BODY_BYTES / 2 ** 20} MB`, async () => {
    const payload = { ...push(), padding: 'x'.repeat(MAX_WEBHOOK_BODY_BYTES) };
    const res = await deliver({ event: 'push', payload });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
