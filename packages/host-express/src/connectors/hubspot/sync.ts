import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, SyncCounts } from '../../store/schema.js';
import { ConnectorError } from '../http.js';
import type { ScopeResult, SourceSync, SourceSyncOptions } from '../source.js';
import {
  emptyCounts,
  markFinished,
  markStarted,
  readCursor,
  type SyncScope,
  saveCursor,
} from '../sync-state.js';
import {
  BATCH_SIZE,
  createHubspotClient,
  HUBSPOT_ID,
  type HubspotClient,
  type HubspotObject,
  type HubspotOwner,
} from './client.js';
import type { HubspotSettings } from './settings.js';

// HubSpot → the portal's CRM tables (source 'hubspot'), per portal company with a hubspot_id (one
// sync_state scope each): the company itself (name, domain, logo, account manager), its associated
// contacts, deals (stage and service-type labels, term dates, hours) and projects (a custom object
// with a Jira key), and the owners they name as account managers.
//
// How a company is read: its associations (v4, 500 ids a page), then the records in batch reads of
// 100, so a record costs about 1/100 + 1/500 of a request; the deal pipelines, the service-type
// options and the owners are read once a run. Every record is read on every run: the CRM search
// API could filter by modification date, but it answers at most 10,000 results per query, has its
// own limit of 4–5 requests a second, lags behind writes by seconds (a cursor moved past a
// record not yet indexed would lose it), and never reports a removed association. Reading all
// costs ~120 requests for 10,000 deals, well inside the daily quota at one run every few minutes.
//
// The cursor (sync_state.cursor, the latest modification instant stored for the company) decides
// what is compared: a stored record HubSpot has not modified since is counted unchanged and not
// touched. Everything else is compared with its row and written only when it differs, so the read
// versions (and the portal's caches) move only on real changes. --since lowers the cursor (a
// re-sync, e.g. after a stage was renamed or a deal property setting changed). The cursor moves
// only when the company synced completely.
//
// Each page is stored in one transaction; a failed run leaves whole pages, and a re-run finds the
// rows by (company, hubspot_id) and creates no duplicates. Rows the portal already had before the
// sync are adopted rather than duplicated: a contact by e-mail, a project by Jira key (an
// analytics-only project becomes a CRM one), an account manager by e-mail. Deals no longer
// associated with the company are removed; projects no longer associated stop being CRM projects
// (in_crm false: their analytics stay); contacts are kept (sign-ins refer to them).

/** The resume point kept in sync_state.cursor. */
export interface HubspotCursor {
  /** The latest modification instant (ISO 8601) of the company's records, when it last synced completely. */
  lastModified: string;
}

export const COMPANY_PROPERTIES = [
  'name',
  'domain',
  'hs_logo_url',
  'hubspot_owner_id',
  'hs_lastmodifieddate',
];
export const CONTACT_PROPERTIES = [
  'email',
  'firstname',
  'lastname',
  'phone',
  'jobtitle',
  'lifecyclestage',
  'hubspot_owner_id',
  'lastmodifieddate',
];
export const dealProperties = (settings: HubspotSettings): string[] => [
  'dealname',
  'dealstage',
  'pipeline',
  'hs_lastmodifieddate',
  settings.deal.serviceType,
  settings.deal.startDate,
  settings.deal.endDate,
  settings.deal.hours,
];

/** A run that must not go on: no company can sync before the cause goes away. */
const STOPS_RUN = new Set(['quota', 'auth', 'rate-limited']);

interface PortalCompany {
  id: string;
  name: string;
  hubspot_id: string;
}

/** What a run reads once and shares between companies. */
interface Run {
  client: HubspotClient;
  settings: HubspotSettings;
  owners: Promise<Map<string, HubspotOwner>> | null;
  dealLabels: Promise<{ stages: Map<string, string>; serviceTypes: Map<string, string> }> | null;
  /** HubSpot owner id → account_managers.id (null: no such owner), for owners stored this run. */
  managers: Map<string, string | null>;
}

interface CompanyJob {
  db: Kysely<Database>;
  run: Run;
  company: PortalCompany;
  at: SyncScope;
  counts: SyncCounts;
  options: SourceSyncOptions;
  now: () => Date;
  /** Stored records modified before this instant (ms) are not compared; null: compare all. */
  skipBefore: number | null;
  /** The latest modification seen, ms. */
  latest: number | null;
  page: number;
}

class Stopped extends Error {}

