import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// GitHub's REST API on loopback, answering the calls the connector makes with the documented
// shapes (API version 2022-11-28): page/per_page paging with a Link header (rel="next"/"last"),
// weak ETags and 304 for a matching If-None-Match (a 304 does not count against the rate limit),
// /orgs/{org}/repos, /repos/{o}/{r}/deployments (newest first) and their statuses (newest first),
// /repos/{o}/{r}/pulls (state, sort, direction) and a pull request's commits (oldest first), and
// a GitHub App's /orgs/{org}/installation and /app/installations/{id}/access_tokens, which verify
// the JWT's RS256 signature with the App's public key. 401 "Bad credentials" without a known
// token. Faults are queued per call kind (403 primary rate limit with x-ratelimit-reset, 429
// secondary with retry-after, 5xx, malformed bodies, …) and answered before the real answer.
// Data is kept in plain arrays a test may replace; pages are cut per request, so thousands of pull
// requests cost little.

export interface FakeRepository {
  id: number;
  owner: string;
  name: string;
  description: string | null;
  language: string | null;
  visibility: 'public' | 'private' | 'internal';
  archived: boolean;
  stars: number;
  pushedAt: string | null;
  defaultBranch: string;
}

export interface FakeDeploymentStatus {
  state: 'success' | 'failure' | 'error' | 'inactive' | 'in_progress' | 'queued' | 'pending';
  createdAt: string;
  environment?: string;
}

export interface FakeDeployment {
  id: number;
  /** "owner/name". */
  repository: string;
  sha: string;
  ref: string;
  environment: string;
  productionEnvironment: boolean;
  createdAt: string;
  /** Oldest first (answered newest first). */
  statuses: FakeDeploymentStatus[];
}

export interface FakePull {
  /** "owner/name". */
  repository: string;
  number: number;
  title: string;
  author: string;
  body: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  mergeCommitSha: string | null;
  baseRef: string;
  /** Authored instants of its commits, oldest first (the first is the "first commit"). */
  commits: string[];
}

export type GithubRoute =
  | 'repos'
  | 'deployments'
  | 'statuses'
  | 'pulls'
  | 'commits'
  | 'installation'
  | 'access_tokens';

export type GithubFault =
  | { status: number; retryAfter?: string; body?: string; headers?: Record<string, string> }
  | { rateLimit: 'primary'; resetInSeconds: number; status?: 403 | 429 }
  | { rateLimit: 'secondary'; retryAfter?: number; status?: 403 | 429 }
  | { malformed: 'not-json' | 'wrong-shape' };

export interface SeenGithubRequest {
  method: string;
  route: GithubRoute | 'other';
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  apiVersion: string | undefined;
  status: number;
}

export interface FakeGithubApp {
  appId: string;
  /** PEM (SPKI or PKCS#1) of the App's public key. */
  publicKey: string;
  /** Installation id per organisation login. */
  installations: Record<string, number>;
  /** Lifetime of issued installation tokens, in seconds (GitHub: an hour). */
  tokenLifetimeSeconds?: number;
}

export interface FakeGithub {
  url: string;
  repositories: FakeRepository[];
  deployments: FakeDeployment[];
  pulls: FakePull[];
  requests: SeenGithubRequest[];
  /** Installation tokens issued, newest last. */
  issuedTokens: string[];
  /** Requests that counted against the rate limit (every answer but a 304). */
  readonly rateLimitUsed: number;
  /** Faults answered, in order, before the real answers of `route`. */
  fail(route: GithubRoute, ...faults: GithubFault[]): void;
  close(): Promise<void>;
}

const API_VERSION = '2022-11-28';

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const DOCS = 'https://docs.github.com/rest';

function answerFault(res: ServerResponse, fault: GithubFault): void {
  if ('malformed' in fault) {
    if (fault.malformed === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Unicorn! This page is taking too long to load.</body></html>');
    } else {
      send(res, 200, { items: 'none' });
    }
    return;
  }
  if ('rateLimit' in fault) {
    if (fault.rateLimit === 'primary') {
      const reset = Math.floor(Date.now() / 1000) + fault.resetInSeconds;
      send(
        res,
        fault.status ?? 403,
        { message: 'API rate limit exceeded for installation.', documentation_url: DOCS },
        {
          'x-ratelimit-limit': '5000',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-used': '5000',
          'x-ratelimit-reset': String(reset),
          'x-ratelimit-resource': 'core',
        },
      );
      return;
    }
    send(
      res,
      fault.status ?? 429,
      {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        documentation_url: DOCS,
      },
      fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {},
    );
    return;
  }
  const headers: Record<string, string> = { ...fault.headers };
  if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
  send(
    res,
    fault.status,
    fault.body ?? { message: `Fault ${fault.status}`, documentation_url: DOCS },
    headers,
  );
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** Verifies an App JWT (RS256) with the public key; its claims, or null. */
function verifyJwt(token: string, app: FakeGithubApp): { iss: unknown } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    if (head.alg !== 'RS256') return null;
    const ok = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      createPublicKey(app.publicKey),
      Buffer.from(signature, 'base64url'),
    );
    if (!ok) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      iss: unknown;
      iat: number;
      exp: number;
    };
    const now = Math.floor(Date.now() / 1000);
    // GitHub: at most ten minutes long, not expired, issued no later than now (60 s of drift).
    if (String(claims.iss) !== app.appId || claims.exp <= now || claims.iat > now + 60) return null;
    if (claims.exp - claims.iat > 600) return null;
    return claims;
  } catch {
    return null;
  }
}

