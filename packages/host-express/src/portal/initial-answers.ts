import { Agent, request as httpRequest } from 'node:http';
import type { Request } from 'express';
import {
  analyticsProjectsResponseSchema,
  crmResponseSchema,
  DEFAULT_DORA_BENCHMARK,
  DEFAULT_DORA_GRAIN,
  projectsResponseSchema,
  sessionUserSchema,
  visibleAnalyticsProjects,
} from '@client-portal/api-client';

/**
 * The answers of a page's first calls, written into the standalone portal's HTML so the signed-in
 * visitor's data is on screen without a round trip to /api after the scripts (the portal's
 * `initialAnswers`; issue 28). The host asks itself, over the connection the page came in on, with
 * the visitor's cookie: every answer goes through the same session, scoping, validation and cache as
 * the browser's own call would, and is exactly what that call would have received.
 *
 * What is asked: the session; for a customer (or staff acting for a company) the reads every framed
 * page starts with — profile, CRM, analytics projects, account manager — then the page's own reads
 * that need no browser state (its list, its record, the dashboard's per-project figures). Anything
 * else (a range the browser computes, a filter) the portal fetches itself, as before. Only 200 answers
 * (and the session's "no session") are written; any other answer, or one slower than the time limit,
 * is left out and the portal asks for it again.
 */

/** The longest the page waits for its answers; past it the page goes without the slow ones. */
export const INITIAL_ANSWERS_TIMEOUT_MS = 1_500;
/** An answer larger than this is left out (the page would grow past what saves time). */
const MAX_ANSWER_BYTES = 256 * 1024;
/** A connection per call (loopback: ~0.1 ms to open), so none is left open across a shutdown. */
const agent = new Agent({ keepAlive: false });

export interface InitialAnswer {
  status: number;
  body?: unknown;
}
export type InitialAnswerMap = Record<string, InitialAnswer>;

/** `GET /api/x` → one request; POST only for the reads whose body the host ignores (profile, CRM). */
type Call = `${'GET' | 'POST'} /api/${string}`;

/** The reads of a framed page, after the session. */
const FRAME: Call[] = [
  'POST /api/profile',
  'POST /api/hubspot',
  'GET /api/analytics/projects',
  'GET /api/account-manager',
];

const KEY = /^[A-Z][A-Z0-9_]{0,49}-\d{1,9}$/;

/**
 * The requests a framed page shows beside its own content (a subscription's, a project's or a
 * person's open requests: `RelatedRequests` of the portal), and the requests page's first list at its
 * default address. Written as the portal's requests client sends them; `e2e/portal/standalone.test.ts`
 * fails when the two part.
 */
const OPEN_COMPANY_REQUESTS: Call =
  'GET /api/requests?scope=company&status=submitted%2Cin_progress%2Cwaiting_for_you&page=1&pageSize=100';
const MY_REQUESTS: Call = 'GET /api/requests?scope=mine&page=1&pageSize=20';

/**
 * The page's own reads that need nothing from the browser, by the portal path (below its base path)
 * and its query: only at a page's default address, where the portal's first calls are known.
 */
function pageCalls(path: string, query: URLSearchParams): Call[] {
  const p = path.replace(/\/+$/, '') || '/';
  const plain = [...query.keys()].length === 0;
  if (p === '/dashboard') return [OPEN_COMPANY_REQUESTS];
  if (p === '/services/talent') return ['GET /api/talent', OPEN_COMPANY_REQUESTS];
  if (p === '/services/projects') return ['GET /api/projects', OPEN_COMPANY_REQUESTS];
  if (p === '/services/my-teams') return ['GET /api/teams'];
  if (p === '/my-info/account') return ['GET /api/documents'];
  if (p === '/knowledge-base') return ['GET /api/knowledge-base/articles'];
  if (p === '/requests') return plain ? ['GET /api/requests/meta', MY_REQUESTS] : ['GET /api/requests/meta'];
  const request = /^\/requests\/([^/]+)$/.exec(p);
  if (request && KEY.test(request[1] ?? '')) {
    return ['GET /api/requests/meta', `GET /api/requests/${request[1]}`];
  }
  return [];
}

/**
 * Reads that need the visible projects: the dashboard's figures of each, and the projects page's
 * panels for the project it opens with (the one its address names, else the first) at the default
 * range, grain and report year.
 */
