import { type Kysely, sql } from 'kysely';

// What the response cache (response-cache.ts) checks its kept answers against, and which writes
// change it: the list of tables the cached routes read, by how a write to each is scoped. The
// versions are kept by statement-level triggers in the writer's transaction, so a reader sees a new
// version exactly when it can see the new data, whoever wrote it (another host, the CLI, a
// connector, the ingest API). Versions only grow; a kept answer is served only at the version it
// was computed at.
//
// The list lives here, in code; `syncReadVersionTriggers` makes the database's triggers match it.
// A change to the list takes a migration that calls it again (see migrations/0008-read-versions-scoped.ts).

export const READ_VERSION_TABLES = {
  /** Rows with a company_id: a write bumps that company's version (read_versions scope = company). */
  company: [
    'projects',
    'deals',
    'teams',
    'talent_assignments',
    'github_organisations',
    'github_repositories',
    'ai_tool_scopes',
    'ai_usage_daily',
    'documents',
    'kb_articles',
  ],
  /** team_members has no company_id: its rows bump the company of their team. */
  team: ['team_members'],
  /** Tables every company reads (the talent records): any change bumps '*'. */
  shared: ['talent', 'talent_specializations'],
  /**
   * Per project (scope `company/project`): its derived summary and when each source last delivered
   * (a new event moves it: the DORA answers of the project are computed again).
   */
  project: ['delivery_projects', 'delivery_sources'],
  /**
   * Per project and UTC day (read_day_versions): the derived delivery days. A write re-derives the
   * days it touches; only answers whose range holds one of them are computed again.
   */
  day: ['delivery_days'],
} as const;

/**
 * Tables derived by triggers from covered tables (ai_usage_breakdowns from ai_usage_daily): a read
 * of them is covered by their source's versions.
 */
export const DERIVED_TABLES = ['ai_usage_breakdowns'] as const;

/** The version tables themselves. */
export const VERSION_TABLES = ['read_versions', 'read_day_versions'] as const;

export type ReadVersionScope = keyof typeof READ_VERSION_TABLES;

/** Every table whose writes some version follows. */
export const COVERED_TABLES: readonly string[] = [
  ...Object.values(READ_VERSION_TABLES).flat(),
  ...DERIVED_TABLES,
  ...VERSION_TABLES,
];

/** Bumps the read_versions scopes `scopes(rows)` names, in a fixed order so two writers lock rows alike. */
const bumpScopes = (scopes: string) => `
      insert into read_versions (scope, version)
      select s.scope, 1 from (${scopes}) s order by 1
      on conflict (scope) do update set version = read_versions.version + 1;`;

const companies = (rows: string) => `select distinct coalesce(company_id, '*') as scope from ${rows}`;
// A member whose team is gone was deleted with it: the team's own delete bumped its company.
const teamCompanies = (rows: string) =>
  `select distinct t.company_id as scope from ${rows} m join teams t on t.id = m.team_id`;
const projects = (rows: string) => `select distinct company_id || '/' || project_id as scope from ${rows}`;

const days = (rows: string) => `select company_id, project_id, day from ${rows}`;

const bumpDays = (rows: string) => `
      insert into read_day_versions (company_id, project_id, day, version)
      select distinct d.company_id, d.project_id, d.day, 1 from (${rows}) d order by 1, 2, 3
      on conflict (company_id, project_id, day) do update set version = read_day_versions.version + 1;`;

/** A trigger function whose body per event is `body(transition table(s))`. */
function bumpFunction(name: string, onInsert: string, onUpdate: string, onDelete: string): string {
  return `create or replace function ${name}() returns trigger
    language plpgsql as $$
  begin
    -- A transition table exists only for the events that define it: each branch names its own.
    if tg_op = 'INSERT' then${onInsert}
    elsif tg_op = 'UPDATE' then${onUpdate}
    else${onDelete}
    end if;
    return null;
  end
  $$`;
}

const perRows = (name: string, bump: (rows: string) => string, of: (rows: string) => string) =>
  bumpFunction(
    name,
    bump(of('new_rows')),
    bump(`${of('new_rows')} union ${of('old_rows')}`),
    bump(of('old_rows')),
  );

const SHARED = 'read_versions_bump_shared';

const FUNCTIONS: Record<ReadVersionScope, { name: string; create: string }> = {
  company: {
    name: 'read_versions_bump_companies',
    create: perRows('read_versions_bump_companies', bumpScopes, companies),
  },
  team: {
    name: 'read_versions_bump_teams',
    create: perRows('read_versions_bump_teams', bumpScopes, teamCompanies),
  },
  shared: {
    name: SHARED,
    create: `create or replace function ${SHARED}() returns trigger
    language plpgsql as $$
  begin
    insert into read_versions (scope, version) values ('*', 1)
    on conflict (scope) do update set version = read_versions.version + 1;
    return null;
  end
  $$`,
  },
  project: {
    name: 'read_versions_bump_projects',
    create: perRows('read_versions_bump_projects', bumpScopes, projects),
  },
  day: { name: 'read_versions_bump_days', create: perRows('read_versions_bump_days', bumpDays, days) },
};

/** The tables' own read-version triggers carry this in their name (0006's and ours alike). */
const TRIGGER_MARK = '_read_versions';

/**
 * Makes the database's read-version triggers exactly those of READ_VERSION_TABLES: drops every
 * trigger named `<table>_read_versions…` (migration 0006's and earlier syncs'), then creates one
 * per table and event. Run inside a migration (one transaction).
 */
export async function syncReadVersionTriggers(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ table: string; trigger: string }>`
    select c.relname as table, t.tgname as trigger
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where not t.tgisinternal and n.nspname = current_schema() and t.tgname like ${`%${TRIGGER_MARK}%`}`.execute(
    db,
  );
  for (const { table, trigger } of rows) {
    await sql`drop trigger ${sql.id(trigger)} on ${sql.id(table)}`.execute(db);
  }
  for (const { create } of Object.values(FUNCTIONS)) await sql.raw(create).execute(db);
  for (const [scope, tables] of Object.entries(READ_VERSION_TABLES) as [
    ReadVersionScope,
    readonly string[],
  ][]) {
    const fn = FUNCTIONS[scope].name;
    for (const table of tables) {
      if (scope === 'shared') {
        await sql
          .raw(`create trigger ${table}${TRIGGER_MARK} after insert or update or delete or truncate on ${table}
            for each statement execute function ${fn}()`)
          .execute(db);
        continue;
      }
      for (const [event, transition] of [
        ['insert', 'new table as new_rows'],
        ['update', 'new table as new_rows old table as old_rows'],
        ['delete', 'old table as old_rows'],
      ] as const) {
        await sql
          .raw(`create trigger ${table}${TRIGGER_MARK}_${event} after ${event} on ${table}
            referencing ${transition} for each statement execute function ${fn}()`)
          .execute(db);
      }
      // TRUNCATE has no transition table: everyone's answers are computed again.
      await sql
        .raw(`create trigger ${table}${TRIGGER_MARK}_truncate after truncate on ${table}
          for each statement execute function ${SHARED}()`)
        .execute(db);
    }
  }
}
