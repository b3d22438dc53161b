import { type Kysely, sql } from 'kysely';

// The AI tools' per-day breakdowns (language, IDE, model), one row per entry, kept by the database.
//
// GET /api/agents/windsurf sums each tool's breakdown entries by name over the range. They are
// stored as ~0.9 KB of jsonb per tool and day: a 90-day range of three tools is ~2,800 entries, and
// reading them out of jsonb at every request cost ~6 ms of host CPU (parsing ~230 KB) or ~7 ms of
// database CPU (jsonb operators per entry). A row trigger on ai_usage_daily extracts the entries of
// the tools' aggregate rows (user_key '*') once, when a connector writes them, with the contract's
// rules for connector data: an entry counts when it is an object with a string `name`; a counter
// is a positive number (or a string of one), rounded; anything else counts 0.
const counter = (field: string) => `(case
    when jsonb_typeof(e.entry -> '${field}') = 'number' then greatest(round((e.entry ->> '${field}')::numeric), 0)
    when jsonb_typeof(e.entry -> '${field}') = 'string'
      and (e.entry ->> '${field}') ~ '^\\s*[0-9]+(\\.[0-9]+)?\\s*$'
      then round(trim(e.entry ->> '${field}')::numeric)
    else 0 end)::bigint`;

const STATEMENTS = [
  `create table ai_usage_breakdowns (
    company_id text not null,
    project_id text not null references projects (id) on delete cascade,
    tool text not null,
    day date not null,
    dimension text not null check (dimension in ('language', 'ide', 'model')),
    name text not null,
    suggestions bigint not null,
    acceptances bigint not null,
    lines_accepted bigint not null
  )`,
  'create index ai_usage_breakdowns_range_idx on ai_usage_breakdowns (company_id, project_id, day)',
  `create function ai_usage_breakdowns_changed() returns trigger
    language plpgsql as $$
  begin
    if tg_op in ('UPDATE', 'DELETE') and old.user_key = '*' then
      delete from ai_usage_breakdowns
      where company_id = old.company_id and project_id = old.project_id and tool = old.tool and day = old.day;
    end if;
    if tg_op in ('INSERT', 'UPDATE') and new.user_key = '*' then
      insert into ai_usage_breakdowns
        (company_id, project_id, tool, day, dimension, name, suggestions, acceptances, lines_accepted)
      select new.company_id, new.project_id, new.tool, new.day, d.dimension, e.entry ->> 'name',
        ${counter('suggestions')}, ${counter('acceptances')}, ${counter('linesAccepted')}
      from (values ('language'), ('ide'), ('model')) d (dimension)
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(new.breakdown -> d.dimension) = 'array'
          then new.breakdown -> d.dimension else '[]'::jsonb end) e (entry)
      where jsonb_typeof(e.entry -> 'name') = 'string';
    end if;
    return null;
  end
  $$`,
  // Only the aggregate rows carry breakdowns; per-user rows are left alone.
  `create trigger ai_usage_daily_breakdowns after insert or update or delete on ai_usage_daily
    for each row execute function ai_usage_breakdowns_changed()`,
  `create trigger ai_usage_daily_breakdowns_truncate after truncate on ai_usage_daily
    for each statement execute function ai_usage_breakdowns_truncated()`,
  // The rows already stored: rewriting them fires the trigger.
  `update ai_usage_daily set breakdown = breakdown where user_key = '*'`,
];

const TRUNCATED = `create function ai_usage_breakdowns_truncated() returns trigger
  language plpgsql as $$
begin
  delete from ai_usage_breakdowns;
  return null;
end
$$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(TRUNCATED).execute(db);
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop trigger if exists ai_usage_daily_breakdowns_truncate on ai_usage_daily').execute(db);
  await sql.raw('drop trigger if exists ai_usage_daily_breakdowns on ai_usage_daily').execute(db);
  await sql.raw('drop function if exists ai_usage_breakdowns_truncated()').execute(db);
  await sql.raw('drop function if exists ai_usage_breakdowns_changed()').execute(db);
  await sql.raw('drop table if exists ai_usage_breakdowns').execute(db);
}