function projectCalls(
  path: string,
  query: URLSearchParams,
  visible: readonly { jiraProjectKey: string }[],
  catalogue: unknown,
): Call[] {
  const p = path.replace(/\/+$/, '') || '/';
  const key = (k: string) => encodeURIComponent(k);
  if (p === '/dashboard')
    return visible.map((v) => `GET /api/analytics/projects/${key(v.jiraProjectKey)}` as const);
  if (p !== '/services/projects' || [...query.keys()].some((name) => name !== 'project')) return [];
  const keys = visible.map((v) => v.jiraProjectKey);
  const asked = query.get('project');
  const chosen = asked && keys.includes(asked) ? asked : keys[0];
  if (!chosen) return [];
  const calls: Call[] = [
    `GET /api/analytics/dora?projectKey=${key(chosen)}&grain=${DEFAULT_DORA_GRAIN}&benchmark=${DEFAULT_DORA_BENCHMARK}`,
    `GET /api/agents/windsurf?jiraProjectKey=${key(chosen)}`,
  ];
  const projects = projectsResponseSchema.safeParse(catalogue);
  const id = projects.success ? projects.data.data.find((x) => x.jiraProjectKey === chosen)?.id : undefined;
  if (id) {
    calls.push(
      `GET /api/github/organisations?projectId=${key(id)}`,
      `GET /api/github/repositories?projectId=${key(id)}`,
    );
  }
  return calls;
}

interface Origin {
  host: string;
  port: number;
  headers: Record<string, string>;
}

/** One call to this host, as the page's browser would make it; null when it fails or is too large. */
function ask(origin: Origin, call: Call, signal: AbortSignal): Promise<InitialAnswer | null> {
  const space = call.indexOf(' ');
  const method = call.slice(0, space);
  const path = call.slice(space + 1);
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: origin.host,
        port: origin.port,
        method,
        path,
        agent,
        signal,
        headers: {
          ...origin.headers,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json', 'content-length': '2' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            res.destroy();
            resolve(null);
          } else chunks.push(chunk);
        });
        res.on('error', () => resolve(null));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status === 204) return resolve({ status });
          if (status !== 200) return resolve(null);
          try {
            resolve({ status, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch {
            resolve(null);
          }
        });
      },
    );
    req.on('error', () => resolve(null));
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

/**
 * The answers for the page at `portalPath`, asked of this host with the visitor's cookie; for a
 * visitor without a cookie, "no session".
 */
export async function initialAnswers(req: Request, portalPath: string): Promise<InitialAnswerMap> {
  const cookie = req.headers.cookie;
  const socket = req.socket;
  // Without a cookie there is no session: the page says so itself (the portal shows sign-in at once).
  if (!cookie) return { 'GET /api/auth/me': { status: 204 } };
  if (!socket.localAddress || !socket.localPort) return {};
  const origin: Origin = {
    host: socket.localAddress.replace(/^::ffff:/, ''),
    port: socket.localPort,
    // The visitor's own request, as far as the /api routes can tell: the same cookie, and behind a
    // trusted proxy the same forwarded address and scheme. `sec-fetch-site`: these are the page's
    // own calls, made for it by its origin.
    headers: {
      cookie,
      'sec-fetch-site': 'same-origin',
      'user-agent': 'client-portal-host (initial answers)',
      ...forwarded(req),
    },
  };
  const answers: InitialAnswerMap = {};
  const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '');
  const signal = AbortSignal.timeout(INITIAL_ANSWERS_TIMEOUT_MS);
  const run = async (calls: Call[]) => {
    const results = await Promise.all(calls.map((call) => ask(origin, call, signal)));
    calls.forEach((call, i) => {
      const answer = results[i];
      if (answer) answers[call] = answer;
    });
  };

  await run(['GET /api/auth/me']);
  const me = answers['GET /api/auth/me'];
  const user = me?.status === 200 ? sessionUserSchema.safeParse(me.body) : null;
  if (!user?.success) return answers;
  if (user.data.role === 'staff' && !user.data.companyId) {
    await run(['GET /api/auth/companies']);
    return answers;
  }
  await run([...FRAME, ...pageCalls(portalPath, query)]);
  const crm = crmResponseSchema.safeParse(answers['POST /api/hubspot']?.body);
  const analytics = analyticsProjectsResponseSchema.safeParse(answers['GET /api/analytics/projects']?.body);
  // As the portal decides: projects only for a profile that loaded, and only those both lists name.
  if (answers['POST /api/profile'] && crm.success && analytics.success) {
    const visible = visibleAnalyticsProjects(analytics.data.projects, crm.data.hubspot.projects);
    await run(projectCalls(portalPath, query, visible, answers['GET /api/projects']?.body));
  }
  return answers;
}

function forwarded(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded']) {
    const value = req.headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}
