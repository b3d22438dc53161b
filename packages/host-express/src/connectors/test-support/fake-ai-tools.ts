import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The three AI tools' APIs on one loopback server, answering the calls the connector makes with the
// shapes the vendors document (research §2.1–2.3):
// - Windsurf: POST /api/v1/Analytics, /CascadeAnalytics, /UserPageAnalytics with `service_key` in
//   the body (401 without the right one), every number answered as a string.
// - GitHub Copilot: GET /{orgs|enterprises}/{name}/copilot/metrics/reports/{report}?day= answering
//   signed download links (204 for a day not ready, 404 for a day without a report), the links
//   answering JSON (totals) or NDJSON (users) and refusing a request that carries an Authorization
//   header (as signed storage URLs do); GET …/copilot/billing/seats paged by per_page/page.
// - Cursor: POST /teams/daily-usage-data (400 when a request spans more than 30 days), GET
//   /teams/members; Basic auth with the key as user name.
// Faults are queued per route to answer 401, 429 (with or without Retry-After), 5xx, malformed
// bodies, … before the real answer.

export type Route =
  | 'windsurf:analytics'
  | 'windsurf:cascade'
  | 'windsurf:users'
  | 'copilot:report'
  | 'copilot:download'
  | 'copilot:seats'
  | 'cursor:usage'
  | 'cursor:members';

export type Fault =
  | { status: number; retryAfter?: string; body?: string; headers?: Record<string, string> }
  | { malformed: 'not-json' | 'wrong-shape' | 'not-a-number' }
  /** Answer this one normally (to fault a later request of the route). */
  | { pass: true };

export interface SeenRequest {
  route: Route | null;
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Record<string, unknown> | null;
}

/** One user's autocomplete of one day (Windsurf USER_DATA). */
export interface WindsurfUserDay {
  date: string;
  apiKey: string;
  acceptances: number;
  linesAccepted: number;
  language: string;
  ide: string;
}

export interface CopilotDay {
  /** The scope's totals file (organization-1-day / enterprise-1-day). */
  totals: Record<string, unknown>;
  /** One object per user (users-1-day, NDJSON). */
  users: Record<string, unknown>[];
}

export interface CursorRow {
  /** Epoch ms of the day's start (UTC). */
  date: number;
  email: string;
  isActive: boolean;
  totalTabsShown: number;
  totalTabsAccepted: number;
  acceptedLinesAdded: number;
  chatRequests: number;
  composerRequests: number;
  agentRequests: number;
}

export interface FakeAiTools {
  url: string;
  requests: SeenRequest[];
  windsurf: {
    users: WindsurfUserDay[];
    team: { name: string; email: string; apiKey: string }[];
    chats: { date: string; chats: number }[];
    cascadeLines: { day: string; linesSuggested: number; linesAccepted?: number }[];
    cascadeRuns: { day: string; messagesSent: number; model: string }[];
  };
  copilot: {
    /** By "orgs/{name}" or "enterprises/{name}", then day: a report, or 204. Days absent: 404. */
    days: Record<string, Record<string, CopilotDay | 'not-ready'>>;
    /** By "orgs/{name}" or "enterprises/{name}". */
    seats: Record<string, number>;
    /** Leave total_seats out of the seats answer (the connector must page). */
    omitTotalSeats: boolean;
  };
  cursor: { rows: CursorRow[]; members: { name: string; email: string; role: string }[] };
  fail(route: Route, ...faults: Fault[]): void;
  close(): Promise<void>;
}

