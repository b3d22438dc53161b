#!/usr/bin/env node
// Connectors: requests per synced record, and sync time at size, against the local fake vendors
// the tests use (HubSpot 10,000 deals, GitHub 5,000 pull requests and 500 deployments, Jira 5,000
// incidents, the AI tools' 90 days) on a fresh store.
//
// Each sync is timed against a baseline from the same run: the same requests, replayed one after
// the other with plain fetch against the same fake (the HTTP floor a sequential client cannot go
// under). "× floor" is the sync's time over that floor: what parsing, comparing and storing add.
// A second run with nothing changed shows what a scheduled tick costs.
//
// Runs the BUILT host (dist/); the fakes are TypeScript test support, compiled here with Vite's
// oxc transform (they import only node: modules).
//
//   node bench/connectors.mjs [--store pglite|postgres] [--only hubspot,github,jira,ai] [--scale 1]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { hostPackageDir, repoRoot } from './lib/paths.mjs';
import { prepareStoreFor } from './lib/store.mjs';

const USAGE = `node bench/connectors.mjs [--store pglite|postgres] [--only hubspot,github,jira,ai] [--scale N]

  --store     the store synced into (default pglite; postgres uses --database-url or DATABASE_URL,
              default postgres://postgres@127.0.0.1:5432/test, in a new database dropped afterwards)
  --only      a comma-separated subset of the connectors
  --scale     multiplies the data sets (default 1: 10,000 deals, 5,000 PRs, 5,000 incidents)`;

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'pglite' },
    only: { type: 'string' },
    scale: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const scale = Number(values.scale);
if (!['pglite', 'postgres'].includes(values.store) || !(scale > 0)) {
  console.error(USAGE);
  process.exit(2);
}
const only = new Set((values.only ?? 'hubspot,github,jira,ai').split(',').map((s) => s.trim()));

const dist = (path) => import(pathToFileURL(join(hostPackageDir, 'dist', path)).href);
const { loadConfig, openStore, migrateToLatest } = await dist('index.js');

/** The fakes, compiled from the tests' TypeScript into a temporary directory. */
const fakesDir = mkdtempSync(join(tmpdir(), 'bench-fakes-'));
const { transformWithOxc } = await import(
  pathToFileURL(join(repoRoot, 'node_modules', 'vite', 'dist', 'node', 'index.js')).href
);
async function fake(name) {
  const file = join(hostPackageDir, 'src', 'connectors', 'test-support', `${name}.ts`);
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  const out = join(fakesDir, `${name}.mjs`);
  writeFileSync(out, code);
  return import(pathToFileURL(out).href);
}

