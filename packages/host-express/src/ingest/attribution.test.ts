import type { DeploymentEvent, IncidentEvent } from '@client-portal/api-client/ingest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestStore, featureStores } from '../test-support/stores.js';
import { ingestDeployments, ingestIncidents, rederiveCompany } from './index.js';
import { A, clearEvents, causes, days, seedFixture } from './test-support/fixture.js';

// The attribution rule on small fixtures, answers computed by hand: an explicit deployment first,
// else the latest successful production deployment of the project within the window before the
// incident opened; never for an incident that is not a change failure.

const deployment = (externalId: string, finishedAt: string, extra: Partial<DeploymentEvent> = {}) =>
  ({
    externalId,
    environment: 'production',
    status: 'success',
    finishedAt,
    ...extra,
  }) satisfies DeploymentEvent;

const incident = (externalId: string, openedAt: string, extra: Partial<IncidentEvent> = {}) =>
  ({ externalId, openedAt, ...extra }) satisfies IncidentEvent;

const DEPLOYMENTS = [
  deployment('D1', '2025-06-01T10:00:00Z'),
  deployment('D2', '2025-06-03T10:00:00Z'),
  deployment('S1', '2025-06-03T11:00:00Z', { environment: 'staging' }),
  deployment('F1', '2025-06-03T11:30:00Z', { status: 'failure' }),
];
const INCIDENTS = [
  incident('I1', '2025-06-03T12:00:00Z', { resolvedAt: '2025-06-04T12:00:00Z' }),
  incident('I2', '2025-06-03T09:00:00Z'),
  // D2 + 7 days exactly: still in the window; one second later: outside it.
  incident('I3', '2025-06-10T10:00:00Z'),
  incident('I4', '2025-06-10T10:00:01Z', { resolvedAt: '2025-06-10T12:00:00Z' }),
  incident('I5', '2025-06-05T00:00:00Z', { deploymentExternalId: 'D1' }),
  incident('I6', '2025-06-05T01:00:00Z', { deploymentExternalId: 'D9' }),
  incident('I7', '2025-06-03T12:30:00Z', { notChangeFailure: true, resolvedAt: '2025-06-03T13:30:00Z' }),
];
const EXPECTED = {
  I1: ['D2', 'window'],
  I2: ['D1', 'window'],
  I3: ['D2', 'window'],
  I4: [null, null],
  I5: ['D1', 'explicit'],
  I6: [null, null],
  I7: [null, null],
};