export interface FakeAiCredentials {
  windsurfServiceKey: string;
  copilotToken: string;
  cursorApiKey: string;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function answerFault(res: ServerResponse, fault: Exclude<Fault, { pass: true }>): void {
  if ('malformed' in fault) {
    if (fault.malformed === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>502 Bad Gateway</body></html>');
    } else if (fault.malformed === 'wrong-shape') {
      send(res, 200, { queryResults: 'none', data: 42, download_links: 'x', teamMembers: 7 });
    } else {
      // Windsurf's numbers are strings; this one is not a number at all.
      send(res, 200, {
        queryResults: [
          { responseItems: [{ item: { date: '2026-06-01', api_key: 'k', acceptances: 'n/a' } }] },
          { responseItems: [] },
          { responseItems: [] },
          { responseItems: [] },
        ],
      });
    }
    return;
  }
  const headers: Record<string, string> = { ...fault.headers };
  if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
  send(res, fault.status, fault.body ?? { message: `fault ${fault.status}` }, headers);
}

const str = (n: number) => String(n);
const DAY_MS = 86_400_000;

/** Windsurf's custom query over USER_DATA / CHAT_DATA: filter on date, group by aggregations, sum. */
function customQuery(
  fake: FakeAiTools['windsurf'],
  query: Record<string, unknown>,
): { item: Record<string, string> }[] | string {
  const selections = query.selections as { field: string; name: string; aggregation_function?: string }[];
  const aggregations = (query.aggregations ?? []) as { field: string; name: string }[];
  const filters = (query.filters ?? []) as { name: string; filter: string; value: string }[];
  if (
    !Array.isArray(selections) ||
    selections.some((s) => s.aggregation_function !== 'QUERY_AGGREGATION_SUM')
  )
    return 'every selection needs an aggregation function when aggregations are given';
  const source =
    query.data_source === 'QUERY_DATA_SOURCE_USER_DATA'
      ? fake.users.map((u) => ({
          date: u.date,
          api_key: u.apiKey,
          language: u.language,
          ide: u.ide,
          num_acceptances: u.acceptances,
          num_lines_accepted: u.linesAccepted,
        }))
      : query.data_source === 'QUERY_DATA_SOURCE_CHAT_DATA'
        ? fake.chats.map((c) => ({ date: c.date, num_chats_received: c.chats }))
        : null;
  if (!source) return `unknown data source ${String(query.data_source)}`;
  const kept = source.filter((row) =>
    filters.every((f) => {
      const value = String((row as Record<string, unknown>)[f.name]);
      if (f.filter === 'QUERY_FILTER_GE') return value >= f.value;
      if (f.filter === 'QUERY_FILTER_LE') return value <= f.value;
      if (f.filter === 'QUERY_FILTER_EQUAL') return value === f.value;
      return false;
    }),
  );
  const groups = new Map<string, Record<string, number | string>>();
  for (const row of kept as Record<string, unknown>[]) {
    const key = aggregations.map((a) => String(row[a.field])).join('|');
    const group =
      groups.get(key) ?? Object.fromEntries(aggregations.map((a) => [a.name, String(row[a.field])]));
    for (const s of selections) group[s.name] = Number(group[s.name] ?? 0) + Number(row[s.field] ?? 0);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    item: Object.fromEntries(Object.entries(g).map(([k, v]) => [k, typeof v === 'number' ? str(v) : v])),
  }));
}

