#!/usr/bin/env node
// The requests tracker where its users meet it (issue #18's benchmark):
//
// 1. Lists: 10,000 requests in Acme and 90,000 more across 300 companies (100,000 in all), loaded
//    with SQL into a fresh store; then the first page of each list as its users ask it over HTTP,
//    one request at a time (no response cache: every requests route is answered from the store):
//    the company admin's company list, a member's "mine" and company lists (the visibility rule),
//    filtered lists, and the staff queue across every company. p50/p95 against the same run's
//    baseline, GET /api/auth/me (a session read, the floor of any signed-in answer). Budget: p95 of
//    the first page ≤ 25 ms on PostgreSQL.
// 2. Uploads: a 200 MB file streamed to a request while the host's RSS is sampled (/proc, every
//    50 ms, and the kernel's high-water mark): growth < 50 MB; baseline: a 1 MB upload's growth.
//    Then a 1 GB upload against the per-file limit: how many bytes the host read before its 413,
//    and that nothing of it was kept.
//
//   node bench/requests.mjs [--store postgres|pglite] [--samples 200] [--upload-mb 200]
//
// Runs the BUILT host CLI (build first: see bench/README.md). Exit 0 with figures and verdicts; 1
// when something is broken (a route not answering 200, the host not starting).
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startCliHost, stopCliHost } from './lib/cli-host.mjs';
import { exitWith, hostEnvironment, machineLine, numberOption, parseCommandLine } from './lib/cli.mjs';
import { BrokenError, MB, procStatus, round } from './lib/common.mjs';
import { hostDistUrl, requireFromHost } from './lib/paths.mjs';
import { prepareStoreFor } from './lib/store.mjs';
import { signIn } from './lib/targets.mjs';

