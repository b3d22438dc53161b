// A fresh store for one benchmark run: a temporary DATA_DIR (PGlite) or a new database
// bench_<random> on a PostgreSQL server, dropped again by cleanup().
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokenError } from './common.mjs';
import { requireFromHost } from './paths.mjs';

/** A fresh place for the host's data: a temp DATA_DIR (pglite) or a new database (postgres). */
export async function prepareStoreFor(options) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  if (options.store === 'pglite') {
    return {
      backendPids: async () => [],
      env: { DATA_DIR: dataDir },
      label: `embedded PGlite in ${dataDir}`,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const pg = requireFromHost('pg');
  const adminUrl = options.databaseUrl;
  const database = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl, application_name: 'portal-bench' });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
  } catch (error) {
    await admin.end().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw new BrokenError(`cannot create the bench database on ${redactUrl(adminUrl)}: ${error.message}`);
  }
  const version = (await admin.query('show server_version')).rows[0]?.server_version ?? '?';
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  let dropped = false;
  const monitor = new pg.Client({ connectionString: adminUrl, application_name: 'portal-bench-monitor' });
  // A restarted server (bench/faults.mjs) ends this connection: without a listener the bench would crash.
  monitor.on('error', () => {});
  await monitor.connect();
  return {
    /** The PostgreSQL processes serving the bench database (their CPU is the host's work). */
    backendPids: async () =>
      (await monitor.query('select pid from pg_stat_activity where datname = $1', [database])).rows.map(
        (row) => row.pid,
      ),
    // A host on PostgreSQL does not start without SIGNING_KEYS (one key for the whole run).
    env: {
      DATABASE_URL: url.href,
      DATA_DIR: dataDir,
      SIGNING_KEYS: `bench:${randomBytes(24).toString('base64url')}`,
    },
    label: `PostgreSQL ${version}, database ${database} on ${url.host}`,
    database,
    serverVersion: version,
    cleanup: async () => {
      if (dropped) return;
      dropped = true;
      await monitor.end().catch(() => {});
      const client = new pg.Client({ connectionString: adminUrl, application_name: 'portal-bench' });
      try {
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      } catch (error) {
        console.error(`! could not drop the bench database ${database}: ${error.message}`);
      } finally {
        await client.end().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export function redactUrl(raw) {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.href;
  } catch {
    return '(unparseable URL)';
  }
}