export async function startFakeAiTools(credentials: FakeAiCredentials): Promise<FakeAiTools> {
  const faults = new Map<Route, Fault[]>();
  const cursorAuth = `Basic ${Buffer.from(`${credentials.cursorApiKey}:`).toString('base64')}`;
  let base = '';
  const fake: Omit<FakeAiTools, 'url' | 'close'> = {
    requests: [],
    windsurf: { users: [], team: [], chats: [], cascadeLines: [], cascadeRuns: [] },
    copilot: { days: {}, seats: {}, omitTotalSeats: false },
    cursor: { rows: [], members: [] },
    fail: (route, ...queued) => faults.set(route, [...(faults.get(route) ?? []), ...queued]),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://ai.test');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString();
    let body: Record<string, unknown> | null = null;
    if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return send(res, 400, { message: 'Problems parsing JSON' });
      }
    }
    const path = url.pathname;
    const copilotReport = /^\/(orgs|enterprises)\/([^/]+)\/copilot\/metrics\/reports\/([a-z0-9-]+)$/.exec(
      path,
    );
    const copilotSeats = /^\/(orgs|enterprises)\/([^/]+)\/copilot\/billing\/seats$/.exec(path);
    const download = /^\/download\/(orgs|enterprises)\/([^/]+)\/(\d{4}-\d{2}-\d{2})\/(totals|users)$/.exec(
      path,
    );
    const route: Route | null =
      path === '/api/v1/Analytics'
        ? 'windsurf:analytics'
        : path === '/api/v1/CascadeAnalytics'
          ? 'windsurf:cascade'
          : path === '/api/v1/UserPageAnalytics'
            ? 'windsurf:users'
            : copilotReport
              ? 'copilot:report'
              : download
                ? 'copilot:download'
                : copilotSeats
                  ? 'copilot:seats'
                  : path === '/teams/daily-usage-data'
                    ? 'cursor:usage'
                    : path === '/teams/members'
                      ? 'cursor:members'
                      : null;
    fake.requests.push({
      route,
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      authorization: req.headers.authorization,
      body,
    });
    if (!route) return send(res, 404, { message: 'Not Found' });

    // Authentication first, as the vendors do.
    if (route.startsWith('windsurf:')) {
      if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
      if (body?.service_key !== credentials.windsurfServiceKey)
        return send(res, 401, { error: 'invalid service key' });
    } else if (route === 'copilot:download') {
      // Signed storage URLs refuse a second authentication mechanism.
      if (req.headers.authorization) return send(res, 400, { message: 'Only one auth mechanism allowed' });
      if (url.searchParams.get('sig') !== 'signed') return send(res, 403, { message: 'Signature mismatch' });
    } else if (route.startsWith('copilot:')) {
      if (req.headers.authorization !== `Bearer ${credentials.copilotToken}`)
        return send(res, 401, {
          message: 'Bad credentials',
          documentation_url: 'https://docs.github.com/rest',
        });
    } else if (req.headers.authorization !== cursorAuth) {
      return send(res, 401, { error: 'Unauthorized' });
    }
    const fault = faults.get(route)?.shift();
    if (fault && !('pass' in fault)) return answerFault(res, fault);

    if (route === 'windsurf:analytics') {
      const queries = body?.query_requests;
      if (!Array.isArray(queries)) return send(res, 400, { error: 'query_requests is required' });
      const results = [];
      for (const query of queries as Record<string, unknown>[]) {
        const items = customQuery(fake.windsurf, query);
        if (typeof items === 'string') return send(res, 400, { error: items });
        results.push({ responseItems: items });
      }
      return send(res, 200, { queryResults: results });
    }
    if (route === 'windsurf:cascade') {
      if (body?.group_name && body?.emails)
        return send(res, 400, { error: 'group_name or emails, not both' });
      const from = String(body?.start_timestamp ?? '').slice(0, 10);
      const to = String(body?.end_timestamp ?? '').slice(0, 10);
      const inRange = (day: string) => day >= from && day <= to;
      const stamp = (day: string) => `${day}T00:00:00Z`;
      return send(res, 200, {
        queryResults: [
          {
            cascadeLines: {
              cascadeLines: fake.windsurf.cascadeLines
                .filter((l) => inRange(l.day))
                .map((l) => ({
                  day: stamp(l.day),
                  linesSuggested: str(l.linesSuggested),
                  // Windsurf leaves a field out on a day it has none.
                  ...(l.linesAccepted === undefined ? {} : { linesAccepted: str(l.linesAccepted) }),
                })),
            },
          },
          {
            cascadeRuns: {
              cascadeRuns: fake.windsurf.cascadeRuns
                .filter((r) => inRange(r.day))
                .map((r, n) => ({
                  day: stamp(r.day),
                  model: r.model,
                  mode: 'CONVERSATIONAL_PLANNER_MODE_DEFAULT',
                  messagesSent: str(r.messagesSent),
                  cascadeId: `c-${n}`,
                  promptsUsed: str(r.messagesSent * 100),
                })),
            },
          },
        ],
      });
    }
    if (route === 'windsurf:users') {
      return send(res, 200, {
        userTableStats: fake.windsurf.team.map((u) => ({
          name: u.name,
          email: u.email,
          apiKey: u.apiKey,
          lastUpdateTime: '2026-06-01T00:00:00Z',
          activeDays: '3',
        })),
      });
    }
    if (route === 'copilot:seats' && copilotSeats) {
      const owner = `${copilotSeats[1]}/${copilotSeats[2]}`;
      const total = fake.copilot.seats[owner];
      if (total === undefined) return send(res, 404, { message: 'Not Found' });
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 50), 100);
      const page = Number(url.searchParams.get('page') ?? 1);
      const start = (page - 1) * perPage;
      const seats = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => ({
        assignee: { login: `user${start + i}`, type: 'User' },
        created_at: '2025-01-01T00:00:00Z',
      }));
      return send(res, 200, fake.copilot.omitTotalSeats ? { seats } : { total_seats: total, seats });
    }
    if (route === 'copilot:report' && copilotReport) {
      const owner = `${copilotReport[1]}/${copilotReport[2]}`;
      const report = copilotReport[3] as string;
      const expected = copilotReport[1] === 'orgs' ? 'organization-1-day' : 'enterprise-1-day';
      if (report !== expected && report !== 'users-1-day') return send(res, 404, { message: 'Not Found' });
      const day = url.searchParams.get('day') ?? '';
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return send(res, 422, { message: 'day is invalid' });
      const entry = fake.copilot.days[owner]?.[day];
      if (entry === undefined) return send(res, 404, { message: 'Not Found' });
      if (entry === 'not-ready') {
        res.writeHead(204);
        return res.end();
      }
      const file = report === 'users-1-day' ? 'users' : 'totals';
      return send(res, 200, {
        download_links: [`${base}/download/${owner}/${day}/${file}?sig=signed&se=2099-01-01`],
        report_day: day,
      });
    }
    if (route === 'copilot:download' && download) {
      const entry = fake.copilot.days[`${download[1]}/${download[2]}`]?.[download[3] as string];
      if (!entry || entry === 'not-ready') return send(res, 404, { message: 'BlobNotFound' });
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      if (download[4] === 'totals') return res.end(JSON.stringify(entry.totals));
      return res.end(entry.users.map((u) => JSON.stringify(u)).join('\n'));
    }
    if (route === 'cursor:usage') {
      const start = Number(body?.startDate);
      const end = Number(body?.endDate);
      if (!Number.isFinite(start) || !Number.isFinite(end) || end < start)
        return send(res, 400, { error: 'startDate and endDate are required' });
      if (end - start > 30 * DAY_MS) return send(res, 400, { error: 'Date range cannot exceed 30 days' });
      const data = fake.cursor.rows
        .filter((r) => r.date >= start && r.date <= end)
        .map((r) => ({
          ...r,
          day: new Date(r.date).toISOString().slice(0, 10),
          userId: `u-${r.email}`,
          totalLinesAdded: r.acceptedLinesAdded * 2,
          totalLinesDeleted: 0,
          acceptedLinesDeleted: 0,
          totalApplies: 0,
          totalAccepts: 0,
          totalRejects: 0,
          cmdkUsages: 1,
          bugbotUsages: 0,
          mostUsedModel: 'claude-4-sonnet',
        }));
      return send(res, 200, { data, period: { startDate: start, endDate: end } });
    }
    if (route === 'cursor:members') return send(res, 200, { teamMembers: fake.cursor.members });
    return send(res, 404, { message: 'Not Found' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { message: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