const USAGE = `node bench/requests.mjs [--store postgres|pglite] [--samples <n>] [--upload-mb <n>] [--database-url <url>]`;
const options = parseCommandLine(
  {
    store: { type: 'string', default: process.env.BENCH_STORE ?? 'postgres' },
    samples: { type: 'string' },
    'upload-mb': { type: 'string' },
    'database-url': { type: 'string' },
  },
  USAGE,
);
const store = options.store;
const samples = numberOption('samples', options.samples, 200, 20);
const uploadMb = numberOption('upload-mb', options['upload-mb'], 200, 1);
const databaseUrl =
  options['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'demo-password';
const ACME_REQUESTS = 10_000;
const OTHER_COMPANIES = 300;
const PER_OTHER = 300;
const BUDGET_P95_MS = 25;
const BUDGET_RSS_MB = 50;

let host = null;
let prepared = null;

async function cleanUp() {
  if (host) await stopCliHost(host).catch(() => {});
  host = null;
  // BENCH_KEEP_DATABASE=1 keeps the seeded database to look at (EXPLAIN) after the run.
  if (prepared && !process.env.BENCH_KEEP_DATABASE) await prepared.cleanup().catch(() => {});
  else if (prepared) console.log(`kept ${prepared.database}`);
  prepared = null;
}

// ── Data ────────────────────────────────────────────────────────────────────────────────────────

/** 10,000 Acme requests and 300 × 300 elsewhere, by SQL (the store's own functions would take minutes). */
async function seed(query) {
  const acme = (await query(`select id, company_id from users where email = 'demo@acme.example'`)).rows[0];
  if (!acme) throw new BrokenError('the demo seed has no demo@acme.example');
  const member =
    (await query(`select id from users where email = 'member@acme.example'`)).rows[0]?.id ?? acme.id;
  const company = acme.company_id;
  await query(
    `insert into company_request_settings (company_id, key_prefix, next_number) values ($1, 'ACME', 1)
     on conflict (company_id) do nothing`,
    [company],
  );
  const start = (
    await query(`select next_number from company_request_settings where company_id = $1`, [company])
  ).rows[0].next_number;
  await query(
    `insert into companies (id, name) select 'bench-co-' || g, 'Bench Company ' || g from generate_series(1, $1) g`,
    [OTHER_COMPANIES],
  );
  await query(
    `insert into users (id, email, display_name, role, company_id)
     select 'bench-user-' || g, 'bench' || g || '@bench.example', 'Bench User ' || g, 'customer', 'bench-co-' || g
     from generate_series(1, $1) g`,
    [OTHER_COMPANIES],
  );
  await query(
    `insert into company_request_settings (company_id, key_prefix, next_number)
     select 'bench-co-' || g, 'B' || g, $2 + 1 from generate_series(1, $1) g`,
    [OTHER_COMPANIES, PER_OTHER],
  );
  const columns = (companyExpr, numberExpr, prefixExpr, requesterExpr) => `
    select 'req_bench_' || ${companyExpr} || '_' || ${numberExpr}, ${companyExpr}, ${numberExpr},
      ${prefixExpr} || '-' || ${numberExpr},
      (array['question', 'change_of_scope', 'talent_request', 'document_request', 'escalation'])[1 + g % 5],
      'Request ' || g || ': ' || (array['invoice address', 'sprint review', 'extra hours', 'Android engineer',
        'signed agreement', 'incident follow-up', 'VPN access', 'renewal'])[1 + g % 8],
      (array['submitted', 'triaged', 'in_progress', 'waiting_on_customer', 'awaiting_approval', 'resolved',
        'closed', 'cancelled'])[1 + g % 8],
      case when g % 3 = 0 then null else now() + ((g % 60) - 20) * interval '1 day' end,
      case when g % 3 = 0 then null else 'agreed' end,
      ${requesterExpr}, ${requesterExpr},
      case when g % 3 = 0 then 'company' else 'participants' end,
      now() - (g % 90) * interval '1 day' - (g % 1440) * interval '1 minute'`;
  const insert = `insert into requests (id, company_id, number, key, type, title, status, due_at, due_source,
    requester_id, created_by, visibility, created_at)`;
  await query(
    `${insert} ${columns(`'${company}'`, `(g + ${start - 1})`, `'ACME'`, `case when g % 2 = 0 then '${member}' else '${acme.id}' end`)}
     from generate_series(1, $1) g`,
    [ACME_REQUESTS],
  );
  await query(`update company_request_settings set next_number = $2 where company_id = $1`, [
    company,
    start + ACME_REQUESTS,
  ]);
  await query(
    `${insert} ${columns(`('bench-co-' || c)`, 'g', `('B' || c)`, `('bench-user-' || c)`)}
     from generate_series(1, $1) c, generate_series(1, $2) g`,
    [OTHER_COMPANIES, PER_OTHER],
  );
  // The member takes part in 1 in 10 of the admin's participants-only requests.
  await query(
    `insert into request_participants (request_id, company_id, user_id)
     select id, company_id, $2 from requests
     where company_id = $1 and requester_id <> $2 and visibility = 'participants' and number % 10 = 0`,
    [company, member],
  );
  await query('analyze');
  return { company, member: member !== acme.id };
}

// ── HTTP ────────────────────────────────────────────────────────────────────────────────────────

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timeRoute(baseUrl, cookie, path) {
  const headers = { cookie, accept: 'application/json' };
  const first = await fetch(`${baseUrl}${path}`, { headers });
  const body = await first.text();
  if (first.status !== 200)
    throw new BrokenError(`GET ${path} answered ${first.status}: ${body.slice(0, 300)}`);
  const items = JSON.parse(body).items?.length ?? null;
  for (let i = 0; i < 10; i++) await (await fetch(`${baseUrl}${path}`, { headers })).arrayBuffer();
  const times = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const res = await fetch(`${baseUrl}${path}`, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    if (res.status !== 200) throw new BrokenError(`GET ${path} answered ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return { path, items, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
}

/** POSTs a multipart body of one file of `bytes` (a PDF header, then filler) as it is generated. */
function upload(baseUrl, cookie, key, bytes, onProgress) {
  const url = new URL(`${baseUrl}/api/requests/${key}/attachments`);
  const boundary = `bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = null;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          cookie,
          origin: baseUrl,
          'sec-fetch-site': 'same-origin',
          accept: 'application/json',
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      },
      (res) => {
        answered = { status: res.statusCode, sentWhenAnswered: sent };
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ ...answered, body: text, sent }));
      },
    );
    req.on('error', (error) => {
      if (answered) resolve({ ...answered, body: '', sent });
      else reject(error);
    });
    const write = async () => {
      req.write(head);
      sent += head.length;
      let left = bytes - 9;
      while (left > 0 && !answered && !req.destroyed) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        if (!req.write(part)) {
          await new Promise((r) => {
            const done = () => {
              req.off('drain', done);
              req.off('close', done);
              r();
            };
            req.on('drain', done);
            req.on('close', done);
          });
        }
        sent += part.length;
        left -= part.length;
        onProgress?.(sent);
      }
      if (!answered && !req.destroyed) req.end(tail);
    };
    write().catch(reject);
  });
}

