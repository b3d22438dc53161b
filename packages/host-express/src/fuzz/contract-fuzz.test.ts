import { createOpenApiDocument } from '@client-portal/api-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureStores } from '../test-support/stores.js';
import { type FuzzHost, startFuzzHost } from './test-support/fuzz-host.js';
import {
  baselineCase,
  type FuzzCase,
  identitiesOf,
  type Operation,
  oneAtATimeCases,
  operationsOf,
  randomCaseArbitrary,
  regressionCases,
} from './test-support/fuzz-requests.js';
import { METHODS } from './test-support/hostile-values.js';
import { closeConnections, sendRaw } from './test-support/raw-http.js';
import { formatFailures, formatSummary } from './test-support/report.js';
import { type Failure, FuzzRunner, Stats } from './test-support/runner.js';

/**
 * Fuzzes every path and method of the OpenAPI document with hostile values, one part of a valid
 * request at a time and in random combinations, as a customer, as provider staff and without a
 * session. Every answer must be < 500 (503 only with Retry-After), and every 4xx problem+json that
 * parses as the contract's Problem, with no stack trace, no SQL or driver text and no more than
 * 200 characters of the input. Afterwards the host must still be healthy and its memory bounded.
 *
 * The host runs in a child process (test-support/fuzz-host.ts): a request that makes it loop
 * forever blocks that process only, so the per-request timeout still fires; the runner then kills
 * it and carries on with a fresh host over the same seeded data. Failures are collected, not
 * stopped at: each test fails with every failing request of its route grouped by cause, and
 * afterAll prints the summary (requests sent per route, identity, outcome and category).
 *
 * Environment:
 *   FUZZ_SEED=<n>       fast-check seed of the random phase (default 20250616; printed on failure)
 *   FUZZ_RUNS=<n>       random requests per store (default 600)
 *   FUZZ_SKIP_HANGS=1   skip the regression cases that hung the host (ranges ending in 9999)
 *   FUZZ_VERBOSE=1      print every failing request in the afterAll report, not 6 per cause
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20250616);
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const SKIP_HANGS = process.env.FUZZ_SKIP_HANGS === '1';
/** Client-side timeout of a fuzz request: the host answers them in milliseconds. */
const TIMEOUT_MS = 5_000;
/** The named regression cases must answer "quickly". */
const REGRESSION_TIMEOUT_MS = 3_000;
/**
 * The host process's RSS may grow this much over the fuzz (measured in the host process, after a
 * full GC: the test runner's own memory is not in it). What the host keeps is bounded by design:
 * the response cache (RESPONSE_CACHE_BYTES, 8 MB by default), the session cache (LRU) and PGlite's
 * WASM memory, which grows to the largest query's working set and never shrinks (the 3-year
 * ranges); V8 and malloc keep some freed memory, tens of MB. A leak of what requests carry (the
 * 70 kB, 100 kB and 2 MB bodies, the 100 k-character values) would pass 150 MB within the suite's
 * ~10 000 requests; a leak of a few kB per request would not, and is left to the benchmarks.
 */
const RSS_GROWTH_LIMIT = 150 * 1024 * 1024;

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

const document = createOpenApiDocument();
const operations = operationsOf(document);

/** Other methods on each path, sent once per path (with its first operation). */
function otherMethodsOf(op: Operation): string[] {
  const onPath = operations.filter((o) => o.path === op.path);
  if (onPath[0] !== op) return [];
  const listed = new Set(onPath.map((o) => o.method));
  return METHODS.filter((m) => !listed.has(m) && !(m === 'HEAD' && listed.has('GET')));
}

/** Statuses of valid requests that are not 2xx/3xx on purpose. */
const STAFF_ONLY: ReadonlySet<string> = new Set([
  'staffCompanies',
  'actAs',
  'syncStatus',
  'staffRequestQueue',
  'staffRequestQueueOptions',
]);

function expectedBaselineStatus(op: Operation, c: FuzzCase): number | null {
  // The probe account of sign-in fuzzing does not exist (the demo accounts must not be locked).
  if (op.operationId === 'signIn') return 401;
  // The fuzz holds no ingest token or webhook secret: machine routes refuse every request, before
  // reading its body (their accepted bodies are tested in routes/ingest.test.ts and
  // routes/webhooks-github.test.ts).
  if (op.machine) return 401;
  // A request's changes are sent with a stale If-Match (test-support/fuzz-requests.ts): 412.
  if (op.operationId === 'requestAction' || op.operationId === 'updateRequest') return 412;
  // Staff file a request for one of the company's people (`requesterId`, not in the baseline).
  if (op.operationId === 'createRequest' && c.identity === 'staff') return 400;
  // An upload is multipart/form-data, which the fuzz does not build: the bare request is refused.
  if (op.operationId === 'requestAttachments') return 415;
  // Staff-only routes refuse customers.
  if (STAFF_ONLY.has(op.operationId) && c.identity === 'customer') return 403;
  return null;
}

const everyFailure: Failure[] = [];
const summaries: string[] = [];

afterAll(() => {
  console.log(
    [
      '',
      ...summaries,
      '',
      formatFailures(everyFailure, process.env.FUZZ_VERBOSE === '1' ? Number.POSITIVE_INFINITY : 6),
    ].join('\n\n'),
  );
});

function failWith(failures: Failure[], context = ''): void {
  everyFailure.push(...failures);
  if (failures.length > 0) throw new Error(`${context}${formatFailures(failures, 10)}`);
}

