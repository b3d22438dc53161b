import { type Kysely, sql } from 'kysely';
import type { Database } from '../../store/schema.js';
import type { Actor } from '../status.js';

/**
 * Two companies for the schedule's tests: Acme (an admin, two members, an account manager with a
 * meeting link, an active subscription) and Globex (its own admin and subscription); Initech has
 * a subscription and no users. Two provider staff.
 */
export async function seedScheduleFixture(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('account_managers')
    .values({
      id: 'am-jane',
      name: 'Jane Manager',
      email: 'jane@provider.example',
      title: null,
      phone: null,
      photo_url: null,
      booking_url: 'https://meetings.example/jane',
    })
    .execute();
  await db
    .insertInto('companies')
    .values([
      {
        id: 'acme',
        name: 'Acme Corporation',
        domain: null,
        logo_url: null,
        hubspot_id: null,
        account_manager_id: 'am-jane',
      },
      {
        id: 'globex',
        name: 'Globex',
        domain: null,
        logo_url: null,
        hubspot_id: null,
        account_manager_id: null,
      },
      {
        id: 'initech',
        name: 'Initech',
        domain: null,
        logo_url: null,
        hubspot_id: null,
        account_manager_id: null,
      },
    ])
    .execute();
  const customer = (id: string, company: string, admin = false, name = id) => ({
    id,
    email: `${id}@${company}.example`,
    display_name: name,
    role: 'customer' as const,
    company_id: company,
    company_admin: admin,
    password_hash: null,
    contact_id: null,
    oidc_subject: null,
    disabled_at: null,
  });
  const staff = (id: string, name: string) => ({
    id,
    email: `${id}@provider.example`,
    display_name: name,
    role: 'staff' as const,
    company_id: null,
    password_hash: null,
    contact_id: null,
    oidc_subject: null,
    disabled_at: null,
  });
  await db
    .insertInto('users')
    .values([
      { ...customer('u-alice', 'acme', false, 'Alice Member'), created_at: new Date('2026-01-01T00:00:00Z') },
      { ...customer('u-bob', 'acme', false, 'Bob Member'), created_at: new Date('2026-01-02T00:00:00Z') },
      { ...customer('u-carol', 'acme', true, 'Carol Admin'), created_at: new Date('2026-01-03T00:00:00Z') },
      customer('u-gina', 'globex', true, 'Gina Globex'),
      staff('u-sam', 'Sam Staff'),
      staff('u-sue', 'Sue Staff'),
    ])
    .execute();
}

export const actors = {
  alice: { kind: 'customer', userId: 'u-alice', companyId: 'acme', admin: false },
  bob: { kind: 'customer', userId: 'u-bob', companyId: 'acme', admin: false },
  carol: { kind: 'customer', userId: 'u-carol', companyId: 'acme', admin: true },
  gina: { kind: 'customer', userId: 'u-gina', companyId: 'globex', admin: true },
  samForAcme: { kind: 'staff', userId: 'u-sam', actingFor: 'acme' },
  samForGlobex: { kind: 'staff', userId: 'u-sam', actingFor: 'globex' },
} as const satisfies Record<string, Actor>;

/** Empties the requests and the schedule's bookkeeping (ids start again at 1, cursors at 0). */
export async function resetRequests(db: Kysely<Database>): Promise<void> {
  await sql`truncate request_webhook_deliveries, request_notifications, request_reminders,
    request_check_ins, request_check_in_templates, request_attachments, request_events,
    request_comments, request_participants, requests, company_request_settings restart identity cascade`.execute(
    db,
  );
  await sql`update request_cursors set last_event_id = 0`.execute(db);
  await db.deleteFrom('deals').execute();
}

/** An Active subscription of the company. */
export async function addSubscription(
  db: Kysely<Database>,
  input: { id: string; company: string; start: string; end: string; hours: number | null; name?: string },
): Promise<void> {
  await db
    .insertInto('deals')
    .values({
      id: input.id,
      company_id: input.company,
      name: input.name ?? `Team plan ${input.id}`,
      service_type: 'Team Plans',
      stage: 'Active',
      start_date: input.start,
      end_date: input.end,
      hours: input.hours,
      hubspot_id: null,
    })
    .execute();
}

export const quietLogger = () => {
  const lines: { level: string; obj: object; msg?: string | undefined }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj, msg });
    };
  return { logger: { info: at('info'), warn: at('warn'), error: at('error') }, lines };
};
