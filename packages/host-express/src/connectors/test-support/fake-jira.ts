import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A Jira Cloud site on loopback that answers the two calls the connector makes with the shapes
// Jira documents (REST v3): /rest/api/3/project/search (startAt paging, isLast) and
// /rest/api/3/search/jql (nextPageToken paging, only the requested fields), 410 on the removed
// /rest/api/3/search, 401 without the right Basic credentials, 400 with `errorMessages` for JQL it
// does not understand. Faults are queued per call to answer 429 (with or without Retry-After),
// 503, malformed bodies, … before the real answer.

export interface FakeIssue {
  id: string;
  key: string;
  project: string;
  summary: string | null;
  created: string;
  updated: string;
  resolutiondate: string | null;
  priority: string | null;
}

export type Fault =
  | { status: number; retryAfter?: string; body?: string; headers?: Record<string, string> }
  | { malformed: 'not-json' | 'wrong-shape' };

export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

export interface FakeJira {
  url: string;
  issues: FakeIssue[];
  projects: string[];
  requests: SeenRequest[];
  /** Faults answered, in order, before real answers of search calls whose JQL names `project`. */
  failSearch(project: string, ...faults: Fault[]): void;
  failProjects(...faults: Fault[]): void;
  close(): Promise<void>;
}

/** Jira's own timestamp format: "2024-03-05T10:15:30.000+0000". */
export const jiraTime = (iso: string): string => new Date(iso).toISOString().replace('Z', '+0000');

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function answerFault(res: ServerResponse, fault: Fault): void {
  if ('malformed' in fault) {
    if (fault.malformed === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Atlassian is down for maintenance</body></html>');
    } else {
      send(res, 200, { issues: 'none', nextPageToken: 42 });
    }
    return;
  }
  const headers: Record<string, string> = { ...fault.headers };
  if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
  send(res, fault.status, fault.body ?? { errorMessages: [`fault ${fault.status}`], errors: {} }, headers);
}

/**
 * Parses the JQL the connector writes: `(project = "KEY" AND issuetype = Incident) [AND updated >=
 * "yyyy-MM-dd HH:mm"] ORDER BY updated ASC, key ASC`. The site's time zone is UTC.
 */
function parseJql(jql: string): { project: string; updatedFrom: number | null } | null {
  const project = /project\s*=\s*"?([A-Za-z0-9_-]+)"?/.exec(jql)?.[1];
  const balanced = jql.split('(').length === jql.split(')').length && jql.split('"').length % 2 === 1;
  if (!project || !balanced || !/ORDER BY updated ASC, key ASC$/.test(jql)) return null;
  const since = /updated\s*>=\s*"(\d{4}-\d{2}-\d{2} \d{2}:\d{2})"/.exec(jql)?.[1];
  return { project, updatedFrom: since ? Date.parse(`${since.replace(' ', 'T')}:00Z`) : null };
}

export async function startFakeJira(credentials: { email: string; apiToken: string }): Promise<FakeJira> {
  const expected = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiToken}`).toString('base64')}`;
  const searchFaults = new Map<string, Fault[]>();
  const projectFaults: Fault[] = [];
  const fake: Omit<FakeJira, 'url' | 'close'> = {
    issues: [],
    projects: [],
    requests: [],
    failSearch: (project, ...faults) =>
      searchFaults.set(project, [...(searchFaults.get(project) ?? []), ...faults]),
    failProjects: (...faults) => projectFaults.push(...faults),
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://jira.test');
    fake.requests.push({
      path: url.pathname,
      query: url.searchParams,
      authorization: req.headers.authorization,
    });
    if (url.pathname === '/rest/api/3/search') {
      return send(res, 410, {
        errorMessages: [
          'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046',
        ],
        errors: {},
      });
    }
    if (req.headers.authorization !== expected) {
      res.writeHead(401, {
        'content-type': 'text/plain',
        'www-authenticate': 'Basic realm="protected-area"',
      });
      return res.end('Client must be authenticated to access this resource.');
    }
    if (url.pathname === '/rest/api/3/project/search') {
      const fault = projectFaults.shift();
      if (fault) return answerFault(res, fault);
      const startAt = Number(url.searchParams.get('startAt') ?? 0);
      const maxResults = Math.min(Number(url.searchParams.get('maxResults') ?? 50), 50);
      const values = fake.projects.slice(startAt, startAt + maxResults).map((key, i) => ({
        id: String(10_000 + startAt + i),
        key,
        name: `Project ${key}`,
        self: `http://jira.test/rest/api/3/project/${key}`,
      }));
      return send(res, 200, {
        self: url.href,
        maxResults,
        startAt,
        total: fake.projects.length,
        isLast: startAt + values.length >= fake.projects.length,
        values,
      });
    }
    if (url.pathname === '/rest/api/3/search/jql') {
      const jql = url.searchParams.get('jql') ?? '';
      const parsed = parseJql(jql);
      if (!parsed) {
        return send(res, 400, { errorMessages: [`Error in the JQL Query: ${jql.slice(0, 60)}`], errors: {} });
      }
      const faults = searchFaults.get(parsed.project);
      const fault = faults?.shift();
      if (fault) return answerFault(res, fault);
      const fields = new Set((url.searchParams.get('fields') ?? '').split(',').filter(Boolean));
      const maxResults = Math.min(Number(url.searchParams.get('maxResults') ?? 50), 100);
      const token = url.searchParams.get('nextPageToken');
      let offset = 0;
      if (token) {
        const decoded = JSON.parse(Buffer.from(token, 'base64url').toString()) as {
          jql: string;
          offset: number;
        };
        if (decoded.jql !== jql)
          return send(res, 400, { errorMessages: ['Invalid nextPageToken'], errors: {} });
        offset = decoded.offset;
      }
      const matching = fake.issues
        .filter((i) => i.project === parsed.project)
        .filter((i) => parsed.updatedFrom === null || Date.parse(i.updated) >= parsed.updatedFrom)
        .sort((a, b) => Date.parse(a.updated) - Date.parse(b.updated) || a.key.localeCompare(b.key));
      const page = matching.slice(offset, offset + maxResults);
      const next = offset + page.length;
      const isLast = next >= matching.length;
      const pick = (issue: FakeIssue) => {
        const all: Record<string, unknown> = {
          summary: issue.summary,
          created: jiraTime(issue.created),
          updated: jiraTime(issue.updated),
          resolutiondate: issue.resolutiondate ? jiraTime(issue.resolutiondate) : null,
          priority: issue.priority
            ? { id: '3', name: issue.priority, self: 'http://jira.test/priority/3' }
            : null,
        };
        return Object.fromEntries(Object.entries(all).filter(([name]) => fields.has(name)));
      };
      return send(res, 200, {
        issues: page.map((issue) => ({
          expand: 'renderedFields,names,schema',
          id: issue.id,
          self: `http://jira.test/rest/api/3/issue/${issue.id}`,
          key: issue.key,
          fields: pick(issue),
        })),
        ...(isLast
          ? {}
          : { nextPageToken: Buffer.from(JSON.stringify({ jql, offset: next })).toString('base64url') }),
        isLast,
      });
    }
    send(res, 404, { errorMessages: ['Not found'], errors: {} });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The same object the handler reads, so a test may replace `issues` or `projects`.
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
