import { type Kysely, sql } from 'kysely';

// The HubSpot connector (connectors/hubspot/): the portal's own ids stay (users, teams and the
// GitHub routes refer to them), and each synced row carries the HubSpot record it came from, as
// companies already do. Contacts, deals and projects are per company (a HubSpot record associated
// with two portal companies is a row in each); owners are one account manager each.

const TABLES = ['contacts', 'deals', 'projects'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table account_managers add column hubspot_id text`.execute(db);
  await sql`create unique index account_managers_hubspot_id_uq on account_managers (hubspot_id)`.execute(db);
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} add column hubspot_id text`.execute(db);
    await sql`create unique index ${sql.raw(`${table}_company_hubspot_id_uq`)}
      on ${sql.table(table)} (company_id, hubspot_id)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} drop column if exists hubspot_id`.execute(db);
  }
  await sql`alter table account_managers drop column if exists hubspot_id`.execute(db);
}
