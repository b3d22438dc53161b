import type { Talent, TalentResponse } from '@client-portal/api-client';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { precompiledJsonRows } from '../../store/precompiled.js';
import type { Database } from '../../store/schema.js';
import { alphabetical, displayableImage } from './crm-values.js';
import { MAX_LIST_ROWS } from '../../http/limits.js';

/**
 * Talent as the caller's company knows it: one row per assignment of the company, with the talent's
 * record, specializations and the company's project (joined on the same company, so a mis-linked
 * row never shows another company's project name).
 */
function companyTalent(db: Kysely<Database>, companyId: string) {
  return db
    .selectFrom('talent_assignments as ta')
    .innerJoin('talent as t', 't.id', 'ta.talent_id')
    .leftJoin('projects as p', (join) =>
      join.onRef('p.id', '=', 'ta.project_id').onRef('p.company_id', '=', 'ta.company_id'),
    )
    .where('ta.company_id', '=', companyId)
    .select((eb) => [
      't.id',
      't.name',
      't.title',
      't.seniority',
      't.years_of_experience',
      't.location',
      't.timezone',
      't.photo_url',
      'ta.status',
      'ta.start_date',
      'ta.end_date',
      'p.name as project_name',
      jsonArrayFrom(
        eb
          .selectFrom('talent_specializations as s')
          .select('s.name')
          .whereRef('s.talent_id', '=', 't.id')
          .limit(MAX_LIST_ROWS),
      ).as('specializations'),
    ])
    .limit(MAX_LIST_ROWS);
}

type TalentRow = Awaited<ReturnType<ReturnType<typeof companyTalent>['execute']>>[number];

function toTalent(row: TalentRow): Talent {
  return {
    id: row.id,
    name: row.name,
    role: row.title,
    seniority: row.seniority,
    specializations: row.specializations.map((s) => s.name).sort(alphabetical),
    yearsOfExperience: row.years_of_experience,
    location: row.location,
    timezone: row.timezone,
    photoUrl: displayableImage(row.photo_url),
    status: row.status,
    projectName: row.project_name,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}

/**
 * The response for a list already in display order: a person appears once (their first row wins),
 * and `uniqueSpecializations` are the distinct skills across it, sorted alphabetically.
 */
function talentResponse(rows: TalentRow[]): TalentResponse {
  const seen = new Set<string>();
  const talent = rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).map(toTalent);
  const unique = new Set(talent.flatMap((t) => t.specializations));
  return { talent, uniqueSpecializations: [...unique].sort(alphabetical) };
}

/**
 * Available talent: people on the bench that the provider offers to the caller's company
 * (assignments with status 'Available'), by name.
 */
const availableTalent = precompiledJsonRows(['companyId'], (db, { companyId }: { companyId: string }) =>
  companyTalent(db, companyId).where('ta.status', '=', 'Available'),
);

export async function loadAvailableTalent(db: Kysely<Database>, companyId: string): Promise<TalentResponse> {
  const rows = await availableTalent(db, { companyId });
  return talentResponse(rows.sort((a, b) => alphabetical(a.name, b.name)));
}

const STATUS_ORDER: Record<Talent['status'], number> = { Active: 0, Past: 1, Available: 2 };

/**
 * The talent working (Active) or having worked (Past) with one contact of the caller's company:
 * Active first, then the most recent start. Someone assigned more than once shows their current
 * or latest assignment.
 */
export async function loadTalentAssociations(
  db: Kysely<Database>,
  companyId: string,
  contactId: string,
): Promise<TalentResponse> {
  const rows = await companyTalent(db, companyId)
    .where('ta.contact_id', '=', contactId)
    .where('ta.status', 'in', ['Active', 'Past'])
    .execute();
  rows.sort(
    (a, b) =>
      STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
      (b.start_date ?? '').localeCompare(a.start_date ?? '') ||
      alphabetical(a.name, b.name),
  );
  return talentResponse(rows);
}

/** Whether `contactId` is a contact of the company (existence is never confirmed across companies). */
export async function isContactOfCompany(
  db: Kysely<Database>,
  companyId: string,
  contactId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('contacts')
    .select('id')
    .where('id', '=', contactId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row !== undefined;
}
