import { aiToolUsageSchema } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import {
  type AiAggregateRow,
  type AiToolScope,
  reportedCounters,
  breakdownsOf,
  toolUsage,
} from './ai-usage.js';

const scope = (tool: AiToolScope['tool']): AiToolScope => ({
  tool,
  scope_kind: 'group',
  scope_name: 'portal-team',
  seats: 8,
  data_through: '2025-06-15',
});

const row = (tool: AiAggregateRow['tool'], day: string, fields: Partial<AiAggregateRow> = {}) =>
  ({
    tool,
    day,
    active_users: 2,
    suggestions: tool === 'windsurf' ? null : 100,
    acceptances: 30,
    lines_suggested: 50,
    lines_accepted: 40,
    chat_requests: 5,
    agent_requests: tool === 'copilot' ? null : 3,
    cli_requests: tool === 'copilot' ? 2 : null,
    ...fields,
  }) satisfies AiAggregateRow;

const range = { from: '2025-06-10', to: '2025-06-13' };

describe('toolUsage', () => {
  it('reads acceptances stored null (migration 0011) as 0, and keeps chat and CLI not reported null, never 0', () => {
    const usage = toolUsage(
      scope('windsurf'),
      [row('windsurf', '2025-06-11', { acceptances: null, lines_accepted: null, chat_requests: null })],
      1,
      range,
    );
    expect(usage.totals).toMatchObject({
      acceptances: 0,
      linesAccepted: 0,
      chatRequests: null,
      agentRequests: 3,
      cliRequests: null,
    });
    expect(usage.daily.every((d) => d.chatRequests === null && d.cliRequests === null)).toBe(true);
    expect(aiToolUsageSchema.safeParse(usage).success).toBe(true);
  });

  it('sums the days that report chat and CLI when some days do not (a null day reads 0)', () => {
    const usage = toolUsage(
      scope('copilot'),
      [
        row('copilot', '2025-06-10', { chat_requests: null, cli_requests: null }),
        row('copilot', '2025-06-11', { chat_requests: 7, cli_requests: 4 }),
        row('copilot', '2025-06-12', { chat_requests: 2, cli_requests: null }),
      ],
      1,
      range,
    );
    expect(usage.totals).toMatchObject({ chatRequests: 9, cliRequests: 4 });
    expect(usage.daily.map((d) => [d.chatRequests, d.cliRequests])).toEqual([
      [0, 0],
      [7, 4],
      [2, 0],
      [0, 0],
    ]);
    expect(aiToolUsageSchema.parse(usage)).toEqual(usage);
  });

  it('without rows, says what the tool reports: CLI for Copilot only, no chat for a Windsurf e-mail scope', () => {
    const copilot = toolUsage(scope('copilot'), [], 0, range);
    expect(copilot.totals).toMatchObject({ chatRequests: 0, cliRequests: 0, agentRequests: null });
    const cursor = toolUsage(scope('cursor'), [], 0, range);
    expect(cursor.totals).toMatchObject({ chatRequests: 0, cliRequests: null });
    const windsurf = toolUsage({ ...scope('windsurf'), scope_kind: 'emails' }, [], 0, range);
    expect(windsurf.totals).toMatchObject({ chatRequests: null, cliRequests: null, agentRequests: 0 });
    expect(windsurf.daily[0]).toMatchObject({ chatRequests: null, cliRequests: null });
  });

  it('fills days without a row with zeros, and keeps unreported counters null', () => {
    const usage = toolUsage(scope('windsurf'), [row('windsurf', '2025-06-11')], 3, range);
    expect(usage.daily.map((d) => d.date)).toEqual(['2025-06-10', '2025-06-11', '2025-06-12', '2025-06-13']);
    expect(usage.daily[0]).toEqual({
      date: '2025-06-10',
      activeUsers: 0,
      suggestions: null,
      acceptances: 0,
      linesSuggested: 0,
      linesAccepted: 0,
      chatRequests: 0,
      agentRequests: 0,
      cliRequests: null,
    });
    expect(usage.totals).toEqual({
      activeUsers: 3,
      suggestions: null,
      acceptances: 30,
      acceptanceRate: null,
      linesSuggested: 50,
      linesAccepted: 40,
      chatRequests: 5,
      agentRequests: 3,
      cliRequests: null,
    });
    expect(usage.scope).toEqual({ kind: 'group', name: 'portal-team' });
    expect(aiToolUsageSchema.parse(usage)).toEqual(usage);
  });

  it('rates acceptances over suggestions and never reports fewer users than the busiest day', () => {
    const usage = toolUsage(
      scope('copilot'),
      [row('copilot', '2025-06-10', { active_users: 4 }), row('copilot', '2025-06-12', { acceptances: 20 })],
      0,
      range,
    );
    expect(usage.totals.suggestions).toBe(200);
    expect(usage.totals.acceptanceRate).toBe(0.25);
    expect(usage.totals.agentRequests).toBeNull();
    expect(usage.totals.cliRequests).toBe(4);
    expect(usage.totals.activeUsers).toBe(4);
  });

  it('caps the acceptance rate at 1 when a connector stored more acceptances than suggestions', () => {
    const usage = toolUsage(scope('cursor'), [row('cursor', '2025-06-10', { suggestions: 10 })], 1, range);
    expect(usage.totals.acceptanceRate).toBe(1);
    expect(aiToolUsageSchema.safeParse(usage).success).toBe(true);
  });
});

