import type { Talent, Team } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import {
  groupByProject,
  groupByTeam,
  groupingOf,
  peopleCount,
  projectNames,
  searchWithGrouping,
  talentById,
} from './teamGrouping.js';

const member = (talentId: string, name: string, role = 'Engineer', allocationPercent = 100) => ({
  talentId,
  name,
  role,
  photoUrl: null,
  allocationPercent,
});

const team = (id: string, name: string, change: Partial<Team> = {}): Team => ({
  id,
  name,
  serviceType: 'Premium Teams',
  dealId: null,
  jiraProjectKey: null,
  status: 'active',
  startDate: null,
  endDate: null,
  members: [],
  ...change,
});

const talent = (id: string, change: Partial<Talent> = {}): Talent => ({
  id,
  name: id,
  role: 'Engineer',
  seniority: 'Senior',
  specializations: [],
  yearsOfExperience: null,
  location: 'Lisbon, Portugal',
  timezone: 'Europe/Lisbon',
  photoUrl: 'https://img.example/a.png',
  status: 'Active',
  projectName: null,
  startDate: null,
  endDate: null,
  ...change,
});

const TEAMS: Team[] = [
  team('t-mobile', 'Mobile Pod', { status: 'forming', jiraProjectKey: 'WMS' }),
  team('t-routing', 'Routing Core', {
    jiraProjectKey: 'route',
    members: [member('a', 'Zoe Adams', 'Tech Lead', 50), member('b', 'Ana Ferreira', 'Backend')],
  }),
  team('t-ops', 'Ops Guild', { status: 'ended', members: [member('c', 'Chen Li')] }),
  team('t-routing-qa', 'Quality', {
    jiraProjectKey: 'ROUTE',
    members: [member('a', 'Zoe Adams', 'QA Lead', 50)],
  }),
];
const PROJECTS = projectNames([
  { id: '1', name: 'Route Optimisation Engine', jiraKey: 'ROUTE' },
  { id: '2', name: 'Warehouse Mobile App', jiraKey: ' wms ' },
  { id: '3', name: 'No key', jiraKey: null },
  { id: '4', name: 'Empty key', jiraKey: '' },
]);

describe('the grouping in the query string', () => {
  it('reads team or project, whatever the case, and defaults to team', () => {
    expect(groupingOf('')).toBe('team');
    expect(groupingOf('group=project')).toBe('project');
    expect(groupingOf('?group=PROJECT')).toBe('project');
    expect(groupingOf('group=people')).toBe('team');
  });

  it('sets the grouping and keeps the other parameters', () => {
    expect(searchWithGrouping('utm=mail', 'project')).toBe('utm=mail&group=project');
    expect(searchWithGrouping('group=project', 'team')).toBe('group=team');
  });
});

describe('projectNames', () => {
  it('maps trimmed, upper-cased Jira keys to names and skips projects without one', () => {
    expect([...PROJECTS]).toEqual([
      ['ROUTE', 'Route Optimisation Engine'],
      ['WMS', 'Warehouse Mobile App'],
    ]);
    expect(projectNames(undefined).size).toBe(0);
  });
});

describe('groupByTeam', () => {
  const groups = groupByTeam(TEAMS, talentById([talent('a', { seniority: 'Lead' })]), PROJECTS, 'en');

  it('puts active teams first, then forming, then ended, each by name', () => {
    expect(groups.map((g) => g.name)).toEqual(['Quality', 'Routing Core', 'Mobile Pod', 'Ops Guild']);
    expect(groups.map((g) => g.status)).toEqual(['active', 'active', 'forming', 'ended']);
  });

  it("names each team's project, or none, and sorts its people by name", () => {
    const routing = groups[1];
    expect(routing?.context).toEqual(['Route Optimisation Engine']);
    expect(routing?.serviceType).toBe('Premium Teams');
    expect(routing?.people.map((p) => p.name)).toEqual(['Ana Ferreira', 'Zoe Adams']);
    expect(groups[3]?.context).toEqual([]);
    expect(groups[2]?.people).toEqual([]);
  });

  it('adds what the talent record knows, and leaves it empty for people it does not', () => {
    const [ana, zoe] = groups[1]?.people ?? [];
    expect(zoe).toMatchObject({
      seniority: 'Lead',
      location: 'Lisbon, Portugal',
      timezone: 'Europe/Lisbon',
      photoUrl: 'https://img.example/a.png',
      placements: [
        { teamId: 't-routing', teamName: 'Routing Core', role: 'Tech Lead', allocationPercent: 50 },
      ],
    });
    expect(ana).toMatchObject({ seniority: null, location: null, timezone: null, photoUrl: null });
  });

  it('names a project by its key when the CRM does not know it', () => {
    const [only] = groupByTeam([team('x', 'X', { jiraProjectKey: 'FLEET' })], new Map(), PROJECTS, 'en');
    expect(only?.context).toEqual(['FLEET']);
  });
});

describe('groupByProject', () => {
  const groups = groupByProject(TEAMS, new Map(), PROJECTS, 'en');

  it('makes one group per project by name, the teams without a project last', () => {
    expect(groups.map((g) => [g.id, g.name])).toEqual([
      ['ROUTE', 'Route Optimisation Engine'],
      ['WMS', 'Warehouse Mobile App'],
      ['', null],
    ]);
    expect(groups[0]?.context).toEqual(['Quality', 'Routing Core']);
    expect(groups[0]?.status).toBeNull();
  });

  it("lists someone on two of a project's teams once, with both places", () => {
    const people = groups[0]?.people ?? [];
    expect(people.map((p) => p.name)).toEqual(['Ana Ferreira', 'Zoe Adams']);
    expect(people[1]?.placements.map((p) => [p.teamName, p.role])).toEqual([
      ['Routing Core', 'Tech Lead'],
      ['Quality', 'QA Lead'],
    ]);
  });

  it('keeps a project whose only team has nobody yet', () => {
    expect(groups[1]?.people).toEqual([]);
  });

  it('gives nothing for no teams', () => {
    expect(groupByProject([], new Map(), PROJECTS, 'en')).toEqual([]);
  });
});

describe('peopleCount', () => {
  it('counts each person once', () => {
    expect(peopleCount(TEAMS)).toBe(3);
    expect(peopleCount([])).toBe(0);
  });
});
