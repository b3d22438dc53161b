import {
  AI_TOOLS,
  type AiTool,
  type AiToolUsage,
  type AiUsage,
  type AiUsageDay,
} from '@client-portal/api-client';

/** Product names: brands, the same in every language. */
export const TOOL_NAMES: Record<AiTool, string> = {
  windsurf: 'Windsurf',
  copilot: 'GitHub Copilot',
  cursor: 'Cursor',
};

/**
 * What an acceptance rate can honestly say: a share of completions shown, "not reported" when the
 * tool does not report completions shown (Windsurf), or "none shown" when it reports zero. Never 0 %
 * for a figure the tool does not give.
 */
export type Acceptance = { kind: 'rate'; rate: number } | { kind: 'notReported' } | { kind: 'noneShown' };

export function acceptanceOf(suggestions: number | null, acceptances: number): Acceptance {
  if (suggestions === null) return { kind: 'notReported' };
  if (suggestions <= 0) return { kind: 'noneShown' };
  return { kind: 'rate', rate: Math.min(1, acceptances / suggestions) };
}

/** Adds two counters a tool may not report: null stays null only when both are null. */
export const addReported = (a: number | null, b: number | null): number | null =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

/** Tools in the portal's order (Windsurf, Copilot, Cursor), whatever order the answer used. */
export const byToolOrder = <T extends { tool: AiTool }>(items: readonly T[]): T[] =>
  [...items].sort((a, b) => AI_TOOLS.indexOf(a.tool) - AI_TOOLS.indexOf(b.tool));

/** One tool's figures over the range, summed over the scopes (and projects) it reports on. */
export interface ToolSummary {
  tool: AiTool;
  /** Projects whose answer included this tool. */
  projects: string[];
  /** Sum over distinct scopes of users active at least once (a person in two scopes counts twice). */
  activeUsers: number;
  /** Seats of the scopes that report them; null when none does. */
  seats: number | null;
  /** Whether every scope reported its seats (else `seats` covers only some). */
  seatsComplete: boolean;
  suggestions: number | null;
  acceptances: number;
  acceptance: Acceptance;
  linesAccepted: number;
  /** Null when no scope reports chat (a Windsurf scope given as e-mails), never 0. */
  chatRequests: number | null;
  agentRequests: number | null;
  /** CLI / terminal requests: only GitHub Copilot reports them, null for the others. */
  cliRequests: number | null;
  /** Oldest and newest "complete through" day among the scopes; null when no scope says. */
  dataThrough: { earliest: string; latest: string } | null;
}

/** Tools never report per Jira project: two projects mapped to one scope share its numbers. */
const scopeId = (usage: AiToolUsage) => `${usage.tool}\u0000${usage.scope.kind}\u0000${usage.scope.name}`;

/**
 * Each tool's usage once per scope, across the given answers (one per project), with the projects
 * that share it. Counting a shared scope once keeps seats and users from doubling.
 */
export function distinctScopes(answers: readonly AiUsage[]): { usage: AiToolUsage; projects: string[] }[] {
  const seen = new Map<string, { usage: AiToolUsage; projects: string[] }>();
  for (const answer of answers) {
    for (const usage of answer.tools) {
      const id = scopeId(usage);
      const entry = seen.get(id);
      if (entry) {
        if (!entry.projects.includes(answer.jiraProjectKey)) entry.projects.push(answer.jiraProjectKey);
      } else seen.set(id, { usage, projects: [answer.jiraProjectKey] });
    }
  }
  return [...seen.values()];
}

