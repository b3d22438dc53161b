import type {
  ChangeEvent,
  DeploymentEvent,
  IncidentEvent,
  PushEvent,
} from '@client-portal/api-client/ingest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestStore, featureStores } from '../test-support/stores.js';
import {
  IngestRejected,
  ingestChanges,
  ingestDeployments,
  ingestIncidents,
  ingestPushes,
  rederiveCompany,
} from './index.js';
import { A, B, clearEvents, commit, days, seedFixture } from './test-support/fixture.js';

// Each event touches only what it can change. Whatever batches arrive, in whatever order, what the
// incremental path left must equal a derivation from scratch: the links and causes (rederiveCompany
// finds nothing to change) and every delivery day (refresh_delivery_days rewrites none).

// A few instants over two weeks, with ties, a day edge and a late one.
const INSTANTS = [
  '2025-06-01T08:00:00Z',
  '2025-06-01T10:00:00Z',
  '2025-06-01T23:59:59Z',
  '2025-06-02T00:00:00Z',
  '2025-06-02T10:00:00Z',
  '2025-06-03T10:00:00Z',
  '2025-06-05T10:00:00+02:00',
  '2025-06-12T10:00:00Z',
];
const SHAS = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'].map(commit);
const instant = fc.constantFrom(...INSTANTS);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const deployment: fc.Arbitrary<DeploymentEvent> = fc.record({
  externalId: fc.constantFrom('d0', 'd1', 'd2', 'd3', 'd4'),
  environment: fc.constantFrom('production', 'production', 'staging'),
  status: fc.constantFrom('success', 'success', 'failure' as const),
  finishedAt: instant,
  repository: fc.constantFrom('co/web', 'co/web', 'co/api'),
  commitSha: fc.constantFrom(...SHAS),
  isHotfix: fc.boolean(),
});

const change: fc.Arbitrary<ChangeEvent> = fc.record({
  externalId: fc.constantFrom('1', '2', '3', '4', '5'),
  repository: fc.constantFrom('co/web'),
  author: fc.constantFrom('ann', 'bob'),
  firstCommitAt: maybe(instant),
  mergedAt: fc.option(instant, { nil: null }),
  mergeCommitSha: maybe(fc.constantFrom(...SHAS)),
  revertsExternalId: maybe(fc.constantFrom('1', '2', '9')),
});

const incident: fc.Arbitrary<IncidentEvent> = fc
  .record({
    externalId: fc.constantFrom('I0', 'I1', 'I2', 'I3'),
    openedAt: instant,
    resolvedAt: fc.option(instant, { nil: null }),
    deploymentExternalId: maybe(fc.constantFrom('d0', 'd3', 'd9')),
    notChangeFailure: fc.boolean(),
  })
  .map((i) => ({
    ...i,
    resolvedAt:
      i.resolvedAt !== null && Date.parse(i.resolvedAt) >= Date.parse(i.openedAt) ? i.resolvedAt : null,
  }));

const push: fc.Arbitrary<PushEvent> = fc.record({
  repository: fc.constantFrom('co/web'),
  ref: fc.constantFrom('main', 'refs/heads/main', 'release'),
  before: maybe(fc.constantFrom(...SHAS)),
  commits: fc.subarray(SHAS, { minLength: 1 }),
});

const unique = <T extends { externalId: string }>(arb: fc.Arbitrary<T>) =>
  fc.uniqueArray(arb, { minLength: 1, maxLength: 4, selector: (e) => e.externalId });

type Step =
  | { kind: 'deployments'; project: 'A' | 'B'; events: DeploymentEvent[] }
  | { kind: 'changes'; events: ChangeEvent[] }
  | { kind: 'incidents'; project: 'A' | 'B'; events: IncidentEvent[] }
  | { kind: 'pushes'; events: PushEvent[] }
  | { kind: 'delete change'; externalId: string };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('deployments' as const),
    project: fc.constantFrom('A', 'B' as const),
    events: unique(deployment),
  }),
  fc.record({ kind: fc.constant('changes' as const), events: unique(change) }),
  fc.record({
    kind: fc.constant('incidents' as const),
    project: fc.constantFrom('A', 'B' as const),
    events: unique(incident),
  }),
  fc.record({ kind: fc.constant('pushes' as const), events: fc.array(push, { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant('delete change' as const), externalId: fc.constantFrom('1', '2') }),
);

describe.each(featureStores)('incremental derivation on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(() => store.close());

  const run = async (s: Step) => {
    const scope = (p: 'A' | 'B') => (p === 'A' ? A : B);
    switch (s.kind) {
      case 'deployments':
        return ingestDeployments(store.db, scope(s.project), s.events);
      case 'changes':
        return ingestChanges(store.db, A, s.events);
      case 'incidents':
        return ingestIncidents(store.db, scope(s.project), s.events);
      case 'pushes':
        return ingestPushes(store.db, A, s.events);
      case 'delete change':
        return store.db.deleteFrom('code_changes').where('external_id', '=', s.externalId).execute();
    }
  };

  it('leaves the same links, causes and days as a derivation from scratch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        await clearEvents(store.db);
        // A refused batch (a change reverting itself, say) stores nothing and the next ones go on.
        for (const s of steps) {
          await run(s).catch((error: unknown) => {
            if (!(error instanceof IngestRejected)) throw error;
          });
        }
        expect(await rederiveCompany(store.db, 'co')).toEqual({ changes: 0, incidents: 0 });
        const kept = await days(store.db);
        await sql`select refresh_delivery_days(company_id, id) from projects where company_id = 'co'`.execute(
          store.db,
        );
        expect(await days(store.db)).toEqual(kept);
      }),
      { numRuns: kind.kind === 'pglite' ? 40 : 25 },
    );
  });
});
