import type { AccountManagerResponse, ProfileResponse } from '@client-portal/api-client';
import type { Kysely } from 'kysely';
import { precompiled } from '../../store/precompiled.js';
import type { Database } from '../../store/schema.js';
import type { CallerScope } from '../scope.js';
import { bookingLink, displayableImage, personName } from './crm-values.js';

/**
 * The profile of the caller: their CRM contact and company. A customer sees their own contact;
 * null (→ 404) when the account has no contact in its company.
 *
 * Staff acting for a company have no contact of their own. They get the company's first contact
 * (oldest, then lowest id) so the portal renders as that company's users see it: the Home gate
 * reads a real lifecycle stage, and the contact id is one POST /api/talent-associations accepts
 * for staff. Null when the company has no contact.
 */
export async function loadProfile(db: Kysely<Database>, scope: CallerScope): Promise<ProfileResponse | null> {
  if (scope.role === 'customer' && scope.contactId === null) return null;
  let query = db
    .selectFrom('contacts as ct')
    .innerJoin('companies as c', 'c.id', 'ct.company_id')
    .where('c.id', '=', scope.companyId)
    .select([
      'ct.id',
      'ct.first_name',
      'ct.last_name',
      'ct.email',
      'ct.phone',
      'ct.job_title',
      'ct.lifecycle_stage',
      'ct.owner_id',
      'ct.properties',
      'c.id as company_id',
      'c.name as company_name',
      'c.domain as company_domain',
      'c.logo_url as company_logo',
    ]);
  query =
    scope.role === 'customer' && scope.contactId !== null
      ? query.where('ct.id', '=', scope.contactId)
      : query.orderBy('ct.created_at').orderBy('ct.id').limit(1);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const raw = row.properties;
  const properties = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {};
  return {
    profile: {
      contact: {
        id: row.id,
        name: personName(row.first_name, row.last_name, row.email),
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
        jobTitle: row.job_title,
        // The columns are the synced truth; a stale copy in the raw properties must not win.
        properties: { ...properties, lifecyclestage: row.lifecycle_stage, hubspot_owner_id: row.owner_id },
      },
      company: {
        id: row.company_id,
        name: row.company_name,
        domain: row.company_domain,
        companyLogo: displayableImage(row.company_logo),
      },
    },
  };
}

/**
 * The caller's account manager: their contact's CRM owner, else the company's default account
 * manager; null when neither is set. Staff (no contact) get the company's default.
 */
function accountManagerOf(db: Kysely<Database>, companyId: string, contactId: string | null) {
  return db
    .selectFrom('account_managers as am')
    .select(['am.id', 'am.name', 'am.email', 'am.title', 'am.phone', 'am.photo_url', 'am.booking_url'])
    .where('am.id', '=', (eb) => {
      const companyDefault = eb
        .selectFrom('companies')
        .select('account_manager_id')
        .where('id', '=', companyId);
      if (contactId === null) return companyDefault;
      // Scalar subqueries: no row, or a null owner, falls through to the company's default.
      const owner = eb
        .selectFrom('contacts')
        .select('owner_id')
        .where('id', '=', contactId)
        .where('company_id', '=', companyId);
      return eb.fn.coalesce(owner, companyDefault);
    });
}

/** The contact's owner, else the company's default. */
const contactAccountManager = precompiled(
  ['companyId', 'contactId'],
  (db, { companyId, contactId }: { companyId: string; contactId: string }) =>
    accountManagerOf(db, companyId, contactId),
);

/** The company's default (staff, who have no contact). */
const companyAccountManager = precompiled(['companyId'], (db, { companyId }: { companyId: string }) =>
  accountManagerOf(db, companyId, null),
);

export async function loadAccountManager(
  db: Kysely<Database>,
  scope: CallerScope,
): Promise<AccountManagerResponse> {
  const { companyId, contactId } = scope;
  const [row] =
    contactId === null
      ? await companyAccountManager(db, { companyId })
      : await contactAccountManager(db, { companyId, contactId });
  if (!row) return { accountManager: null };
  return {
    accountManager: {
      id: row.id,
      name: row.name,
      email: row.email,
      title: row.title,
      phone: row.phone,
      photoUrl: displayableImage(row.photo_url),
      bookingUrl: bookingLink(row.booking_url),
    },
  };
}