/** Per tool, in the portal's order: totals over the distinct scopes of the given answers. */
export function summariseTools(answers: readonly AiUsage[]): ToolSummary[] {
  const byTool = new Map<AiTool, ToolSummary>();
  for (const { usage, projects } of distinctScopes(answers)) {
    const t = usage.totals;
    const prev = byTool.get(usage.tool);
    const through = usage.dataThrough;
    const next: ToolSummary = prev
      ? {
          ...prev,
          projects: [...new Set([...prev.projects, ...projects])],
          activeUsers: prev.activeUsers + t.activeUsers,
          seats: addReported(prev.seats, usage.seats),
          seatsComplete: prev.seatsComplete && usage.seats !== null,
          suggestions: addReported(prev.suggestions, t.suggestions),
          acceptances: prev.acceptances + t.acceptances,
          linesAccepted: prev.linesAccepted + t.linesAccepted,
          chatRequests: addReported(prev.chatRequests, t.chatRequests),
          agentRequests: addReported(prev.agentRequests, t.agentRequests),
          cliRequests: addReported(prev.cliRequests, t.cliRequests),
          dataThrough: mergeThrough(prev.dataThrough, through),
        }
      : {
          tool: usage.tool,
          projects: [...projects],
          activeUsers: t.activeUsers,
          seats: usage.seats,
          seatsComplete: usage.seats !== null,
          suggestions: t.suggestions,
          acceptances: t.acceptances,
          acceptance: { kind: 'notReported' },
          linesAccepted: t.linesAccepted,
          chatRequests: t.chatRequests,
          agentRequests: t.agentRequests,
          cliRequests: t.cliRequests,
          dataThrough: through ? { earliest: through, latest: through } : null,
        };
    byTool.set(usage.tool, next);
  }
  return byToolOrder(
    [...byTool.values()].map((s) => ({ ...s, acceptance: acceptanceOf(s.suggestions, s.acceptances) })),
  );
}

function mergeThrough(range: ToolSummary['dataThrough'], day: string | null): ToolSummary['dataThrough'] {
  return day ? throughSpan([range, { earliest: day, latest: day }]) : range;
}

/** The span of several "data through" spans (oldest earliest, newest latest); null when none is known. */
export function throughSpan(spans: readonly ToolSummary['dataThrough'][]): ToolSummary['dataThrough'] {
  const known = spans.filter((s): s is NonNullable<typeof s> => s !== null);
  if (known.length === 0) return null;
  const earliest = known.map((s) => s.earliest).sort()[0] as string;
  const latest = known
    .map((s) => s.latest)
    .sort()
    .at(-1) as string;
  return { earliest, latest };
}

/** Every tool together: the headline of a page or panel. */
export interface UsageTotals {
  activeUsers: number;
  seats: number | null;
  acceptances: number;
  /** Over the tools that report completions shown only (a tool that does not is left out, not 0). */
  acceptance: Acceptance;
  /** Null only when no tool reports it (not reported is never 0). */
  chatRequests: number | null;
  agentRequests: number | null;
  cliRequests: number | null;
}

export function totalsOf(summaries: readonly ToolSummary[]): UsageTotals {
  let suggestions: number | null = null;
  let acceptedOfReported = 0;
  let seats: number | null = null;
  let chatRequests: number | null = null;
  let agentRequests: number | null = null;
  let cliRequests: number | null = null;
  let activeUsers = 0;
  let acceptances = 0;
  for (const s of summaries) {
    activeUsers += s.activeUsers;
    acceptances += s.acceptances;
    seats = addReported(seats, s.seats);
    chatRequests = addReported(chatRequests, s.chatRequests);
    agentRequests = addReported(agentRequests, s.agentRequests);
    cliRequests = addReported(cliRequests, s.cliRequests);
    if (s.suggestions !== null) {
      suggestions = (suggestions ?? 0) + s.suggestions;
      acceptedOfReported += s.acceptances;
    }
  }
  return {
    activeUsers,
    seats,
    acceptances,
    acceptance: acceptanceOf(suggestions, acceptedOfReported),
    chatRequests,
    agentRequests,
    cliRequests,
  };
}

/** The surfaces people use an assistant through, as the answers count them. */
export const SURFACES = ['completions', 'chat', 'agent'] as const;
export type Surface = (typeof SURFACES)[number];

