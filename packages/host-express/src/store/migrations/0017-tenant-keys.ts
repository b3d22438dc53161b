import { type Kysely, sql } from 'kysely';
import { DELIVERY_DAYS_FUNCTIONS } from '../../analytics/delivery-days-sql.js';

// The tenant keys lead with the company, so the store can grow past one database by company
// (Citus: every tenant table distributed on company_id, colocated; see store/tenant-keys.test.ts,
// which reads the catalogue and holds the classification of every table).
//
// - Each tenant table's primary key becomes (company_id, …): an id is unique within its company.
//   team_members gains the company of its team (backfilled), so it is keyed and referenced alike.
// - Every foreign key between tenant tables names the company too, (company_id, x_id) → parent
//   (company_id, id): a row can never point into another company. A nullable reference is cleared
//   alone on delete (`on delete set null (x_id)`, PostgreSQL 15), never its company_id.
// - Indexes serving company-scoped queries lead with company_id; those the new primary keys make
//   redundant ((company_id) alone) go. A few stay cross-company on purpose (the staff queue, the
//   schedule's queues, the event cursor, users' link to their contact): the test lists them.
// - The delivery days' functions look a deployment's incidents and changes up with its company
//   (analytics/delivery-days-sql.ts, run again here: `create or replace`, same results).
// - request_participants and request_notifications are re-keyed by 0021. Their references to the
//   request name the company here, as every other child's does.
//
// Nothing is dropped but constraints and indexes; the data stays. A row already pointing into
// another company (none should: every writer scopes by company) makes the migration fail on the
// foreign key that forbids it, naming it.

/** Tables whose primary key gains company_id in front: the columns after it, old and new alike. */
const KEYS: readonly (readonly [table: string, columns: string])[] = [
  ['contacts', 'id'],
  ['deals', 'id'],
  ['projects', 'id'],
  ['talent_assignments', 'id'],
  ['teams', 'id'],
  ['team_members', 'team_id, talent_id'],
  ['github_organisations', 'id'],
  ['github_repositories', 'id'],
  ['deployments', 'id'],
  ['code_changes', 'id'],
  ['incidents', 'id'],
  ['ai_tool_scopes', 'project_id, tool'],
  ['ai_usage_daily', 'project_id, tool, day, user_key'],
  ['ai_usage_raw', 'project_id, tool, scope_name, day, report'],
  ['documents', 'id'],
  ['repository_commits', 'repository_id, sha, branch'],
  ['requests', 'id'],
  ['request_comments', 'id'],
  ['request_events', 'id'],
  ['request_attachments', 'id'],
  ['request_check_in_templates', 'id'],
  ['request_reminders', 'request_id, kind, period'],
  ['request_webhook_deliveries', 'id'],
];

interface Reference {
  table: string;
  /** The referencing column (the company is the table's company_id). */
  column: string;
  parent: string;
  /** What a delete of the parent does: delete the row, or clear the reference (not its company). */
  onDelete: 'cascade' | 'set null';
  /** The single-column foreign key it replaces. */
  old: string;
}

const ref = (
  table: string,
  column: string,
  parent: string,
  onDelete: Reference['onDelete'],
  old = `${table}_${column}_fkey`,
): Reference => ({ table, column, parent, onDelete, old });