describe.each(featureStores)('contract fuzz on $name', (kind) => {
  const stats = new Stats();
  let host: FuzzHost;
  let runner: FuzzRunner;
  let rssAtStart = 0;
  let restartsAtStart = 0;
  let memoryNote = 'memory not measured';

  beforeAll(async () => {
    host = await startFuzzHost(kind);
    runner = new FuzzRunner(kind.name, host, stats, {
      concurrency: 4,
      timeoutMs: TIMEOUT_MS,
      maxRestarts: 10,
      resetRateLimitsEvery: 20,
    });
    await runner.signIn();
    stats.startedAt = performance.now();
  }, 120_000);

  afterAll(async () => {
    stats.finishedAt = performance.now();
    const notes = [
      memoryNote,
      `host restarts: ${host?.restarts ?? 0}`,
      ...(host?.otherErrors.length
        ? [`host errors outside requests: ${host.otherErrors.slice(0, 5).join(' | ')}`]
        : []),
    ];
    summaries.push(formatSummary(kind.name, stats, notes));
    await host?.close();
    closeConnections();
  }, 60_000);

  it('fuzzes the document the host serves', async () => {
    const outcome = await sendRaw(host.port, { method: 'GET', path: '/api/openapi.json' }, TIMEOUT_MS);
    expect(outcome.kind).toBe('response');
    if (outcome.kind !== 'response') return;
    const served = JSON.parse(outcome.response.text) as typeof document;
    const shape = (doc: typeof document) =>
      Object.fromEntries(
        Object.entries(doc.paths).map(([path, methods]) => [path, Object.keys(methods).sort()]),
      );
    expect(shape(served)).toEqual(shape(document));
    expect(operations.length).toBeGreaterThan(20);
  });

  it('answers every valid baseline request (each hostile case changes one part of it)', async () => {
    const cases = operations.flatMap((op) =>
      identitiesOf(op).map((identity) => ({ op, c: baselineCase(op, identity) })),
    );
    const wrong: string[] = [];
    for (const { op, c } of cases) {
      const { outcome } = await runner.send(c);
      const status = outcome.kind === 'response' ? outcome.response.status : outcome.kind;
      const expected = expectedBaselineStatus(op, c);
      const ok = expected === null ? typeof status === 'number' && status < 400 : status === expected;
      if (!ok)
        wrong.push(
          `${op.route} [${c.identity}] ${c.method} ${c.target} → ${status} (expected ${expected ?? '2xx/3xx'})`,
        );
    }
    expect(wrong).toEqual([]);
    rssAtStart = (await host.memory()).rss;
    restartsAtStart = host.restarts;
  });

  it.each(operations)(
    '$route: one hostile part at a time',
    async (op) => {
      const cases = oneAtATimeCases(op, otherMethodsOf(op), host.cookieName);
      // Ranges ending in the year 9999 are the named regression cases' (they may hang the host).
      const failures = await runner.run(cases.filter((c) => !c.hangProne));
      failWith(failures, `${cases.length} requests to ${op.route} on ${kind.name}:\n`);
    },
    180_000,
  );

  it(`random combinations (fast-check seed ${SEED}, ${RUNS} runs)`, async () => {
    // The regression cases that may hang the host each need a new one: have it boot meanwhile.
    if (!SKIP_HANGS && regressionCases().some((c) => c.request.hangProne)) host.prepareSpare();
    const samples = fc.sample(randomCaseArbitrary(operations), { seed: SEED, numRuns: RUNS });
    const cases = samples
      .map((c, i) => ({ ...c, sample: `fast-check seed ${SEED}, sample #${i}` }))
      .filter((c) => !c.hangProne);
    const failures = await runner.run(cases);
    failWith(
      failures,
      `fast-check seed ${SEED} (set FUZZ_SEED to change it, FUZZ_RUNS for the number of samples), ${cases.length} requests on ${kind.name}:\n`,
    );
  }, 180_000);

  it('is still healthy afterwards, within the memory bound', async () => {
    const health = await sendRaw(host.port, { method: 'GET', path: '/healthz' }, TIMEOUT_MS);
    expect(health.kind === 'response' && health.response.status).toBe(200);
    for (const identity of ['customer', 'staff'] as const) {
      const teams = operations.find((op) => op.path === '/api/teams');
      if (!teams) throw new Error('no GET /api/teams in the document');
      const { outcome } = await runner.send(baselineCase(teams, identity));
      expect({ identity, status: outcome.kind === 'response' && outcome.response.status }).toEqual({
        identity,
        status: 200,
      });
    }
    const { rss, heapUsed } = await host.memory();
    // A host restarted after a hang (a failure reported already) is measured from its own start.
    const restarted = host.restarts > restartsAtStart && runner.rssAfterLastRestart !== null;
    const start = restarted ? (runner.rssAfterLastRestart ?? rssAtStart) : rssAtStart;
    memoryNote = `host RSS ${mb(start)} → ${mb(rss)} MB after GC (limit +${mb(RSS_GROWTH_LIMIT)} MB), heap ${mb(heapUsed)} MB${restarted ? ', since the last restart' : ''}`;
    expect(rss - start).toBeLessThan(RSS_GROWTH_LIMIT);
  });

  describe('named regression cases (each 4xx problem+json within 3 s)', () => {
    const cases = regressionCases();
    it('staff can still act for Acme after act-as was fuzzed', async () => {
      const actAs = operations.find((op) => op.operationId === 'actAs');
      if (!actAs) throw new Error('no act-as operation in the document');
      const { outcome } = await runner.send(baselineCase(actAs, 'staff-act-as'));
      expect(outcome.kind === 'response' && outcome.response.status).toBe(200);
    });
    // The ones that hung the host come last: a hang costs a timeout and a host restart.
    for (const { name, request } of cases) {
      it.skipIf(SKIP_HANGS && request.hangProne)(
        `${request.method} ${request.target} — ${name}`,
        async () => {
          const failures = await runner.run([request], REGRESSION_TIMEOUT_MS);
          failWith(failures);
        },
        60_000,
      );
    }
  });
});
