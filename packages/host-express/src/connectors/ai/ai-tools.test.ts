import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aiUsage } from '../../analytics/ai-usage-queries.js';
import { seedFixture } from '../../ingest/test-support/fixture.js';
import type { NewRow } from '../../store/schema.js';
import { type TestStore, featureStores } from '../../test-support/stores.js';
import { syncStatus } from '../sync-state.js';
import { type CursorRow, type FakeAiTools, startFakeAiTools } from '../test-support/fake-ai-tools.js';
import { type AiToolsSettings, readAiToolsSettings } from './settings.js';
import { syncAiTools } from './sync.js';
import { userKey } from './usage.js';

const CREDENTIALS = {
  windsurfServiceKey: 'ws-svc-9f8e7d6c5b4a-secret',
  copilotToken: 'ghp_copilotSecretToken1234567890',
  cursorApiKey: 'key_cursorAdminSecret0987',
};
const SECRETS = Object.values(CREDENTIALS);
/** Fast retries: the behaviour is what the tests look at, not the waiting. */
const FAST = { backoffBaseMs: 5, backoffLimitMs: 20, maxRetryAfterMs: 2_000 };
const NOW = new Date('2026-06-30T12:00:00Z');
const DAY = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

function cursorRow(day: string, email: string, n: number, isActive = true): CursorRow {
  return {
    date: ms(day),
    email,
    isActive,
    totalTabsShown: 10 * n,
    totalTabsAccepted: 4 * n,
    acceptedLinesAdded: 6 * n,
    chatRequests: n,
    composerRequests: 2 * n,
    agentRequests: 3 * n,
  };
}

