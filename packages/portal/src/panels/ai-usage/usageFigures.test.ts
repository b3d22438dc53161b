import type { AiToolUsage, AiUsage, AiUsageDay } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import {
  acceptanceOf,
  addReported,
  breakdownLines,
  dailyTrend,
  distinctScopes,
  firstDayWithUse,
  summariseTools,
  totalsOf,
} from './usageFigures.js';

const day = (date: string, change: Partial<AiUsageDay> = {}): AiUsageDay => ({
  date,
  activeUsers: 2,
  suggestions: 100,
  acceptances: 30,
  linesSuggested: 200,
  linesAccepted: 40,
  chatRequests: 5,
  agentRequests: 1,
  cliRequests: null,
  ...change,
});

function tool(change: Partial<AiToolUsage> & Pick<AiToolUsage, 'tool'>): AiToolUsage {
  const daily = change.daily ?? [day('2026-03-01'), day('2026-03-02')];
  const sum = (key: 'acceptances' | 'linesAccepted') => daily.reduce((n, d) => n + d[key], 0);
  /** Null when no day reports it, else the days that do (as the host sums them). */
  const sumReported = (key: 'chatRequests' | 'cliRequests') =>
    daily.every((d) => d[key] === null) ? null : daily.reduce((n, d) => n + (d[key] ?? 0), 0);
  const suggestions = daily.some((d) => d.suggestions === null)
    ? null
    : daily.reduce((n, d) => n + (d.suggestions ?? 0), 0);
  return {
    scope: { kind: 'team', name: `${change.tool}-team` },
    seats: 10,
    dataThrough: '2026-03-02',
    totals: {
      activeUsers: 3,
      suggestions,
      acceptances: sum('acceptances'),
      acceptanceRate: suggestions ? sum('acceptances') / suggestions : null,
      linesSuggested: null,
      linesAccepted: sum('linesAccepted'),
      chatRequests: sumReported('chatRequests'),
      agentRequests: daily.some((d) => d.agentRequests === null) ? null : 2,
      cliRequests: sumReported('cliRequests'),
    },
    daily,
    breakdowns: { language: [], ide: [], model: [] },
    ...change,
  };
}

const answer = (key: string, tools: AiToolUsage[]): AiUsage => ({
  jiraProjectKey: key,
  range: { from: '2026-03-01', to: '2026-03-02' },
  tools,
});

describe('acceptanceOf', () => {
  it('is a share of completions shown', () => {
    expect(acceptanceOf(200, 50)).toEqual({ kind: 'rate', rate: 0.25 });
  });
  it('is "not reported" — never 0 % — when the tool does not report completions shown', () => {
    expect(acceptanceOf(null, 50)).toEqual({ kind: 'notReported' });
  });
  it('is "none shown" when the tool showed nothing', () => {
    expect(acceptanceOf(0, 0)).toEqual({ kind: 'noneShown' });
  });
  it('never exceeds 100 %', () => {
    expect(acceptanceOf(10, 12)).toEqual({ kind: 'rate', rate: 1 });
  });
});

describe('addReported', () => {
  it('keeps "not reported" only when neither side reports', () => {
    expect(addReported(null, null)).toBeNull();
    expect(addReported(null, 3)).toBe(3);
    expect(addReported(2, 3)).toBe(5);
  });
});

