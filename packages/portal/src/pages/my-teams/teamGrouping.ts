import type { CrmProject, Talent, Team } from '@client-portal/api-client';

/** How My Teams groups the people, in the query string as `?group=team` (default) or `?group=project`. */
export const GROUPINGS = ['team', 'project'] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const DEFAULT_GROUPING: Grouping = 'team';

const isGrouping = (value: string): value is Grouping => (GROUPINGS as readonly string[]).includes(value);

/** The grouping a query string asks for (case-insensitive); the default for none or an unknown one. */
export function groupingOf(search: string): Grouping {
  const value = new URLSearchParams(search).get('group')?.trim().toLowerCase() ?? '';
  return isGrouping(value) ? value : DEFAULT_GROUPING;
}

/** The query string with `group` set and every other parameter kept, without the leading '?'. */
export function searchWithGrouping(search: string, grouping: Grouping): string {
  const params = new URLSearchParams(search);
  params.set('group', grouping);
  return params.toString();
}

/** One person's place on one team. */
export interface Placement {
  teamId: string;
  teamName: string;
  role: string;
  allocationPercent: number;
}

/** A person working for the customer, with what the talent record adds (when it is known). */
export interface TeamPerson {
  talentId: string;
  name: string;
  photoUrl: string | null;
  seniority: Talent['seniority'] | null;
  location: string | null;
  timezone: string | null;
  /** Their places in the group: one in a team, one per team of the project in a project. */
  placements: Placement[];
}

export interface PeopleGroup {
  /** The team id, the project's Jira key, or '' for the teams with no project. */
  id: string;
  /** The team's or project's name; null for the teams with no project (the page names that group). */
  name: string | null;
  /** The team's status (team groups only). */
  status: Team['status'] | null;
  /** The team's service type (team groups only). */
  serviceType: string | null;
  /** The project's name (team groups) or the teams' names (project groups). */
  context: string[];
  people: TeamPerson[];
}

const STATUS_ORDER: Record<Team['status'], number> = { active: 0, forming: 1, ended: 2 };

/** Jira key → project name, from the CRM's projects (keys compared case-insensitively). */
export function projectNames(projects: readonly CrmProject[] | undefined): Map<string, string> {
  const names = new Map<string, string>();
  for (const project of projects ?? []) {
    const key = project.jiraKey?.trim().toUpperCase();
    if (key && !names.has(key)) names.set(key, project.name);
  }
  return names;
}

const keyOf = (team: Team) => team.jiraProjectKey?.trim().toUpperCase() || '';

function personOf(
  member: Team['members'][number],
  team: Team,
  talent: ReadonlyMap<string, Talent>,
): TeamPerson {
  const known = talent.get(member.talentId);
  return {
    talentId: member.talentId,
    name: member.name,
    photoUrl: member.photoUrl ?? known?.photoUrl ?? null,
    seniority: known?.seniority ?? null,
    location: known?.location ?? null,
    timezone: known?.timezone ?? null,
    placements: [
      {
        teamId: team.id,
        teamName: team.name,
        role: member.role,
        allocationPercent: member.allocationPercent,
      },
    ],
  };
}

/** People by name, in the page's language. */
const byName = (locale: string) => (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, locale);

/**
 * One group per team: active teams first, then forming, then ended, each by name; a team's people
 * by name. `talent` (by id) adds seniority, location and time zone where known.
 */
export function groupByTeam(
  teams: readonly Team[],
  talent: ReadonlyMap<string, Talent>,
  projects: ReadonlyMap<string, string>,
  locale: string,
): PeopleGroup[] {
  const compare = byName(locale);
  return [...teams]
    .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || compare(a, b))
    .map((team) => {
      const key = keyOf(team);
      return {
        id: team.id,
        name: team.name,
        status: team.status,
        serviceType: team.serviceType.trim() || null,
        context: key ? [projects.get(key) ?? key] : [],
        people: team.members.map((member) => personOf(member, team, talent)).sort(compare),
      };
    });
}

/**
 * One group per project (by the teams' Jira keys), by name, with the teams that have no project
 * last. A person on several teams of a project appears once, with each of their places.
 */
export function groupByProject(
  teams: readonly Team[],
  talent: ReadonlyMap<string, Talent>,
  projects: ReadonlyMap<string, string>,
  locale: string,
): PeopleGroup[] {
  const compare = byName(locale);
  const groups = new Map<string, { teams: Team[]; people: Map<string, TeamPerson> }>();
  for (const team of teams) {
    const key = keyOf(team);
    const group = groups.get(key) ?? { teams: [], people: new Map<string, TeamPerson>() };
    groups.set(key, group);
    group.teams.push(team);
    for (const member of team.members) {
      const person = personOf(member, team, talent);
      const known = group.people.get(member.talentId);
      if (known) known.placements.push(...person.placements);
      else group.people.set(member.talentId, person);
    }
  }
  const result: PeopleGroup[] = [...groups].map(([key, group]) => ({
    id: key,
    name: key ? (projects.get(key) ?? key) : null,
    status: null,
    serviceType: null,
    context: group.teams.map((team) => team.name).sort((a, b) => a.localeCompare(b, locale)),
    people: [...group.people.values()].sort(compare),
  }));
  return result.sort((a, b) => {
    if (a.name === null || b.name === null) return a.name === null ? (b.name === null ? 0 : 1) : -1;
    return a.name.localeCompare(b.name, locale);
  });
}

/** Talent by id. */
export function talentById(talent: readonly Talent[] | undefined): Map<string, Talent> {
  return new Map((talent ?? []).map((t) => [t.id, t]));
}

/** How many different people the teams have (someone on two teams counts once). */
export function peopleCount(teams: readonly Team[]): number {
  return new Set(teams.flatMap((team) => team.members.map((m) => m.talentId))).size;
}
