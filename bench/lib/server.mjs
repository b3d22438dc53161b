// Child process of bench/host.mjs: serves either a bare Express 5 app (`bare`) or the built portal
// host (`portal`) on 127.0.0.1 and an ephemeral port, so its RSS is its own. Talks to the parent
// over IPC: sends { type: 'ready', port, origin } once it listens; answers { type: 'memory' } with
// process.memoryUsage() and 'queries' with the count of SQL statements sent; 'profile-start' / 'profile-stop' take a CPU profile; on { type: 'stop' } closes the server (and the host's store) and exits 0.
import { once } from 'node:events';
import { realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hostDistUrl, requireFromHost } from './paths.mjs';

const role = process.argv[2];

function send(message) {
  if (process.send) process.send(message);
}

/** SQL statements sent to the store so far (the bench reports statements per request). */
let queryCount = 0;
/** Per statement text: how often it ran and how long it took (call to settle) since the last read. */
let statements = new Map();

/** Normalised statement texts by raw text: normalising at every statement cost the measured host CPU. */
const normalised = new Map();

function statementText(args) {
  const first = args[0];
  const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '(unknown)';
  let clean = normalised.get(text);
  if (clean === undefined) {
    clean = text.replace(/\s+/g, ' ').trim();
    if (normalised.size < 1_000) normalised.set(text, clean);
  }
  return clean;
}

/**
 * Counts the store's statements by wrapping `query` of the very classes the host uses: node-postgres'
 * Client (its ESM entry re-exports the CommonJS one) and PGlite (its ESM build, by real path, so the
 * host's import resolves to the same module). Kysely sends every statement through these.
 */
async function countQueries() {
  const wrap = (proto) => {
    const original = proto.query;
    proto.query = function countedQuery(...args) {
      queryCount += 1;
      const started = performance.now();
      const result = original.apply(this, args);
      if (typeof result?.then !== 'function') return result; // pg's callback and Submittable forms
      const text = statementText(args);
      const settle = () => {
        const stat = statements.get(text) ?? { count: 0, totalMs: 0, maxMs: 0 };
        const ms = performance.now() - started;
        stat.count += 1;
        stat.totalMs += ms;
        if (ms > stat.maxMs) stat.maxMs = ms;
        statements.set(text, stat);
      };
      result.then(settle, settle);
      return result;
    };
  };
  wrap(requireFromHost('pg').Client.prototype);
  const pgliteCjs = requireFromHost.resolve('@electric-sql/pglite');
  const pgliteEsm = realpathSync(join(dirname(pgliteCjs), 'index.js'));
  const { PGlite } = await import(pathToFileURL(pgliteEsm).href);
  wrap(PGlite.prototype);
}

async function main() {
  // Listen first: the host's PUBLIC_ORIGIN (checked by the CSRF guard) must name the real port.
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  const origin = `http://127.0.0.1:${port}`;
  let closeApp = async () => {};

  if (role === 'bare') {
    const { default: express } = await import(pathToFileURL(requireFromHost.resolve('express')).href);
    const app = express();
    app.get('/hello', (_req, res) => {
      res.json({ hello: 'world' });
    });
    // Reference: the same route answering a body the size of the largest contract response (AI usage:
    // three tools × 90 daily rows, ~44 KB), serialised at each request as a route would.
    const large = {
      tools: ['windsurf', 'copilot', 'cursor'].map((tool) => ({
        tool,
        daily: Array.from({ length: 90 }, (_, i) => ({
          date: `2026-${String(8 + Math.floor(i / 30)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
          activeUsers: 4 + (i % 5),
          suggestions: tool === 'windsurf' ? null : 900 + i,
          acceptances: 150 + i,
          linesSuggested: 900 + i,
          linesAccepted: 270 + i,
          chatRequests: 20 + (i % 9),
          agentRequests: tool === 'copilot' ? null : 40 + (i % 7),
        })),
      })),
    };
    app.get('/hello-large', (_req, res) => {
      res.json(large);
    });
    // Reference for PostgreSQL runs: the same route after one round trip to the server (a prepared
    // `select`, node-postgres pool as the host uses it). What any route with a query costs at least.
    const databaseUrl = process.env.BENCH_BARE_DATABASE_URL;
    if (databaseUrl) {
      const pg = requireFromHost('pg');
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
      app.get('/hello-db', async (_req, res) => {
        const { rows } = await pool.query({
          name: 'hello',
          text: 'select $1::text as hello',
          values: ['world'],
        });
        res.json(rows[0]);
      });
      closeApp = () => pool.end();
    }
    server.on('request', app);
  } else if (role === 'portal') {
    await countQueries();
    const { createPortalHost, loadConfig } = await import(hostDistUrl);
    process.env.PORT = String(port);
    process.env.PUBLIC_ORIGIN = origin;
    const host = await createPortalHost(loadConfig(process.env));
    server.on('request', host.app);
    closeApp = () => host.close();
  } else {
    throw new Error(`unknown role "${role}" (expected bare or portal)`);
  }

  let profiler = null;
  process.on('message', (message) => {
    if (message?.type === 'profile-start') {
      // CPU profile of one measured run (bench/host.mjs --cpu-prof), via the inspector protocol.
      profiler = new Session();
      profiler.connect();
      const post = (method, params) =>
        new Promise((resolve, reject) =>
          profiler.post(method, params, (e, r) => (e ? reject(e) : resolve(r))),
        );
      post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval: message.intervalUs ?? 500 }))
        .then(() => post('Profiler.start'))
        .then(
          () => send({ type: 'profile-started' }),
          (e) => send({ type: 'profile-failed', message: String(e) }),
        );
    } else if (message?.type === 'profile-stop' && profiler) {
      const session = profiler;
      profiler = null;
      session.post('Profiler.stop', (error, result) => {
        if (error) send({ type: 'profile-failed', message: String(error) });
        else {
          writeFileSync(message.file, JSON.stringify(result.profile));
          send({ type: 'profile-written', file: message.file });
        }
        session.disconnect();
      });
    } else if (message?.type === 'queries') {
      const list = [...statements.entries()].map(([sql, stat]) => ({ sql, ...stat }));
      if (message.reset) statements = new Map();
      send({ type: 'queries', count: queryCount, statements: list });
    } else if (message?.type === 'memory') {
      send({ type: 'memory', ...process.memoryUsage() });
    } else if (message?.type === 'stop') {
      server.close();
      server.closeAllConnections();
      closeApp().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    }
  });
  // The parent went away (crash, Ctrl-C): do not linger.
  process.on('disconnect', () => process.exit(0));
  send({ type: 'ready', port, origin, pid: process.pid });
}

main().catch((error) => {
  send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  console.error(error);
  process.exit(1);
});