describe('summariseTools', () => {
  it('lists tools in the portal order (Windsurf, Copilot, Cursor), whatever the answer order', () => {
    const s = summariseTools([
      answer('A', [tool({ tool: 'cursor' }), tool({ tool: 'windsurf' }), tool({ tool: 'copilot' })]),
    ]);
    expect(s.map((t) => t.tool)).toEqual(['windsurf', 'copilot', 'cursor']);
  });

  it('sums a tool across projects, and counts a scope shared by two projects once', () => {
    const shared = tool({ tool: 'copilot', scope: { kind: 'organisation', name: 'acme' } });
    const other = tool({ tool: 'copilot', scope: { kind: 'team', name: 'route' }, seats: 5 });
    const [copilot] = summariseTools([answer('A', [shared]), answer('B', [shared, other])]);
    expect(copilot?.projects).toEqual(['A', 'B']);
    expect(copilot?.seats).toBe(15);
    expect(copilot?.activeUsers).toBe(6);
    expect(copilot?.acceptances).toBe(120);
    expect(copilot?.acceptance).toEqual({ kind: 'rate', rate: 0.3 });
  });

  it('keeps Windsurf without a rate and with its seats unknown when none are reported', () => {
    const windsurf = tool({
      tool: 'windsurf',
      seats: null,
      daily: [day('2026-03-01', { suggestions: null })],
    });
    const [s] = summariseTools([answer('A', [windsurf])]);
    expect(s?.acceptance).toEqual({ kind: 'notReported' });
    expect(s?.seats).toBeNull();
    expect(s?.seatsComplete).toBe(false);
  });

  it('sums chat and CLI requests the scopes report, "not reported" (null) only when none does', () => {
    const emails = tool({
      tool: 'windsurf',
      scope: { kind: 'emails', name: 'ann@acme.example' },
      daily: [day('2026-03-01', { chatRequests: null })],
    });
    const group = tool({ tool: 'windsurf', scope: { kind: 'group', name: 'platform' } });
    const copilot = tool({ tool: 'copilot', daily: [day('2026-03-01', { cliRequests: 4 })] });
    const [alone] = summariseTools([answer('A', [emails])]);
    expect(alone).toMatchObject({ chatRequests: null, cliRequests: null });
    const [windsurf, withCli] = summariseTools([answer('A', [emails, group, copilot])]);
    expect(windsurf).toMatchObject({ chatRequests: 10, cliRequests: null });
    expect(withCli).toMatchObject({ chatRequests: 5, cliRequests: 4 });
  });

  it('gives the oldest and newest "data through" of the scopes', () => {
    const a = tool({ tool: 'cursor', dataThrough: '2026-02-27' });
    const b = tool({ tool: 'cursor', scope: { kind: 'emails', name: 'x' }, dataThrough: '2026-03-01' });
    expect(summariseTools([answer('A', [a, b])])[0]?.dataThrough).toEqual({
      earliest: '2026-02-27',
      latest: '2026-03-01',
    });
  });
});

describe('totalsOf', () => {
  it('rates acceptance over the tools that report completions shown only', () => {
    const copilot = tool({ tool: 'copilot' }); // 200 shown, 60 accepted
    const windsurf = tool({
      tool: 'windsurf',
      daily: [day('2026-03-01', { suggestions: null, acceptances: 500 })],
    });
    const totals = totalsOf(summariseTools([answer('A', [copilot, windsurf])]));
    expect(totals.acceptance).toEqual({ kind: 'rate', rate: 0.3 });
    expect(totals.acceptances).toBe(560);
    expect(totals.seats).toBe(20);
  });

  it('adds chat and CLI over the tools that report them, null only when none does', () => {
    const windsurf = tool({ tool: 'windsurf', daily: [day('2026-03-01', { chatRequests: null })] });
    expect(totalsOf(summariseTools([answer('A', [windsurf])]))).toMatchObject({
      chatRequests: null,
      cliRequests: null,
    });
    const copilot = tool({ tool: 'copilot', daily: [day('2026-03-01', { cliRequests: 3 })] });
    expect(totalsOf(summariseTools([answer('A', [windsurf, copilot])]))).toMatchObject({
      chatRequests: 5,
      cliRequests: 3,
    });
  });

  it('says "not reported" when no tool reports completions shown', () => {
    const windsurf = tool({ tool: 'windsurf', daily: [day('2026-03-01', { suggestions: null })] });
    expect(totalsOf(summariseTools([answer('A', [windsurf])])).acceptance).toEqual({ kind: 'notReported' });
  });
});

