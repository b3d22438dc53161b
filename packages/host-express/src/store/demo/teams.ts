import type { NewRow, TeamsTable } from '../schema.js';
import { ACME, GLOBEX } from './crm.js';
import { talentId } from './talent.js';
import { dayFrom } from './time.js';

interface TeamPlan {
  id: string;
  company: string;
  /** The subscription (deal) the team is staffed under. */
  deal: string;
  project: string;
  name: string;
  serviceType: string;
  status: TeamsTable['status'];
  /** Start, in days from today. */
  start: number;
  /** Talent number (t-NN), role, allocation %. */
  members: [number, string, number][];
}

/** Teams staffed for the demo companies, from their Active talent. */
const TEAMS: TeamPlan[] = [
  {
    id: 'team-acme-portal',
    company: ACME,
    deal: 'acme-d-03',
    project: 'acme-portal',
    name: 'Portal Delivery Squad',
    serviceType: 'Premium Teams',
    status: 'active',
    start: -150,
    members: [
      [3, 'Tech Lead', 100],
      [1, 'Frontend', 100],
      [2, 'Backend', 100],
      [4, 'QA', 50],
    ],
  },
  {
    id: 'team-acme-routing',
    company: ACME,
    deal: 'acme-d-01',
    project: 'acme-route',
    name: 'Routing Core',
    serviceType: 'Team Plans',
    status: 'active',
    start: -200,
    members: [
      [5, 'Backend', 100],
      [6, 'Data', 80],
      [7, 'Machine Learning', 60],
    ],
  },
  {
    id: 'team-acme-mobile',
    company: ACME,
    deal: 'acme-d-05',
    project: 'acme-wms',
    name: 'Mobile Pod',
    serviceType: 'Staffing',
    status: 'forming',
    start: -10,
    members: [[8, 'Android', 100]],
  },
  {
    id: 'team-globex-storefront',
    company: GLOBEX,
    deal: 'globex-d-02',
    project: 'globex-shop',
    name: 'Storefront Team',
    serviceType: 'Premium Teams',
    status: 'active',
    start: -100,
    members: [
      [13, 'Full-Stack', 100],
      [14, 'Backend', 100],
      [15, 'Frontend', 80],
      [16, 'SRE', 50],
    ],
  },
];

export function teams(now: Date): NewRow<'teams'>[] {
  return TEAMS.map((team) => ({
    id: team.id,
    company_id: team.company,
    deal_id: team.deal,
    project_id: team.project,
    name: team.name,
    service_type: team.serviceType,
    status: team.status,
    start_date: dayFrom(now, team.start),
    end_date: null,
  }));
}

export function teamMembers(): NewRow<'team_members'>[] {
  return TEAMS.flatMap((team) =>
    team.members.map(([n, role, allocation]) => ({
      company_id: team.company,
      team_id: team.id,
      talent_id: talentId(n),
      role,
      allocation_percent: allocation,
    })),
  );
}
