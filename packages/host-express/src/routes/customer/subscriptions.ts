import {
  type CrmProject,
  type CrmResponse,
  countActiveDeals,
  type Deal,
  type Team,
  type TeamsResponse,
} from '@client-portal/api-client';
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { precompiledJsonRows } from '../../store/precompiled.js';
import type { Database } from '../../store/schema.js';
import { alphabetical, displayableImage } from './crm-values.js';
import { MAX_LIST_ROWS } from '../../http/limits.js';

/**
 * The CRM data of the caller's company: every deal (whatever its stage: the portal's subscription
 * table shows them all, and only the counts select 'Active'), the CRM's projects with their Jira
 * keys, and the Active-deal counts per service group (the same `countActiveDeals` the
 * mocks use). Analytics-only projects (`in_crm` false) are not CRM data and stay out. Empty and
 * null Jira keys are passed as stored: the portal's visibility rule drops them.
 */
export async function loadCrm(db: Kysely<Database>, companyId: string): Promise<CrmResponse> {
  const [dealRows, projectRows] = await Promise.all([
    db
      .selectFrom('deals')
      .select(['id', 'name', 'service_type', 'stage', 'start_date', 'end_date', 'hours'])
      .where('company_id', '=', companyId)
      // Newest term first; deals without dates (CRM drafts) last.
      .orderBy('start_date', (ob) => ob.desc().nullsLast())
      .orderBy('id')
      .limit(MAX_LIST_ROWS)
      .execute(),
    db
      .selectFrom('projects')
      .select(['id', 'name', 'jira_key'])
      .where('company_id', '=', companyId)
      .where('in_crm', '=', true)
      .limit(MAX_LIST_ROWS)
      .execute(),
  ]);
  const deals: Deal[] = dealRows.map((row) => ({
    id: row.id,
    dealName: row.name,
    serviceType: row.service_type,
    stage: row.stage,
    startDate: row.start_date,
    endDate: row.end_date,
    hours: row.hours,
  }));
  const projects: CrmProject[] = projectRows
    .map((row) => ({ id: row.id, name: row.name, jiraKey: row.jira_key }))
    .sort((a, b) => alphabetical(a.name, b.name));
  return { hubspot: { deals, projects, ...countActiveDeals(deals) } };
}

const TEAM_STATUS_ORDER: Record<Team['status'], number> = { active: 0, forming: 1, ended: 2 };

/**
 * The teams staffed for the caller's company with their members (from the talent records) and
 * allocations: active teams first, then forming, then ended; newest first within each. The deal
 * and project are joined on the same company, so a mis-linked row can never show another
 * company's ids or Jira key.
 */
const companyTeams = precompiledJsonRows(['companyId'], (db, { companyId }: { companyId: string }) =>
  db
    .selectFrom('teams as tm')
    .leftJoin('deals as d', (join) =>
      join.onRef('d.id', '=', 'tm.deal_id').onRef('d.company_id', '=', 'tm.company_id'),
    )
    .leftJoin('projects as p', (join) =>
      join.onRef('p.id', '=', 'tm.project_id').onRef('p.company_id', '=', 'tm.company_id'),
    )
    .where('tm.company_id', '=', companyId)
    .select((eb) => [
      'tm.id',
      'tm.name',
      'tm.service_type',
      'tm.status',
      'tm.start_date',
      'tm.end_date',
      'd.id as deal_id',
      'p.jira_key',
      jsonArrayFrom(
        eb
          .selectFrom('team_members as m')
          .innerJoin('talent as t', 't.id', 'm.talent_id')
          .select(['m.talent_id', 't.name', 'm.role', 't.photo_url', 'm.allocation_percent'])
          .whereRef('m.company_id', '=', 'tm.company_id')
          .whereRef('m.team_id', '=', 'tm.id')
          .limit(MAX_LIST_ROWS),
      ).as('members'),
    ])
    .limit(MAX_LIST_ROWS),
);

export async function loadTeams(db: Kysely<Database>, companyId: string): Promise<TeamsResponse> {
  const rows = await companyTeams(db, { companyId });
  const teams: Team[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    serviceType: row.service_type,
    dealId: row.deal_id,
    jiraProjectKey: row.jira_key || null,
    status: row.status,
    startDate: row.start_date,
    endDate: row.end_date,
    members: row.members
      .map((m) => ({
        talentId: m.talent_id,
        name: m.name,
        role: m.role,
        photoUrl: displayableImage(m.photo_url),
        allocationPercent: m.allocation_percent,
      }))
      // The most committed members first, as a team page lists them.
      .sort((a, b) => b.allocationPercent - a.allocationPercent || alphabetical(a.name, b.name)),
  }));
  teams.sort(
    (a, b) =>
      TEAM_STATUS_ORDER[a.status] - TEAM_STATUS_ORDER[b.status] ||
      (b.startDate ?? '').localeCompare(a.startDate ?? '') ||
      alphabetical(a.name, b.name),
  );
  return { teams };
}
