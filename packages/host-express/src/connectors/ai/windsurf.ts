import { z } from 'zod';
import { ConnectorError, createVendorHttp, type VendorHttpOptions } from '../http.js';
import type { AiToolsSettings } from './settings.js';
import {
  BreakdownSum,
  type DayUsage,
  daysOf,
  emptyDay,
  parseAnswer,
  plus,
  type ToolScope,
  userKey,
  vendorCount,
  vendorDay,
} from './usage.js';

// Windsurf (Codeium) Analytics API (research §2.1): POST calls with the service key in the JSON
// body, every number sent as a string, data refreshed every 3 hours, Enterprise plans only.
// - /api/v1/Analytics (custom query): autocomplete per user and day (USER_DATA: acceptances, lines
//   accepted), by language and by IDE, and chat per day (CHAT_DATA: chats received).
// - /api/v1/CascadeAnalytics: Cascade lines suggested/accepted per day and runs (messages sent =
//   agent requests).
// - /api/v1/UserPageAnalytics: the team's users with their e-mails and API keys, read for an
//   `emails` scope (USER_DATA names users by API key only).
// Two requests a chunk (three for an `emails` scope). Windsurf reports no "suggestions shown" and
// no CLI: those stay null.

const VENDOR = 'Windsurf';
/** Days per request pair: Windsurf publishes no limit; a month keeps answers small. */
export const WINDSURF_CHUNK_DAYS = 30;

const item = z.record(z.string(), z.unknown());
const customAnswer = z.object({
  queryResults: z.array(z.object({ responseItems: z.array(z.object({ item })).nullish() })),
});
const cascadeAnswer = z.object({
  queryResults: z.array(
    z.object({
      cascadeLines: z.object({ cascadeLines: z.array(item).nullish() }).nullish(),
      cascadeRuns: z.object({ cascadeRuns: z.array(item).nullish() }).nullish(),
    }),
  ),
});
const userPageAnswer = z.object({
  userTableStats: z.array(z.object({ email: z.string().nullish(), apiKey: z.string().nullish() })).nullish(),
});

const day = z.unknown().transform((value, ctx) => {
  const parsed = vendorDay(value);
  if (parsed === null) ctx.addIssue({ code: 'custom', message: 'is not a day' });
  return parsed ?? '';
});
const optionalCount = vendorCount.nullish();
const userRow = z.object({
  date: day,
  api_key: z.string().min(1),
  acceptances: optionalCount,
  lines_accepted: optionalCount,
});
const languageRow = z.object({
  date: day,
  language: z.string(),
  acceptances: optionalCount,
  lines_accepted: optionalCount,
});
const ideRow = z.object({
  date: day,
  ide: z.string(),
  acceptances: optionalCount,
  lines_accepted: optionalCount,
});
const chatRow = z.object({ date: day, chats: optionalCount });
const linesRow = z.object({ day, linesSuggested: optionalCount, linesAccepted: optionalCount });
const runRow = z.object({ day, messagesSent: optionalCount, model: z.string().nullish() });

const SUM = 'QUERY_AGGREGATION_SUM';
const sum = (field: string, name: string) => ({ field, name, aggregation_function: SUM });
const byDate = (from: string, to: string) => [
  { name: 'date', filter: 'QUERY_FILTER_GE', value: from },
  { name: 'date', filter: 'QUERY_FILTER_LE', value: to },
];

export interface WindsurfClient {
  /** Every day from `from` to `to` (UTC, both included) of the scope, normalised. */
  days(scope: ToolScope, from: string, to: string): Promise<DayUsage[]>;
  readonly requests: number;
}