function messageOf(error: unknown): string {
  if (error instanceof ConnectorError) return error.message;
  return `HubSpot: ${error instanceof Error ? error.message : String(error)}`;
}

export const syncHubspot: SourceSync<HubspotSettings> = async (db, settings, options = {}) => {
  const now = options.now ?? (() => new Date());
  const client = createHubspotClient(settings, options.http);
  const run: Run = { client, settings, owners: null, dealLabels: null, managers: new Map() };
  const companies = (await db
    .selectFrom('companies')
    .select(['id', 'name', 'hubspot_id'])
    .where('hubspot_id', 'is not', null)
    .where('hubspot_id', '<>', '')
    .orderBy('id')
    .execute()) as PortalCompany[];
  const scopes: ScopeResult[] = [];
  let stoppedBy: string | null = null;
  for (const company of companies) {
    const label = `${company.name} (HubSpot ${company.hubspot_id})`;
    if (stoppedBy === null && options.signal?.aborted) stoppedBy = 'the run was stopped';
    if (stoppedBy !== null) {
      // Not started: its sync_state keeps the last run's outcome.
      scopes.push({
        scope: company.id,
        label,
        companyId: company.id,
        counts: emptyCounts(),
        error: `HubSpot: not synced, ${stoppedBy}`,
      });
      continue;
    }
    const at: SyncScope = { source: 'hubspot', scope: company.id, companyId: company.id };
    const counts = emptyCounts();
    const before = client.requests;
    await markStarted(db, at, now());
    let error: string | null = null;
    try {
      if (!HUBSPOT_ID.test(company.hubspot_id)) {
        throw new Error(`"${company.hubspot_id.slice(0, 40)}" is not a HubSpot company id (digits)`);
      }
      const cursor = options.since
        ? { lastModified: options.since.toISOString() }
        : await readCursor<HubspotCursor>(db, at);
      const skipBefore = cursor ? Date.parse(cursor.lastModified) : Number.NaN;
      const job: CompanyJob = {
        db,
        run,
        company,
        at,
        counts,
        options,
        now,
        skipBefore: Number.isFinite(skipBefore) ? skipBefore : null,
        latest: null,
        page: 0,
      };
      await syncCompany(job, label);
    } catch (failure) {
      error =
        failure instanceof Stopped
          ? 'HubSpot: the run was stopped before the company finished'
          : messageOf(failure);
      if (failure instanceof Stopped) stoppedBy = 'the run was stopped';
      else if (failure instanceof ConnectorError && STOPS_RUN.has(failure.kind)) {
        stoppedBy = `an earlier company's request ended the run (${failure.kind})`;
      }
    }
    counts.requests = client.requests - before;
    await markFinished(db, at, { now: now(), counts, error });
    scopes.push({ scope: company.id, label, companyId: company.id, counts, error });
  }
  return { scopes, requests: client.requests };
};

// ── One company ────────────────────────────────────────────────────────────────────────────────

async function syncCompany(job: CompanyJob, label: string): Promise<void> {
  const { run, company, db } = job;
  const { settings, client } = run;
  const record = await client.company(company.hubspot_id, COMPANY_PROPERTIES);
  job.counts.pages++;
  seen(job, record);
  const managers = await accountManagers(job, [record.properties.hubspot_owner_id]);
  await db.transaction().execute(async (trx) => {
    await storeCompany(trx, job, record, managers);
  });
  progress(job, label, 'the company');

  const contactIds = await client.associatedIds(company.hubspot_id, 'contacts');
  await inPages(job, label, 'contacts', contactIds, async (ids) => {
    const records = await client.batchRead('contacts', ids, CONTACT_PROPERTIES);
    const owners = await accountManagers(
      job,
      records.map((r) => r.properties.hubspot_owner_id),
    );
    return (trx) => storeContacts(trx, job, records, owners);
  });

  const dealIds = await client.associatedIds(company.hubspot_id, 'deals');
  if (dealIds.length > 0) {
    run.dealLabels ??= Promise.all([
      client.dealStages(),
      client.propertyOptions('deals', settings.deal.serviceType),
    ]).then(([stages, serviceTypes]) => ({ stages, serviceTypes }));
    // A failed read is the same failure for every company: it is not repeated.
    run.dealLabels.catch(() => undefined);
  }
  await inPages(job, label, 'deals', dealIds, async (ids) => {
    const records = await client.batchRead('deals', ids, dealProperties(settings));
    const labels = await (run.dealLabels as NonNullable<Run['dealLabels']>);
    return (trx) => storeDeals(trx, job, records, labels);
  });
  await removeDealsNotAssociated(job, dealIds);

  const projects = settings.projects;
  if (projects) {
    const projectIds = await client.associatedIds(company.hubspot_id, projects.objectType);
    await inPages(job, label, 'projects', projectIds, async (ids) => {
      const records = await client.batchRead(projects.objectType, ids, [
        projects.nameProperty,
        projects.jiraKeyProperty,
        'hs_lastmodifieddate',
      ]);
      return (trx) => storeProjects(trx, job, records);
    });
    await retireProjectsNotAssociated(job, projectIds);
  }

  if (job.latest !== null) {
    const previous = job.skipBefore;
    const latest = previous !== null && previous > job.latest && !job.options.since ? previous : job.latest;
    await saveCursor(db, job.at, { lastModified: new Date(latest).toISOString() } satisfies HubspotCursor);
  }
}

