import { type Kysely, sql } from 'kysely';

// Versions of the data the cached read routes answer from, kept by the database.
//
// The analytics, talent, teams, documents and knowledge-base routes compute their answers from one
// or several tables (DORA medians and buckets, AI usage per day, team rosters, search ranking…),
// while those tables change only when a connector, an import or an operator writes them. The host keeps the answers it computed (http/response-cache.ts) and
// checks, at every request, that the data they came from has not changed since: one indexed read
// of this table, instead of the computation.
//
// A row per company counts the statements that changed that company's rows in the tables below;
// the row '*' counts changes to the tables every company reads (talent records, public articles)
// and truncations. Statement-level triggers bump them in the writer's transaction, so a reader sees a
// new version exactly when it can see the new data, whichever process wrote it (another host, the
// CLI, a connector). Versions only grow.

/**
 * Tables with a company_id column whose rows feed the cached routes. A row without a company (a
 * public knowledge-base article) is everyone's: it bumps '*'.
 */
export const COMPANY_TABLES = [
  'projects',
  'deals',
  'teams',
  'talent_assignments',
  'github_organisations',
  'github_repositories',
  'delivery_days',
  'delivery_projects',
  'ai_tool_scopes',
  'ai_usage_daily',
  'documents',
  'kb_articles',
] as const;

/**
 * Tables every company reads (the talent records): any change bumps '*'. (delivery_days is derived
 * from the event tables and ai_usage_breakdowns from ai_usage_daily, by triggers; the triggers of
 * the derived tables follow.)
 */
export const SHARED_TABLES = ['talent', 'talent_specializations'] as const;

/** team_members has no company_id: its rows bump the company of their team. */
export const TEAM_TABLES = ['team_members'] as const;

const companies = (rows: string) => `select distinct coalesce(company_id, '*') as company_id from ${rows}`;
// A member whose team is gone was deleted with it: the team's own delete bumped its company.
const teamCompanies = (rows: string) =>
  `select distinct t.company_id from ${rows} m join teams t on t.id = m.team_id`;

/** Bumps each company named by `rows`, in a fixed order so that two writers lock rows alike. */
const bump = (rows: string) => `
      insert into read_versions (scope, version)
      select c.company_id, 1 from (${rows}) c order by 1
      on conflict (scope) do update set version = read_versions.version + 1;`;

/** A trigger function bumping the companies that `of(transition table)` names. */
const bumpFunction = (
  name: string,
  of: (rows: string) => string,
) => `create function ${name}() returns trigger
    language plpgsql as $$
  begin
    -- A transition table exists only for the events that define it: each branch names its own.
    if tg_op = 'INSERT' then${bump(of('new_rows'))}
    elsif tg_op = 'UPDATE' then${bump(`${of('new_rows')} union ${of('old_rows')}`)}
    else${bump(of('old_rows'))}
    end if;
    return null;
  end
  $$`;

const FUNCTIONS = [
  bumpFunction('read_versions_bump_companies', companies),
  bumpFunction('read_versions_bump_teams', teamCompanies),
  `create function read_versions_bump_shared() returns trigger
    language plpgsql as $$
  begin
    insert into read_versions (scope, version) values ('*', 1)
    on conflict (scope) do update set version = read_versions.version + 1;
    return null;
  end
  $$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create table read_versions (
        scope text primary key,
        version bigint not null check (version > 0)
      )`,
    )
    .execute(db);
  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
  const perCompany = [
    ...COMPANY_TABLES.map((table) => [table, 'read_versions_bump_companies'] as const),
    ...TEAM_TABLES.map((table) => [table, 'read_versions_bump_teams'] as const),
  ];
  for (const [table, bumpCompanies] of perCompany) {
    for (const [event, transition] of [
      ['insert', 'new table as new_rows'],
      ['update', 'new table as new_rows old table as old_rows'],
      ['delete', 'old table as old_rows'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${table}_read_versions_${event} after ${event} on ${table}
            referencing ${transition}
            for each statement execute function ${bumpCompanies}()`,
        )
        .execute(db);
    }
    await sql
      .raw(
        `create trigger ${table}_read_versions_truncate after truncate on ${table}
          for each statement execute function read_versions_bump_shared()`,
      )
      .execute(db);
  }
  for (const table of SHARED_TABLES) {
    await sql
      .raw(
        `create trigger ${table}_read_versions after insert or update or delete or truncate on ${table}
          for each statement execute function read_versions_bump_shared()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [...COMPANY_TABLES, ...TEAM_TABLES]) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql.raw(`drop trigger if exists ${table}_read_versions_${event} on ${table}`).execute(db);
    }
  }
  for (const table of SHARED_TABLES) {
    await sql.raw(`drop trigger if exists ${table}_read_versions on ${table}`).execute(db);
  }
  await sql.raw('drop function if exists read_versions_bump_companies()').execute(db);
  await sql.raw('drop function if exists read_versions_bump_teams()').execute(db);
  await sql.raw('drop function if exists read_versions_bump_shared()').execute(db);
  await sql.raw('drop table if exists read_versions').execute(db);
}
