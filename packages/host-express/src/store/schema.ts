import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// The store's tables as Kysely sees them, one interface per table (migrations/0001-initial.ts
// creates them). Both engines return the same JavaScript values: see the type parsers in open-store.ts.
//   timestamptz → Date (UTC instants)      date → 'YYYY-MM-DD' string (calendar days, no time zone)
//   bigint/int8 and numeric → number       jsonb → parsed JSON        text[] → string[]
// jsonb is written as a JSON string (JSON.stringify), never as a JS object: node-postgres turns JS
// arrays into Postgres array literals, which are not JSON.

/** An instant; required on insert. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** An instant with a database default (now()); optional on insert. */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** A calendar day, 'YYYY-MM-DD'. */
export type Day = ColumnType<string, string, string>;
/** jsonb: read as T, written as a JSON string. */
export type Json<T> = ColumnType<T, string, string>;
/** jsonb with a database default ('{}'). */
export type JsonDefault<T> = ColumnType<T, string | undefined, string>;
/** A bigint identity column (generated always): never written. */
export type Identity = ColumnType<number, never, never>;

// ── CRM ──────────────────────────────────────────────────────────────────────────────────────

export interface AccountManagersTable {
  /** CRM owner id. */
  id: string;
  name: string;
  email: string;
  title: string | null;
  phone: string | null;
  photo_url: string | null;
  /** Absolute meetings link ("Book a meeting with my Account Manager"). */
  booking_url: string | null;
  /** HubSpot owner id, when synced from HubSpot (migration 0010). */
  hubspot_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: TimestampDefault;
}

