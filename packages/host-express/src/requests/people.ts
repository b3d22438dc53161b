import type { RequestPerson } from '@client-portal/api-client/requests';
import { type Kysely, sql } from 'kysely';
import { personName } from '../routes/customer/crm-values.js';
import type { Database } from '../store/schema.js';

// The people and companies a request's answers name, looked up in batches (`= any(array)`): a
// person by users.display_name, else their CRM contact's name, else the e-mail address; staff
// marked `provider`.

type Db = Kysely<Database>;

/** Users with what their name is made of (filter it further: by ids, a company, a role). */
export function peopleQuery(db: Db) {
  return db
    .selectFrom('users as u')
    .leftJoin('contacts as c', 'c.id', 'u.contact_id')
    .select(['u.id', 'u.email', 'u.display_name', 'u.role', 'c.first_name', 'c.last_name']);
}

const UNKNOWN_PERSON = (id: string): RequestPerson => ({ id, name: 'Former user', provider: false });

/** The people of `ids` by id (one query); an id without a user (deleted) is left out. */
export async function loadPeople(
  db: Db,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, RequestPerson>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== 'host'))];
  const people = new Map<string, RequestPerson>();
  if (wanted.length === 0) return people;
  const rows = await peopleQuery(db).where(sql<boolean>`u.id = any(${wanted}::text[])`).execute();
  for (const row of rows) people.set(row.id, personOf(row));
  return people;
}

export function personOf(row: {
  id: string;
  email: string;
  display_name: string;
  role: 'customer' | 'staff';
  first_name: string | null;
  last_name: string | null;
}): RequestPerson {
  const name = row.display_name.trim() || personName(row.first_name, row.last_name, row.email);
  return { id: row.id, name, provider: row.role === 'staff' };
}

export async function companyNames(db: Db, ids: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where(sql<boolean>`id = any(${wanted}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const person = (people: Map<string, RequestPerson>, id: string) =>
  people.get(id) ?? UNKNOWN_PERSON(id);