/** Requests of one day per surface (accepted completions, chat requests, agent requests). */
export function surfacesOfDay(day: AiUsageDay): Record<Surface, number | null> {
  return { completions: day.acceptances, chat: day.chatRequests, agent: day.agentRequests };
}

/** The first day with any use in a tool's daily rows (the start of the history kept), or null. */
export function firstDayWithUse(days: readonly AiUsageDay[]): string | null {
  for (const day of days) {
    if (
      day.activeUsers > 0 ||
      day.acceptances > 0 ||
      (day.chatRequests ?? 0) > 0 ||
      (day.agentRequests ?? 0) > 0 ||
      (day.cliRequests ?? 0) > 0
    ) {
      return day.date;
    }
  }
  return null;
}

/**
 * Whether a scope's day is on record: not after its "complete through" day (not reported yet), and
 * not before its first day of use (the tool was not connected yet: answers fill those days with
 * zeros, which would read as "nobody used it"). A scope never used at all keeps its zeros.
 */
export function onRecord(usage: AiToolUsage, date: string, firstUse = firstDayWithUse(usage.daily)): boolean {
  if (usage.dataThrough !== null && date > usage.dataThrough) return false;
  return firstUse === null || date >= firstUse;
}

/** A tool's value of a day, or null when the day is not on record (see `onRecord`). */
function reportedOn(usage: AiToolUsage, day: AiUsageDay, value: number | null, firstUse: string | null) {
  return onRecord(usage, day.date, firstUse) ? value : null;
}

/**
 * The days of one project's answer on one axis: per tool, its active users each day; and per
 * surface, the requests of every tool together. Days off record (after a tool's data ends, before its first use) are gaps, not zeros.
 */
export function dailyTrend(usage: AiUsage): {
  labels: string[];
  users: { tool: AiTool; data: (number | null)[] }[];
  surfaces: Record<Surface, (number | null)[]>;
} {
  const tools = byToolOrder(usage.tools);
  const labels = [...new Set(tools.flatMap((tool) => tool.daily.map((d) => d.date)))].sort();
  const index = new Map(labels.map((label, i) => [label, i]));
  const empty = () => labels.map((): number | null => null);
  const surfaces: Record<Surface, (number | null)[]> = {
    completions: empty(),
    chat: empty(),
    agent: empty(),
  };
  const users = tools.map((tool) => {
    const data = empty();
    const firstUse = firstDayWithUse(tool.daily);
    for (const day of tool.daily) {
      const i = index.get(day.date);
      if (i === undefined) continue;
      data[i] = reportedOn(tool, day, day.activeUsers, firstUse);
      const values = surfacesOfDay(day);
      for (const surface of SURFACES) {
        const value = reportedOn(tool, day, values[surface], firstUse);
        surfaces[surface][i] = addReported(surfaces[surface][i] ?? null, value);
      }
    }
    return { tool: tool.tool, data };
  });
  return { labels, users, surfaces };
}

export type BreakdownDimension = 'language' | 'ide' | 'model';

export interface BreakdownLine {
  id: string;
  name: string;
  tool: AiTool;
  suggestions: number | null;
  acceptances: number;
  acceptance: Acceptance;
  linesAccepted: number;
}

/** One dimension's rows of every tool, most accepted first. */
export function breakdownLines(usage: AiUsage, dimension: BreakdownDimension): BreakdownLine[] {
  return byToolOrder(usage.tools)
    .flatMap((tool) =>
      tool.breakdowns[dimension].map((row) => ({
        id: `${tool.tool}:${row.name}`,
        name: row.name,
        tool: tool.tool,
        suggestions: row.suggestions,
        acceptances: row.acceptances,
        acceptance: acceptanceOf(row.suggestions, row.acceptances),
        linesAccepted: row.linesAccepted,
      })),
    )
    .sort((a, b) => b.acceptances - a.acceptances);
}
