import { z } from 'zod';
import { ConnectorError, createVendorHttp, type VendorHttpOptions } from '../http.js';
import type { AiToolsSettings } from './settings.js';
import {
  BreakdownSum,
  type DayUsage,
  emptyDay,
  parseAnswer,
  plus,
  pseudonymised,
  type ToolScope,
  type UsageCounters,
  userKey,
  vendorCount,
} from './usage.js';

// GitHub Copilot usage metrics reports (research §2.2, the current API; the older /copilot/usage and
// /copilot/metrics endpoints are closed). Two steps per report and day:
//   1. GET /orgs/{org}/copilot/metrics/reports/organization-1-day?day=YYYY-MM-DD (enterprise:
//      /enterprises/{ent}/…/enterprise-1-day; per user: …/users-1-day) answers signed download links;
//   2. each link answers the report, JSON or NDJSON (one object per line; per user in users-1-day).
// 204 means the day is not ready yet or the scope has fewer than five licensed users: no data, not an
// error (the sync does not move its cursor past such a day). 404 or an empty body means no report for
// the day. Reports start on 2025-10-10 and go back one year.
// Seats: GET /orgs/{org}/copilot/billing/seats (enterprise: /enterprises/{ent}/…), `total_seats`.
// Team-level metrics are not published (GitHub says to join user reports with team membership):
// a team scope is refused with a message saying so.

const VENDOR = 'GitHub Copilot';
/** The first day any usage-metrics report covers. */
export const COPILOT_FIRST_DAY = '2025-10-10';
/** How far back the reports go. */
export const COPILOT_WINDOW_DAYS = 365;
const SEATS_PAGE = 100;
const MAX_SEAT_PAGES = 1_000;

const optionalCount = vendorCount.nullish();
const activity = {
  user_initiated_interaction_count: optionalCount,
  code_generation_activity_count: optionalCount,
  code_acceptance_activity_count: optionalCount,
  loc_suggested_to_add_sum: optionalCount,
  loc_added_sum: optionalCount,
};
const byFeature = z.array(z.object({ feature: z.string(), ...activity })).nullish();
const totals = z.object({
  day: z.string().nullish(),
  daily_active_users: optionalCount,
  ...activity,
  totals_by_feature: byFeature,
  totals_by_ide: z.array(z.object({ ide: z.string(), ...activity })).nullish(),
  totals_by_language_feature: z.array(z.object({ language: z.string(), ...activity })).nullish(),
  totals_by_model_feature: z.array(z.object({ model: z.string(), ...activity })).nullish(),
});
type Totals = z.infer<typeof totals>;
/** A report file: the day's totals, or (28-day reports) `day_totals` holding them. */
const reportFile = z.union([z.object({ day_totals: z.array(totals) }), totals]);
const userLine = z.object({
  user_login: z.string().min(1),
  ...activity,
  totals_by_feature: byFeature,
});
const linksAnswer = z.object({ download_links: z.array(z.string()), report_day: z.string().nullish() });
const seatsAnswer = z.object({
  total_seats: z.number().int().nonnegative().nullish(),
  seats: z.array(z.unknown()).nullish(),
});

export interface CopilotClient {
  /** The scope's assigned seats. */
  seats(scope: ToolScope): Promise<number>;
  /** One day, normalised; 'not-ready' on 204 (not published yet, or too few users). */
  day(scope: ToolScope, day: string): Promise<DayUsage | 'not-ready'>;
  readonly requests: number;
}

/** /orgs/{org} or /enterprises/{enterprise}; other kinds of scope have no report. */
function basePath(scope: ToolScope): { base: string; report: string } {
  const name = encodeURIComponent(scope.name.trim());
  if (scope.kind === 'organisation') return { base: `/orgs/${name}`, report: 'organization-1-day' };
  if (scope.kind === 'enterprise') return { base: `/enterprises/${name}`, report: 'enterprise-1-day' };
  throw new Error(
    `Copilot reports usage per organisation or enterprise, not per ${scope.kind}: set the scope of project ${scope.projectId} to its organisation or enterprise`,
  );
}