export function createWindsurfClient(
  settings: NonNullable<AiToolsSettings['windsurf']>,
  http: Partial<VendorHttpOptions> = {},
): WindsurfClient {
  const client = createVendorHttp({ vendor: VENDOR, baseUrl: settings.apiUrl, headers: {}, ...http });
  const auth = { service_key: settings.serviceKey };
  // USER_DATA knows users by API key only: an `emails` scope maps its e-mails through the users page.
  let apiKeysOfEmails: Promise<Set<string>> | null = null;

  async function scopeApiKeys(scope: ToolScope): Promise<Set<string>> {
    const emails = new Set(emailsOf(scope.name));
    const raw = await client.postJson('/api/v1/UserPageAnalytics', auth, z.unknown());
    const answer = parseAnswer(VENDOR, 'POST /api/v1/UserPageAnalytics', userPageAnswer, raw);
    return new Set(
      (answer.userTableStats ?? [])
        .filter((u) => u.email && u.apiKey && emails.has(u.email.trim().toLowerCase()))
        .map((u) => u.apiKey as string),
    );
  }

  return {
    async days(scope, from, to) {
      const emails = scope.kind === 'emails';
      const filter = emails
        ? { emails: emailsOf(scope.name) }
        : scope.kind === 'group'
          ? { group_name: scope.name }
          : {};
      // The custom query has no e-mail filter: for an `emails` scope only the per-user rows are
      // asked for (and kept for the scope's API keys); chat and the breakdowns are not reported.
      const queries = [
        {
          data_source: 'QUERY_DATA_SOURCE_USER_DATA',
          selections: [sum('num_acceptances', 'acceptances'), sum('num_lines_accepted', 'lines_accepted')],
          filters: byDate(from, to),
          aggregations: [
            { field: 'date', name: 'date' },
            { field: 'api_key', name: 'api_key' },
          ],
        },
        ...(emails
          ? []
          : [
              {
                data_source: 'QUERY_DATA_SOURCE_USER_DATA',
                selections: [
                  sum('num_acceptances', 'acceptances'),
                  sum('num_lines_accepted', 'lines_accepted'),
                ],
                filters: byDate(from, to),
                aggregations: [
                  { field: 'date', name: 'date' },
                  { field: 'language', name: 'language' },
                ],
              },
              {
                data_source: 'QUERY_DATA_SOURCE_USER_DATA',
                selections: [
                  sum('num_acceptances', 'acceptances'),
                  sum('num_lines_accepted', 'lines_accepted'),
                ],
                filters: byDate(from, to),
                aggregations: [
                  { field: 'date', name: 'date' },
                  { field: 'ide', name: 'ide' },
                ],
              },
              {
                data_source: 'QUERY_DATA_SOURCE_CHAT_DATA',
                selections: [sum('num_chats_received', 'chats')],
                filters: byDate(from, to),
                aggregations: [{ field: 'date', name: 'date' }],
              },
            ]),
      ];
      const customWhat = 'POST /api/v1/Analytics';
      const customRaw = await client.postJson(
        '/api/v1/Analytics',
        { ...auth, ...(scope.kind === 'group' ? { group_name: scope.name } : {}), query_requests: queries },
        z.unknown(),
      );
      const custom = parseAnswer(VENDOR, customWhat, customAnswer, customRaw);
      if (custom.queryResults.length !== queries.length) {
        throw new ConnectorError(
          VENDOR,
          'malformed',
          `${customWhat} answered ${custom.queryResults.length} results to ${queries.length} queries`,
        );
      }
      const items = (n: number) => custom.queryResults[n]?.responseItems?.map((r) => r.item) ?? [];
      const rows = <T>(n: number, schema: z.ZodType<T>) =>
        parseAnswer(VENDOR, customWhat, z.array(schema), items(n));

      const cascadeWhat = 'POST /api/v1/CascadeAnalytics';
      const cascadeRaw = await client.postJson(
        '/api/v1/CascadeAnalytics',
        {
          ...auth,
          ...filter,
          start_timestamp: `${from}T00:00:00Z`,
          end_timestamp: `${to}T23:59:59Z`,
          query_requests: [{ cascade_lines: {} }, { cascade_runs: {} }],
        },
        z.unknown(),
      );
      const cascade = parseAnswer(VENDOR, cascadeWhat, cascadeAnswer, cascadeRaw);
      const rawLines = cascade.queryResults.flatMap((r) => r.cascadeLines?.cascadeLines ?? []);
      const rawRuns = cascade.queryResults.flatMap((r) => r.cascadeRuns?.cascadeRuns ?? []);
      const lines = parseAnswer(VENDOR, cascadeWhat, z.array(linesRow), rawLines);
      const runs = parseAnswer(VENDOR, cascadeWhat, z.array(runRow), rawRuns);

      let users = rows(0, userRow);
      if (emails) {
        apiKeysOfEmails ??= scopeApiKeys(scope);
        const keys = await apiKeysOfEmails;
        users = users.filter((u) => keys.has(u.api_key));
      }
      const languages = emails ? [] : rows(1, languageRow);
      const ides = emails ? [] : rows(2, ideRow);
      const chats = emails ? [] : rows(3, chatRow);

      return daysOf(from, to).map((d) => {
        const usage = emptyDay(d);
        const a = usage.aggregate;
        // What Windsurf reports for every day of the range: a day without rows is a day without use.
        a.acceptances = 0;
        a.lines_accepted = 0;
        a.lines_suggested = 0;
        a.agent_requests = 0;
        if (!emails) a.chat_requests = 0;
        for (const u of users.filter((r) => r.date === d)) {
          const key = userKey(u.api_key);
          const row = usage.users.get(key) ?? { ...emptyDay(d).aggregate, active_users: 1 };
          row.acceptances = plus(row.acceptances ?? 0, u.acceptances);
          row.lines_accepted = plus(row.lines_accepted ?? 0, u.lines_accepted);
          usage.users.set(key, row);
          a.acceptances = plus(a.acceptances, u.acceptances);
          a.lines_accepted = plus(a.lines_accepted, u.lines_accepted);
        }
        a.active_users = usage.users.size;
        for (const l of lines.filter((r) => r.day === d)) {
          a.lines_suggested = plus(a.lines_suggested, l.linesSuggested);
          a.lines_accepted = plus(a.lines_accepted, l.linesAccepted);
        }
        for (const r of runs.filter((x) => x.day === d))
          a.agent_requests = plus(a.agent_requests, r.messagesSent);
        for (const c of chats.filter((r) => r.date === d)) a.chat_requests = plus(a.chat_requests, c.chats);
        const language = new BreakdownSum();
        for (const l of languages.filter((r) => r.date === d))
          language.add(l.language, null, l.acceptances ?? 0, l.lines_accepted ?? 0);
        const ide = new BreakdownSum();
        for (const i of ides.filter((r) => r.date === d))
          ide.add(i.ide, null, i.acceptances ?? 0, i.lines_accepted ?? 0);
        if (language.size) usage.breakdown.language = language.list();
        if (ide.size) usage.breakdown.ide = ide.list();

        const onDay = (list: Record<string, unknown>[], field: string) =>
          list.filter((r) => vendorDay(r[field]) === d);
        usage.raw.set('custom', {
          userData: onDay(items(0), 'date').filter(
            (r) => !emails || users.some((u) => u.api_key === r.api_key),
          ),
          ...(emails
            ? {}
            : {
                languages: onDay(items(1), 'date'),
                ides: onDay(items(2), 'date'),
                chats: onDay(items(3), 'date'),
              }),
        });
        usage.raw.set('cascade', {
          cascadeLines: onDay(rawLines, 'day'),
          cascadeRuns: onDay(rawRuns, 'day'),
        });
        return usage;
      });
    },
    get requests() {
      return client.requests;
    },
  };
}

/** An `emails` scope's name: e-mails separated by commas, semicolons or blanks. */
export function emailsOf(name: string): string[] {
  return name
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}
