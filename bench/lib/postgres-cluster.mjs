// The local PostgreSQL server as bench/faults.mjs breaks it: a Debian/Ubuntu cluster driven with
// pg_ctlcluster (stop, start, restart; fast shutdown, which ends every connection), and
// pg_terminate_backend() over SQL. ensureRunning() is the undo step that must run whatever happens.
import { execFile } from 'node:child_process';
import { sleep, spawnCollect } from './common.mjs';
import { requireFromHost } from './paths.mjs';

/**
 * The cluster serving `databaseUrl`'s port, from `pg_lsclusters` (or `override`, "<version>/<name>").
 * Null when pg_lsclusters is not there or no cluster listens on that port.
 */
export async function findCluster(databaseUrl, override) {
  const port = Number(new URL(databaseUrl).port || 5432);
  let listing;
  try {
    listing = await run('pg_lsclusters', ['--no-header']);
  } catch {
    listing = null;
  }
  const clusters = (listing?.stdout ?? '')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 4)
    .map(([version, name, p, status]) => ({ version, name, port: Number(p), status }));
  if (override) {
    const [version, name = 'main'] = override.split('/');
    return (
      clusters.find((c) => c.version === version && c.name === name) ?? { version, name, port, status: '?' }
    );
  }
  return clusters.find((c) => c.port === port) ?? null;
}

/** Runs a command; resolves with its output and exit code (rejects only if it cannot be started). */
function run(command, args, { detached = false } = {}) {
  // Its own process group: a Ctrl-C on the bench must not interrupt pg_ctlcluster half-way.
  if (detached) return spawnCollect(command, args, { detached: true });
  return new Promise((resolve, reject) => {
    execFile(command, args, { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

/** pg_ctlcluster actions in progress: ensureRunning() waits for them before it checks. */
const pending = new Set();

/** `pg_ctlcluster --skip-systemctl-redirect <version> <name> <action>`; resolves with code, output and ms. */
export async function pgCtl(cluster, action) {
  const started = performance.now();
  const job = run('pg_ctlcluster', ['--skip-systemctl-redirect', cluster.version, cluster.name, action], {
    detached: true,
  });
  pending.add(job);
  try {
    const result = await job;
    return { ...result, ms: performance.now() - started };
  } finally {
    pending.delete(job);
  }
}

/** Whether the cluster's server runs (`pg_ctlcluster … status` exits 0). */
export async function isRunning(cluster) {
  const { code } = await run('pg_ctlcluster', [
    '--skip-systemctl-redirect',
    cluster.version,
    cluster.name,
    'status',
  ]);
  return code === 0;
}

/**
 * Starts the cluster again if it is down (after waiting for a stop/start in progress). Never throws:
 * it reports what it did, or why it could not.
 */
export async function ensureRunning(cluster) {
  await Promise.allSettled([...pending]);
  try {
    if (await isRunning(cluster)) return { started: false };
    const result = await pgCtl(cluster, 'start');
    return {
      started: result.code === 0,
      code: result.code,
      output: `${result.stdout}${result.stderr}`.trim(),
    };
  } catch (error) {
    return { started: false, error: error.message };
  }
}

/** Waits until a new connection to `url` runs `select 1`, up to `timeoutMs`; resolves with the ms waited. */
export async function waitForServer(url, timeoutMs = 30_000) {
  const pg = requireFromHost('pg');
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return performance.now() - started;
    } catch {
      await client.end().catch(() => {});
      await sleep(100);
    }
  }
  throw new Error(`PostgreSQL did not accept connections within ${timeoutMs / 1000} s`);
}

/**
 * `select pg_terminate_backend(pid) from pg_stat_activity where datname = <database>` over a
 * connection of its own (to `adminUrl`, another database); resolves with how many backends ended.
 */
export async function terminateBackends(adminUrl, database) {
  const pg = requireFromHost('pg');
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'portal-bench-faults' });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await client.end().catch(() => {});
  }
}
