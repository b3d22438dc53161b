import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestStore, testStores } from '../test-support/stores.js';
import { precompiled, precompiledJsonRows } from './precompiled.js';

describe.each(testStores)('precompiled queries on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await store.db
      .insertInto('companies')
      .values([
        { id: 'a', name: 'Alpha' },
        { id: 'b', name: 'Beta' },
      ])
      .execute();
    await store.db
      .insertInto('projects')
      .values([
        { id: 'a-1', company_id: 'a', name: 'One', jira_key: 'ONE', in_crm: true, analytics_enabled: true },
        { id: 'a-2', company_id: 'a', name: 'Two', jira_key: 'TWO', in_crm: false, analytics_enabled: true },
        { id: 'b-1', company_id: 'b', name: 'Other', jira_key: 'ONE', in_crm: true, analytics_enabled: true },
      ])
      .execute();
  });
  afterAll(() => store.close());

  it('builds once per store and runs with each call’s arguments', async () => {
    let builds = 0;
    const byKey = precompiled(
      ['companyId', 'key'],
      (db, { companyId, key }: { companyId: string; key: string }) => {
        builds++;
        return (
          db
            .selectFrom('projects')
            .select(['id', 'name'])
            .where('company_id', '=', companyId)
            .where('jira_key', '=', key)
            // A constant of the query stays as compiled.
            .where('analytics_enabled', '=', true)
        );
      },
    );
    expect(await byKey(store.db, { companyId: 'a', key: 'ONE' })).toEqual([{ id: 'a-1', name: 'One' }]);
    expect(await byKey(store.db, { companyId: 'b', key: 'ONE' })).toEqual([{ id: 'b-1', name: 'Other' }]);
    expect(await byKey(store.db, { companyId: 'b', key: 'TWO' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('fills every place an argument is used, in `sql` templates too', async () => {
    const projects = precompiled(
      ['companyId', 'crm'],
      (_db, { companyId, crm }: { companyId: string; crm: boolean }) =>
        sql<{ id: string; same: boolean }>`
        select id, company_id = ${companyId} as same from projects
        where company_id = ${companyId} and in_crm = ${crm} order by id`,
    );
    expect(await projects(store.db, { companyId: 'a', crm: true })).toEqual([{ id: 'a-1', same: true }]);
    expect(await projects(store.db, { companyId: 'a', crm: false })).toEqual([{ id: 'a-2', same: true }]);
  });

  it('refuses an argument that does not become a parameter', async () => {
    const unused = precompiled(
      ['companyId', 'forgotten'],
      (db, { companyId }: { companyId: string; forgotten: string }) =>
        db.selectFrom('projects').select('id').where('company_id', '=', companyId),
    );
    await expect(unused(store.db, { companyId: 'a', forgotten: 'x' })).rejects.toThrow(
      /"forgotten" is not a parameter/,
    );
  });

  it('sends rows as one JSON text: timestamps as ISO text, in the order asked for, [] when none', async () => {
    const rows = precompiledJsonRows(
      ['companyId'],
      (db, { companyId }: { companyId: string }) =>
        db
          .selectFrom('projects')
          .select(['id', 'in_crm', 'created_at', sql<string[]>`array[name, jira_key]`.as('labels')])
          .where('company_id', '=', companyId),
      { orderBy: 'q.id desc' },
    );
    const got = await rows(store.db, { companyId: 'a' });
    expect(got.map((r) => [r.id, r.in_crm, r.labels])).toEqual([
      ['a-2', false, ['Two', 'TWO']],
      ['a-1', true, ['One', 'ONE']],
    ]);
    for (const row of got) {
      expect(typeof row.created_at).toBe('string');
      expect(Number.isNaN(new Date(row.created_at).getTime())).toBe(false);
    }
    expect(await rows(store.db, { companyId: 'nobody' })).toEqual([]);
  });
});