describe.each(featureStores)('attributing incidents to deployments on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(() => store.close());
  beforeEach(() => clearEvents(store.db));

  const facts = async () =>
    (await days(store.db)).map((d) => ({
      day: d.day,
      deployments: d.deployments,
      failed: d.failed_deployments,
      opened: d.incidents_opened,
      unattributed: d.incidents_unattributed,
      excluded: d.incidents_excluded,
      recoveries: d.recoveries,
    }));

  it('explicit first, else the latest counted deployment within the window, never a not-change-failure', async () => {
    await ingestDeployments(store.db, A, DEPLOYMENTS);
    await ingestIncidents(store.db, A, INCIDENTS);
    expect(await causes(store.db)).toEqual(EXPECTED);
    expect(await facts()).toEqual([
      {
        day: '2025-06-01',
        deployments: 1,
        failed: 1,
        opened: 0,
        unattributed: 0,
        excluded: 0,
        recoveries: [],
      },
      {
        day: '2025-06-03',
        deployments: 1,
        failed: 1,
        opened: 3,
        unattributed: 0,
        excluded: 1,
        recoveries: [],
      },
      {
        day: '2025-06-04',
        deployments: 0,
        failed: 0,
        opened: 0,
        unattributed: 0,
        excluded: 0,
        recoveries: [24],
      },
      {
        day: '2025-06-05',
        deployments: 0,
        failed: 0,
        opened: 2,
        unattributed: 1,
        excluded: 0,
        recoveries: [],
      },
      {
        day: '2025-06-10',
        deployments: 0,
        failed: 0,
        opened: 2,
        unattributed: 1,
        excluded: 0,
        recoveries: [],
      },
    ]);
  });

  it('gives the named deployment its incident when it arrives later, whatever it is', async () => {
    await ingestDeployments(store.db, A, DEPLOYMENTS);
    await ingestIncidents(store.db, A, INCIDENTS);
    await ingestDeployments(store.db, A, [
      deployment('D9', '2025-06-04T10:00:00Z', { environment: 'staging' }),
    ]);
    expect(await causes(store.db)).toEqual({ ...EXPECTED, I6: ['D9', 'explicit'] });
    expect((await facts()).find((d) => d.day === '2025-06-05')?.unattributed).toBe(0);
  });

  it('attributes incidents that arrived before their deployments, in any order of arrival', async () => {
    await ingestIncidents(store.db, A, INCIDENTS);
    expect(Object.values(await causes(store.db)).every(([cause]) => cause === null)).toBe(true);
    for (const d of [...DEPLOYMENTS].reverse()) await ingestDeployments(store.db, A, [d]);
    expect(await causes(store.db)).toEqual(EXPECTED);
    const inOrder = await facts();
    await clearEvents(store.db);
    await ingestDeployments(store.db, A, DEPLOYMENTS);
    await ingestIncidents(store.db, A, INCIDENTS);
    expect(await facts()).toEqual(inOrder);
  });

  it('lets a late deployment take only the window-rule incidents it now precedes most closely', async () => {
    await ingestDeployments(store.db, A, DEPLOYMENTS);
    await ingestIncidents(store.db, A, INCIDENTS);
    // Between D1 and I2 (09:00): I2 is now D0's; I1 (12:00) keeps D2, I5 keeps its explicit D1.
    await ingestDeployments(store.db, A, [deployment('D0', '2025-06-03T08:00:00Z')]);
    expect(await causes(store.db)).toEqual({ ...EXPECTED, I2: ['D0', 'window'] });
    expect(await rederiveCompany(store.db, 'co')).toEqual({ changes: 0, incidents: 0 });
  });

  it('re-derives the causes a deployment had when it moves or stops counting', async () => {
    await ingestDeployments(store.db, A, DEPLOYMENTS);
    await ingestIncidents(store.db, A, INCIDENTS);
    // D2 now finishes after I1 opened: I1 falls back to D1 (within 7 days); I4, a second too late
    // for D2 before, is now within its window.
    await ingestDeployments(store.db, A, [deployment('D2', '2025-06-03T12:30:00Z')]);
    expect(await causes(store.db)).toEqual({ ...EXPECTED, I1: ['D1', 'window'], I4: ['D2', 'window'] });
    await ingestDeployments(store.db, A, [deployment('D1', '2025-06-01T10:00:00Z', { status: 'cancelled' })]);
    // An explicit cause stays whatever the deployment became.
    expect(await causes(store.db)).toEqual({
      ...EXPECTED,
      I1: [null, null],
      I2: [null, null],
      I4: ['D2', 'window'],
    });
    expect(await rederiveCompany(store.db, 'co')).toEqual({ changes: 0, incidents: 0 });
  });

  it('uses the project’s window, and re-derives everything when it changes', async () => {
    await ingestDeployments(store.db, A, DEPLOYMENTS);
    await ingestIncidents(store.db, A, INCIDENTS);
    await store.db
      .updateTable('projects')
      .set({ attribution_window_days: 1 })
      .where('id', '=', 'co-a')
      .execute();
    expect(await rederiveCompany(store.db, 'co')).toEqual({ changes: 0, incidents: 2 });
    // I2 (09:00 on the 3rd) is 47 h after D1; I3 is 7 days after D2.
    expect(await causes(store.db)).toEqual({ ...EXPECTED, I2: [null, null], I3: [null, null] });
    await ingestIncidents(store.db, A, [incident('I8', '2025-06-02T10:00:00Z')]);
    expect((await causes(store.db)).I8).toEqual(['D1', 'window']);
  });

  it('opens, updates and resolves an incident by its id; open incidents are counted per project', async () => {
    await ingestDeployments(store.db, A, DEPLOYMENTS);
    const open = incident('I1', '2025-06-03T12:00:00Z', { title: 'Checkout down', severity: 'sev1' });
    expect(await ingestIncidents(store.db, A, [open])).toEqual({
      received: 1,
      created: 1,
      updated: 0,
      unchanged: 0,
    });
    const openIncidents = async () =>
      (
        await store.db
          .selectFrom('delivery_projects')
          .select('open_incidents')
          .where('project_id', '=', 'co-a')
          .executeTakeFirstOrThrow()
      ).open_incidents;
    expect(await openIncidents()).toBe(1);
    const resolved = { ...open, severity: 'sev2', resolvedAt: '2025-06-03T15:00:00Z' };
    expect(await ingestIncidents(store.db, A, [resolved])).toEqual({
      received: 1,
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    expect(await ingestIncidents(store.db, A, [resolved])).toEqual({
      received: 1,
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    expect(await openIncidents()).toBe(0);
    expect((await facts()).find((d) => d.day === '2025-06-03')).toMatchObject({ failed: 1, recoveries: [3] });
    // Marked not a change failure afterwards: the failure and the recovery go.
    await ingestIncidents(store.db, A, [{ ...resolved, notChangeFailure: true }]);
    expect((await facts()).find((d) => d.day === '2025-06-03')).toMatchObject({
      failed: 0,
      recoveries: [],
      excluded: 1,
    });
  });
});
