import { type Kysely, sql } from 'kysely';

// The first schema. One statement per entry: PGlite's extended protocol runs one at a time, and the
// same text must run unchanged on PostgreSQL. Ids of CRM objects are text (CRM ids are strings);
// event rows use bigint identities. Every company-scoped query has an index leading with its scope.

const STATEMENTS = [
  // CRM
  `create table account_managers (
    id text primary key,
    name text not null,
    email text not null,
    title text,
    phone text,
    photo_url text,
    booking_url text,
    created_at timestamptz not null default now()
  )`,
  `create table companies (
    id text primary key,
    name text not null,
    domain text,
    logo_url text,
    hubspot_id text unique,
    account_manager_id text references account_managers (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table contacts (
    id text primary key,
    company_id text not null references companies (id) on delete cascade,
    first_name text,
    last_name text,
    email text,
    phone text,
    job_title text,
    lifecycle_stage text,
    owner_id text references account_managers (id) on delete set null,
    properties jsonb not null default '{}',
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index contacts_company_idx on contacts (company_id)',
  'create index contacts_email_idx on contacts (lower(email))',
  `create table deals (
    id text primary key,
    company_id text not null references companies (id) on delete cascade,
    name text not null,
    service_type text not null,
    stage text not null,
    start_date date,
    end_date date,
    hours double precision check (hours >= 0),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index deals_company_idx on deals (company_id, stage)',
  `create table projects (
    id text primary key,
    company_id text not null references companies (id) on delete cascade,
    name text not null,
    jira_key text,
    in_crm boolean not null default true,
    analytics_enabled boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index projects_company_idx on projects (company_id)',
  `create unique index projects_company_jira_key_uq on projects (company_id, jira_key)
    where jira_key is not null and jira_key <> ''`,

  // Talent and teams
  `create table talent (
    id text primary key,
    name text not null,
    title text not null,
    seniority text not null check (seniority in ('Junior', 'Mid', 'Senior', 'Lead', 'Principal')),
    years_of_experience integer check (years_of_experience >= 0),
    location text,
    timezone text,
    photo_url text,
    created_at timestamptz not null default now()
  )`,
  `create table talent_specializations (
    talent_id text not null references talent (id) on delete cascade,
    name text not null,
    primary key (talent_id, name)
  )`,
  `create table talent_assignments (
    id text primary key,
    talent_id text not null references talent (id) on delete cascade,
    company_id text not null references companies (id) on delete cascade,
    project_id text references projects (id) on delete set null,
    contact_id text references contacts (id) on delete set null,
    status text not null check (status in ('Active', 'Past', 'Available')),
    start_date date,
    end_date date,
    created_at timestamptz not null default now()
  )`,
  'create index talent_assignments_company_idx on talent_assignments (company_id, status)',
  'create index talent_assignments_contact_idx on talent_assignments (contact_id)',
  'create index talent_assignments_talent_idx on talent_assignments (talent_id)',
  `create table teams (
    id text primary key,
    company_id text not null references companies (id) on delete cascade,
    deal_id text references deals (id) on delete set null,
    project_id text references projects (id) on delete set null,
    name text not null,
    service_type text not null,
    status text not null check (status in ('forming', 'active', 'ended')),
    start_date date,
    end_date date,
    created_at timestamptz not null default now()
  )`,
  'create index teams_company_idx on teams (company_id)',
  `create table team_members (
    team_id text not null references teams (id) on delete cascade,
    talent_id text not null references talent (id) on delete cascade,
    role text not null,
    allocation_percent integer not null check (allocation_percent between 0 and 100),
    primary key (team_id, talent_id)
  )`,

  // GitHub
  `create table github_organisations (
    id text primary key,
    company_id text not null references companies (id) on delete cascade,
    project_id text references projects (id) on delete set null,
    login text not null,
    name text,
    avatar_url text,
    url text not null,
    created_at timestamptz not null default now(),
    unique (company_id, login)
  )`,
  `create table github_repositories (
    id text primary key,
    company_id text not null references companies (id) on delete cascade,
    organisation_id text not null references github_organisations (id) on delete cascade,
    project_id text references projects (id) on delete set null,
    name text not null,
    full_name text not null,
    description text,
    url text not null,
    default_branch text not null,
    language text,
    visibility text not null check (visibility in ('public', 'private', 'internal')),
    archived boolean not null default false,
    stars integer not null default 0,
    open_pull_requests integer not null default 0,
    pushed_at timestamptz,
    created_at timestamptz not null default now(),
    unique (company_id, full_name)
  )`,
  'create index github_repositories_project_idx on github_repositories (company_id, project_id)',
  'create index github_repositories_organisation_idx on github_repositories (organisation_id)',

  // Delivery events
  `create table deployments (
    id bigint generated always as identity primary key,
    company_id text not null references companies (id) on delete cascade,
    project_id text not null references projects (id) on delete cascade,
    repository_id text references github_repositories (id) on delete set null,
    source text not null,
    external_id text not null,
    environment text not null,
    status text not null check (status in ('success', 'failure', 'cancelled')),
    started_at timestamptz,
    finished_at timestamptz not null,
    commit_sha text,
    is_hotfix boolean not null default false,
    created_at timestamptz not null default now(),
    unique (company_id, source, external_id)
  )`,
  'create index deployments_range_idx on deployments (project_id, environment, status, finished_at)',
  `create table code_changes (
    id bigint generated always as identity primary key,
    company_id text not null references companies (id) on delete cascade,
    project_id text not null references projects (id) on delete cascade,
    repository_id text references github_repositories (id) on delete set null,
    kind text not null check (kind in ('pr', 'commit')),
    external_id text not null,
    title text,
    author text,
    first_commit_at timestamptz,
    opened_at timestamptz,
    first_review_at timestamptz,
    merged_at timestamptz,
    merge_commit_sha text,
    deployment_id bigint references deployments (id) on delete set null,
    deployed_at timestamptz,
    reverts_change_id bigint references code_changes (id) on delete set null,
    created_at timestamptz not null default now(),
    unique (company_id, repository_id, kind, external_id)
  )`,
  'create index code_changes_deployed_idx on code_changes (project_id, deployed_at)',
  'create index code_changes_merged_idx on code_changes (project_id, merged_at)',
  'create index code_changes_deployment_idx on code_changes (deployment_id)',
  `create table incidents (
    id bigint generated always as identity primary key,
    company_id text not null references companies (id) on delete cascade,
    project_id text not null references projects (id) on delete cascade,
    source text not null,
    external_id text not null,
    title text,
    severity text,
    opened_at timestamptz not null,
    resolved_at timestamptz,
    caused_by_deployment_id bigint references deployments (id) on delete set null,
    attribution text,
    created_at timestamptz not null default now(),
    unique (company_id, source, external_id)
  )`,
  'create index incidents_opened_idx on incidents (project_id, opened_at)',
  'create index incidents_resolved_idx on incidents (project_id, resolved_at)',
  'create index incidents_cause_idx on incidents (caused_by_deployment_id)',
  `create table ai_tool_scopes (
    company_id text not null references companies (id) on delete cascade,
    project_id text not null references projects (id) on delete cascade,
    tool text not null check (tool in ('windsurf', 'copilot', 'cursor')),
    scope_kind text not null check (scope_kind in ('organisation', 'enterprise', 'team', 'group', 'emails')),
    scope_name text not null,
    seats integer check (seats >= 0),
    data_through date,
    primary key (project_id, tool)
  )`,
  `create table ai_usage_daily (
    company_id text not null references companies (id) on delete cascade,
    project_id text not null references projects (id) on delete cascade,
    tool text not null check (tool in ('windsurf', 'copilot', 'cursor')),
    day date not null,
    user_key text not null default '*',
    active_users integer not null check (active_users >= 0),
    suggestions bigint,
    acceptances bigint not null,
    lines_suggested bigint,
    lines_accepted bigint not null,
    chat_requests bigint not null,
    agent_requests bigint,
    breakdown jsonb not null default '{}',
    primary key (project_id, tool, day, user_key)
  )`,

  // Content
  `create table documents (
    id text primary key,
    company_id text not null references companies (id) on delete cascade,
    title text not null,
    file_name text not null,
    description text,
    category text not null
      check (category in ('contract', 'statement-of-work', 'invoice', 'report', 'policy', 'other')),
    content_type text not null,
    size_bytes bigint not null check (size_bytes >= 0),
    storage_key text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz
  )`,
  'create index documents_company_idx on documents (company_id, created_at desc)',
  `create table kb_articles (
    id text primary key,
    slug text not null,
    company_id text references companies (id) on delete cascade,
    title text not null,
    summary text not null,
    body_markdown text not null,
    category text not null,
    tags text[] not null default '{}',
    published_at timestamptz,
    updated_at timestamptz not null default now()
  )`,
  `create unique index kb_articles_slug_uq on kb_articles (coalesce(company_id, ''), slug)`,
  'create index kb_articles_company_idx on kb_articles (company_id, category)',

  // Auth
  `create table users (
    id text primary key,
    email text not null unique check (email = lower(email)),
    password_hash text,
    display_name text not null,
    role text not null check (role in ('customer', 'staff')),
    company_id text references companies (id),
    contact_id text references contacts (id),
    oidc_subject text unique,
    created_at timestamptz not null default now(),
    disabled_at timestamptz
  )`,
  'create index users_company_idx on users (company_id)',
  `create table sessions (
    id text primary key,
    user_id text not null references users (id) on delete cascade,
    acting_company_id text references companies (id),
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    ip text,
    user_agent text,
    id_token text
  )`,
  'create index sessions_user_idx on sessions (user_id)',
  'create index sessions_expires_idx on sessions (expires_at)',
  `create table audit_log (
    id bigint generated always as identity primary key,
    at timestamptz not null default now(),
    actor_user_id text references users (id) on delete set null,
    company_id text,
    action text not null,
    detail jsonb not null default '{}',
    ip text
  )`,
  'create index audit_log_company_idx on audit_log (company_id, at)',
  'create index audit_log_actor_idx on audit_log (actor_user_id, at)',
  `create table rate_limits (
    key text primary key,
    window_started_at timestamptz not null,
    hits integer not null
  )`,
];

const TABLES = [
  'rate_limits',
  'audit_log',
  'sessions',
  'users',
  'kb_articles',
  'documents',
  'ai_usage_daily',
  'ai_tool_scopes',
  'incidents',
  'code_changes',
  'deployments',
  'github_repositories',
  'github_organisations',
  'team_members',
  'teams',
  'talent_assignments',
  'talent_specializations',
  'talent',
  'projects',
  'deals',
  'contacts',
  'companies',
  'account_managers',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql.raw(`drop table if exists ${table}`).execute(db);
}
