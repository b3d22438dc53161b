// @ts-check
// A child process of crash-safety.test.ts, on an embedded store opened through the built package
// (dist/index.js), as the host opens it. The test kills it with SIGKILL at random moments.
//
//   node crash-child.mjs write <pgdata> <first batch id> <rows per batch>
//       migrates, then writes import batches until killed: each batch is one transaction of
//       <rows> deployments (whose triggers recompute delivery_days) and one audit_log row; prints
//       "batch <id>" only after its COMMIT returned. Prints "migrated" once migrations are done.
//   node crash-child.mjs check <pgdata>
//       prints one JSON report: migrations pending before and applied by migrateToLatest, rows per
//       import batch, derived rows, demo tables, sign-ins; then closes the store cleanly.
//   node crash-child.mjs exec <pgdata> <sql>
//       runs one SQL text (to prepare a broken store for the start-failure tests).
import { sql } from 'kysely';

/** @type {typeof import('../index.js')} The built package, typed as its sources. */
const built = await import(new URL('../../../dist/index.js', import.meta.url).href);
const { MIGRATIONS, migrateToLatest, openPgliteStore } = built;

const [command, dataDir, ...args] = process.argv.slice(2);
if (!command || !dataDir) throw new Error('usage: crash-child.mjs write|check|exec <pgdata> …');

const COMPANY = 'crash-co';
const PROJECT = 'crash-p';
const SOURCE = 'crash-test';
/** The tables the demo seed fills (SeedReport.counts) and those derived from them. */
const DEMO_TABLES = [
  'account_managers',
  'companies',
  'contacts',
  'users',
  'deals',
  'projects',
  'talent',
  'talent_specializations',
  'talent_assignments',
  'teams',
  'team_members',
  'github_organisations',
  'github_repositories',
  'deployments',
  'code_changes',
  'incidents',
  'ai_tool_scopes',
  'ai_usage_daily',
  'documents',
  'kb_articles',
  'delivery_days',
  'ai_usage_breakdowns',
];

/** @param {string} line */
const print = (line) => process.stdout.write(`${line}\n`);

/**
 * @param {import('kysely').Kysely<any>} db
 * @param {string} text
 * @returns {Promise<any[]>}
 */
const rows = async (db, text) => (await sql.raw(text).execute(db)).rows;

const store = await openPgliteStore(dataDir, { statementTimeoutMs: 0 });
const db = store.db;

if (command === 'write') {
  const first = Number(args[0]);
  const perBatch = Number(args[1] ?? 40);
  await migrateToLatest(db);
  print('migrated');
  await db.transaction().execute(async (trx) => {
    await sql`insert into companies (id, name) values (${COMPANY}, 'Crash test') on conflict do nothing`.execute(
      trx,
    );
    await sql`insert into projects (id, company_id, name) values (${PROJECT}, ${COMPANY}, 'Crash test')
      on conflict do nothing`.execute(trx);
  });
  const day = 86_400_000;
  const now = Date.now();
  for (let batch = first; batch < first + 100_000; batch++) {
    await db.transaction().execute(async (trx) => {
      const values = Array.from({ length: perBatch }, (_, i) => ({
        company_id: COMPANY,
        project_id: PROJECT,
        source: SOURCE,
        external_id: `${batch}-${i}`,
        environment: 'production',
        status: /** @type {const} */ ('success'),
        finished_at: new Date(now - ((batch * 7 + i * 13) % 365) * day),
        commit_sha: null,
        repository_id: null,
        started_at: null,
      }));
      await trx.insertInto('deployments').values(values).execute();
      await trx
        .insertInto('audit_log')
        .values({
          action: 'crash.batch',
          actor_user_id: null,
          company_id: COMPANY,
          ip: null,
          detail: JSON.stringify({ batch }),
        })
        .execute();
    });
    print(`batch ${batch}`);
  }
  await store.close();
} else if (command === 'check') {
  const names = Object.keys(MIGRATIONS);
  const tables = (
    await rows(db, "select table_name from information_schema.tables where table_schema = 'public'")
  ).map((r) => r.table_name);
  const recorded = tables.includes('kysely_migration')
    ? (await rows(db, 'select name from kysely_migration order by name')).map((r) => r.name)
    : [];
  const pendingBefore = names.filter((name) => !recorded.includes(name));
  const { applied } = await migrateToLatest(db);
  const batchRows = await rows(
    db,
    `select split_part(external_id, '-', 1)::int as batch, count(*)::int as n from deployments
      where company_id = '${COMPANY}' and source = '${SOURCE}' group by 1`,
  );
  const auditRows = await rows(
    db,
    `select (detail->>'batch')::int as batch, count(*)::int as n from audit_log
      where action = 'crash.batch' group by 1`,
  );
  // delivery_days is derived in the writer's transaction: its sum must match the events.
  const [derived] = await rows(
    db,
    `select (select count(*)::int from deployments where company_id = '${COMPANY}'
        and environment = 'production' and status = 'success') as events,
      (select coalesce(sum(deployments), 0)::int from delivery_days where company_id = '${COMPANY}') as derived`,
  );
  // The same rows read through the unique index as by a sequential scan: index and heap agree.
  await sql.raw('set enable_seqscan = off').execute(db);
  const [byIndex] = await rows(
    db,
    `select count(*)::int as n from deployments where company_id = '${COMPANY}' and source = '${SOURCE}'`,
  );
  for (const setting of ['enable_seqscan = on', 'enable_indexscan = off', 'enable_bitmapscan = off']) {
    await sql.raw(`set ${setting}`).execute(db);
  }
  const [byScan] = await rows(
    db,
    `select count(*)::int as n from deployments where company_id = '${COMPANY}' and source = '${SOURCE}'`,
  );
  await sql.raw('reset all').execute(db);
  /** @type {Record<string, number>} */
  const demo = {};
  for (const table of DEMO_TABLES) {
    const [row] = await rows(
      db,
      `select count(*)::int as n from ${table}${table === 'companies' || table === 'projects' ? ` where id not like 'crash-%'` : ''}${table === 'deployments' ? ` where source <> '${SOURCE}'` : ''}${table === 'delivery_days' ? ` where company_id <> '${COMPANY}'` : ''}`,
    );
    demo[table] = row.n;
  }
  const [signIns] = await rows(
    db,
    `select (select count(*)::int from audit_log where action = 'auth.sign_in') as audits,
      (select count(*)::int from sessions) as sessions`,
  );
  print(
    JSON.stringify({
      migrations: { names, recorded, pendingBefore, applied },
      batches: Object.fromEntries(batchRows.map((r) => [r.batch, r.n])),
      auditBatches: Object.fromEntries(auditRows.map((r) => [r.batch, r.n])),
      derived,
      index: { byIndex: byIndex.n, byScan: byScan.n },
      demo,
      signIns,
    }),
  );
  await store.close();
} else if (command === 'exec') {
  await sql.raw(args.join(' ')).execute(db);
  await store.close();
} else {
  await store.close();
  throw new Error(`unknown command ${command}`);
}
