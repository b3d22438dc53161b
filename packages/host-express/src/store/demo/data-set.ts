import type { NewRow, TableName } from '../schema.js';
import { aiToolScopes, aiUsageDaily } from './ai-usage.js';
import { accountManagers, companies, contacts, deals, projects, users } from './crm.js';
import { type DeliveryPlan, deliveryPlan } from './delivery.js';
import { type DemoFile, demoDocuments } from './documents.js';
import { githubOrganisations, githubRepositories } from './github.js';
import { kbArticles } from './knowledge-base.js';
import { demoRandom } from './random.js';
import { demoRequests } from './requests.js';
import { talent, talentAssignments, talentSpecializations } from './talent.js';
import { teamMembers, teams } from './teams.js';

/** One table's rows. */
export type TableRows = { [T in TableName]: { table: T; rows: NewRow<T>[] } }[TableName];

export interface DemoDataSetInput {
  now: Date;
  homeLifecycleStage: string;
  /** Stored for every demo account (they share the public demo password). */
  passwordHash: string;
}

export interface DemoDataSet {
  /** Inserted first, parents before children. */
  tables: TableRows[];
  /** The delivery events per project, stored through the ingest functions (created at `now`). */
  delivery: DeliveryPlan;
  /** Inserted after the delivery events. */
  after: TableRows[];
  /** The documents' PDFs. */
  files: DemoFile[];
}

/** Tables whose created_at / updated_at default to now() in the database. */
const CREATED = new Set<TableName>([
  'account_managers',
  'companies',
  'contacts',
  'users',
  'deals',
  'projects',
  'talent',
  'talent_assignments',
  'teams',
  'github_organisations',
  'github_repositories',
  'documents',
]);
const UPDATED = new Set<TableName>(['companies', 'contacts', 'deals', 'projects', 'kb_articles']);

/** Rows that do not say when they were created get `now`, not the database clock. */
function stamped<T extends TableName>(table: T, rows: NewRow<T>[], now: Date): NewRow<T>[] {
  const stamps = {
    ...(CREATED.has(table) ? { created_at: now } : {}),
    ...(UPDATED.has(table) ? { updated_at: now } : {}),
  };
  return rows.map((row) => ({ ...stamps, ...row }));
}

/** The whole demo data set: a pure function of its input, so a fixed `now` gives the same store. */
export function demoDataSet({ now, homeLifecycleStage, passwordHash }: DemoDataSetInput): DemoDataSet {
  const random = demoRandom('client-portal-demo');
  const documents = demoDocuments(now);
  const table = <T extends TableName>(name: T, rows: NewRow<T>[]) =>
    ({ table: name, rows: stamped(name, rows, now) }) as TableRows;
  const delivery = deliveryPlan(now);
  const requests = demoRequests(now);
  return {
    tables: [
      table('account_managers', accountManagers),
      table('companies', companies),
      table('contacts', contacts(homeLifecycleStage)),
      table('users', users(passwordHash)),
      table('deals', deals(now)),
      table('projects', projects),
      table('talent', talent(random)),
      table('talent_specializations', talentSpecializations()),
      table('talent_assignments', talentAssignments(now)),
      table('teams', teams(now)),
      table('team_members', teamMembers()),
      table('github_organisations', githubOrganisations()),
      table('github_repositories', githubRepositories(now)),
    ],
    delivery,
    after: [
      table('ai_tool_scopes', aiToolScopes(now)),
      table('ai_usage_daily', aiUsageDaily(now)),
      table('documents', documents.rows),
      table('kb_articles', kbArticles(now)),
      table('company_request_settings', requests.settings),
      table('requests', requests.requests),
      table('request_participants', requests.participants),
      table('request_comments', requests.comments),
      table('request_events', requests.events),
      table('request_attachments', requests.attachments),
    ],
    files: [...documents.files, ...requests.files],
  };
}