describe.each(featureStores)('AI tools sync on $name', (kind) => {
  let store: TestStore;
  let fake: FakeAiTools;
  const settings = (): AiToolsSettings => ({
    windsurf: { serviceKey: CREDENTIALS.windsurfServiceKey, apiUrl: fake.url },
    copilot: { token: CREDENTIALS.copilotToken, apiUrl: fake.url },
    cursor: { apiKey: CREDENTIALS.cursorApiKey, apiUrl: fake.url },
  });
  const run = (options: Parameters<typeof syncAiTools>[2] = {}, s: AiToolsSettings = settings()) =>
    syncAiTools(store.db, s, { now: () => NOW, http: FAST, ...options });
  const scope = (
    row: Partial<NewRow<'ai_tool_scopes'>> & Pick<NewRow<'ai_tool_scopes'>, 'project_id' | 'tool'>,
  ) =>
    store.db
      .insertInto('ai_tool_scopes')
      .values({
        company_id: row.project_id === 'else-x' ? 'else' : 'co',
        scope_kind: 'team',
        scope_name: 'Acme',
        ...row,
      })
      .execute();
  const daily = (project: string, tool: 'windsurf' | 'copilot' | 'cursor') =>
    store.db
      .selectFrom('ai_usage_daily')
      .selectAll()
      .where('project_id', '=', project)
      .where('tool', '=', tool)
      .orderBy('day')
      .orderBy('user_key')
      .execute();
  const aggregate = async (project: string, tool: 'windsurf' | 'copilot' | 'cursor', day: string) =>
    (await daily(project, tool)).find((r) => r.day === day && r.user_key === '*');
  const scopeRow = (project: string, tool: 'windsurf' | 'copilot' | 'cursor') =>
    store.db
      .selectFrom('ai_tool_scopes')
      .select(['seats', 'data_through'])
      .where('project_id', '=', project)
      .where('tool', '=', tool)
      .executeTakeFirstOrThrow();
  const routed = (route: string) => fake.requests.filter((r) => r.route === route);
  const noSecretAnywhere = async () => {
    const states = JSON.stringify(await syncStatus(store.db, 'ai'));
    for (const secret of SECRETS) expect(states).not.toContain(secret);
  };

  beforeAll(async () => {
    store = await kind.open();
    await seedFixture(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    fake = await startFakeAiTools(CREDENTIALS);
    await store.db.deleteFrom('ai_usage_daily').execute();
    await store.db.deleteFrom('ai_usage_raw').execute();
    await store.db.deleteFrom('ai_tool_scopes').execute();
    await store.db.deleteFrom('sync_state').execute();
  });
  afterEach(async () => {
    await fake.close();
  });

  it('Cursor: one request per 30 days, surfaces it does not report null, seats, raw kept, history kept', async () => {
    await scope({ project_id: 'co-a', tool: 'cursor' });
    fake.cursor.members = [
      { name: 'Ann', email: 'ann@co.example', role: 'member' },
      { name: 'Bob', email: 'bob@co.example', role: 'member' },
      { name: 'Cy', email: 'cy@co.example', role: 'owner' },
    ];
    fake.cursor.rows = [
      cursorRow('2026-04-05', 'ann@co.example', 1),
      cursorRow('2026-06-28', 'ann@co.example', 2),
      cursorRow('2026-06-28', 'bob@co.example', 3),
      cursorRow('2026-06-28', 'cy@co.example', 0, false),
    ];
    const result = await run();
    expect(result.scopes).toEqual([
      expect.objectContaining({ scope: 'cursor:co-a:Acme', label: 'co-a (cursor: Acme)', error: null }),
    ]);
    // First run: Cursor's 90-day window (2026-04-01 to 2026-06-29) in three 30-day requests, plus members.
    expect(result.requests).toBe(4);
    const usage = routed('cursor:usage');
    expect(usage).toHaveLength(3);
    for (const r of usage) {
      expect(r.method).toBe('POST');
      expect(Number(r.body?.endDate) - Number(r.body?.startDate)).toBeLessThanOrEqual(30 * DAY);
    }
    expect(usage[0]!.body?.startDate).toBe(ms('2026-04-01'));
    expect(usage[2]!.body?.endDate).toBe(ms('2026-06-30') - 1);

    expect(await aggregate('co-a', 'cursor', '2026-06-28')).toMatchObject({
      active_users: 2,
      suggestions: 50,
      acceptances: 20,
      lines_suggested: null,
      lines_accepted: 30,
      chat_requests: 15,
      agent_requests: 15,
      cli_requests: null,
    });
    // A day without use is zeros for what Cursor reports, null for what it does not.
    expect(await aggregate('co-a', 'cursor', '2026-06-29')).toMatchObject({
      active_users: 0,
      suggestions: 0,
      lines_suggested: null,
      cli_requests: null,
    });
    const users = (await daily('co-a', 'cursor')).filter((r) => r.day === '2026-06-28' && r.user_key !== '*');
    expect(users.map((u) => u.user_key).sort()).toEqual(
      [userKey('ann@co.example'), userKey('bob@co.example')].sort(),
    );
    expect(users.every((u) => /^[0-9a-f]{16}$/.test(u.user_key))).toBe(true);
    expect(await scopeRow('co-a', 'cursor')).toEqual({ seats: 3, data_through: '2026-06-29' });
    const [state] = await syncStatus(store.db, 'ai');
    expect(state).toMatchObject({ scope: 'cursor:co-a:Acme', status: 'ok', cursor: { day: '2026-06-29' } });
    expect(state!.lastCounts).toMatchObject({ requests: 4, pages: 3 });

    const raw = await store.db
      .selectFrom('ai_usage_raw')
      .selectAll()
      .where('day', '=', '2026-06-28')
      .executeTakeFirstOrThrow();
    expect(raw).toMatchObject({ tool: 'cursor', scope_name: 'Acme', report: 'daily-usage' });
    expect(raw.payload).toHaveLength(3);
    // Kept as answered, but no one's e-mail or id: the same hashes as the per-user rows.
    expect(JSON.stringify(raw.payload)).not.toContain('@co.example');
    expect((raw.payload as { email: string }[]).map((r) => r.email)).toContain(userKey('ann@co.example'));

    // A hundred days later Cursor no longer has April; the store does.
    fake.requests.length = 0;
    const later = new Date(NOW.getTime() + 100 * DAY);
    const again = await run({ now: () => later });
    expect(again.scopes[0]!.error).toBeNull();
    // 2026-06-30 to 2026-10-07: 100 days in four requests, plus members.
    expect(again.requests).toBe(1 + 4);
    expect(await aggregate('co-a', 'cursor', '2026-04-05')).toMatchObject({
      suggestions: 10,
      active_users: 1,
    });
    expect(await aggregate('co-a', 'cursor', '2026-06-28')).toMatchObject({ suggestions: 50 });
  });

  it('Cursor: an interrupted run resumes after its last stored chunk, without duplicates', async () => {
    await scope({ project_id: 'co-a', tool: 'cursor' });
    fake.cursor.rows = [
      cursorRow('2026-04-10', 'ann@co.example', 1),
      cursorRow('2026-05-10', 'ann@co.example', 1),
      cursorRow('2026-05-11', 'bob@co.example', 1),
      cursorRow('2026-06-10', 'ann@co.example', 1),
    ];
    await run(); // a clean run, to compare with
    const clean = await daily('co-a', 'cursor');
    await store.db.deleteFrom('ai_usage_daily').execute();
    await store.db.deleteFrom('sync_state').execute();
    await store.db.updateTable('ai_tool_scopes').set({ data_through: null }).execute();

    // The first 30 days are answered; the second request fails on every try (the first and four retries).
    fake.fail('cursor:usage', { pass: true }, ...Array.from({ length: 5 }, () => ({ status: 500 })));
    const broken = await run();
    expect(broken.scopes[0]!.error).toBe('Cursor: POST /teams/daily-usage-data failed with 500: fault 500');
    expect(broken.scopes[0]!.counts).toMatchObject({ requests: 1 + 1 + 5, pages: 1, created: 31 });
    const [state] = await syncStatus(store.db, 'ai');
    expect(state).toMatchObject({ status: 'failed', cursor: { day: '2026-04-30' } });
    expect(await scopeRow('co-a', 'cursor')).toMatchObject({ data_through: '2026-04-30' });

    fake.requests.length = 0;
    const resumed = await run();
    expect(resumed.scopes[0]!.error).toBeNull();
    // Members, then the two chunks not stored yet; the first is not read again.
    expect(resumed.requests).toBe(3);
    expect(routed('cursor:usage')[0]!.body?.startDate).toBe(ms('2026-05-01'));
    expect(resumed.scopes[0]!.counts).toMatchObject({ unchanged: 0, updated: 0 });
    expect(await daily('co-a', 'cursor')).toEqual(clean);
  });

  it('Copilot: report links then bodies, 204 holds the cursor, 404 is no data, seats paged, surfaces by feature', async () => {
    await scope({
      project_id: 'else-x',
      tool: 'copilot',
      scope_kind: 'organisation',
      scope_name: 'acme-org',
    });
    fake.copilot.seats['orgs/acme-org'] = 230;
    fake.copilot.omitTotalSeats = true;
    const totals = (day: string, withFeatures: boolean) => ({
      day,
      organization_id: '42',
      daily_active_users: 7,
      weekly_active_users: 9,
      user_initiated_interaction_count: 30,
      code_generation_activity_count: 200,
      code_acceptance_activity_count: 60,
      loc_suggested_to_add_sum: 400,
      loc_suggested_to_delete_sum: 10,
      loc_added_sum: 120,
      loc_deleted_sum: 5,
      totals_by_ide: [
        {
          ide: 'vscode',
          code_generation_activity_count: 150,
          code_acceptance_activity_count: 50,
          loc_added_sum: 100,
        },
        {
          ide: 'jetbrains',
          code_generation_activity_count: 50,
          code_acceptance_activity_count: 10,
          loc_added_sum: 20,
        },
      ],
      totals_by_language_feature: [
        {
          language: 'typescript',
          feature: 'code_completion',
          code_generation_activity_count: 120,
          code_acceptance_activity_count: 40,
          loc_added_sum: 80,
        },
        {
          language: 'typescript',
          feature: 'chat_panel_ask_mode',
          code_generation_activity_count: 20,
          code_acceptance_activity_count: 5,
          loc_added_sum: 10,
        },
        {
          language: 'go',
          feature: 'code_completion',
          code_generation_activity_count: 60,
          code_acceptance_activity_count: 15,
          loc_added_sum: 30,
        },
      ],
      ...(withFeatures
        ? {
            totals_by_feature: [
              {
                feature: 'code_completion',
                user_initiated_interaction_count: 0,
                code_generation_activity_count: 150,
              },
              { feature: 'chat_panel_ask_mode', user_initiated_interaction_count: 12 },
              { feature: 'chat_inline', user_initiated_interaction_count: 4 },
              { feature: 'chat_panel_agent_mode', user_initiated_interaction_count: 9 },
              { feature: 'agent_edit', user_initiated_interaction_count: 2 },
              { feature: 'copilot_cli', user_initiated_interaction_count: 3 },
            ],
          }
        : {}),
    });
    const users = [
      {
        user_login: 'octocat',
        user_id: 1,
        day: 'x',
        user_initiated_interaction_count: 5,
        code_generation_activity_count: 20,
        code_acceptance_activity_count: 8,
        loc_added_sum: 12,
        used_chat: true,
      },
      {
        user_login: 'hubot',
        user_id: 2,
        user_initiated_interaction_count: 1,
        code_generation_activity_count: 2,
        code_acceptance_activity_count: 1,
        loc_added_sum: 1,
      },
    ];
    fake.copilot.days['orgs/acme-org'] = {
      '2026-06-25': { totals: totals('2026-06-25', true), users },
      '2026-06-26': { totals: totals('2026-06-26', false), users },
      '2026-06-27': 'not-ready',
      '2026-06-28': { totals: totals('2026-06-28', true), users: [users[0]!] },
      // 2026-06-29: no report (404).
    };
    const result = await run({ since: new Date('2026-06-25T00:00:00Z') });
    expect(result.scopes[0]!.error).toBeNull();
    // Seats: 3 pages (100 + 100 + 30, no total_seats); days 25, 26, 28: links + file for both reports;
    // day 27: one 204; day 29: one 404.
    expect(result.requests).toBe(3 + 4 + 4 + 1 + 4 + 1);
    expect(routed('copilot:seats')).toHaveLength(3);
    expect(routed('copilot:download').every((r) => r.authorization === undefined)).toBe(true);
    expect(
      routed('copilot:report').every((r) => r.authorization === `Bearer ${CREDENTIALS.copilotToken}`),
    ).toBe(true);

    expect(await aggregate('else-x', 'copilot', '2026-06-25')).toMatchObject({
      active_users: 7,
      suggestions: 200,
      acceptances: 60,
      lines_suggested: 400,
      lines_accepted: 120,
      chat_requests: 16,
      agent_requests: 11,
      cli_requests: 3,
    });
    // Without the feature split: interactions are the chat; agent and CLI are not reported.
    const plain = await aggregate('else-x', 'copilot', '2026-06-26');
    expect(plain).toMatchObject({ chat_requests: 30, agent_requests: null, cli_requests: null });
    expect(plain!.breakdown.ide?.map((b) => b.name)).toEqual(['vscode', 'jetbrains']);
    expect(plain!.breakdown.language?.[0]).toEqual({
      name: 'typescript',
      suggestions: 140,
      acceptances: 45,
      linesAccepted: 90,
    });
    expect(await aggregate('else-x', 'copilot', '2026-06-27')).toBeUndefined();
    expect(await aggregate('else-x', 'copilot', '2026-06-28')).toMatchObject({ suggestions: 200 });
    expect(await aggregate('else-x', 'copilot', '2026-06-29')).toBeUndefined();
    const perUser = (await daily('else-x', 'copilot')).filter(
      (r) => r.day === '2026-06-25' && r.user_key !== '*',
    );
    expect(perUser.map((r) => r.user_key).sort()).toEqual([userKey('hubot'), userKey('octocat')].sort());
    // The 204 day holds the cursor and the "data as of" before it.
    expect(await scopeRow('else-x', 'copilot')).toEqual({ seats: 230, data_through: '2026-06-26' });
    expect((await syncStatus(store.db, 'ai'))[0]).toMatchObject({
      status: 'ok',
      cursor: { day: '2026-06-26' },
    });
    const raw = await store.db
      .selectFrom('ai_usage_raw')
      .select(['day', 'report', 'payload'])
      .orderBy('day')
      .orderBy('report')
      .execute();
    expect(raw.map((r) => [r.day, r.report])).toEqual([
      ['2026-06-25', 'organization-1-day'],
      ['2026-06-25', 'users-1-day'],
      ['2026-06-26', 'organization-1-day'],
      ['2026-06-26', 'users-1-day'],
      ['2026-06-28', 'organization-1-day'],
      ['2026-06-28', 'users-1-day'],
    ]);
    expect(JSON.stringify(raw)).not.toContain('octocat');

    // The held day is ready now: the next run starts there, and what it re-reads changes nothing.
    fake.copilot.days['orgs/acme-org']!['2026-06-27'] = { totals: totals('2026-06-27', true), users };
    fake.requests.length = 0;
    const again = await run();
    expect(routed('copilot:report').map((r) => r.query.get('day'))).toEqual([
      '2026-06-27',
      '2026-06-27',
      '2026-06-28',
      '2026-06-28',
      '2026-06-29',
    ]);
    expect(again.scopes[0]!.counts).toMatchObject({ created: 3, updated: 0, unchanged: 2 });
    expect(await scopeRow('else-x', 'copilot')).toEqual({ seats: 230, data_through: '2026-06-29' });

    // The analytics answer reads the nullable counters: not reported stays null where the contract allows it.
    const answer = await aiUsage(store.db, 'else', 'X', { from: '2026-06-26', to: '2026-06-26' });
    const copilot = answer!.tools[0]!;
    expect(copilot.totals).toMatchObject({ suggestions: 200, chatRequests: 30, agentRequests: null });
    expect(copilot.dataThrough).toBe('2026-06-29');
  });

  it('Windsurf: numbers as strings parsed, no suggestions or CLI, Cascade lines and runs, the key only in the body', async () => {
    await scope({ project_id: 'co-b', tool: 'windsurf', scope_kind: 'group', scope_name: 'platform' });
    fake.windsurf.users = [
      {
        date: '2026-06-28',
        apiKey: 'ak-1',
        acceptances: 10,
        linesAccepted: 25,
        language: 'TypeScript',
        ide: 'vscode',
      },
      { date: '2026-06-28', apiKey: 'ak-1', acceptances: 2, linesAccepted: 3, language: 'Go', ide: 'vscode' },
      {
        date: '2026-06-28',
        apiKey: 'ak-2',
        acceptances: 5,
        linesAccepted: 9,
        language: 'TypeScript',
        ide: 'jetbrains',
      },
    ];
    fake.windsurf.chats = [{ date: '2026-06-28', chats: 7 }];
    fake.windsurf.cascadeLines = [{ day: '2026-06-28', linesSuggested: 40 }];
    fake.windsurf.cascadeRuns = [
      { day: '2026-06-28', messagesSent: 3, model: 'SWE-1' },
      { day: '2026-06-28', messagesSent: 2, model: 'SWE-1' },
    ];
    const result = await run();
    expect(result.scopes[0]!.error).toBeNull();
    // First run: 365 days in 13 chunks of 30, two requests each.
    expect(result.requests).toBe(26);
    for (const r of fake.requests) {
      expect(r.authorization).toBeUndefined();
      expect(r.body?.service_key).toBe(CREDENTIALS.windsurfServiceKey);
    }
    expect(routed('windsurf:cascade')[0]!.body?.group_name).toBe('platform');
    const row = await aggregate('co-b', 'windsurf', '2026-06-28');
    expect(row).toMatchObject({
      active_users: 2,
      suggestions: null,
      acceptances: 17,
      lines_suggested: 40,
      lines_accepted: 37,
      chat_requests: 7,
      agent_requests: 5,
      cli_requests: null,
    });
    expect(row!.breakdown.language).toEqual([
      { name: 'TypeScript', suggestions: null, acceptances: 15, linesAccepted: 34 },
      { name: 'Go', suggestions: null, acceptances: 2, linesAccepted: 3 },
    ]);
    expect(await aggregate('co-b', 'windsurf', '2025-06-30')).toMatchObject({
      acceptances: 0,
      suggestions: null,
    });
    const raw = await store.db
      .selectFrom('ai_usage_raw')
      .selectAll()
      .where('day', '=', '2026-06-28')
      .orderBy('report')
      .execute();
    expect(raw.map((r) => r.report)).toEqual(['cascade', 'custom']);
    expect((raw[0]!.payload as { cascadeLines: unknown[] }).cascadeLines).toEqual([
      { day: '2026-06-28T00:00:00Z', linesSuggested: '40' },
    ]);

    // A non-numeric string is a malformed answer, not a 0; the stored days stay.
    fake.fail('windsurf:analytics', { malformed: 'not-a-number' });
    const bad = await run({ since: new Date('2026-06-28T00:00:00Z') });
    expect(bad.scopes[0]!.error).toMatch(
      /^Windsurf: POST \/api\/v1\/Analytics answered a body of an unexpected shape/,
    );
    expect(await aggregate('co-b', 'windsurf', '2026-06-28')).toMatchObject({ acceptances: 17 });
    await noSecretAnywhere();
  });

  it('an `emails` scope counts only its people; chat it cannot filter stays null, and the page reads it as 0', async () => {
    await scope({
      project_id: 'co-b',
      tool: 'windsurf',
      scope_kind: 'emails',
      scope_name: 'ann@co.example, bob@co.example',
    });
    fake.windsurf.team = [
      { name: 'Ann', email: 'Ann@co.example', apiKey: 'ak-1' },
      { name: 'Zed', email: 'zed@co.example', apiKey: 'ak-9' },
    ];
    fake.windsurf.users = [
      {
        date: '2026-06-28',
        apiKey: 'ak-1',
        acceptances: 10,
        linesAccepted: 25,
        language: 'TypeScript',
        ide: 'vscode',
      },
      {
        date: '2026-06-28',
        apiKey: 'ak-9',
        acceptances: 99,
        linesAccepted: 99,
        language: 'Go',
        ide: 'vscode',
      },
    ];
    fake.windsurf.chats = [{ date: '2026-06-28', chats: 7 }];
    const result = await run({ since: new Date('2026-06-20T00:00:00Z') });
    expect(result.scopes[0]!.error).toBeNull();
    expect(result.requests).toBe(3);
    expect(routed('windsurf:cascade')[0]!.body?.emails).toEqual(['ann@co.example', 'bob@co.example']);
    expect(await aggregate('co-b', 'windsurf', '2026-06-28')).toMatchObject({
      active_users: 1,
      acceptances: 10,
      chat_requests: null,
    });
    const answer = await aiUsage(store.db, 'co', 'B', { from: '2026-06-28', to: '2026-06-28' });
    // Chat not reported for an e-mail scope: "not reported" (null) in the answer too, never 0.
    expect(answer!.tools[0]!.totals).toMatchObject({
      acceptances: 10,
      chatRequests: null,
      cliRequests: null,
      suggestions: null,
    });
  });

  it('retries 429 (with and without Retry-After) and 5xx; 401 fails its scope only, quoting no secret', async () => {
    await scope({ project_id: 'co-a', tool: 'cursor' });
    await scope({ project_id: 'co-b', tool: 'windsurf', scope_kind: 'organisation', scope_name: 'all' });
    fake.cursor.rows = [cursorRow('2026-06-28', 'ann@co.example', 1)];
    fake.fail(
      'cursor:members',
      { status: 429, retryAfter: '0' },
      { status: 429 },
      { status: 503 },
      { status: 502 },
    );
    const ok = await run({ since: new Date('2026-06-20T00:00:00Z') });
    expect(ok.scopes.map((s) => s.error)).toEqual([null, null]);
    // Cursor: members after four faults (5 requests) and one usage request; Windsurf: two.
    expect(ok.scopes.map((s) => s.counts.requests)).toEqual([6, 2]);

    const wrong = { ...settings(), cursor: { apiKey: 'key_wrongButSecret42', apiUrl: fake.url } };
    const failed = await run({ since: new Date('2026-06-20T00:00:00Z') }, wrong);
    expect(failed.scopes[0]!.error).toBe(
      'Cursor: GET /teams/members was refused (401): check the configured credentials and their permissions',
    );
    expect(failed.scopes[1]!.error).toBeNull();
    const states = await syncStatus(store.db, 'ai');
    expect(states.map((s) => [s.scope, s.status])).toEqual([
      ['cursor:co-a:Acme', 'failed'],
      ['windsurf:co-b:all', 'ok'],
    ]);
    expect(JSON.stringify(states)).not.toContain('key_wrongButSecret42');
    await noSecretAnywhere();

    // A Retry-After beyond what a run waits ends the scope as rate limited.
    fake.fail('cursor:members', { status: 429, retryAfter: '3600' });
    const limited = await run({ since: new Date('2026-06-20T00:00:00Z') });
    expect(limited.scopes[0]!.error).toMatch(/^Cursor: GET \/teams\/members: asked to wait until .* \(429\)/);
  });

  it('a failing scope never stops another: a Copilot team scope is refused, the organisation syncs', async () => {
    await scope({ project_id: 'co-a', tool: 'copilot', scope_kind: 'team', scope_name: 'platform' });
    await scope({
      project_id: 'else-x',
      tool: 'copilot',
      scope_kind: 'organisation',
      scope_name: 'acme-org',
    });
    fake.copilot.seats['orgs/acme-org'] = 12;
    fake.copilot.days['orgs/acme-org'] = {};
    const result = await run({ since: new Date('2026-06-28T00:00:00Z') });
    expect(result.scopes.map((s) => [s.scope, s.error])).toEqual([
      [
        'copilot:co-a:platform',
        expect.stringContaining('Copilot reports usage per organisation or enterprise'),
      ],
      ['copilot:else-x:acme-org', null],
    ]);
    expect(await scopeRow('else-x', 'copilot')).toEqual({ seats: 12, data_through: '2026-06-29' });
    // The project card's "synced at": set for the scope that synced, not for the one that failed.
    const synced = await store.db
      .selectFrom('ai_tool_scopes')
      .select(['project_id', 'last_synced_at'])
      .orderBy('project_id')
      .execute();
    expect(synced.map((r) => [r.project_id, r.last_synced_at?.toISOString() ?? null])).toEqual([
      ['co-a', null],
      ['else-x', NOW.toISOString()],
    ]);
    // Scopes of a tool without a key are left alone.
    const none = await run({}, { windsurf: null, copilot: null, cursor: null });
    expect(none).toEqual({ scopes: [], requests: 0 });
  });
});

describe('readAiToolsSettings', () => {
  it('turns on each tool whose key is set, with the default URLs', () => {
    expect(readAiToolsSettings({})).toEqual({ settings: null, problems: [] });
    expect(readAiToolsSettings({ CURSOR_API_KEY: ' key_1 ', WINDSURF_SERVICE_KEY: 'svc' })).toEqual({
      settings: {
        windsurf: { serviceKey: 'svc', apiUrl: 'https://server.codeium.com' },
        copilot: null,
        cursor: { apiKey: 'key_1', apiUrl: 'https://api.cursor.com' },
      },
      problems: [],
    });
    expect(
      readAiToolsSettings({ COPILOT_TOKEN: 'ghp_x', COPILOT_API_URL: 'https://ghe.example/api/v3/' }).settings
        ?.copilot,
    ).toEqual({ token: 'ghp_x', apiUrl: 'https://ghe.example/api/v3' });
  });

  it('says what is wrong in one line each, never quoting a key', () => {
    const { problems } = readAiToolsSettings({
      COPILOT_TOKEN: 'ghp secret with spaces',
      CURSOR_API_URL: 'ftp://cursor.example',
      WINDSURF_API_URL: 'https://user:pw@server.example',
    });
    expect(problems).toEqual([
      'WINDSURF_API_URL must be an http(s) URL without credentials, query or fragment',
      'COPILOT_TOKEN must not contain spaces or control characters',
      'CURSOR_API_URL must be an http(s) URL without credentials, query or fragment (got "ftp://cursor.example")',
    ]);
    expect(problems.join(' ')).not.toContain('secret');
  });
});
