import type { Kysely } from 'kysely';
import { DEMO_PASSWORD } from '../store/demo/index.js';
import { hashPassword } from '../store/passwords.js';
import type { Database } from '../store/schema.js';

/** The customer of the hand-made delivery data set. */
export const TESTCO_USER = 'lead@testco.example';

const at = (iso: string) => new Date(iso);

/**
 * A small company (Test Co, project APP) with hand-made events over two ISO weeks (2025-06-02 …
 * 2025-06-15), written to the event tables as any writer would; the database derives the days.
 * The DORA figures they give are worked out by hand in the tests that use it:
 *
 * - deployments d1 (06-02 10:00), d2 (06-03 23:30), d5 (06-09 00:15, a hotfix) count; d3 failed,
 *   d4 went to staging, d6 (06-16) is after the range;
 * - pull requests deployed: 1 (d1, 24 h), 2 (d2, 10 h from its opening), 3 (d5, 2 h), 4 (d5, a
 *   negative span: dropped), 6 (d2, 72 h), 5 (d6, after the range); 7 merged 06-12, not deployed;
 * - incidents opened: 1 (d2, explicit, 3 h), 2 (d2, window, 144 h, resolved 06-10), 3 (not a change
 *   failure), 4 (no cause), 5 (d1, explicit, still open).
 */
export async function writeHandMadeDelivery(db: Kysely<Database>): Promise<void> {
  await db.insertInto('companies').values({ id: 'testco', name: 'Test Co' }).execute();
  await db.insertInto('contacts').values({ id: 'testco-c-1', company_id: 'testco' }).execute();
  await db
    .insertInto('users')
    .values({
      id: 'u-testco',
      email: TESTCO_USER,
      password_hash: await hashPassword(DEMO_PASSWORD),
      display_name: 'Test Lead',
      role: 'customer',
      company_id: 'testco',
      contact_id: 'testco-c-1',
    })
    .execute();
  await db
    .insertInto('projects')
    .values({ id: 'testco-app', company_id: 'testco', name: 'App', jira_key: 'APP', analytics_enabled: true })
    .execute();
  const base = { company_id: 'testco', project_id: 'testco-app', source: 'webhook' };
  const deploy = async (
    id: string,
    finishedAt: string,
    fields: { environment?: string; status?: 'success' | 'failure'; is_hotfix?: boolean } = {},
  ) => {
    const row = await db
      .insertInto('deployments')
      .values({
        ...base,
        external_id: id,
        environment: fields.environment ?? 'production',
        status: fields.status ?? 'success',
        is_hotfix: fields.is_hotfix ?? false,
        finished_at: at(finishedAt),
        commit_sha: `${id}0000000`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const d1 = await deploy('d1', '2025-06-02T10:00:00Z');
  const d2 = await deploy('d2', '2025-06-03T23:30:00Z');
  await deploy('d3', '2025-06-04T09:00:00Z', { status: 'failure' });
  await deploy('d4', '2025-06-05T09:00:00Z', { environment: 'staging' });
  const d5 = await deploy('d5', '2025-06-09T00:15:00Z', { is_hotfix: true });
  const d6 = await deploy('d6', '2025-06-16T08:00:00Z');
  const change = (
    n: number,
    deploymentId: number | null,
    mergedAt: string,
    start: Record<string, Date | null>,
  ) => ({
    company_id: 'testco',
    project_id: 'testco-app',
    kind: 'pr' as const,
    external_id: String(n),
    author: `dev${n % 2}`,
    merged_at: at(mergedAt),
    deployment_id: deploymentId,
    deployed_at: deploymentId === null ? null : at(mergedAt),
    ...start,
  });
  await db
    .insertInto('code_changes')
    .values([
      change(1, d1, '2025-06-02T10:00:00Z', { first_commit_at: at('2025-06-01T10:00:00Z') }), // 24 h
      change(2, d2, '2025-06-03T23:30:00Z', { opened_at: at('2025-06-03T13:30:00Z') }), // 10 h
      change(3, d5, '2025-06-09T00:15:00Z', { first_commit_at: at('2025-06-08T22:15:00Z') }), // 2 h
      change(4, d5, '2025-06-09T00:15:00Z', { first_commit_at: at('2025-06-09T01:00:00Z') }), // < 0: dropped
      change(5, d6, '2025-06-16T08:00:00Z', { first_commit_at: at('2025-06-16T07:00:00Z') }), // after the range
      change(6, d2, '2025-06-03T23:30:00Z', { first_commit_at: at('2025-05-31T23:30:00Z') }), // 72 h
      change(7, null, '2025-06-12T15:00:00Z', { first_commit_at: at('2025-06-12T09:00:00Z') }), // waiting
    ])
    .execute();
  const incident = (
    n: number,
    cause: number | null,
    attribution: 'explicit' | 'window' | null,
    opened: string,
    resolved: string | null,
    notChangeFailure = false,
  ) => ({
    company_id: 'testco',
    project_id: 'testco-app',
    source: 'jira',
    external_id: `APP-${n}`,
    opened_at: at(opened),
    resolved_at: resolved ? at(resolved) : null,
    caused_by_deployment_id: cause,
    attribution,
    not_change_failure: notChangeFailure,
  });
  await db
    .insertInto('incidents')
    .values([
      incident(1, d2, 'explicit', '2025-06-04T00:00:00Z', '2025-06-04T03:00:00Z'), // 3 h
      incident(2, d2, 'window', '2025-06-04T01:00:00Z', '2025-06-10T01:00:00Z'), // 144 h
      incident(3, null, null, '2025-06-09T02:00:00Z', '2025-06-09T04:00:00Z', true), // not a change failure
      incident(4, null, null, '2025-06-11T02:00:00Z', '2025-06-11T03:00:00Z'), // no cause
      incident(5, d1, 'explicit', '2025-06-02T12:00:00Z', null), // still open
    ])
    .execute();
}