/** The surface a Copilot feature name belongs to (e.g. chat_panel_agent_mode, agent_edit, copilot_cli). */
function surfaceOf(feature: string): 'agent' | 'cli' | 'chat' | 'completion' | 'other' {
  const f = feature.toLowerCase();
  if (f.includes('agent')) return 'agent';
  if (f.includes('cli')) return 'cli';
  if (f.includes('chat')) return 'chat';
  if (f.includes('completion')) return 'completion';
  return 'other';
}

/** Counters from a day's totals (of the scope, or of one user). */
function countersOf(
  t: Pick<Totals, keyof typeof activity | 'totals_by_feature'>,
  activeUsers: number,
): UsageCounters {
  const counters: UsageCounters = {
    active_users: activeUsers,
    suggestions: t.code_generation_activity_count ?? null,
    acceptances: t.code_acceptance_activity_count ?? null,
    lines_suggested: t.loc_suggested_to_add_sum ?? null,
    lines_accepted: t.loc_added_sum ?? null,
    chat_requests: null,
    agent_requests: null,
    cli_requests: null,
  };
  if (t.totals_by_feature) {
    // With the feature split, chat and agent are reported (0 when no entry); the CLI only when an
    // entry names it (older reports have no CLI feature at all).
    counters.chat_requests = 0;
    counters.agent_requests = 0;
    for (const f of t.totals_by_feature) {
      const n = f.user_initiated_interaction_count ?? 0;
      const surface = surfaceOf(f.feature);
      if (surface === 'chat') counters.chat_requests += n;
      else if (surface === 'agent') counters.agent_requests += n;
      else if (surface === 'cli') counters.cli_requests = plus(counters.cli_requests, n);
    }
  } else {
    // Without it, the interactions a user started are the chat and inline prompts (research §2.5).
    counters.chat_requests = t.user_initiated_interaction_count ?? null;
  }
  return counters;
}

/** A report file's objects: one JSON document, or NDJSON (one per line). */
function objectsOf(text: string, what: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  try {
    const whole = JSON.parse(trimmed) as unknown;
    return Array.isArray(whole) ? whole : [whole];
  } catch {
    return trimmed
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line, n) => {
        try {
          return JSON.parse(line) as unknown;
        } catch {
          throw new ConnectorError(VENDOR, 'malformed', `${what}: line ${n + 1} of the report is not JSON`);
        }
      });
  }
}