/** The references between tenant tables, each to become (company_id, column) → parent (company_id, id). */
const REFERENCES: readonly Reference[] = [
  ref('talent_assignments', 'project_id', 'projects', 'set null'),
  ref('talent_assignments', 'contact_id', 'contacts', 'set null'),
  ref('teams', 'deal_id', 'deals', 'set null'),
  ref('teams', 'project_id', 'projects', 'set null'),
  ref('team_members', 'team_id', 'teams', 'cascade'),
  ref('github_organisations', 'project_id', 'projects', 'set null'),
  ref('github_repositories', 'organisation_id', 'github_organisations', 'cascade'),
  ref('github_repositories', 'project_id', 'projects', 'set null'),
  ref('deployments', 'project_id', 'projects', 'cascade'),
  ref('deployments', 'repository_id', 'github_repositories', 'set null'),
  ref('code_changes', 'project_id', 'projects', 'cascade'),
  ref('code_changes', 'repository_id', 'github_repositories', 'set null'),
  ref('code_changes', 'deployment_id', 'deployments', 'set null'),
  ref('code_changes', 'reverts_change_id', 'code_changes', 'set null'),
  ref('incidents', 'project_id', 'projects', 'cascade'),
  ref('incidents', 'caused_by_deployment_id', 'deployments', 'set null'),
  ref('ai_tool_scopes', 'project_id', 'projects', 'cascade'),
  ref('ai_usage_daily', 'project_id', 'projects', 'cascade'),
  ref('ai_usage_raw', 'project_id', 'projects', 'cascade'),
  ref('ai_usage_breakdowns', 'project_id', 'projects', 'cascade'),
  ref('delivery_days', 'project_id', 'projects', 'cascade'),
  ref('delivery_projects', 'project_id', 'projects', 'cascade'),
  ref('delivery_sources', 'project_id', 'projects', 'cascade'),
  ref('ingest_tokens', 'project_id', 'projects', 'cascade'),
  ref('repository_commits', 'repository_id', 'github_repositories', 'cascade'),
  ref('requests', 'subscription_id', 'deals', 'set null'),
  ref('requests', 'project_id', 'projects', 'set null'),
  ref('requests', 'linked_request_id', 'requests', 'set null'),
  ref('request_attachments', 'replaces_id', 'request_attachments', 'set null'),
  ref('request_attachments', 'document_id', 'documents', 'set null'),
  ref('request_check_ins', 'subscription_id', 'deals', 'cascade'),
  ref('request_check_ins', 'request_id', 'requests', 'set null'),
  // 0013–0015 referenced (request_id, company_id) → requests (id, company_id) already.
  ...[
    'request_participants',
    'request_comments',
    'request_events',
    'request_attachments',
    'request_reminders',
    'request_notifications',
    'request_webhook_deliveries',
  ].map((table) => ref(table, 'request_id', 'requests', 'cascade', `${table}_request_id_company_id_fkey`)),
];

const newName = (r: Reference) => `${r.table}_company_id_${r.column}_fkey`;

const addReference = (r: Reference) =>
  `alter table ${r.table} add constraint ${newName(r)}
    foreign key (company_id, ${r.column}) references ${r.parent} (company_id, id)
    on delete ${r.onDelete === 'cascade' ? 'cascade' : `set null (${r.column})`}`;

/** The reference as it was (0001–0015). */
const addOldReference = (r: Reference) =>
  r.old.endsWith('_request_id_company_id_fkey')
    ? `alter table ${r.table} add constraint ${r.old}
        foreign key (request_id, company_id) references requests (id, company_id) on delete cascade`
    : `alter table ${r.table} add constraint ${r.old}
        foreign key (${r.column}) references ${r.parent} (id) on delete ${r.onDelete}`;

/** Indexes whose columns change: [name, table, before (0001–0016), after]. */
const INDEXES: readonly (readonly [name: string, table: string, before: string, after: string])[] = [
  // The company's contacts by e-mail (HubSpot adopts a hand-entered contact by its address).
  ['contacts_email_idx', 'contacts', '(lower(email))', '(company_id, lower(email))'],
  ['talent_assignments_contact_idx', 'talent_assignments', '(contact_id)', '(company_id, contact_id)'],
  ['talent_assignments_talent_idx', 'talent_assignments', '(talent_id)', '(company_id, talent_id)'],
  [
    'github_repositories_organisation_idx',
    'github_repositories',
    '(organisation_id)',
    '(company_id, organisation_id)',
  ],
  ['code_changes_deployment_idx', 'code_changes', '(deployment_id)', '(company_id, deployment_id)'],
  [
    'code_changes_reverts_idx',
    'code_changes',
    '(reverts_change_id) where reverts_change_id is not null',
    '(company_id, reverts_change_id) where reverts_change_id is not null',
  ],
  ['incidents_cause_idx', 'incidents', '(caused_by_deployment_id)', '(company_id, caused_by_deployment_id)'],
  [
    'repository_commits_branch_idx',
    'repository_commits',
    `((repository_id || ' ' || branch), position)`,
    `(company_id, (repository_id || ' ' || branch), position)`,
  ],
  [
    'request_comments_request_idx',
    'request_comments',
    '(request_id, created_at)',
    '(company_id, request_id, created_at)',
  ],
  ['request_events_request_idx', 'request_events', '(request_id, id)', '(company_id, request_id, id)'],
  [
    'request_attachments_request_idx',
    'request_attachments',
    '(request_id, created_at)',
    '(company_id, request_id, created_at)',
  ],
];