/** Reads `ids` a batch at a time and stores each batch in its own transaction. */
async function inPages(
  job: CompanyJob,
  label: string,
  what: string,
  ids: readonly string[],
  read: (ids: readonly string[]) => Promise<(trx: Transaction<Database>) => Promise<void>>,
): Promise<void> {
  for (let start = 0; start < ids.length; start += BATCH_SIZE) {
    if (job.options.signal?.aborted) throw new Stopped();
    const store = await read(ids.slice(start, start + BATCH_SIZE));
    job.counts.pages++;
    await job.db.transaction().execute(store);
    progress(job, label, what);
  }
}

function progress(job: CompanyJob, label: string, what: string): void {
  job.page++;
  job.options.onProgress?.({
    label,
    what,
    page: job.page,
    counts: { ...job.counts, requests: job.run.client.requests },
  });
}

function modifiedAt(record: HubspotObject): number | null {
  const value =
    record.updatedAt ?? record.properties.hs_lastmodifieddate ?? record.properties.lastmodifieddate ?? null;
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

function seen(job: CompanyJob, record: HubspotObject): void {
  job.counts.received++;
  const at = modifiedAt(record);
  if (at !== null && (job.latest === null || at > job.latest)) job.latest = at;
}

/** Not modified since the cursor: a stored row of it needs no comparison. */
function untouched(job: CompanyJob, record: HubspotObject): boolean {
  const at = modifiedAt(record);
  return job.skipBefore !== null && at !== null && at < job.skipBefore;
}

function differs<T extends object>(row: T, values: Partial<T>): boolean {
  return Object.entries(values).some(([name, value]) => row[name as keyof T] !== value);
}

/** A property's text: trimmed, null when empty. */
function text(value: string | null | undefined, max = 1000): string | null {
  const clean = value?.trim();
  return clean ? clean.slice(0, max) : null;
}

/** A HubSpot date (or datetime, or epoch milliseconds) as a calendar day, 'YYYY-MM-DD'. */
export function hubspotDay(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return Number.isFinite(Date.parse(`${raw}T00:00:00Z`)) ? raw : null;
  const ms = /^\d{9,}$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
}

function hours(value: string | null | undefined): number | null {
  const raw = value?.trim();
  if (!raw) return null;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

// ── Owners → account managers ─────────────────────────────────────────────────────────────────

/**
 * The account_managers ids of these HubSpot owner ids (null: unset, or not an active owner),
 * storing each owner once a run, in its own transaction: an account manager nobody refers to yet
 * is harmless, and the records' transactions then only refer to rows that exist.
 */
async function accountManagers(
  job: CompanyJob,
  ownerIds: readonly (string | null | undefined)[],
): Promise<Map<string, string | null>> {
  const { run } = job;
  const wanted = [...new Set(ownerIds.map((o) => o?.trim()).filter((o): o is string => !!o))];
  const missing = wanted.filter((o) => !run.managers.has(o));
  if (missing.length > 0) {
    run.owners ??= run.client.owners().then((owners) => new Map(owners.map((owner) => [owner.id, owner])));
    run.owners.catch(() => undefined);
    const owners = await run.owners;
    for (const ownerId of missing) {
      const owner = owners.get(ownerId);
      if (!owner) {
        run.managers.set(ownerId, null);
        continue;
      }
      const link = await bookingLinkOf(run, owner);
      const managerId = await job.db.transaction().execute((trx) => storeOwner(trx, owner, link));
      run.managers.set(ownerId, managerId);
    }
  }
  return new Map(wanted.map((o) => [o, run.managers.get(o) ?? null]));
}

/** The owner's meetings link by the configured choice; undefined: keep the stored one. */
async function bookingLinkOf(run: Run, owner: HubspotOwner): Promise<string | null | undefined> {
  const choice = run.settings.meetingLinks;
  if (choice.kind === 'map') {
    return choice.links[owner.id] ?? (owner.email ? choice.links[owner.email.toLowerCase()] : undefined);
  }
  if (choice.kind === 'scheduler' && owner.userId) {
    return (await run.client.meetingLink(owner.userId)) ?? undefined;
  }
  return undefined;
}

async function storeOwner(
  trx: Transaction<Database>,
  owner: HubspotOwner,
  link: string | null | undefined,
): Promise<string> {
  const email = text(owner.email, 320) ?? '';
  const name =
    [text(owner.firstName), text(owner.lastName)].filter(Boolean).join(' ') ||
    email ||
    `HubSpot owner ${owner.id}`;
  const values = { name, email, ...(link !== undefined ? { booking_url: link } : {}) };
  const columns = ['id', 'name', 'email', 'booking_url', 'hubspot_id'] as const;
  const linked = await trx
    .selectFrom('account_managers')
    .select(columns)
    .where('hubspot_id', '=', owner.id)
    .executeTakeFirst();
  if (linked) {
    if (differs(linked, values)) {
      await trx.updateTable('account_managers').set(values).where('id', '=', linked.id).execute();
    }
    return linked.id;
  }
  // A hand-entered account manager with the owner's e-mail becomes the owner's.
  const adoptable = email
    ? await trx
        .selectFrom('account_managers')
        .select(columns)
        .where('hubspot_id', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .orderBy('id')
        .executeTakeFirst()
    : undefined;
  if (adoptable) {
    await trx
      .updateTable('account_managers')
      .set({ ...values, hubspot_id: owner.id })
      .where('id', '=', adoptable.id)
      .execute();
    return adoptable.id;
  }
  const taken = await trx
    .selectFrom('account_managers')
    .select('id')
    .where('id', '=', owner.id)
    .executeTakeFirst();
  const id = taken ? `hubspot-owner-${owner.id}` : owner.id;
  await trx
    .insertInto('account_managers')
    .values({ id, booking_url: null, ...values, hubspot_id: owner.id })
    .execute();
  return id;
}

// ── Company, contacts, deals, projects ────────────────────────────────────────────────────────

async function storeCompany(
  trx: Transaction<Database>,
  job: CompanyJob,
  record: HubspotObject,
  managers: Map<string, string | null>,
): Promise<void> {
  const p = record.properties;
  const row = await trx
    .selectFrom('companies')
    .select(['name', 'domain', 'logo_url', 'account_manager_id'])
    .where('id', '=', job.company.id)
    .executeTakeFirstOrThrow();
  const owner = text(p.hubspot_owner_id);
  // HubSpot's empty name, domain or logo keeps the portal's: a company always has a name, and a
  // logo set by hand is better than the portal's default image.
  const values = {
    name: text(p.name, 500) ?? row.name,
    domain: text(p.domain, 500) ?? row.domain,
    logo_url: text(p.hs_logo_url, 2000) ?? row.logo_url,
    account_manager_id: owner ? (managers.get(owner) ?? null) : null,
  };
  if (differs(row, values)) {
    await trx
      .updateTable('companies')
      .set({ ...values, updated_at: job.now() })
      .where('id', '=', job.company.id)
      .execute();
    job.counts.updated++;
  } else {
    job.counts.unchanged++;
  }
}

async function storeContacts(
  trx: Transaction<Database>,
  job: CompanyJob,
  records: readonly HubspotObject[],
  owners: Map<string, string | null>,
): Promise<void> {
  if (records.length === 0) return;
  const companyId = job.company.id;
  const columns = [
    'id',
    'hubspot_id',
    'email',
    'first_name',
    'last_name',
    'phone',
    'job_title',
    'lifecycle_stage',
    'owner_id',
  ] as const;
  const linked = new Map(
    (
      await trx
        .selectFrom('contacts')
        .select(columns)
        .where('company_id', '=', companyId)
        // = any(array), not in (…): one parameter PostgreSQL can hash, instead of 100 it compares one by one.
        .where(sql<boolean>`hubspot_id = any(${records.map((r) => r.id)})`)
        .execute()
    ).map((row) => [row.hubspot_id as string, row]),
  );
  const emails = records
    .filter((r) => !linked.has(r.id))
    .map((r) => text(r.properties.email)?.toLowerCase())
    .filter((e): e is string => !!e);
  const adoptable = new Map<string, { id: string }>();
  if (emails.length > 0) {
    const rows = await trx
      .selectFrom('contacts')
      .select(['id', 'email'])
      .where('company_id', '=', companyId)
      .where('hubspot_id', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const key = row.email?.toLowerCase();
      if (key && !adoptable.has(key)) adoptable.set(key, row);
    }
  }
  const inserts = [];
  for (const record of records) {
    seen(job, record);
    const p = record.properties;
    const owner = text(p.hubspot_owner_id);
    const values = {
      email: text(p.email, 320),
      first_name: text(p.firstname, 200),
      last_name: text(p.lastname, 200),
      phone: text(p.phone, 100),
      job_title: text(p.jobtitle, 300),
      lifecycle_stage: text(p.lifecyclestage, 100),
      owner_id: owner ? (owners.get(owner) ?? null) : null,
    };
    const row = linked.get(record.id);
    if (row) {
      if (untouched(job, record) || !differs(row, values)) {
        job.counts.unchanged++;
        continue;
      }
      await trx
        .updateTable('contacts')
        .set({ ...values, updated_at: job.now() })
        .where('company_id', '=', companyId)
        .where('id', '=', row.id)
        .execute();
      job.counts.updated++;
      continue;
    }
    const key = values.email?.toLowerCase();
    const adopt = key ? adoptable.get(key) : undefined;
    if (adopt && key) {
      adoptable.delete(key);
      await trx
        .updateTable('contacts')
        .set({ ...values, hubspot_id: record.id, updated_at: job.now() })
        .where('company_id', '=', companyId)
        .where('id', '=', adopt.id)
        .execute();
      job.counts.updated++;
      continue;
    }
    inserts.push({
      id: `${companyId}-hs-${record.id}`,
      company_id: companyId,
      hubspot_id: record.id,
      ...values,
    });
  }
  if (inserts.length > 0) {
    await trx.insertInto('contacts').values(inserts).execute();
    job.counts.created += inserts.length;
  }
}

/** A service type's label: an enumeration's option label (each of a multi-select's values), else as sent. */
function serviceTypeOf(value: string | null, options: Map<string, string>): string {
  if (!value) return '';
  return value
    .split(';')
    .map((v) => options.get(v) ?? v)
    .join('; ')
    .slice(0, 200);
}

async function storeDeals(
  trx: Transaction<Database>,
  job: CompanyJob,
  records: readonly HubspotObject[],
  labels: { stages: Map<string, string>; serviceTypes: Map<string, string> },
): Promise<void> {
  if (records.length === 0) return;
  const companyId = job.company.id;
  const names = job.run.settings.deal;
  const linked = new Map(
    (
      await trx
        .selectFrom('deals')
        .select(['id', 'hubspot_id', 'name', 'service_type', 'stage', 'start_date', 'end_date', 'hours'])
        .where('company_id', '=', companyId)
        // = any(array), not in (…): one parameter PostgreSQL can hash, instead of 100 it compares one by one.
        .where(sql<boolean>`hubspot_id = any(${records.map((r) => r.id)})`)
        .execute()
    ).map((row) => [row.hubspot_id as string, row]),
  );
  const inserts = [];
  for (const record of records) {
    seen(job, record);
    const p = record.properties;
    const stage = text(p.dealstage, 100);
    const values = {
      name: text(p.dealname, 500) ?? `Deal ${record.id}`,
      service_type: serviceTypeOf(text(p[names.serviceType], 500), labels.serviceTypes),
      stage: stage ? (labels.stages.get(stage) ?? stage) : '',
      start_date: hubspotDay(p[names.startDate]),
      end_date: hubspotDay(p[names.endDate]),
      hours: hours(p[names.hours]),
    };
    const row = linked.get(record.id);
    if (row) {
      if (untouched(job, record) || !differs(row, values)) {
        job.counts.unchanged++;
        continue;
      }
      await trx
        .updateTable('deals')
        .set({ ...values, updated_at: job.now() })
        .where('company_id', '=', companyId)
        .where('id', '=', row.id)
        .execute();
      job.counts.updated++;
      continue;
    }
    inserts.push({
      id: `${companyId}-hs-${record.id}`,
      company_id: companyId,
      hubspot_id: record.id,
      ...values,
    });
  }
  if (inserts.length > 0) {
    await trx.insertInto('deals').values(inserts).execute();
    job.counts.created += inserts.length;
  }
}

async function storeProjects(
  trx: Transaction<Database>,
  job: CompanyJob,
  records: readonly HubspotObject[],
): Promise<void> {
  if (records.length === 0) return;
  const companyId = job.company.id;
  const names = job.run.settings.projects as NonNullable<HubspotSettings['projects']>;
  // Every project of the company: few, and the Jira keys must stay unique among all of them.
  const rows = await trx
    .selectFrom('projects')
    .select(['id', 'hubspot_id', 'name', 'jira_key', 'in_crm'])
    .where('company_id', '=', companyId)
    .execute();
  const linked = new Map(rows.filter((r) => r.hubspot_id !== null).map((r) => [r.hubspot_id as string, r]));
  const byKey = new Map(rows.filter((r) => r.jira_key).map((r) => [r.jira_key as string, r]));
  for (const record of records) {
    seen(job, record);
    const p = record.properties;
    const key = text(p[names.jiraKeyProperty], 100);
    const values = {
      name: text(p[names.nameProperty], 500) ?? key ?? `HubSpot project ${record.id}`,
      jira_key: key,
      in_crm: true,
    };
    let row = linked.get(record.id);
    const holder = key ? byKey.get(key) : undefined;
    let adopt = false;
    if (!row && holder && holder.hubspot_id === null) {
      // The portal knew the project by its Jira key (hand-entered, or analytics-only).
      row = holder;
      adopt = true;
    } else if (holder && holder !== row) {
      // Two HubSpot projects name the same Jira key: the later one is stored without it.
      values.jira_key = null;
    }
    if (row) {
      if (!adopt && (untouched(job, record) || !differs(row, values))) {
        job.counts.unchanged++;
        continue;
      }
      await trx
        .updateTable('projects')
        .set({ ...values, hubspot_id: record.id, updated_at: job.now() })
        .where('company_id', '=', companyId)
        .where('id', '=', row.id)
        .execute();
      if (row.jira_key && row.jira_key !== values.jira_key) byKey.delete(row.jira_key);
      const stored = { ...row, ...values, hubspot_id: record.id };
      if (values.jira_key) byKey.set(values.jira_key, stored);
      linked.set(record.id, stored);
      job.counts.updated++;
      continue;
    }
    const inserted = { id: `${companyId}-hs-${record.id}`, hubspot_id: record.id, ...values };
    await trx
      .insertInto('projects')
      .values({ ...inserted, company_id: companyId })
      .execute();
    if (values.jira_key) byKey.set(values.jira_key, inserted);
    linked.set(record.id, inserted);
    job.counts.created++;
  }
}

/** Synced deals the company no longer has in HubSpot (removed, or moved to another company). */
async function removeDealsNotAssociated(job: CompanyJob, ids: readonly string[]): Promise<void> {
  const keep = new Set(ids);
  const gone = (
    await job.db
      .selectFrom('deals')
      .select(['id', 'hubspot_id'])
      .where('company_id', '=', job.company.id)
      .where('hubspot_id', 'is not', null)
      .execute()
  ).filter((row) => !keep.has(row.hubspot_id as string));
  for (let start = 0; start < gone.length; start += 500) {
    const chunk = gone.slice(start, start + 500).map((row) => row.id);
    await job.db
      .deleteFrom('deals')
      .where('company_id', '=', job.company.id)
      .where('id', 'in', chunk)
      .execute();
  }
}

/** Synced projects the company no longer has in HubSpot stay as analytics-only projects. */
async function retireProjectsNotAssociated(job: CompanyJob, ids: readonly string[]): Promise<void> {
  const keep = new Set(ids);
  const gone = (
    await job.db
      .selectFrom('projects')
      .select(['id', 'hubspot_id'])
      .where('company_id', '=', job.company.id)
      .where('hubspot_id', 'is not', null)
      .where('in_crm', '=', true)
      .execute()
  ).filter((row) => !keep.has(row.hubspot_id as string));
  if (gone.length > 0) {
    await job.db
      .updateTable('projects')
      .set({ in_crm: false, updated_at: job.now() })
      .where('company_id', '=', job.company.id)
      .where(
        'id',
        'in',
        gone.map((row) => row.id),
      )
      .execute();
  }
}