export function createCopilotClient(
  settings: NonNullable<AiToolsSettings['copilot']>,
  http: Partial<VendorHttpOptions> = {},
): CopilotClient {
  const client = createVendorHttp({
    vendor: VENDOR,
    baseUrl: settings.apiUrl,
    headers: {
      authorization: `Bearer ${settings.token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    },
    ...http,
  });
  const apiOrigin = new URL(settings.apiUrl).origin;

  /** Step 1 and 2 of one report: its objects, 'not-ready' on 204, [] when there is no report. */
  async function report(path: string, day: string): Promise<unknown[] | 'not-ready'> {
    const what = `GET ${path}`;
    const answer = await client.getJsonOrNothing(path, linksAnswer, new URLSearchParams({ day }), [404]);
    if (answer.status === 204) return 'not-ready';
    if (answer.body === null) return [];
    const objects: unknown[] = [];
    for (const link of answer.body.download_links) {
      let url: URL;
      try {
        url = new URL(link);
      } catch {
        throw new ConnectorError(VENDOR, 'malformed', `${what} answered a download link that is not a URL`);
      }
      // A signed link is fetched without the token; one that is neither https nor on the API's own
      // host (a GitHub Enterprise Server, a test double) is refused.
      if (url.protocol !== 'https:' && url.origin !== apiOrigin) {
        throw new ConnectorError(VENDOR, 'malformed', `${what} answered a download link that is not https`);
      }
      objects.push(...objectsOf(await client.getUrlText(url.href), what));
    }
    return objects;
  }

  return {
    async seats(scope) {
      const { base } = basePath(scope);
      const path = `${base}/copilot/billing/seats`;
      let listed = 0;
      for (let page = 1; page <= MAX_SEAT_PAGES; page++) {
        const params = new URLSearchParams({ per_page: String(SEATS_PAGE), page: String(page) });
        const answer = await client.getJson(path, seatsAnswer, params);
        // GitHub counts them on every page: one request is enough when it does.
        if (typeof answer.total_seats === 'number') return answer.total_seats;
        const seats = answer.seats ?? [];
        listed += seats.length;
        if (seats.length < SEATS_PAGE) break;
      }
      return listed;
    },

    async day(scope, day) {
      const { base, report: name } = basePath(scope);
      const totalsPath = `${base}/copilot/metrics/reports/${name}`;
      const scopeReport = await report(totalsPath, day);
      if (scopeReport === 'not-ready') return 'not-ready';
      // No report for the scope that day (404, or a day before reports existed): none per user either.
      if (scopeReport.length === 0) return emptyDay(day);
      const usersPath = `${base}/copilot/metrics/reports/users-1-day`;
      const userReport = await report(usersPath, day);
      if (userReport === 'not-ready') return 'not-ready';

      const usage = emptyDay(day);
      const files = scopeReport.map((o) => parseAnswer(VENDOR, `GET ${totalsPath}`, reportFile, o));
      const dayTotals = files
        .flatMap((f) => ('day_totals' in f ? f.day_totals : [f]))
        .filter((t) => !t.day || t.day.slice(0, 10) === day);
      const users = userReport.map((o) => parseAnswer(VENDOR, `GET ${usersPath}`, userLine, o));
      for (const u of users) {
        const key = userKey(u.user_login);
        usage.users.set(key, countersOf(u, 1));
      }
      if (dayTotals.length === 0 && users.length === 0) {
        // No report for the day: nothing to store, and nothing is missing either.
        return usage;
      }
      const t = dayTotals[0];
      if (t) {
        usage.aggregate = countersOf(t, t.daily_active_users ?? usage.users.size);
        const ide = new BreakdownSum();
        for (const e of t.totals_by_ide ?? [])
          ide.add(
            e.ide,
            e.code_generation_activity_count ?? 0,
            e.code_acceptance_activity_count ?? 0,
            e.loc_added_sum ?? 0,
          );
        const language = new BreakdownSum();
        for (const e of t.totals_by_language_feature ?? [])
          language.add(
            e.language,
            e.code_generation_activity_count ?? 0,
            e.code_acceptance_activity_count ?? 0,
            e.loc_added_sum ?? 0,
          );
        const model = new BreakdownSum();
        for (const e of t.totals_by_model_feature ?? [])
          model.add(
            e.model,
            e.code_generation_activity_count ?? 0,
            e.code_acceptance_activity_count ?? 0,
            e.loc_added_sum ?? 0,
          );
        if (language.size) usage.breakdown.language = language.list();
        if (ide.size) usage.breakdown.ide = ide.list();
        if (model.size) usage.breakdown.model = model.list();
      } else {
        // Only the per-user report: the scope's day is the sum of its users.
        const a = { ...usage.aggregate, active_users: users.length };
        for (const u of usage.users.values()) {
          for (const key of [
            'suggestions',
            'acceptances',
            'lines_suggested',
            'lines_accepted',
            'chat_requests',
            'agent_requests',
            'cli_requests',
          ] as const)
            a[key] = plus(a[key], u[key]);
        }
        usage.aggregate = a;
      }
      usage.raw.set(name, pseudonymised(scopeReport));
      usage.raw.set('users-1-day', pseudonymised(userReport));
      return usage;
    },

    get requests() {
      return client.requests;
    },
  };
}