describe('reportedCounters', () => {
  it("follows the data, and the tool's known fields for a range without rows", () => {
    expect(reportedCounters('cursor', [])).toEqual({
      suggestions: true,
      lines_suggested: false,
      chat_requests: true,
      agent_requests: true,
      cli_requests: false,
    });
    expect(reportedCounters('windsurf', [], 'emails')).toMatchObject({ chat_requests: false });
    expect(reportedCounters('windsurf', [], 'group')).toMatchObject({ chat_requests: true });
    expect(reportedCounters('copilot', [row('copilot', '2025-06-10', { agent_requests: 4 })])).toEqual({
      suggestions: true,
      lines_suggested: true,
      chat_requests: true,
      agent_requests: true,
      cli_requests: true,
    });
    expect(
      reportedCounters('copilot', [
        row('copilot', '2025-06-10', { chat_requests: null, cli_requests: null }),
      ]),
    ).toMatchObject({ chat_requests: false, cli_requests: false });
  });
});

describe('breakdownsOf', () => {
  it('lists each dimension most accepted first, then by name, suggestions null when not reported', () => {
    const sums = [
      {
        tool: 'copilot',
        dimension: 'language',
        name: 'TypeScript',
        suggestions: 20,
        acceptances: 5,
        linesAccepted: 9,
      },
      {
        tool: 'copilot',
        dimension: 'language',
        name: 'Go',
        suggestions: 40,
        acceptances: 8,
        linesAccepted: 10,
      },
      { tool: 'copilot', dimension: 'language', name: 'C', suggestions: 1, acceptances: 5, linesAccepted: 1 },
      {
        tool: 'copilot',
        dimension: 'model',
        name: 'GPT-4.1',
        suggestions: 0,
        acceptances: 0,
        linesAccepted: 2,
      },
    ] as const;
    expect(breakdownsOf(sums, true)).toEqual({
      language: [
        { name: 'Go', suggestions: 40, acceptances: 8, linesAccepted: 10 },
        { name: 'C', suggestions: 1, acceptances: 5, linesAccepted: 1 },
        { name: 'TypeScript', suggestions: 20, acceptances: 5, linesAccepted: 9 },
      ],
      ide: [],
      model: [{ name: 'GPT-4.1', suggestions: 0, acceptances: 0, linesAccepted: 2 }],
    });
    expect(breakdownsOf(sums, false).language[0]?.suggestions).toBeNull();
  });
});