export interface CompaniesTable {
  /** CRM company id; the tenant every query is scoped to. */
  id: string;
  name: string;
  domain: string | null;
  logo_url: string | null;
  hubspot_id: string | null;
  /** The company's default account manager (a contact's own owner wins). */
  account_manager_id: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface ContactsTable {
  id: string;
  company_id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  job_title: string | null;
  /** CRM lifecycle stage id, compared as a string with HOME_LIFECYCLE_STAGE. */
  lifecycle_stage: string | null;
  /** CRM owner: the contact's account manager. */
  owner_id: string | null;
  /** Other raw CRM properties, in their CRM names. */
  properties: JsonDefault<Record<string, unknown>>;
  /** HubSpot contact id, when synced from HubSpot (migration 0010; unique per company). */
  hubspot_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface DealsTable {
  id: string;
  company_id: string;
  name: string;
  /** 'Team Plans' | 'Premium Teams' | 'Staffing' | 'Staff Augmentation' | 'Analytics' | other CRM values. */
  service_type: string;
  /** Stage label; only 'Active' has a meaning in the product. */
  stage: string;
  start_date: Day | null;
  end_date: Day | null;
  hours: number | null;
  /** HubSpot deal id, when synced from HubSpot (migration 0010; unique per company). */
  hubspot_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface ProjectsTable {
  /** CRM project record id (the GitHub routes' projectId). */
  id: string;
  company_id: string;
  name: string;
  /** Jira key; unique per company when not empty. Null or '' never shows analytics. */
  jira_key: string | null;
  /** Known to the CRM. Analytics-only projects (from GitHub/Jira) have false. */
  in_crm: Generated<boolean>;
  /** Has delivery analytics (listed by /api/analytics/projects). */
  analytics_enabled: Generated<boolean>;
  /**
   * How many days before an incident opened a deployment may have finished to be its cause by the
   * window rule (0–365, default 7; migration 0007).
   */
  attribution_window_days: Generated<number>;
  /** HubSpot custom-object record id, when synced from HubSpot (migration 0010; unique per company). */
  hubspot_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

// ── Talent and teams ─────────────────────────────────────────────────────────────────────────

export interface TalentTable {
  id: string;
  name: string;
  /** Job title, e.g. "Senior Backend Engineer". */
  title: string;
  seniority: 'Junior' | 'Mid' | 'Senior' | 'Lead' | 'Principal';
  years_of_experience: number | null;
  location: string | null;
  /** IANA time zone. */
  timezone: string | null;
  photo_url: string | null;
  created_at: TimestampDefault;
}

export interface TalentSpecializationsTable {
  talent_id: string;
  name: string;
}

export interface TalentAssignmentsTable {
  id: string;
  talent_id: string;
  /** The company the talent works (worked, or is offered) for. */
  company_id: string;
  project_id: string | null;
  /** The customer contact the talent works with (POST /api/talent-associations). */
  contact_id: string | null;
  status: 'Active' | 'Past' | 'Available';
  start_date: Day | null;
  end_date: Day | null;
  created_at: TimestampDefault;
}

export interface TeamsTable {
  id: string;
  company_id: string;
  /** The subscription the team is staffed under. */
  deal_id: string | null;
  project_id: string | null;
  name: string;
  service_type: string;
  status: 'forming' | 'active' | 'ended';
  start_date: Day | null;
  end_date: Day | null;
  created_at: TimestampDefault;
}

export interface TeamMembersTable {
  /** The team's company (migration 0017): part of the key and of the reference to the team. */
  company_id: string;
  team_id: string;
  talent_id: string;
  role: string;
  allocation_percent: number;
}

// ── GitHub and delivery events (deployments, code changes, incidents, AI usage per day) ────────

export interface GithubOrganisationsTable {
  id: string;
  company_id: string;
  /** The project the organisation was connected for; repositories carry their own project. */
  project_id: string | null;
  login: string;
  name: string | null;
  avatar_url: string | null;
  url: string;
  created_at: TimestampDefault;
}

export interface GithubRepositoriesTable {
  id: string;
  company_id: string;
  organisation_id: string;
  project_id: string | null;
  name: string;
  /** "owner/name". */
  full_name: string;
  description: string | null;
  url: string;
  default_branch: string;
  language: string | null;
  visibility: 'public' | 'private' | 'internal';
  archived: Generated<boolean>;
  stars: Generated<number>;
  open_pull_requests: Generated<number>;
  pushed_at: Timestamp | null;
  created_at: TimestampDefault;
}

export interface DeploymentsTable {
  id: Identity;
  company_id: string;
  project_id: string;
  /** Null for a deployment of several repositories. */
  repository_id: string | null;
  /** 'ingest' (the API), 'github' (webhooks), 'github_actions' (the demo) … */
  source: string;
  /** Id in the sending system; unique per project and source. */
  external_id: string;
  /** Normalised: 'production' | 'staging' | 'testing' | 'development'. */
  environment: string;
  status: 'success' | 'failure' | 'cancelled';
  started_at: Timestamp | null;
  /** Every DORA metric keys on the finish time. */
  finished_at: Timestamp;
  /** Lower-case hex. */
  commit_sha: string | null;
  /** Branch deployed. */
  ref: string | null;
  /** Rework: an unplanned deployment fixing production. */
  is_hotfix: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface CodeChangesTable {
  id: Identity;
  company_id: string;
  project_id: string;
  repository_id: string | null;
  kind: 'pr' | 'commit';
  /** PR number or commit SHA. */
  external_id: string;
  title: string | null;
  /** Author login (contributors are distinct authors). */
  author: string | null;
  first_commit_at: Timestamp | null;
  opened_at: Timestamp | null;
  first_review_at: Timestamp | null;
  merged_at: Timestamp | null;
  /** Lower-case hex. */
  merge_commit_sha: string | null;
  /** Branch merged into. */
  base_ref: string | null;
  /**
   * The first successful production deployment that shipped the change (the linking rule,
   * src/ingest/rules.ts); null while it waits for one.
   */
  deployment_id: number | null;
  /** That deployment's finish. */
  deployed_at: Timestamp | null;
  /** The change this one reverts, once stored (same repository). */
  reverts_change_id: number | null;
  /** The external id of the change this one reverts, as sent: a revert counts as rework. */
  reverts_external_id: string | null;
  created_at: TimestampDefault;
}

export interface IncidentsTable {
  id: Identity;
  company_id: string;
  project_id: string;
  /** 'ingest' (the API), 'jira' (the demo) … */
  source: string;
  /** E.g. the Jira issue key. */
  external_id: string;
  title: string | null;
  severity: string | null;
  opened_at: Timestamp;
  resolved_at: Timestamp | null;
  /** The deployment that caused it; null: none found (or not a change failure). */
  caused_by_deployment_id: number | null;
  /**
   * Which rule found the cause: 'explicit' (the sender named the deployment), 'window' (the latest
   * counted deployment of the project within its attribution window); null without a cause.
   */
  attribution: string | null;
  /** The deployment the sender named (external id, same project); it may arrive later. */
  deployment_external_id: string | null;
  /** Not caused by a change: never attributed, counted apart. */
  not_change_failure: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface AiUsageBreakdown {
  language?: AiUsageBreakdownRow[];
  ide?: AiUsageBreakdownRow[];
  model?: AiUsageBreakdownRow[];
}
export interface AiUsageBreakdownRow {
  name: string;
  suggestions: number | null;
  acceptances: number;
  linesAccepted: number;
}

/** What a tool reports on for a project (tools never report per Jira project). */
export interface AiToolScopesTable {
  company_id: string;
  project_id: string;
  tool: 'windsurf' | 'copilot' | 'cursor';
  scope_kind: 'organisation' | 'enterprise' | 'team' | 'group' | 'emails';
  scope_name: string;
  seats: number | null;
  /** Last complete day of data. */
  data_through: Day | null;
  /** The connector's last successful sync of the scope (migration 0012); null if never. */
  last_synced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/**
 * One day of one tool for one project. `user_key` '*' is the tool's aggregate row (with the
 * breakdowns); other rows are per user (a hashed login), which is how "distinct users active in the
 * range" is counted. Counters a tool does not report are null.
 */
export interface AiUsageDailyTable {
  company_id: string;
  project_id: string;
  tool: 'windsurf' | 'copilot' | 'cursor';
  day: Day;
  user_key: Generated<string>;
  active_users: number;
  suggestions: number | null;
  acceptances: number | null;
  lines_suggested: number | null;
  lines_accepted: number | null;
  chat_requests: number | null;
  agent_requests: number | null;
  /** Migration 0011: CLI requests (Copilot's CLI feature); null where not reported. */
  cli_requests: number | null;
  breakdown: JsonDefault<AiUsageBreakdown>;
}

/** What a vendor answered, per scope, day and report (migration 0011): re-fetching a day replaces it. */
export interface AiUsageRawTable {
  company_id: string;
  project_id: string;
  tool: 'windsurf' | 'copilot' | 'cursor';
  scope_name: string;
  day: Day;
  /** Which call answered it: 'custom', 'cascade' (Windsurf), 'organization-1-day', 'users-1-day' (Copilot), 'daily-usage' (Cursor). */
  report: string;
  payload: Json<unknown>;
  fetched_at: TimestampDefault;
}

// ── Content ──────────────────────────────────────────────────────────────────────────────────

export interface DocumentsTable {
  id: string;
  company_id: string;
  title: string;
  /** As shown and as downloaded, e.g. "MSA 2025.pdf". */
  file_name: string;
  description: string | null;
  category: 'contract' | 'statement-of-work' | 'invoice' | 'report' | 'policy' | 'other';
  content_type: string;
  size_bytes: number;
  /** Path under FILES_DIR, or the object key under the S3 prefix. */
  storage_key: string;
  created_at: TimestampDefault;
  updated_at: Timestamp | null;
}

export interface KbArticlesTable {
  id: string;
  slug: string;
  /** Null: public to every customer; otherwise only that company's. */
  company_id: string | null;
  title: string;
  summary: string;
  body_markdown: string;
  /** Words of body_markdown; computed by the database (migration 0002). */
  word_count: ColumnType<number, never, never>;
  /** Weighted text-search document (title A, summary and tags B, body C); migration 0003. */
  search_document: ColumnType<string, never, never>;
  category: string;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  /** Null: a draft, not shown. */
  published_at: Timestamp | null;
  updated_at: TimestampDefault;
}

// ── Auth (the host's auth module reads and writes these) ───────────────────────────────────

export interface UsersTable {
  id: string;
  /** Always stored lower-case (a check constraint enforces it). */
  email: string;
  /** `scrypt$N$r$p$saltB64$hashB64` (store/passwords.ts), or null for OIDC-only accounts. */
  password_hash: string | null;
  display_name: string;
  role: 'customer' | 'staff';
  company_id: string | null;
  /** A customer's company administrator (migration 0013): sees every request of the company, approves. */
  company_admin: Generated<boolean>;
  contact_id: string | null;
  oidc_subject: string | null;
  created_at: TimestampDefault;
  disabled_at: Timestamp | null;
}

export interface SessionsTable {
  /** SHA-256 hex of the cookie token; the token itself is never stored. */
  id: string;
  user_id: string;
  /** Staff only: the company they act for. */
  acting_company_id: string | null;
  created_at: TimestampDefault;
  last_seen_at: TimestampDefault;
  /** Absolute expiry. */
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  ip: string | null;
  user_agent: string | null;
  id_token: string | null;
}

export interface AuditLogTable {
  id: Identity;
  at: TimestampDefault;
  actor_user_id: string | null;
  /** No foreign key: the log outlives the company. */
  company_id: string | null;
  /** E.g. 'auth.sign_in', 'auth.act_as', 'document.download'. */
  action: string;
  /** Never a password, token or cookie. */
  detail: JsonDefault<Record<string, unknown>>;
  ip: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: Timestamp;
  hits: number;
}

/**
 * Derived from deployments, code_changes and incidents by triggers (migration 0004, incremental
 * since 0007: analytics/delivery-days-sql.ts): never written by the host. One row per project and
 * UTC day with events.
 */
export interface DeliveryDaysTable {
  company_id: string;
  project_id: string;
  day: Day;
  /** Successful production deployments that finished this day. */
  deployments: number;
  /** Those with an attributed incident. */
  failed_deployments: number;
  /** Those that are hotfixes or ship a revert. */
  rework_deployments: number;
  last_deployment_at: Date | null;
  /** Hours, ascending, of each change deployed this day (positive spans only). */
  lead_times: number[];
  /** Hours, ascending, of each attributed incident resolved this day. */
  recoveries: number[];
  pull_requests_merged: number;
  /** Pull requests merged this day that no production deployment has shipped yet. */
  changes_waiting: number;
  incidents_opened: number;
  /** Incidents opened this day without a cause (not-change-failures apart). */
  incidents_unattributed: number;
  /** Incidents opened this day marked not a change failure. */
  incidents_excluded: number;
  contributors: string[];
  /**
   * [day, deployments, failed_deployments, lead_times, recoveries, rework_deployments,
   * incidents_unattributed, incidents_excluded, changes_waiting] as JSON text.
   */
  dora: unknown;
}

/** Derived from ai_usage_daily's aggregate rows by a trigger (migration 0005): one row per entry. */
export interface AiUsageBreakdownsTable {
  company_id: string;
  project_id: string;
  tool: 'windsurf' | 'copilot' | 'cursor';
  day: Day;
  dimension: 'language' | 'ide' | 'model';
  name: string;
  suggestions: number;
  acceptances: number;
  lines_accepted: number;
}

/** Derived like delivery_days: one row per project. */
export interface DeliveryProjectsTable {
  company_id: string;
  project_id: string;
  open_incidents: number;
  github_synced_at: Date | null;
  jira_synced_at: Date | null;
}

/**
 * Versions of the data the cached read routes answer from (migration 0006): one row per company
 * and '*' for data every company reads. Kept by triggers; only grows. See http/response-cache.ts.
 */
export interface ReadVersionsTable {
  scope: string;
  version: string;
}

/** A project's ingest token (migration 0007): `cpi_<id>_<secret>`, the secret stored as its SHA-256. */
export interface IngestTokensTable {
  id: string;
  company_id: string;
  project_id: string;
  name: string;
  /** SHA-256 hex of the secret; the secret itself is never stored. */
  secret_hash: string;
  created_at: TimestampDefault;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A GitHub webhook's secret, by GitHub's X-GitHub-Hook-Installation-Target-Type / -ID. */
export interface GithubWebhooksTable {
  /** 'repository' | 'organization' | 'integration'. */
  target_type: string;
  target_id: string;
  company_id: string;
  secret: string;
  created_at: TimestampDefault;
}

/** X-GitHub-Delivery ids already stored (a redelivery is ignored). */
export interface WebhookDeliveriesTable {
  delivery_id: string;
  received_at: TimestampDefault;
}

/**
 * The order of commits on a branch, from push events: `position` grows along the branch (equal
 * positions: order unknown between them). Links changes to deployments (src/ingest/rules.ts).
 */
export interface RepositoryCommitsTable {
  company_id: string;
  repository_id: string;
  branch: string;
  /** Lower-case hex. */
  sha: string;
  position: number;
}

/** When each source last delivered events of each kind for a project (kept by src/ingest/). */
export interface DeliverySourcesTable {
  company_id: string;
  project_id: string;
  events: 'deployments' | 'changes' | 'incidents' | 'pushes';
  /** 'ingest', 'github', … (the events' source). */
  source: string;
  last_received_at: Timestamp;
}

// ── Connectors ─────────────────────────────────────────────────────────────────────────────────

export type SyncSource = 'hubspot' | 'github' | 'jira' | 'ai';

/** What a sync run did: requests sent, pages read, records stored. */
export interface SyncCounts {
  requests: number;
  pages: number;
  received: number;
  created: number;
  updated: number;
  unchanged: number;
}

/** Per source and scope: where the next sync resumes and how the last one went (migration 0009). */
export interface SyncStateTable {
  source: SyncSource;
  /** A project id, or '' for the whole source. */
  scope: Generated<string>;
  company_id: string | null;
  /** The source's own resume point (e.g. Jira: the last `updated` instant stored). */
  cursor: ColumnType<unknown, string | null, string | null>;
  status: Generated<'never' | 'running' | 'ok' | 'failed'>;
  last_started_at: Timestamp | null;
  last_finished_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_error: string | null;
  last_counts: ColumnType<SyncCounts | null, string | null, string | null>;
}

// ── Requests (migration 0013; src/requests/) ──────────────────────────────────────────────────

export type RequestStatus =
  | 'submitted'
  | 'triaged'
  | 'in_progress'
  | 'waiting_on_customer'
  | 'awaiting_approval'
  | 'resolved'
  | 'closed'
  | 'cancelled';
export type RequestPriority = 'low' | 'normal' | 'high' | 'urgent';
export type RequestVisibility = 'participants' | 'company';
export type RequestEventKind =
  | 'created'
  | 'status'
  | 'assigned'
  | 'due'
  | 'check_in'
  | 'comment'
  | 'participant_added'
  | 'participant_removed'
  | 'visibility'
  | 'priority'
  | 'approved'
  | 'reopened'
  /** Migration 0014: a file attached (after) or replaced. */
  | 'attachment'
  /** Migration 0014: the schedule reminded someone (internal for the assignee's). */
  | 'reminder'
  /** Migration 0014: resolved by the schedule after waiting 14 days on the customer. */
  | 'auto_resolved';

/** Per company: the key prefix ('ACME'), the next request number and the default visibility. */
export interface CompanyRequestSettingsTable {
  company_id: string;
  key_prefix: string;
  next_number: Generated<number>;
  default_visibility: Generated<RequestVisibility>;
  updated_at: TimestampDefault;
}

export interface RequestsTable {
  /** 'req_' + random. */
  id: string;
  company_id: string;
  /** The company's own sequence number (the key's number). */
  number: number;
  /** E.g. 'ACME-42'; unique per company. */
  key: string;
  /** A configured request type's id (requests/types.ts). */
  type: string;
  title: string;
  description: Generated<string>;
  /** The type's own fields, validated against its configuration. */
  fields: JsonDefault<Record<string, string | number>>;
  /** A deal (subscription) of the same company. */
  subscription_id: string | null;
  project_id: string | null;
  /** The request a reopened-too-late one follows up on. */
  linked_request_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A customer user of the company. */
  requester_id: string;
  /** A customer, or staff creating on the customer's behalf; null: the host (a scheduled check-in). */
  created_by: string | null;
  /** Staff. */
  assignee_id: ColumnType<string | null, string | null | undefined, string | null>;
  priority: Generated<RequestPriority>;
  status: Generated<RequestStatus>;
  due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  due_source: ColumnType<
    'contract' | 'check_in' | 'agreed' | null,
    'contract' | 'check_in' | 'agreed' | null | undefined,
    'contract' | 'check_in' | 'agreed' | null
  >;
  next_check_in: ColumnType<string | null, string | null | undefined, string | null>;
  waiting_on: Generated<'provider' | 'customer'>;
  visibility: RequestVisibility;
  /** Since when it waits on `waiting_on`. */
  waiting_since: TimestampDefault;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Bumped by every change of the row: the If-Match value. */
  version: Generated<number>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface RequestParticipantsTable {
  request_id: string;
  /** The request's company (a participant is a user of it). */
  company_id: string;
  user_id: string;
  added_by: string | null;
  added_at: TimestampDefault;
}

export interface RequestCommentsTable {
  id: string;
  request_id: string;
  company_id: string;
  author_id: string;
  /** Staff writing for a company: that company. */
  on_behalf_of: string | null;
  body: string;
  /** Staff only; never shown to a customer. */
  internal: Generated<boolean>;
  created_at: TimestampDefault;
}

/** Append-only (a trigger refuses updates and deletes, but for a deleted company's). */
export interface RequestEventsTable {
  id: Identity;
  request_id: string;
  company_id: string;
  /** A user id, or 'host'. */
  actor_id: string;
  /** Staff acting for a company ("X for Y"): Y. */
  on_behalf_of_company: string | null;
  kind: RequestEventKind;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  /** Never shown to a customer (e.g. an internal note). */
  internal: Generated<boolean>;
  at: TimestampDefault;
}

/** Migration 0014: a file attached to a request (bytes in the documents storage). */
export interface RequestAttachmentsTable {
  /** 'att_' + random. */
  id: string;
  request_id: string;
  company_id: string;
  /** Cleaned of paths and control or direction-override characters. */
  file_name: string;
  /** Decided from the content (file-type), not the name. */
  content_type: string;
  size_bytes: number;
  sha256: string;
  /** Where the bytes are in the documents storage. */
  storage_key: string;
  scan: 'pending' | 'clean' | 'infected' | 'not_scanned' | 'failed';
  scan_detail: ColumnType<string | null, string | null | undefined, string | null>;
  version: Generated<number>;
  replaces_id: ColumnType<string | null, string | null | undefined, string | null>;
  uploaded_by: string;
  on_behalf_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set when saved to the company's documents. */
  document_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: TimestampDefault;
}

// ── The requests' schedule (migration 0015; jobs/request-schedule.ts) ──────────────────────────

/** One renewal check-in per subscription and end date (the primary key is the marker). */
export interface RequestCheckInsTable {
  company_id: string;
  subscription_id: string;
  period_end: Day;
  request_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: TimestampDefault;
}

/** A company's recurring check-in (a quarterly review…). */
export interface RequestCheckInTemplatesTable {
  /** 'cit_' + random. */
  id: string;
  company_id: string;
  title: string;
  /** A configured request type (default 'review'). */
  type: ColumnType<string, string | undefined, string>;
  every_months: 1 | 3 | 6 | 12;
  /** The day the next request is opened. */
  next_on: Day;
  active: Generated<boolean>;
  created_at: TimestampDefault;
}

/** One reminder per request, kind and period (due date or start of the wait). */
export interface RequestRemindersTable {
  request_id: string;
  company_id: string;
  kind: 'assignee_50' | 'assignee_75' | 'customer_3' | 'customer_7';
  period: Timestamp;
  created_at: TimestampDefault;
}

/** The last request event the e-mail and webhook steps have taken in. */
export interface RequestCursorsTable {
  name: 'mail' | 'webhook';
  last_event_id: Generated<number>;
  updated_at: TimestampDefault;
}

/** What one person is e-mailed about one request; at most one unsent row per person and request. */
export interface RequestNotificationsTable {
  id: Identity;
  company_id: string;
  request_id: string;
  user_id: string;
  /** The request events' ids (jsonb array). */
  event_ids: Json<number[]>;
  created_at: TimestampDefault;
  /** Not sent before: an hour after the last e-mail to the person on the request. */
  not_before: Timestamp;
  sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  attempts: Generated<number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  gave_up: Generated<boolean>;
}

/** An e-mail kept in the store because SMTP_URL is not set (`client-portal-host outbox`). */
export interface MailOutboxTable {
  company_id: string;
  id: string;
  created_at: Timestamp;
  sender: string;
  recipient: string;
  subject: string;
  request_key: string;
  body_text: string;
  body_html: string;
}

/** One signed POST of one request event to REQUEST_WEBHOOK_URL. */
export interface RequestWebhookDeliveriesTable {
  /** 'whd_' + random: the X-Portal-Delivery header, the same on every retry. */
  id: string;
  event_id: number;
  company_id: string;
  request_id: string;
  /** The exact JSON body sent (and signed). */
  body: string;
  created_at: TimestampDefault;
  next_attempt_at: Timestamp;
  attempts: Generated<number>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  gave_up: Generated<boolean>;
  last_status: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Database {
  account_managers: AccountManagersTable;
  companies: CompaniesTable;
  contacts: ContactsTable;
  deals: DealsTable;
  projects: ProjectsTable;
  talent: TalentTable;
  talent_specializations: TalentSpecializationsTable;
  talent_assignments: TalentAssignmentsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  github_organisations: GithubOrganisationsTable;
  github_repositories: GithubRepositoriesTable;
  deployments: DeploymentsTable;
  code_changes: CodeChangesTable;
  incidents: IncidentsTable;
  delivery_days: DeliveryDaysTable;
  delivery_projects: DeliveryProjectsTable;
  ai_tool_scopes: AiToolScopesTable;
  ai_usage_daily: AiUsageDailyTable;
  ai_usage_breakdowns: AiUsageBreakdownsTable;
  ai_usage_raw: AiUsageRawTable;
  documents: DocumentsTable;
  kb_articles: KbArticlesTable;
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  read_versions: ReadVersionsTable;
  ingest_tokens: IngestTokensTable;
  github_webhooks: GithubWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  repository_commits: RepositoryCommitsTable;
  delivery_sources: DeliverySourcesTable;
  sync_state: SyncStateTable;
  company_request_settings: CompanyRequestSettingsTable;
  requests: RequestsTable;
  request_participants: RequestParticipantsTable;
  request_comments: RequestCommentsTable;
  request_events: RequestEventsTable;
  request_attachments: RequestAttachmentsTable;
  request_check_ins: RequestCheckInsTable;
  request_check_in_templates: RequestCheckInTemplatesTable;
  request_reminders: RequestRemindersTable;
  request_cursors: RequestCursorsTable;
  request_notifications: RequestNotificationsTable;
  request_webhook_deliveries: RequestWebhookDeliveriesTable;
  mail_outbox: MailOutboxTable;
}

export type TableName = keyof Database;
export type Row<T extends TableName> = Selectable<Database[T]>;
export type NewRow<T extends TableName> = Insertable<Database[T]>;