describe('dailyTrend', () => {
  it('puts every tool on one axis of days; days after a tool’s data ends are gaps, not zeros', () => {
    const copilot = tool({ tool: 'copilot', dataThrough: '2026-03-01' });
    const cursor = tool({ tool: 'cursor', daily: [day('2026-03-02', { agentRequests: null })] });
    const trend = dailyTrend(answer('A', [cursor, copilot]));
    expect(trend.labels).toEqual(['2026-03-01', '2026-03-02']);
    expect(trend.users).toEqual([
      { tool: 'copilot', data: [2, null] },
      { tool: 'cursor', data: [null, 2] },
    ]);
    expect(trend.surfaces.completions).toEqual([30, 30]);
    // Copilot's agent requests of 03-01 count; on 03-02 Copilot is past its data and Cursor does not report.
    expect(trend.surfaces.agent).toEqual([1, null]);
  });
});

describe('onRecord (through dailyTrend)', () => {
  it('leaves the days before a tool’s first use out: not connected yet, not "nobody used it"', () => {
    const idle = { activeUsers: 0, acceptances: 0, chatRequests: 0, agentRequests: 0, suggestions: 0 };
    const copilot = tool({
      tool: 'copilot',
      daily: [day('2026-02-28', idle), day('2026-03-01'), day('2026-03-02', idle)],
    });
    const trend = dailyTrend(answer('A', [copilot]));
    // A quiet day after the first use is a real zero.
    expect(trend.users).toEqual([{ tool: 'copilot', data: [null, 2, 0] }]);
    expect(trend.surfaces.chat).toEqual([null, 5, 0]);
  });
  it('keeps the zeros of a tool that was never used', () => {
    const idle = { activeUsers: 0, acceptances: 0, chatRequests: 0, agentRequests: 0, suggestions: 0 };
    const cursor = tool({ tool: 'cursor', daily: [day('2026-03-01', idle), day('2026-03-02', idle)] });
    expect(dailyTrend(answer('A', [cursor])).users[0]?.data).toEqual([0, 0]);
  });
});

describe('breakdownLines', () => {
  it('merges every tool’s rows, most accepted first, with acceptance per row', () => {
    const copilot = tool({
      tool: 'copilot',
      breakdowns: {
        language: [{ name: 'TypeScript', suggestions: 100, acceptances: 40, linesAccepted: 60 }],
        ide: [],
        model: [],
      },
    });
    const windsurf = tool({
      tool: 'windsurf',
      breakdowns: {
        language: [{ name: 'Python', suggestions: null, acceptances: 90, linesAccepted: 100 }],
        ide: [],
        model: [],
      },
    });
    const lines = breakdownLines(answer('A', [copilot, windsurf]), 'language');
    expect(lines.map((l) => [l.name, l.tool, l.acceptance.kind])).toEqual([
      ['Python', 'windsurf', 'notReported'],
      ['TypeScript', 'copilot', 'rate'],
    ]);
  });
});

describe('distinctScopes and firstDayWithUse', () => {
  it('names the projects that share a scope', () => {
    const shared = tool({ tool: 'copilot' });
    expect(distinctScopes([answer('A', [shared]), answer('B', [shared])]).map((s) => s.projects)).toEqual([
      ['A', 'B'],
    ]);
  });
  it('finds the first day with any use', () => {
    const zero = day('2026-02-28', { activeUsers: 0, acceptances: 0, chatRequests: 0, agentRequests: 0 });
    expect(firstDayWithUse([zero, day('2026-03-01')])).toBe('2026-03-01');
    expect(firstDayWithUse([zero])).toBeNull();
    const cliOnly = day('2026-02-27', { ...zero, date: '2026-02-27', chatRequests: null, cliRequests: 2 });
    expect(firstDayWithUse([cliOnly, zero])).toBe('2026-02-27');
  });
});