export async function startFakeGithub(
  options: { token?: string; app?: FakeGithubApp; prefix?: string } = {},
): Promise<FakeGithub> {
  const prefix = options.prefix?.replace(/\/+$/, '') ?? '';
  const faults = new Map<GithubRoute, GithubFault[]>();
  /** Installation tokens: token → installation id and expiry (ms). */
  const installationTokens = new Map<string, { installation: number; until: number }>();
  let rateLimitUsed = 0;
  let url = '';
  const fake = {
    repositories: [] as FakeRepository[],
    deployments: [] as FakeDeployment[],
    pulls: [] as FakePull[],
    requests: [] as SeenGithubRequest[],
    issuedTokens: [] as string[],
    get rateLimitUsed() {
      return rateLimitUsed;
    },
    fail: (route: GithubRoute, ...more: GithubFault[]) =>
      faults.set(route, [...(faults.get(route) ?? []), ...more]),
  };

  const routeOf = (method: string, path: string): { route: GithubRoute | 'other'; params: string[] } => {
    const tests: [GithubRoute, string, RegExp][] = [
      ['repos', 'GET', /^\/orgs\/([^/]+)\/repos$/],
      ['installation', 'GET', /^\/orgs\/([^/]+)\/installation$/],
      ['access_tokens', 'POST', /^\/app\/installations\/(\d+)\/access_tokens$/],
      ['statuses', 'GET', /^\/repos\/([^/]+\/[^/]+)\/deployments\/(\d+)\/statuses$/],
      ['deployments', 'GET', /^\/repos\/([^/]+\/[^/]+)\/deployments$/],
      ['commits', 'GET', /^\/repos\/([^/]+\/[^/]+)\/pulls\/(\d+)\/commits$/],
      ['pulls', 'GET', /^\/repos\/([^/]+\/[^/]+)\/pulls$/],
    ];
    for (const [route, verb, pattern] of tests) {
      const match = pattern.exec(path);
      if (match && verb === method) return { route, params: match.slice(1).map(decodeURIComponent) };
    }
    return { route: 'other', params: [] };
  };

  /** A page of `items` as GitHub cuts it, with its Link header. */
  function paged<T>(requestUrl: URL, items: readonly T[]): { page: T[]; link: string | null } {
    const perPage = Math.min(Math.max(Number(requestUrl.searchParams.get('per_page') ?? 30) || 30, 1), 100);
    const page = Math.max(Number(requestUrl.searchParams.get('page') ?? 1) || 1, 1);
    const last = Math.max(Math.ceil(items.length / perPage), 1);
    const link = (n: number, rel: string) => {
      const target = new URL(requestUrl.href);
      target.searchParams.set('page', String(n));
      return `<${url}${target.pathname}${target.search}>; rel="${rel}"`;
    };
    const links: string[] = [];
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
    if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
    return {
      page: items.slice((page - 1) * perPage, page * perPage),
      link: links.length ? links.join(', ') : null,
    };
  }

  const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  /** Pull requests by "owner/name#number" (lower case), rebuilt when the list is replaced or grows. */
  let pullIndex: { of: FakePull[]; length: number; byKey: Map<string, FakePull> } | null = null;
  const pullNumbered = (repository: string, number: number): FakePull | undefined => {
    if (pullIndex?.of !== fake.pulls || pullIndex.length !== fake.pulls.length) {
      const byKey = new Map(fake.pulls.map((p) => [`${p.repository.toLowerCase()}#${p.number}`, p]));
      pullIndex = { of: fake.pulls, length: fake.pulls.length, byKey };
    }
    const found = pullIndex.byKey.get(`${repository.toLowerCase()}#${number}`);
    // A pull request edited in place (renumbered) is found the slow way.
    return found && found.number === number && sameName(found.repository, repository)
      ? found
      : fake.pulls.find((p) => p.number === number && sameName(p.repository, repository));
  };
  const repoJson = (r: FakeRepository) => ({
    id: r.id,
    node_id: `R_${r.id}`,
    name: r.name,
    full_name: `${r.owner}/${r.name}`,
    private: r.visibility !== 'public',
    owner: { login: r.owner, id: 1, type: 'Organization' },
    html_url: `https://github.com/${r.owner}/${r.name}`,
    description: r.description,
    fork: false,
    url: `${url}${prefix}/repos/${r.owner}/${r.name}`,
    language: r.language,
    stargazers_count: r.stars,
    watchers_count: r.stars,
    default_branch: r.defaultBranch,
    archived: r.archived,
    visibility: r.visibility,
    pushed_at: r.pushedAt,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: r.pushedAt ?? '2020-01-01T00:00:00Z',
  });
  const deploymentJson = (d: FakeDeployment) => ({
    url: `${url}${prefix}/repos/${d.repository}/deployments/${d.id}`,
    id: d.id,
    node_id: `DE_${d.id}`,
    sha: d.sha,
    ref: d.ref,
    task: 'deploy',
    payload: {},
    original_environment: d.environment,
    environment: d.environment,
    description: null,
    creator: { login: 'deployer', id: 2 },
    created_at: d.createdAt,
    updated_at: d.statuses.at(-1)?.createdAt ?? d.createdAt,
    transient_environment: false,
    production_environment: d.productionEnvironment,
  });
  const pullJson = (p: FakePull) => ({
    url: `${url}${prefix}/repos/${p.repository}/pulls/${p.number}`,
    id: 1_000_000 + p.number,
    number: p.number,
    state: p.closedAt ? 'closed' : 'open',
    locked: false,
    title: p.title,
    user: { login: p.author, id: 3 },
    body: p.body,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    closed_at: p.closedAt,
    merged_at: p.mergedAt,
    merge_commit_sha: p.mergeCommitSha,
    draft: false,
    head: { ref: `feature-${p.number}`, sha: 'f'.repeat(40) },
    base: { ref: p.baseRef, sha: 'b'.repeat(40) },
    author_association: 'MEMBER',
  });

  function authorised(req: IncomingMessage, route: GithubRoute | 'other', params: string[]): boolean | 'jwt' {
    const header = req.headers.authorization ?? '';
    const token = /^(?:Bearer|token) (.+)$/.exec(header)?.[1];
    if (!token) return false;
    if (route === 'installation' || route === 'access_tokens') {
      return options.app && verifyJwt(token, options.app) ? 'jwt' : false;
    }
    if (options.token !== undefined && token === options.token) return true;
    const issued = installationTokens.get(token);
    if (!issued || issued.until <= Date.now() || !options.app) return false;
    // An installation token sees only its own organisation's repositories.
    const owner = (params[0] ?? '').split('/')[0] ?? '';
    const installation = Object.entries(options.app.installations).find(([login]) =>
      sameName(login, owner),
    )?.[1];
    return installation === issued.installation;
  }

  function answer(req: IncomingMessage, res: ServerResponse, requestUrl: URL, seen: SeenGithubRequest) {
    const method = req.method ?? 'GET';
    const path = requestUrl.pathname.slice(prefix.length);
    const { route, params } = routeOf(method, path);
    seen.route = route;
    const finish = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      seen.status = status;
      if (status !== 304) rateLimitUsed++;
      send(res, status, body, headers);
    };
    if (route === 'other') return finish(404, { message: 'Not Found', documentation_url: DOCS });
    if (!authorised(req, route, params)) {
      return finish(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
    }
    const fault = faults.get(route)?.shift();
    if (fault) {
      seen.status = 'status' in fault && typeof fault.status === 'number' ? fault.status : 200;
      rateLimitUsed++;
      return answerFault(res, fault);
    }
    /** A list answer with its ETag; 304 when the request's If-None-Match matches. */
    const list = (items: readonly unknown[], link: string | null) => {
      const body = JSON.stringify(items);
      const etag = `W/"${sha1(`${link ?? ''}\n${body}`)}"`;
      const headers: Record<string, string> = { etag, 'x-github-api-version-selected': API_VERSION };
      if (link) headers.link = link;
      if (req.headers['if-none-match'] === etag) {
        seen.status = 304;
        res.writeHead(304, headers);
        return res.end();
      }
      finish(200, body, headers);
    };

    if (route === 'installation') {
      const id = Object.entries(options.app?.installations ?? {}).find(([login]) =>
        sameName(login, params[0] ?? ''),
      )?.[1];
      if (id === undefined) return finish(404, { message: 'Not Found', documentation_url: DOCS });
      return finish(200, { id, account: { login: params[0] }, app_id: Number(options.app?.appId) });
    }
    if (route === 'access_tokens') {
      const installation = Number(params[0]);
      if (!Object.values(options.app?.installations ?? {}).includes(installation)) {
        return finish(404, { message: 'Not Found', documentation_url: DOCS });
      }
      const token = `ghs_${randomBytes(18).toString('base64url')}`;
      const lifetime = (options.app?.tokenLifetimeSeconds ?? 3600) * 1000;
      installationTokens.set(token, { installation, until: Date.now() + lifetime });
      fake.issuedTokens.push(token);
      return finish(201, {
        token,
        expires_at: new Date(Date.now() + lifetime).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        permissions: { deployments: 'read', pull_requests: 'read', metadata: 'read' },
        repository_selection: 'all',
      });
    }
    if (route === 'repos') {
      const repos = fake.repositories.filter((r) => sameName(r.owner, params[0] ?? ''));
      const { page, link } = paged(requestUrl, repos);
      return list(page.map(repoJson), link);
    }
    const repository = params[0] ?? '';
    if (!fake.repositories.some((r) => sameName(`${r.owner}/${r.name}`, repository))) {
      return finish(404, { message: 'Not Found', documentation_url: DOCS });
    }
    if (route === 'deployments') {
      const all = fake.deployments
        .filter((d) => sameName(d.repository, repository))
        .map((d) => ({ d, key: Date.parse(d.createdAt) }))
        .sort((a, b) => b.key - a.key || b.d.id - a.d.id)
        .map((k) => k.d);
      const { page, link } = paged(requestUrl, all);
      return list(page.map(deploymentJson), link);
    }
    if (route === 'statuses') {
      const deployment = fake.deployments.find(
        (d) => d.id === Number(params[1]) && sameName(d.repository, repository),
      );
      if (!deployment) return finish(404, { message: 'Not Found', documentation_url: DOCS });
      const statuses = deployment.statuses
        .map((s, i) => ({
          id: deployment.id * 100 + i + 1,
          state: s.state,
          environment: s.environment ?? deployment.environment,
          description: '',
          creator: { login: 'deployer', id: 2 },
          created_at: s.createdAt,
          updated_at: s.createdAt,
          deployment_url: `${url}${prefix}/repos/${repository}/deployments/${deployment.id}`,
        }))
        .reverse();
      const { page, link } = paged(requestUrl, statuses);
      return list(page, link);
    }
    if (route === 'pulls') {
      const state = requestUrl.searchParams.get('state') ?? 'open';
      const sort = requestUrl.searchParams.get('sort') ?? 'created';
      const direction = requestUrl.searchParams.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
      if (!['open', 'closed', 'all'].includes(state) || !['created', 'updated'].includes(sort)) {
        return finish(422, { message: 'Validation Failed', documentation_url: DOCS });
      }
      // Keys computed once per request, not per comparison: a benchmark lists thousands.
      const wanted = repository.toLowerCase();
      const keyed = fake.pulls
        .filter((p) => p.repository.toLowerCase() === wanted)
        .filter((p) => state === 'all' || (state === 'closed') === (p.closedAt !== null))
        .map((p) => ({ p, key: Date.parse(sort === 'updated' ? p.updatedAt : p.createdAt) }));
      const sign = direction === 'desc' ? -1 : 1;
      keyed.sort((a, b) => sign * (a.key - b.key || a.p.number - b.p.number));
      const all = keyed.map((k) => k.p);
      const { page, link } = paged(requestUrl, all);
      return list(page.map(pullJson), link);
    }
    // route === 'commits'
    const pull = pullNumbered(repository, Number(params[1]));
    if (!pull) return finish(404, { message: 'Not Found', documentation_url: DOCS });
    // At most 250 commits, oldest first.
    const commits = pull.commits.slice(0, 250).map((date, i) => {
      const sha = sha1(`${repository}#${pull.number}/${i}`);
      return {
        sha,
        node_id: `C_${sha}`,
        commit: {
          author: { name: pull.author, email: `${pull.author}@example.com`, date },
          committer: { name: 'GitHub', email: 'noreply@github.com', date },
          message: `Commit ${i + 1} of #${pull.number}`,
        },
        author: { login: pull.author },
        parents: [],
      };
    });
    const { page, link } = paged(requestUrl, commits);
    return list(page, link);
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const requestUrl = new URL(req.url ?? '/', 'http://github.test');
    const seen: SeenGithubRequest = {
      method: req.method ?? 'GET',
      route: 'other',
      path: requestUrl.pathname.slice(prefix.length),
      query: requestUrl.searchParams,
      authorization: req.headers.authorization,
      apiVersion: req.headers['x-github-api-version'] as string | undefined,
      status: 0,
    };
    fake.requests.push(seen);
    if (req.method === 'GET') return answer(req, res, requestUrl, seen);
    // The body of a POST is not used; it is drained before answering.
    req.resume();
    req.on('end', () => answer(req, res, requestUrl, seen));
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url: `${url}${prefix}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