async function uploadWithRss(baseUrl, cookie, key, bytes, pid) {
  let peak = 0;
  const sample = () => {
    const rss = procStatus(pid)?.rss ?? 0;
    if (rss > peak) peak = rss;
  };
  await sleep(300);
  if (global.gc) global.gc();
  const before = procStatus(pid)?.rss ?? Number.NaN;
  try {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {}
  const timer = setInterval(sample, 50);
  const t = performance.now();
  const result = await upload(baseUrl, cookie, key, bytes);
  const seconds = (performance.now() - t) / 1000;
  clearInterval(timer);
  sample();
  const hwm = procStatus(pid)?.hwm ?? 0;
  return { ...result, before, peak: Math.max(peak, hwm), growth: Math.max(peak, hwm) - before, seconds };
}

// ── Run ─────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const { CONFIG_VARIABLES } = await import(hostDistUrl);
  const { baseEnv, passedHostEnv } = hostEnvironment(CONFIG_VARIABLES);
  console.log(`requests benchmark · ${machineLine()} · store ${store}`);
  prepared = await prepareStoreFor({ store, databaseUrl });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  host = await startCliHost({
    port,
    env: {
      ...baseEnv,
      ...prepared.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: baseUrl,
      COOKIE_SECURE: 'false',
      LOG_LEVEL: 'silent',
      DEMO: 'true',
      REQUEST_SCHEDULE: 'off',
      REQUEST_FILE_MAX_MB: String(Math.max(uploadMb + 10, 64)),
      REQUEST_FILES_MAX_MB: '16384',
      ...passedHostEnv,
    },
  });
  console.log(`host ready on ${baseUrl} (${prepared.label})`);

  if (store !== 'postgres')
    throw new BrokenError('the list figures need --store postgres (the budget is PostgreSQL’s)');
  const pg = requireFromHost('pg');
  const client = new pg.Client({ connectionString: prepared.env.DATABASE_URL });
  // The cleanup drops the database WITH (FORCE), which ends this connection: not an error here.
  client.on('error', () => {});
  await client.connect();
  const t0 = performance.now();
  const { member } = await seed((text, values) => client.query(text, values));
  const counts = (
    await client.query('select count(*)::int as n, count(distinct company_id)::int as c from requests')
  ).rows[0];
  console.log(
    `seeded ${counts.n} requests in ${counts.c} companies in ${round((performance.now() - t0) / 1000, 1)} s`,
  );

  const admin = await signIn(baseUrl, 'demo@acme.example', PASSWORD);
  const staff = await signIn(baseUrl, 'staff@provider.example', PASSWORD);
  const memberCookie = member ? await signIn(baseUrl, 'member@acme.example', PASSWORD) : null;

  const rows = [];
  const baseline = await timeRoute(baseUrl, admin, '/api/auth/me');
  rows.push({ who: 'admin', ...baseline });
  for (const [who, cookie, path] of [
    ['admin', admin, '/api/requests?scope=company'],
    ['admin', admin, '/api/requests?scope=company&status=in_progress,waiting_for_you'],
    ['admin', admin, '/api/requests?scope=company&dueState=at_risk'],
    ['admin', admin, '/api/requests?scope=company&q=engineer'],
    ['admin', admin, '/api/requests?scope=company&page=40'],
    ...(memberCookie
      ? [
          ['member', memberCookie, '/api/requests'],
          ['member', memberCookie, '/api/requests?scope=company'],
        ]
      : []),
    ['staff', staff, '/api/staff/requests'],
    ['staff', staff, '/api/staff/requests?dueState=overdue'],
    ['staff', staff, '/api/staff/requests?status=awaiting_approval&type=change_of_scope'],
    ['staff', staff, '/api/staff/requests?companyId=bench-co-7'],
  ]) {
    rows.push({ who, ...(await timeRoute(baseUrl, cookie, path)) });
  }
  console.log(
    `\nFirst page, ${samples} sequential requests each (p50 / p95 / max ms; ratio = p95 ÷ baseline p95)`,
  );
  for (const r of rows) {
    const verdict = r === rows[0] ? 'baseline' : r.p95 <= BUDGET_P95_MS ? 'ok' : `over ${BUDGET_P95_MS} ms`;
    console.log(
      `  ${r.who.padEnd(6)} ${r.path.padEnd(66)} ${String(r.items ?? '').padStart(3)} rows  ${round(r.p50, 1)} / ${round(r.p95, 1)} / ${round(r.max, 1)}  ×${round(r.p95 / baseline.p95, 1)}  ${verdict}`,
    );
  }

  // Uploads: to a request of Acme's filed now.
  const created = await fetch(`${baseUrl}/api/requests`, {
    method: 'POST',
    headers: {
      cookie: admin,
      origin: baseUrl,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({ type: 'question', title: 'Upload benchmark' }),
  });
  if (created.status !== 201) throw new BrokenError(`creating a request answered ${created.status}`);
  const { key } = await created.json();
  const small = await uploadWithRss(baseUrl, admin, key, 1 * MB, host.pid);
  const big = await uploadWithRss(baseUrl, admin, key, uploadMb * MB, host.pid);
  for (const [label, u] of [
    ['1 MB (baseline)', small],
    [`${uploadMb} MB`, big],
  ]) {
    if (u.status !== 200)
      throw new BrokenError(`the ${label} upload answered ${u.status}: ${u.body.slice(0, 300)}`);
  }
  console.log(`\nUploads (host RSS before → peak, growth; the kernel's high-water mark included)`);
  for (const [label, u] of [
    ['1 MB (baseline)', small],
    [`${uploadMb} MB`, big],
  ]) {
    console.log(
      `  ${label.padEnd(16)} ${round(u.before / MB, 1)} → ${round(u.peak / MB, 1)} MB, growth ${round(u.growth / MB, 1)} MB, ${round(u.seconds, 2)} s (${round(u.sent / MB / u.seconds, 0)} MB/s)  ${label.startsWith('1 MB') ? 'baseline' : u.growth < BUDGET_RSS_MB * MB ? 'ok' : `over ${BUDGET_RSS_MB} MB`}`,
    );
  }
  const limitMb = Math.max(uploadMb + 10, 64);
  const huge = await uploadWithRss(baseUrl, admin, key, 1024 * MB, host.pid);
  const kept = (
    await client.query(
      `select count(*)::int as n from request_attachments a join requests r on r.id = a.request_id where r.key = $1`,
      [key],
    )
  ).rows[0].n;
  console.log(
    `  1 GB over a ${limitMb} MB limit: ${huge.status}, answered after ${round(huge.sentWhenAnswered / MB, 1)} MB sent (${round((huge.sentWhenAnswered - limitMb * MB) / MB, 1)} MB past the limit), RSS growth ${round(huge.growth / MB, 1)} MB; attachments kept on the request: ${kept} (the two above)`,
  );
  await client.end();
  await cleanUp();
  return 0;
}

exitWith(main(), cleanUp);
