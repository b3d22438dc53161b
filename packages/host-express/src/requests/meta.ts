import type { RequestMeta, StaffQueueOptions } from '@client-portal/api-client/requests';
import type { Kysely } from 'kysely';
import type { HostConfig } from '../config/index.js';
import { alphabetical } from '../routes/customer/crm-values.js';
import type { Database } from '../store/schema.js';
import { peopleQuery, personOf } from './people.js';
import type { Actor } from './status.js';
import { DEFAULT_REQUEST_TYPES, type RequestTypeSpec } from './types.js';

type Db = Kysely<Database>;

/** What the caller can file (GET /api/requests/meta), for the actor's company. */
export async function requestMeta(
  db: Db,
  actor: Actor,
  companyId: string,
  config: HostConfig,
  attachmentTypes: readonly string[],
  options: { types?: readonly RequestTypeSpec[] } = {},
): Promise<RequestMeta> {
  const staff = actor.kind === 'staff';
  const [settings, colleagues, assignees, subscriptions, projects] = await Promise.all([
    db
      .selectFrom('company_request_settings')
      .select('default_visibility')
      .where('company_id', '=', companyId)
      .executeTakeFirst(),
    peopleQuery(db)
      .where('u.company_id', '=', companyId)
      .where('u.role', '=', 'customer')
      .where('u.disabled_at', 'is', null)
      .limit(1000)
      .execute(),
    staff
      ? peopleQuery(db).where('u.role', '=', 'staff').where('u.disabled_at', 'is', null).limit(1000).execute()
      : [],
    db
      .selectFrom('deals')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('start_date', (ob) => ob.desc().nullsLast())
      .orderBy('id')
      .limit(1000)
      .execute(),
    db
      .selectFrom('projects')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('in_crm', '=', true)
      .limit(1000)
      .execute(),
  ]);
  const byName = (a: { name: string }, b: { name: string }) => alphabetical(a.name, b.name);
  const types = options.types ?? DEFAULT_REQUEST_TYPES;
  return {
    types: types.map((t) => ({
      id: t.id,
      label: t.label,
      needsApproval: t.needsApproval,
      requiresProject: t.requiresProject,
      requiresSubscription: t.requiresSubscription,
      hostOnly: t.hostOnly,
      fields: t.fields.map((f) => ({ ...f, ...(f.options ? { options: [...f.options] } : {}) })),
    })),
    defaultVisibility: settings?.default_visibility ?? 'participants',
    companyAdmin: actor.kind === 'customer' && actor.admin,
    staff,
    colleagues: colleagues.map(personOf).sort(byName),
    assignees: assignees.map(personOf).sort(byName),
    subscriptions: subscriptions.map((d) => ({ id: d.id, name: d.name })),
    projects: projects.map((p) => ({ id: p.id, name: p.name })).sort(byName),
    attachmentLimits: {
      fileBytes: config.requests.attachments.fileBytes,
      requestBytes: config.requests.attachments.requestBytes,
      types: [...attachmentTypes],
    },
  };
}

/** The staff queue's filters (GET /api/staff/requests/options): every type and every assignable staff member. */
export async function staffQueueOptions(
  db: Db,
  types: readonly RequestTypeSpec[] = DEFAULT_REQUEST_TYPES,
): Promise<StaffQueueOptions> {
  const staff = await peopleQuery(db)
    .where('u.role', '=', 'staff')
    .where('u.disabled_at', 'is', null)
    .limit(1000)
    .execute();
  return {
    types: types.map((t) => ({ id: t.id, label: t.label })).sort((a, b) => alphabetical(a.label, b.label)),
    assignees: staff.map(personOf).sort((a, b) => alphabetical(a.name, b.name)),
  };
}
