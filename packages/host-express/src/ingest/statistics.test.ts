import type { DeploymentEvent } from '@client-portal/api-client/ingest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestStore, testStores } from '../test-support/stores.js';
import { ingestDeployments } from './index.js';
import { A, OTHER, seedFixture } from './test-support/fixture.js';

// The planner's statistics after a batch (ingest/batch.ts, analyseGrownTables): a new customer's
// backfill into a table full of another company's rows must not leave the planner taking the new
// company for a handful of rows (at tier L that misread made a day refresh 1–7 s instead of 50 ms).

const deployments = (prefix: string, count: number, from = 0): DeploymentEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    externalId: `${prefix}-${from + i}`,
    environment: 'production',
    status: 'success',
    finishedAt: new Date(Date.UTC(2025, 0, 1) + (from + i) * 3_600_000).toISOString(),
    repository: 'co/web',
  }));

describe.each(testStores)('statistics kept for the ingest plans on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(() => store.close());

  const companiesKnown = async (): Promise<string[]> => {
    const { rows } = await sql<{ vals: string[] | null }>`
      select most_common_vals::text::text[] as vals from pg_stats
      where schemaname = current_schema() and tablename = 'deployments' and attname = 'company_id'`.execute(
      store.db,
    );
    return rows[0]?.vals ?? [];
  };

  it('analyses a table once a new company holds 1,000 rows of it, not before', async () => {
    // Another company fills the table; it is analysed as it doubles.
    for (let i = 0; i < 5; i++)
      await ingestDeployments(store.db, OTHER, deployments('other', 1000, i * 1000));
    expect(await companiesKnown()).toEqual(['else']);

    // A new company's first 500 rows: too few to mislead a plan, and the table has not doubled.
    await ingestDeployments(store.db, A, deployments('a', 500));
    expect(await companiesKnown()).toEqual(['else']);

    // Past 1,000 rows the statistics must know it (the table grew by a fifth: not by doubling).
    await ingestDeployments(store.db, A, deployments('a', 600, 500));
    expect(await companiesKnown()).toEqual(expect.arrayContaining(['else', 'co']));
  });
});
