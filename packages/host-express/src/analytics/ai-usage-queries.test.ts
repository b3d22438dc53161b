import { aiUsageSchema } from '@client-portal/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestStore, featureStores } from '../test-support/stores.js';
import { aiUsage } from './ai-usage-queries.js';

// The breakdowns are summed in SQL from the connectors' jsonb: whatever shape a connector stored,
// malformed entries are skipped and counters are the contract's counts (positive, rounded).

describe.each(featureStores)('AI usage from the store on $name', (kind) => {
  let store: TestStore;
  const range = { from: '2025-06-10', to: '2025-06-12' };
  const day = (
    date: string,
    breakdown: unknown,
    userKey = '*',
    fields: { tool?: 'copilot' | 'cursor'; chat_requests?: number | null; cli_requests?: number | null } = {},
  ) => ({
    company_id: 'co',
    project_id: 'co-app',
    tool: 'copilot' as 'copilot' | 'cursor',
    day: date,
    user_key: userKey,
    active_users: 2,
    suggestions: 100,
    acceptances: 30,
    lines_suggested: 50,
    lines_accepted: 40,
    chat_requests: 5,
    agent_requests: null,
    cli_requests: null as number | null,
    breakdown: JSON.stringify(breakdown),
    ...fields,
  });

  beforeAll(async () => {
    store = await kind.open();
    const { db } = store;
    await db.insertInto('companies').values({ id: 'co', name: 'Co' }).execute();
    await db
      .insertInto('projects')
      .values({ id: 'co-app', company_id: 'co', name: 'App', jira_key: 'APP', analytics_enabled: true })
      .execute();
    await db
      .insertInto('ai_tool_scopes')
      .values({
        company_id: 'co',
        project_id: 'co-app',
        tool: 'copilot',
        scope_kind: 'team',
        scope_name: 'app',
      })
      .execute();
    await db
      .insertInto('ai_tool_scopes')
      .values({
        company_id: 'co',
        project_id: 'co-app',
        tool: 'cursor',
        scope_kind: 'emails',
        scope_name: 'dev@co.example',
      })
      .execute();
    await db
      .insertInto('ai_usage_daily')
      .values([
        day(
          '2025-06-10',
          {
            language: [
              { name: 'Go', suggestions: 10, acceptances: 2, linesAccepted: 3 },
              { name: 'TypeScript', suggestions: 20, acceptances: 5, linesAccepted: 9 },
            ],
            ide: 'not an array',
          },
          '*',
          { cli_requests: 3 },
        ),
        day('2025-06-11', {
          language: [
            { name: 'Go', suggestions: 30, acceptances: '6', linesAccepted: 7 },
            { acceptances: 99 },
            { name: 42, acceptances: 99 },
            null,
            'Go',
          ],
          model: [{ name: 'GPT-4.1', suggestions: null, acceptances: -3, linesAccepted: 1.6 }],
          ide: [{ name: 'VS Code', acceptances: 'many', linesAccepted: 0.4 }],
        }),
        day('2025-06-12', [], '*', { cli_requests: 4 }),
        // Cursor reports neither chat (in this store) nor the CLI: not reported, never 0.
        day('2025-06-10', [], '*', { tool: 'cursor', chat_requests: null }),
        day('2025-06-11', [], '*', { tool: 'cursor', chat_requests: null }),
        // Outside the range, and a per-user row: neither is part of the breakdowns.
        day('2025-06-13', { language: [{ name: 'Go', acceptances: 1000 }] }),
        day('2025-06-11', { language: [{ name: 'Go', acceptances: 1000 }] }, 'user-1'),
      ])
      .execute();
  });
  afterAll(() => store.close());

  it('sums the breakdowns by name over the range, skipping malformed entries', async () => {
    const usage = await aiUsage(store.db, 'co', 'APP', range);
    expect(usage).not.toBeNull();
    aiUsageSchema.parse(usage);
    const copilot = usage?.tools[0];
    expect(copilot?.breakdowns).toEqual({
      language: [
        { name: 'Go', suggestions: 40, acceptances: 8, linesAccepted: 10 },
        { name: 'TypeScript', suggestions: 20, acceptances: 5, linesAccepted: 9 },
      ],
      ide: [{ name: 'VS Code', suggestions: 0, acceptances: 0, linesAccepted: 0 }],
      model: [{ name: 'GPT-4.1', suggestions: 0, acceptances: 0, linesAccepted: 2 }],
    });
    expect(copilot?.daily.map((d) => d.date)).toEqual(['2025-06-10', '2025-06-11', '2025-06-12']);
    expect(copilot?.totals.activeUsers).toBe(2);
  });

  it('keeps chat and CLI requests null when no day reports them, and sums the days that do', async () => {
    const usage = await aiUsage(store.db, 'co', 'APP', range);
    expect(usage?.tools.map((t) => t.tool)).toEqual(['copilot', 'cursor']);
    const [copilot, cursor] = usage?.tools ?? [];
    expect(copilot?.totals).toMatchObject({ chatRequests: 15, cliRequests: 7, agentRequests: null });
    expect(copilot?.daily.map((d) => d.cliRequests)).toEqual([3, 0, 4]);
    expect(cursor?.totals).toMatchObject({ chatRequests: null, cliRequests: null });
    expect(cursor?.daily.every((d) => d.chatRequests === null && d.cliRequests === null)).toBe(true);
  });

  it('answers null for another company, a blank key, or a project without AI data', async () => {
    expect(await aiUsage(store.db, 'other', 'APP', range)).toBeNull();
    expect(await aiUsage(store.db, 'co', ' ', range)).toBeNull();
    expect(await aiUsage(store.db, 'co', 'NOPE', range)).toBeNull();
  });
});
