import { z } from 'zod';
import { ConnectorError, createVendorHttp, type VendorHttpOptions } from '../http.js';
import type { AiToolsSettings } from './settings.js';
import {
  type DayUsage,
  dayMs,
  daysBetween,
  daysOf,
  emptyDay,
  parseAnswer,
  plus,
  pseudonymised,
  type ToolScope,
  userKey,
  vendorCount,
  vendorDay,
} from './usage.js';
import { emailsOf } from './windsurf.js';

// Cursor Admin API (research §2.3; Business/Enterprise teams): HTTP Basic with the admin API key as
// the user name.
// - POST /teams/daily-usage-data {startDate, endDate} (epoch ms): a row per member and day; a
//   request may span at most 30 days, so longer ranges are split (one request per 30 days).
// - GET /teams/members: the team's members, read as its seats.
// The key belongs to one team: a `team` (or `organisation`) scope is the whole team, an `emails`
// scope its listed members. Cursor reports no lines suggested and no CLI: those stay null.

const VENDOR = 'Cursor';
/** The most days one daily-usage request may span. */
export const CURSOR_MAX_DAYS = 30;
/** Cursor keeps a rolling window of usage; the first run reads this far back. */
export const CURSOR_WINDOW_DAYS = 90;
const MAX_PAGES = 100;

const optionalCount = vendorCount.nullish();
const usageRow = z.object({
  date: z.unknown(),
  email: z.string().nullish(),
  isActive: z.boolean().nullish(),
  totalTabsShown: optionalCount,
  totalTabsAccepted: optionalCount,
  acceptedLinesAdded: optionalCount,
  chatRequests: optionalCount,
  composerRequests: optionalCount,
  agentRequests: optionalCount,
});
const usageAnswer = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  pagination: z.object({ hasNextPage: z.boolean().nullish() }).nullish(),
});
const membersAnswer = z.object({
  teamMembers: z.array(z.object({ email: z.string().nullish() }).loose()),
});

export interface CursorClient {
  /** The scope's members (its seats). */
  seats(scope: ToolScope): Promise<number>;
  /** Days `from`..`to` (at most CURSOR_MAX_DAYS), normalised. */
  days(scope: ToolScope, from: string, to: string): Promise<DayUsage[]>;
  readonly requests: number;
}

export function createCursorClient(
  settings: NonNullable<AiToolsSettings['cursor']>,
  http: Partial<VendorHttpOptions> = {},
): CursorClient {
  const client = createVendorHttp({
    vendor: VENDOR,
    baseUrl: settings.apiUrl,
    headers: { authorization: `Basic ${Buffer.from(`${settings.apiKey}:`).toString('base64')}` },
    ...http,
  });
  const inScope = (scope: ToolScope) => {
    if (scope.kind !== 'emails') return () => true;
    const emails = new Set(emailsOf(scope.name));
    return (email: string | null | undefined) => !!email && emails.has(email.trim().toLowerCase());
  };

  return {
    async seats(scope) {
      const answer = await client.getJson('/teams/members', membersAnswer);
      const member = inScope(scope);
      return answer.teamMembers.filter((m) => member(m.email)).length;
    },

    async days(scope, from, to) {
      if (daysBetween(from, to) + 1 > CURSOR_MAX_DAYS) {
        throw new Error(`a Cursor request spans at most ${CURSOR_MAX_DAYS} days (asked ${from} to ${to})`);
      }
      const what = 'POST /teams/daily-usage-data';
      const body = { startDate: dayMs(from), endDate: dayMs(to) + 86_400_000 - 1 };
      const raw: Record<string, unknown>[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await client.postJson(
          '/teams/daily-usage-data',
          page === 1 ? body : { ...body, page },
          usageAnswer,
        );
        raw.push(...answer.data);
        if (answer.pagination?.hasNextPage !== true || answer.data.length === 0) break;
      }
      const member = inScope(scope);
      const rows = parseAnswer(VENDOR, what, z.array(usageRow), raw).map((row, n) => {
        const day = vendorDay(row.date);
        if (day === null)
          throw new ConnectorError(VENDOR, 'malformed', `${what}: row ${n + 1} has no readable date`);
        return { ...row, day, source: raw[n] };
      });
      return daysOf(from, to).map((d) => {
        const usage = emptyDay(d);
        const a = usage.aggregate;
        // What Cursor reports every day: a day without rows is a day without use.
        a.suggestions = 0;
        a.acceptances = 0;
        a.lines_accepted = 0;
        a.chat_requests = 0;
        a.agent_requests = 0;
        const today = rows.filter((r) => r.day === d && member(r.email));
        for (const r of today) {
          const chat = plus(plus(null, r.chatRequests), r.composerRequests);
          a.suggestions = plus(a.suggestions, r.totalTabsShown);
          a.acceptances = plus(a.acceptances, r.totalTabsAccepted);
          a.lines_accepted = plus(a.lines_accepted, r.acceptedLinesAdded);
          a.chat_requests = plus(a.chat_requests, chat);
          a.agent_requests = plus(a.agent_requests, r.agentRequests);
          if (!r.isActive || !r.email) continue;
          usage.users.set(userKey(r.email), {
            active_users: 1,
            suggestions: r.totalTabsShown ?? null,
            acceptances: r.totalTabsAccepted ?? null,
            lines_suggested: null,
            lines_accepted: r.acceptedLinesAdded ?? null,
            chat_requests: chat,
            agent_requests: r.agentRequests ?? null,
            cli_requests: null,
          });
        }
        a.active_users = today.filter((r) => r.isActive).length;
        usage.raw.set('daily-usage', pseudonymised(today.map((r) => r.source)));
        return usage;
      });
    },

    get requests() {
      return client.requests;
    },
  };
}
