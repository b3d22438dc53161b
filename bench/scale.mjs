// Delivery data at scale (issue 15): loads tier S, M or L through the ingestion path in batches of
// 1,000, then measures what a provider and a customer get from that store: one more small write into
// the largest project (time and WAL), the DORA answer, the project card and the AI usage answer with
// the response cache off, the drill-down, and, as the like-for-like anchor on the same data, DevLake's
// change-failure-rate query shape. See bench/README.md ("scale.mjs").
//
//   node bench/scale.mjs --tier L --store postgres
//   node bench/scale.mjs --tier M --store pglite
//   node bench/scale.mjs --tier S --quick        (smoke: fewer samples)
import { once } from 'node:events';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  AI_ROWS_PER_TOOL_DAY,
  AI_TOOLS,
  HISTORY_DAYS,
  NOW,
  projectEvents,
  tierLayout,
} from './lib/scale-data.mjs';
import { machineInfo, machineLine, writeResults } from './lib/cli.mjs';
import { hostDistUrl, requireFromHost } from './lib/paths.mjs';
import { prepareStoreFor } from './lib/store.mjs';
import { signIn } from './lib/targets.mjs';

const { values: opts } = parseArgs({
  options: {
    tier: { type: 'string', default: process.env.BENCH_TIER ?? 'S' },
    store: { type: 'string', default: process.env.BENCH_STORE ?? 'postgres' },
    'database-url': {
      type: 'string',
      default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    samples: { type: 'string' },
    projects: { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'load-only': { type: 'boolean', default: false },
    'no-json': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (opts.help) {
  console.log(`node bench/scale.mjs [--tier S|M|L] [--store postgres|pglite] [--database-url URL] [--samples N] [--quick] [--no-json]
  Loads the tier through the ingest functions, then measures writes and reads (bench/README.md).`);
  process.exit(0);
}
/** Thrown to skip the measurements after the load (--load-only). */
class LoadOnly extends Error {}
const SAMPLES = Number(opts.samples ?? (opts.quick ? 10 : 40));
const WRITES = opts.quick ? 5 : 15;
const BUDGET = { loadS: 300, writeMs: 20, writeWalBytes: 100 * 1024, readMs: 25 };

const host = await import(hostDistUrl);
const ingest = await import(new URL('./ingest/index.js', hostDistUrl).href);
const { CompiledQuery } = await import(pathToFileURL(requireFromHost.resolve('kysely')).href);

const layout = tierLayout(opts.tier.toUpperCase());
const largest = layout.projects[0];
const storeInfo = await prepareStoreFor({ store: opts.store, databaseUrl: opts['database-url'] });
const results = {
  tier: opts.tier.toUpperCase(),
  store: storeInfo.label,
  machine: machineInfo(),
};
console.log(
  `scale bench, tier ${results.tier}: ${layout.projects.length} projects, ${layout.tier.deployments} deployments, ${layout.tier.changes} pull requests, ${layout.tier.incidents} incidents`,
);
console.log(`store: ${storeInfo.label}\n${machineLine()}`);
const startedAt = new Date();

let portal;
let server;
try {
  const server0 = createServer();
  server0.listen(0, '127.0.0.1');
  await once(server0, 'listening');
  server = server0;
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    ...storeInfo.env,
    DEMO: 'false',
    RESPONSE_CACHE_MB: '0',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    SESSION_SECRET: 'scale-bench-session-secret-0123456789abcdef',
  };
  portal = await host.createPortalHost(host.loadConfig(env));
  server.on('request', portal.app);
  const db = portal.store.db;
  const raw = async (text, params = []) => (await db.executeQuery(CompiledQuery.raw(text, params))).rows;
  const postgres = opts.store === 'postgres';

  // ── The layout: companies, projects, repositories (what the CRM and GitHub syncs write) ─────────
  await db
    .insertInto('companies')
    .values(layout.companies.map((id) => ({ id, name: id })))
    .execute();
  await db
    .insertInto('projects')
    .values(
      layout.projects.map((p) => ({
        id: p.projectId,
        company_id: p.companyId,
        name: `Project ${p.index}`,
        jira_key: p.jiraKey,
        analytics_enabled: true,
      })),
    )
    .execute();
  await db
    .insertInto('github_organisations')
    .values(
      layout.companies.map((id, i) => ({
        id: `org-${id}`,
        company_id: id,
        login: `bench-org-${i}`,
        url: `https://github.com/bench-org-${i}`,
      })),
    )
    .execute();
  await db
    .insertInto('github_repositories')
    .values(
      layout.projects.flatMap((p) =>
        p.repositories.map((fullName, r) => ({
          id: `repo-${p.index}-${r}`,
          company_id: p.companyId,
          organisation_id: `org-${p.companyId}`,
          project_id: p.projectId,
          name: fullName.split('/')[1],
          full_name: fullName,
          url: `https://github.com/${fullName}`,
          default_branch: 'main',
          visibility: 'private',
        })),
      ),
    )
    .execute();
  const password = 'scale-bench-password';
  await db
    .insertInto('users')
    .values({
      id: 'u-scale-bench',
      email: 'bench@scale.example',
      password_hash: await host.hashPassword(password),
      display_name: 'Scale bench',
      role: 'customer',
      company_id: largest.companyId,
      contact_id: null,
      oidc_subject: null,
      disabled_at: null,
    })
    .execute();

  // ── Load through the ingestion path, batches of 1,000 ─────────────────────────────────────────
  const kinds = [
    ['pushes', ingest.ingestPushes, 'github'],
    ['deployments', ingest.ingestDeployments, 'github_actions'],
    ['changes', ingest.ingestChanges, 'github'],
    ['incidents', ingest.ingestIncidents, 'jira'],
  ];
  const spent = Object.fromEntries(kinds.map(([kind]) => [kind, { events: 0, ms: 0, batches: 0 }]));
  const loadStarted = performance.now();
  let last = loadStarted;
  const loaded = opts.projects ? layout.projects.slice(0, Number(opts.projects)) : layout.projects;
  // Senders work in parallel, as independent CI systems do: one queue per sender, each a set of
  // companies (batches of one company serialise on its ingest lock anyway), projects in order.
  const senders = Math.max(1, Number(opts.concurrency));
  const queues = Array.from({ length: senders }, (_, k) =>
    loaded.filter((p) => layout.companies.indexOf(p.companyId) % senders === k),
  );
  let done = 0;
  const loadProject = async (project) => {
    const events = projectEvents(project);
    const scope = { companyId: project.companyId, projectId: project.projectId };
    for (const [kind, fn, source] of kinds) {
      const list = events[kind];
      for (let i = 0; i < list.length; i += 1000) {
        const batch = list.slice(i, i + 1000);
        const started = performance.now();
        await fn(db, scope, batch, { source, now: NOW });
        spent[kind].ms += performance.now() - started;
        spent[kind].events += batch.length;
        spent[kind].batches += 1;
      }
    }
    done += 1;
    if (performance.now() - last > 15_000) {
      last = performance.now();
      console.log(`  … ${done}/${loaded.length} projects, ${((last - loadStarted) / 1000).toFixed(0)} s`);
    }
  };
  await Promise.all(
    queues.map(async (queue) => {
      for (const project of queue) await loadProject(project);
    }),
  );
  const loadS = (performance.now() - loadStarted) / 1000;

  // AI usage: per project, tool and day an aggregate row (with breakdowns) and a user's row, written
  // as the AI connectors (issue 17) will: straight into ai_usage_daily, its trigger deriving the
  // breakdowns. Not part of the ingestion figure.
  const aiStarted = performance.now();
  for (const p of layout.projects) {
    await raw(
      `insert into ai_usage_daily (company_id, project_id, tool, day, user_key, active_users, suggestions,
         acceptances, lines_suggested, lines_accepted, chat_requests, agent_requests, breakdown)
       select $1, $2, t.tool, d.day, u.key, case when u.key = '*' then 3 else 1 end,
         case when t.tool = 'windsurf' then null else 90 + (extract(doy from d.day)::int % 40) end,
         30 + (extract(doy from d.day)::int % 20), null, 60 + (extract(doy from d.day)::int % 50),
         5 + (extract(dow from d.day)::int), null,
         case when u.key = '*' then '{"language":[{"name":"TypeScript","suggestions":null,"acceptances":20,"linesAccepted":40},{"name":"SQL","suggestions":null,"acceptances":10,"linesAccepted":20}],"ide":[{"name":"VS Code","suggestions":null,"acceptances":30,"linesAccepted":60}]}'::jsonb else '{}'::jsonb end
       from unnest($3::text[]) t(tool)
       cross join generate_series($4::date, $5::date, interval '1 day') d(day)
       cross join unnest($6::text[]) u(key)`,
      [
        p.companyId,
        p.projectId,
        AI_TOOLS,
        new Date(NOW.getTime() - HISTORY_DAYS * 86_400_000).toISOString().slice(0, 10),
        new Date(NOW.getTime() - 86_400_000).toISOString().slice(0, 10),
        ['*', ...Array.from({ length: AI_ROWS_PER_TOOL_DAY - 1 }, (_, i) => `user-${i}`)],
      ],
    );
    await db
      .insertInto('ai_tool_scopes')
      .values(
        AI_TOOLS.map((tool) => ({
          company_id: p.companyId,
          project_id: p.projectId,
          tool,
          scope_kind: 'organisation',
          scope_name: `bench-${p.index}`,
          seats: 10,
          data_through: null,
        })),
      )
      .execute();
  }
  const aiS = (performance.now() - aiStarted) / 1000;
  const [counts] = await raw(`select
    (select count(*) from deployments)::int as deployments,
    (select count(*) from code_changes)::int as changes,
    (select count(*) from code_changes where deployment_id is not null)::int as linked,
    (select count(*) from incidents)::int as incidents,
    (select count(*) from incidents where caused_by_deployment_id is not null)::int as attributed,
    (select count(*) from repository_commits)::int as commits,
    (select count(*) from delivery_days)::int as days,
    (select count(*) from ai_usage_daily)::int as ai_rows`);
  results.load = { seconds: round(loadS, 1), aiSeconds: round(aiS, 1), counts, byKind: spent };
  console.log(
    `\nload through the ingest functions: ${loadS.toFixed(1)} s (budget ≤ ${BUDGET.loadS} s at tier L) ${verdict(loadS <= BUDGET.loadS)}`,
  );
  for (const [kind, s] of Object.entries(spent)) {
    console.log(
      `  ${kind.padEnd(12)} ${String(s.events).padStart(9)} events in ${String(s.batches).padStart(5)} batches, ${(s.ms / 1000).toFixed(1).padStart(6)} s in batches (summed over ${senders} senders)`,
    );
  }
  console.log(`  AI usage rows written directly: ${counts.ai_rows} in ${aiS.toFixed(1)} s`);
  console.log(
    `  stored: ${counts.deployments} deployments, ${counts.changes} pull requests (${counts.linked} linked), ${counts.incidents} incidents (${counts.attributed} attributed), ${counts.commits} commits, ${counts.days} delivery days`,
  );
  // A bulk load outruns autovacuum; the host analyses a table that doubled within a batch, and a
  // real server's autovacuum catches up in minutes. The reads below run on settled statistics.
  await raw('analyze');
  if (opts['load-only']) throw new LoadOnly();

  // ── One more small write into the largest project ───────────────────────────────────────────
  const scope = { companyId: largest.companyId, projectId: largest.projectId };
  const repo = largest.repositories[0];
  const wal = async () =>
    postgres ? (await raw('select pg_current_wal_insert_lsn()::text as lsn'))[0].lsn : null;
  const walDiff = async (from, to) =>
    postgres ? Number((await raw('select pg_wal_lsn_diff($1, $2)::bigint as b', [to, from]))[0].b) : null;
  const writeKinds = {
    'push (one commit)': (i) => [
      ingest.ingestPushes,
      { repository: repo, ref: 'main', commits: [sha40(`push-${i}`)] },
    ],
    'pull request merged': (i) => [
      ingest.ingestChanges,
      {
        externalId: `w-${i}`,
        repository: repo,
        title: `Webhook change ${i}`,
        author: 'dev-1',
        firstCommitAt: iso(-30 + i),
        openedAt: iso(-20 + i),
        mergedAt: iso(-10 + i),
        mergeCommitSha: sha40(`push-${i}`),
        baseRef: 'main',
      },
    ],
    'deployment (ships it)': (i) => [
      ingest.ingestDeployments,
      {
        externalId: `w-dep-${i}`,
        environment: 'production',
        status: 'success',
        startedAt: iso(-5 + i),
        finishedAt: iso(i),
        repository: repo,
        commitSha: sha40(`push-${i}`),
        ref: 'main',
        isHotfix: false,
      },
    ],
    'incident (window rule)': (i) => [
      ingest.ingestIncidents,
      {
        externalId: `w-inc-${i}`,
        title: 'Webhook incident',
        severity: 'SEV3',
        openedAt: iso(i + 0.5),
        resolvedAt: null,
      },
    ],
    'late incident (a year ago, resolved)': (i) => [
      ingest.ingestIncidents,
      {
        externalId: `w-late-${i}`,
        title: 'Late incident',
        severity: 'SEV3',
        openedAt: new Date(NOW.getTime() - 365 * 86_400_000 + i * 3_600_000).toISOString(),
        resolvedAt: new Date(NOW.getTime() - 365 * 86_400_000 + (i + 2) * 3_600_000).toISOString(),
      },
    ],
  };
  results.writes = {};
  console.log(
    `\none more event into the largest project (${largest.deployments} deployments), ${WRITES} times each:`,
  );
  const perKind = Object.fromEntries(Object.keys(writeKinds).map((k) => [k, { ms: [], wal: [] }]));
  for (let i = 0; i < WRITES; i++) {
    // Interleaved as a webhook stream would be: push, pull request, deployment, incidents.
    for (const [name, make] of Object.entries(writeKinds)) {
      const [fn, event] = make(i);
      const before = await wal();
      const started = performance.now();
      await fn(db, scope, [event], { source: 'github', now: new Date(NOW.getTime() + i * 60_000) });
      const ms = performance.now() - started;
      const bytes = await walDiff(before, await wal());
      perKind[name].ms.push(ms);
      if (bytes !== null) perKind[name].wal.push(bytes);
    }
  }
  for (const [name, { ms, wal: bytes }] of Object.entries(perKind)) {
    const p50 = quantile(ms, 0.5);
    const max = Math.max(...ms);
    const walP50 = bytes.length ? quantile(bytes, 0.5) : null;
    const walMax = bytes.length ? Math.max(...bytes) : null;
    results.writes[name] = {
      p50Ms: round(p50, 2),
      maxMs: round(max, 2),
      walP50Bytes: walP50,
      walMaxBytes: walMax,
    };
    const ok = p50 <= BUDGET.writeMs && (walP50 === null || walP50 <= BUDGET.writeWalBytes);
    console.log(
      `  ${name.padEnd(38)} p50 ${p50.toFixed(1).padStart(6)} ms, max ${max.toFixed(1).padStart(6)} ms${walP50 === null ? '' : `, WAL p50 ${(walP50 / 1024).toFixed(1)} KB, max ${(walMax / 1024).toFixed(1)} KB`} ${verdict(ok)}`,
    );
  }

  // ── Reads over HTTP, response cache off (RESPONSE_CACHE_MB=0) ─────────────────────────────────
  const cookie = await signIn(origin, 'bench@scale.example', password);
  const to = new Date(NOW.getTime() - 86_400_000).toISOString().slice(0, 10);
  const from = (days) => new Date(NOW.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const ranges = [
    ['30 days', 30],
    ['1 year', 365],
    ['3 years', HISTORY_DAYS],
  ];
  const reads = [];
  for (const [label, days] of ranges) {
    for (const grain of ['day', 'week', 'month']) {
      reads.push([
        `DORA ${label}, ${grain}`,
        `/api/analytics/dora?projectKey=${largest.jiraKey}&from=${from(days)}&to=${to}&grain=${grain}`,
      ]);
    }
  }
  for (const [label, days] of ranges) {
    reads.push([
      `project card ${label}`,
      `/api/analytics/projects/${largest.jiraKey}?from=${from(days)}&to=${to}`,
    ]);
  }
  for (const [label, days] of [['90 days', 90], ...ranges.slice(1)]) {
    reads.push([
      `AI usage ${label}`,
      `/api/agents/windsurf?jiraProjectKey=${largest.jiraKey}&from=${from(days)}&to=${to}`,
    ]);
  }
  for (const [label, days] of ranges.slice(1)) {
    reads.push([
      `drill-down CFR incidents ${label}, page 1`,
      `/api/analytics/projects/${largest.jiraKey}/dora/changeFailureRate/events?list=incidents&from=${from(days)}&to=${to}`,
    ]);
  }
  results.reads = {};
  console.log(
    `\nreads of the largest project over HTTP, response cache off, ${SAMPLES} sequential requests each (3 warm-up):`,
  );
  for (const [name, path] of reads) {
    const ms = [];
    let bytes = 0;
    for (let i = 0; i < SAMPLES + 3; i++) {
      const started = performance.now();
      const res = await fetch(origin + path, { headers: { cookie, 'accept-encoding': 'identity' } });
      const body = await res.arrayBuffer();
      if (res.status !== 200)
        throw new Error(`${path} answered ${res.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
      if (i >= 3) ms.push(performance.now() - started);
      bytes = body.byteLength;
    }
    const p50 = quantile(ms, 0.5);
    const p95 = quantile(ms, 0.95);
    results.reads[name] = { p50Ms: round(p50, 2), p95Ms: round(p95, 2), bytes };
    const budgeted = !name.startsWith('drill-down');
    console.log(
      `  ${name.padEnd(38)} p50 ${p50.toFixed(1).padStart(6)} ms, p95 ${p95.toFixed(1).padStart(6)} ms, ${(bytes / 1024).toFixed(1).padStart(7)} KB${budgeted ? ` ${verdict(p95 <= BUDGET.readMs)}` : ''}`,
    );
  }

  // ── The anchor: DevLake's change-failure-rate shape on the same data ─────────────────────────
  // DevLake #8130: every deployment of the range joined with every incident (`LEFT JOIN incidents ON
  // 1=1`), then filtered to the pairs where the incident names the deployment, counted per deployment.
  console.log(
    '\nlike for like: change failure rate of the largest project, DevLake’s query shape vs our DORA answer:',
  );
  results.anchor = {};
  for (const [label, days] of ranges.slice(1)) {
    const params = [largest.projectId, `${from(days)}T00:00:00Z`, `${to}T23:59:59.999Z`];
    const devlake = `with _deployments as (
        select d.id, d.finished_at from deployments d
        where d.project_id = $1 and d.environment = 'production' and d.status = 'success'
          and d.finished_at between $2::timestamptz and $3::timestamptz),
      _failure_caused_by_deployments as (
        select d.id, count(distinct case when i.caused_by_deployment_id = d.id then i.id end) as has_incident
        from _deployments d left join incidents i on 1 = 1
        where i.project_id = $1 or i.id is null
        group by d.id)
      select 1.0 * count(case when has_incident > 0 then 1 end) / nullif(count(*), 0) as rate
      from _failure_caused_by_deployments`;
    const theirs = [];
    const n = Math.max(3, Math.floor(SAMPLES / 4));
    let rate;
    for (let i = 0; i < n + 1; i++) {
      const started = performance.now();
      const rows = await raw(devlake, params);
      if (i > 0) theirs.push(performance.now() - started);
      rate = Number(rows[0].rate);
    }
    const ours = results.reads[`DORA ${label}, week`].p50Ms;
    const devlakeMs = quantile(theirs, 0.5);
    const oursRate = (
      await (
        await fetch(
          `${origin}/api/analytics/dora?projectKey=${largest.jiraKey}&from=${from(days)}&to=${to}&grain=week`,
          {
            headers: { cookie },
          },
        )
      ).json()
    ).headline.changeFailureRate.rate;
    results.anchor[label] = {
      devlakeMs: round(devlakeMs, 1),
      oursMs: ours,
      ratio: round(devlakeMs / ours, 1),
      devlakeRate: round(rate, 4),
      oursRate,
    };
    console.log(
      `  ${label.padEnd(8)} DevLake shape ${devlakeMs.toFixed(1).padStart(8)} ms (rate ${rate.toFixed(4)}) · our whole DORA answer ${ours.toFixed(1).padStart(6)} ms (rate ${oursRate}) · ratio ${(devlakeMs / ours).toFixed(1)}×`,
    );
  }
  if (!opts['no-json']) {
    console.log(`\nresults: ${writeResults(`scale-${results.tier}-${opts.store}`, startedAt, results)}`);
  }
} catch (error) {
  if (!(error instanceof LoadOnly)) throw error;
} finally {
  await portal?.close().catch(() => {});
  server?.close();
  if (opts.keep) console.log(`kept: ${storeInfo.label} (DATA_DIR ${storeInfo.env.DATA_DIR})`);
  else await storeInfo.cleanup();
}

function iso(hoursAfterNow) {
  return new Date(NOW.getTime() + hoursAfterNow * 3_600_000).toISOString();
}
function sha40(text) {
  return Buffer.from(text).toString('hex').padEnd(40, '0').slice(0, 40);
}
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
function round(value, digits) {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}
function verdict(ok) {
  return ok ? 'ok' : 'OVER BUDGET';
}