const FAST = { backoffBaseMs: 5, backoffLimitMs: 20, maxRetryAfterMs: 2_000 };
const NOW = new Date('2026-11-01T12:00:00Z');
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function freshStore() {
  const place = await prepareStoreFor({
    store: values.store,
    databaseUrl:
      values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  const config = loadConfig({ ...place.env, LOG_LEVEL: 'silent' });
  const store = await openStore(config.store);
  await migrateToLatest(store.db);
  return {
    db: store.db,
    label: place.label,
    close: async () => {
      await store.close();
      await place.cleanup();
    },
  };
}

/** Company acme with its analytics project PORTAL: what the delivery connectors sync into. */
async function seedProject(db) {
  await db.insertInto('companies').values({ id: 'acme', name: 'Acme' }).execute();
  await db
    .insertInto('projects')
    .values({
      id: 'acme-portal',
      company_id: 'acme',
      name: 'Portal',
      jira_key: 'PORTAL',
      analytics_enabled: true,
    })
    .execute();
}

/** Replays `requests` sequentially with fetch: the HTTP floor of the same conversation. */
async function replay(url, requests, headers) {
  const started = performance.now();
  for (const r of requests) {
    const query = r.query?.toString() ?? '';
    const response = await fetch(`${url}${r.path}${query ? `?${query}` : ''}`, {
      method: r.method ?? 'GET',
      headers: {
        ...headers,
        ...(r.body !== undefined && r.body !== null ? { 'content-type': 'application/json' } : {}),
      },
      ...(r.body !== undefined && r.body !== null && (r.method ?? 'GET') !== 'GET'
        ? { body: JSON.stringify(r.body) }
        : {}),
    });
    await response.arrayBuffer();
  }
  return performance.now() - started;
}

const rows = [];
function report(name, records, first, floorMs, second) {
  const perRecord = first.requests / Math.max(1, records);
  rows.push({ name, records, requests: first.requests, perRecord, ms: first.ms, floorMs, second });
  console.log(
    `${name.padEnd(26)} ${String(records).padStart(7)} records  ${String(first.requests).padStart(6)} requests  ${perRecord.toFixed(4)} per record  ${seconds(first.ms).padStart(8)}  floor ${seconds(floorMs).padStart(8)}  ${(first.ms / floorMs).toFixed(2)}× floor  | again: ${second.requests} requests, ${seconds(second.ms)} (${second.created} new, ${second.updated} changed, ${second.unchanged} unchanged)`,
  );
}

async function timed(run) {
  const started = performance.now();
  const result = await run();
  const ms = performance.now() - started;
  const failed = result.scopes.filter((s) => s.error);
  if (failed.length)
    throw new Error(`a scope failed: ${failed.map((s) => `${s.label}: ${s.error}`).join('; ')}`);
  const sum = (k) => result.scopes.reduce((n, s) => n + s.counts[k], 0);
  return {
    ms,
    requests: result.requests,
    created: sum('created'),
    updated: sum('updated'),
    unchanged: sum('unchanged'),
  };
}

// ── HubSpot: 10,000 deals of one company ─────────────────────────────────────────────────────
async function benchHubspot() {
  const { startFakeHubspot, addDeals } = await fake('fake-hubspot');
  const { syncHubspot } = await dist('connectors/hubspot/sync.js');
  const token = 'pat-bench-hubspot';
  const hubspot = await startFakeHubspot(token);
  const store = await freshStore();
  try {
    await store.db.insertInto('companies').values({ id: 'acme', name: 'Acme', hubspot_id: '5001' }).execute();
    hubspot.owners = [
      { id: '71', email: 'am@provider.example', firstName: 'Jordan', lastName: 'Ellis', userId: 9001 },
    ];
    hubspot.pipelines = [
      { id: 'default', label: 'Sales pipeline', stages: [{ id: 'active', label: 'Active' }] },
    ];
    hubspot.dealPropertyOptions.set('service_type', [{ value: 'premium_teams', label: 'Premium Teams' }]);
    hubspot.put('companies', '5001', {
      name: 'Acme',
      domain: 'acme.example',
      hs_lastmodifieddate: NOW.toISOString(),
    });
    const deals = Math.round(10_000 * scale);
    addDeals(hubspot, '5001', deals, { firstId: 1_000_000 });
    const settings = {
      accessToken: token,
      apiUrl: hubspot.url,
      deal: { serviceType: 'service_type', startDate: 'start_date', endDate: 'end_date', hours: 'hours' },
      projects: null,
      meetingLinks: { kind: 'keep' },
    };
    const run = () => syncHubspot(store.db, settings, { http: FAST, now: () => NOW });
    const first = await timed(run);
    const seen = [...hubspot.requests];
    const floorMs = await replay(hubspot.url, seen, { authorization: `Bearer ${token}` });
    const second = await timed(run);
    report(`hubspot (${values.store})`, deals, first, floorMs, second);
  } finally {
    await hubspot.close();
    await store.close();
  }
}

// ── GitHub: 5,000 pull requests and 500 deployments in 5 repositories ─────────────────────────
async function benchGithub() {
  const { startFakeGithub } = await fake('fake-github');
  const { syncGithub } = await dist('connectors/github/sync.js');
  const token = 'ghp_benchbenchbenchbench';
  const github = await startFakeGithub({ token });
  const store = await freshStore();
  try {
    await seedProject(store.db);
    await store.db
      .insertInto('github_organisations')
      .values({
        id: 'org-acme',
        company_id: 'acme',
        project_id: 'acme-portal',
        login: 'acme',
        url: 'https://github.com/acme',
      })
      .execute();
    const repos = 5;
    const prs = Math.round(5_000 * scale);
    const deployments = Math.round(500 * scale);
    const t0 = Date.UTC(2026, 0, 1);
    github.repositories = Array.from({ length: repos }, (_, i) => ({
      id: 100 + i,
      owner: 'acme',
      name: `svc-${i}`,
      description: null,
      language: 'TypeScript',
      visibility: 'private',
      archived: false,
      stars: 0,
      pushedAt: new Date(t0).toISOString(),
      defaultBranch: 'main',
    }));
    const sha = (n) => n.toString(16).padStart(40, '0');
    github.pulls = Array.from({ length: prs }, (_, i) => {
      const at = t0 + i * 600_000;
      return {
        repository: `acme/svc-${i % repos}`,
        number: i + 1,
        title: `Change ${i + 1}`,
        author: `dev${i % 17}`,
        body: null,
        createdAt: new Date(at).toISOString(),
        updatedAt: new Date(at + 3_600_000).toISOString(),
        closedAt: new Date(at + 3_600_000).toISOString(),
        mergedAt: new Date(at + 3_600_000).toISOString(),
        mergeCommitSha: sha(1_000_000 + i),
        baseRef: 'main',
        commits: [new Date(at - 7_200_000).toISOString()],
      };
    });
    github.deployments = Array.from({ length: deployments }, (_, i) => {
      const at = t0 + i * 6_000_000 + 4_000_000;
      return {
        id: 50_000 + i,
        repository: `acme/svc-${i % repos}`,
        sha: sha(1_000_000 + i * 10),
        ref: 'main',
        environment: 'production',
        productionEnvironment: true,
        createdAt: new Date(at).toISOString(),
        statuses: [{ state: 'success', createdAt: new Date(at + 60_000).toISOString() }],
      };
    });
    const settings = { apiUrl: github.url, auth: { kind: 'token', token } };
    const run = () => syncGithub(store.db, settings, { http: FAST, now: () => NOW });
    const first = await timed(run);
    const seen = [...github.requests];
    const floorMs = await replay(github.url, seen, {
      authorization: `Bearer ${token}`,
      'x-github-api-version': '2022-11-28',
    });
    const second = await timed(run);
    report(`github (${values.store})`, prs + deployments, first, floorMs, second);
  } finally {
    await github.close();
    await store.close();
  }
}

// ── Jira: 5,000 incidents of one project ─────────────────────────────────────────────────────
async function benchJira() {
  const { startFakeJira } = await fake('fake-jira');
  const { syncJira } = await dist('connectors/jira/sync.js');
  const credentials = { email: 'sync@provider.example', apiToken: 'ATATT-bench' };
  const jira = await startFakeJira(credentials);
  const store = await freshStore();
  try {
    await seedProject(store.db);
    const incidents = Math.round(5_000 * scale);
    jira.projects = ['PORTAL'];
    jira.issues = Array.from({ length: incidents }, (_, i) => {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
      return {
        id: String(100_000 + i),
        key: `PORTAL-${i + 1}`,
        project: 'PORTAL',
        summary: `Checkout failing ${i + 1}`,
        created: at,
        updated: at,
        resolutiondate: i % 4 ? new Date(Date.parse(at) + 1_800_000).toISOString() : null,
        priority: i % 2 ? 'High' : 'Highest',
      };
    });
    const settings = {
      baseUrl: jira.url,
      ...credentials,
      incidentJql: 'project = "{projectKey}" AND issuetype = Incident',
      projectJql: {},
    };
    const run = async () => {
      const r = await syncJira(store.db, settings, { http: FAST, now: () => NOW });
      return {
        requests: r.requests,
        scopes: r.projects.map((p) => ({ label: p.projectKey, error: p.error, counts: p.counts })),
      };
    };
    const first = await timed(run);
    const seen = [...jira.requests];
    const floorMs = await replay(jira.url, seen, {
      authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.apiToken}`).toString('base64')}`,
    });
    const second = await timed(run);
    report(`jira (${values.store})`, incidents, first, floorMs, second);
  } finally {
    await jira.close();
    await store.close();
  }
}

// ── AI tools: Cursor, 50 members over its 90-day window ──────────────────────────────────────
async function benchAi() {
  const { startFakeAiTools } = await fake('fake-ai-tools');
  const { syncAiTools } = await dist('connectors/ai/sync.js');
  const credentials = {
    windsurfServiceKey: 'ws-bench',
    copilotToken: 'ghp_bench',
    cursorApiKey: 'key_bench',
  };
  const ai = await startFakeAiTools(credentials);
  const store = await freshStore();
  try {
    await seedProject(store.db);
    await store.db
      .insertInto('ai_tool_scopes')
      .values({
        company_id: 'acme',
        project_id: 'acme-portal',
        tool: 'cursor',
        scope_kind: 'team',
        scope_name: 'Acme',
      })
      .execute();
    const users = Math.round(50 * scale);
    const day0 = Date.UTC(2026, 7, 3);
    ai.cursor.members = Array.from({ length: users }, (_, u) => ({
      name: `Dev ${u}`,
      email: `dev${u}@acme.example`,
      role: 'member',
    }));
    ai.cursor.rows = [];
    for (let d = 0; d < 90; d++) {
      for (let u = 0; u < users; u++) {
        const n = 1 + ((u + d) % 7);
        ai.cursor.rows.push({
          date: day0 + d * 86_400_000,
          email: `dev${u}@acme.example`,
          isActive: true,
          totalTabsShown: 10 * n,
          totalTabsAccepted: 4 * n,
          acceptedLinesAdded: 6 * n,
          chatRequests: n,
          composerRequests: 2 * n,
          agentRequests: 3 * n,
        });
      }
    }
    const settings = {
      windsurf: null,
      copilot: null,
      cursor: { apiKey: credentials.cursorApiKey, apiUrl: ai.url },
    };
    const run = () => syncAiTools(store.db, settings, { http: FAST, now: () => NOW });
    const first = await timed(run);
    const seen = [...ai.requests];
    const floorMs = await replay(ai.url, seen, {
      authorization: `Basic ${Buffer.from(`${credentials.cursorApiKey}:`).toString('base64')}`,
    });
    const second = await timed(run);
    report(`ai: cursor (${values.store})`, ai.cursor.rows.length, first, floorMs, second);
  } finally {
    await ai.close();
    await store.close();
  }
}

try {
  console.log(
    `Connectors against local fakes, ${values.store}, scale ${scale}. "floor": the same requests replayed with fetch.`,
  );
  if (only.has('hubspot')) await benchHubspot();
  if (only.has('github')) await benchGithub();
  if (only.has('jira')) await benchJira();
  if (only.has('ai')) await benchAi();
} finally {
  rmSync(fakesDir, { recursive: true, force: true });
}