/** (company_id) alone: the new primary keys serve these. [name, table]. */
const REDUNDANT: readonly (readonly [name: string, table: string])[] = [
  ['contacts_company_idx', 'contacts'],
  ['projects_company_idx', 'projects'],
  ['teams_company_idx', 'teams'],
];

const UP: readonly string[] = [
  // team_members: the company of its team.
  'alter table team_members add column company_id text',
  'update team_members m set company_id = t.company_id from teams t where t.id = m.team_id',
  'alter table team_members alter column company_id set not null',

  // The references that name a parent's single-column key (or requests' (id, company_id)) go first.
  ...REFERENCES.map((r) => `alter table ${r.table} drop constraint ${r.old}`),
  // users (every company's and the provider's) name their contact by id alone; so does the session
  // lookup (auth/sessions.ts). Its own unique index takes over from the primary key below.
  'alter table users drop constraint users_contact_id_fkey',

  ...KEYS.map(
    ([table, columns]) =>
      `alter table ${table} drop constraint ${table}_pkey, add primary key (company_id, ${columns})`,
  ),
  'create unique index contacts_id_key on contacts (id)',
  'alter table users add constraint users_contact_id_fkey foreign key (contact_id) references contacts (id)',
  'alter table requests drop constraint requests_id_company_id_key',
  // One delivery per event (an event is its company's).
  'alter table request_webhook_deliveries drop constraint request_webhook_deliveries_event_id_key',
  'alter table request_webhook_deliveries add constraint request_webhook_deliveries_event_id_key unique (company_id, event_id)',
  // The e-mail and webhook steps read every company's events after their cursor, in id order.
  'create index request_events_cursor_idx on request_events (id)',

  ...INDEXES.flatMap(([name, table, , after]) => [
    `drop index ${name}`,
    `create index ${name} on ${table} ${after}`,
  ]),
  ...REDUNDANT.map(([name]) => `drop index ${name}`),

  ...REFERENCES.map(addReference),
  ...DELIVERY_DAYS_FUNCTIONS,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

/** Back to 0016's keys. Fails if two rows of different companies now share an id. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    ...REFERENCES.map((r) => `alter table ${r.table} drop constraint ${newName(r)}`),
    ...REDUNDANT.map(([name, table]) => `create index ${name} on ${table} (company_id)`),
    ...INDEXES.flatMap(([name, table, before]) => [
      `drop index ${name}`,
      `create index ${name} on ${table} ${before}`,
    ]),
    'drop index request_events_cursor_idx',
    'alter table request_webhook_deliveries drop constraint request_webhook_deliveries_event_id_key',
    'alter table request_webhook_deliveries add constraint request_webhook_deliveries_event_id_key unique (event_id)',
    'alter table requests add constraint requests_id_company_id_key unique (id, company_id)',
    'alter table users drop constraint users_contact_id_fkey',
    ...KEYS.map(
      ([table, columns]) =>
        `alter table ${table} drop constraint ${table}_pkey, add primary key (${columns})`,
    ),
    'drop index contacts_id_key',
    'alter table users add constraint users_contact_id_fkey foreign key (contact_id) references contacts (id)',
    ...REFERENCES.map(addOldReference),
    'alter table team_members drop column company_id',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
