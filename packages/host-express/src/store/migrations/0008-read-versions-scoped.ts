import { type Kysely, sql } from 'kysely';
import { syncReadVersionTriggers } from '../../http/read-versions.js';

// The response cache's versions per project and per project and day, so a write recomputes only
// the answers of the project, and of the ranges, it touched (migration 0006 bumped the company's
// one version for any write to any of its tables: a webhook event cleared every kept answer of the
// company).
//
// read_versions keeps its company and '*' rows and gains project rows (scope `company/project`:
// delivery_projects, delivery_sources);
// read_day_versions holds a version per project and UTC day of delivery_days. Neither loses rows
// (no foreign key: a deleted project's versions stay, so a version never goes back to a value an
// older answer was kept at). The triggers come from the table list in code (http/read-versions.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table read_day_versions (
    company_id text not null,
    project_id text not null,
    day date not null,
    version bigint not null check (version > 0),
    primary key (company_id, project_id, day)
  )`.execute(db);
  await syncReadVersionTriggers(db);
}

const EVENTS = ['insert', 'update', 'delete', 'truncate'] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  // Back to 0006: delivery_sources bumps nothing, the delivery tables bump their company.
  for (const table of ['delivery_sources', 'delivery_days', 'delivery_projects']) {
    for (const event of EVENTS) {
      await sql.raw(`drop trigger if exists ${table}_read_versions_${event} on ${table}`).execute(db);
    }
  }
  for (const table of ['delivery_days', 'delivery_projects']) {
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows old table as old_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      await sql
        .raw(`create trigger ${table}_read_versions_${event} after ${event} on ${table}
          referencing ${transition} for each statement execute function read_versions_bump_companies()`)
        .execute(db);
    }
    await sql
      .raw(`create trigger ${table}_read_versions_truncate after truncate on ${table}
        for each statement execute function read_versions_bump_shared()`)
      .execute(db);
  }
  for (const fn of ['read_versions_bump_projects', 'read_versions_bump_days']) {
    await sql.raw(`drop function if exists ${fn}()`).execute(db);
  }
  await sql`drop table if exists read_day_versions`.execute(db);
}
