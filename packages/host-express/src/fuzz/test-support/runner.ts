import { ACME, DEMO_PASSWORD } from '../../store/demo/index.js';
import { ACME_USER, DEMO_ORIGIN, STAFF_USER } from '../../test-support/demo-host.js';
import type { FuzzHost } from './fuzz-host.js';
import type { FuzzCase, Identity } from './fuzz-requests.js';
import type { Category } from './hostile-values.js';
import { excerpt, type Violation, violationsOf } from './oracle.js';
import { closeConnections, inParallel, type RawOutcome, type RawRequest, sendRaw } from './raw-http.js';

export interface Failure {
  store: string;
  route: string;
  category: Category;
  label: string;
  identity: Identity;
  method: string;
  target: string;
  status: number | null;
  ms: number;
  /** Bytes of the request line and headers (Node's HTTP parser refuses more than 16 KB). */
  headBytes: number;
  violations: Violation[];
  body: string;
  /** What the host logged for the request (5xx: the error's type and message). */
  serverErrors: string[];
  sample?: string;
}

type Outcome = 'timeout' | 'error' | '1xx' | '2xx' | '3xx' | '4xx' | '5xx';

interface RouteStats {
  sent: number;
  failures: number;
  byIdentity: Map<Identity, number>;
  byCategory: Map<Category, number>;
  byOutcome: Map<Outcome, number>;
  slowestMs: number;
}

/** Requests sent per route, identity, category and outcome, for the summary table. */
export class Stats {
  readonly routes = new Map<string, RouteStats>();
  readonly categoryFailures = new Map<Category, number>();
  startedAt = performance.now();
  finishedAt = 0;

  private of(route: string): RouteStats {
    let stats = this.routes.get(route);
    if (!stats) {
      stats = {
        sent: 0,
        failures: 0,
        byIdentity: new Map(),
        byCategory: new Map(),
        byOutcome: new Map(),
        slowestMs: 0,
      };
      this.routes.set(route, stats);
    }
    return stats;
  }

  sent(c: FuzzCase): void {
    const stats = this.of(c.route);
    stats.sent++;
    stats.byIdentity.set(c.identity, (stats.byIdentity.get(c.identity) ?? 0) + 1);
    stats.byCategory.set(c.category, (stats.byCategory.get(c.category) ?? 0) + 1);
  }

  answered(c: FuzzCase, outcome: RawOutcome, failed: boolean): void {
    const stats = this.of(c.route);
    const kind: Outcome =
      outcome.kind === 'response'
        ? (`${Math.floor(outcome.response.status / 100)}xx` as Outcome)
        : outcome.kind === 'timeout'
          ? 'timeout'
          : 'error';
    stats.byOutcome.set(kind, (stats.byOutcome.get(kind) ?? 0) + 1);
    if (outcome.kind === 'response') stats.slowestMs = Math.max(stats.slowestMs, outcome.response.ms);
    if (failed) {
      stats.failures++;
      this.categoryFailures.set(c.category, (this.categoryFailures.get(c.category) ?? 0) + 1);
    }
  }
}

export interface RunnerOptions {
  /** Requests in flight at once. */
  concurrency: number;
  /** Client-side timeout of each request. */
  timeoutMs: number;
  /** Host restarts (after hangs or crashes) allowed per store before the rest is given up. */
  maxRestarts: number;
  /** Requests between two resets of the rate limits (below the smallest limit, 30 a minute). */
  resetRateLimitsEvery: number;
}

function headBytesOf(c: FuzzCase): number {
  const headers = Object.entries(c.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  return Buffer.byteLength(`${c.method} ${c.target} HTTP/1.1\r\n`, 'latin1') + headers;
}

const JSON_HEADERS = {
  Origin: DEMO_ORIGIN,
  'Sec-Fetch-Site': 'same-origin',
  'Content-Type': 'application/json',
};

/**
 * Sends fuzz cases to the host thread, with the session of each case's identity, checks every
 * response with the oracle and keeps the failures. A request that times out (or a host thread that
 * dies) stops the parallel pass: the host is restarted and the suspects are sent again one at a
 * time, so a hang is blamed on the request that causes it and not on those queued behind it.
 */
export class FuzzRunner {
  private cookies = new Map<Identity, string>();
  private nextRequest = 0;
  private sinceLimitsReset = 0;
  /** The host's RSS right after the last restart (a new host's memory starts over). */
  rssAfterLastRestart: number | null = null;

  constructor(
    readonly store: string,
    readonly host: FuzzHost,
    readonly stats: Stats,
    readonly options: RunnerOptions,
  ) {}

  /** Signs in the customer, the staff member (acting for Acme) and a second staff session for act-as. */
  async signIn(): Promise<void> {
    this.cookies.clear();
    const signIn = async (email: string) => {
      const outcome = await sendRaw(
        this.host.port,
        {
          method: 'POST',
          path: '/api/auth/login',
          headers: JSON_HEADERS,
          body: Buffer.from(JSON.stringify({ email, password: DEMO_PASSWORD })),
        },
        15_000,
      );
      if (outcome.kind !== 'response' || outcome.response.status !== 200) {
        throw new Error(`sign-in as ${email} failed: ${JSON.stringify(outcome).slice(0, 300)}`);
      }
      const lines = ([] as string[]).concat(outcome.response.headers['set-cookie'] ?? []);
      const line = lines.find((l) => l.startsWith(`${this.host.cookieName}=`));
      if (!line) throw new Error(`sign-in as ${email} set no ${this.host.cookieName} cookie`);
      return line.split(';', 1)[0] as string;
    };
    // In parallel: scrypt runs on libuv's threads, so three sign-ins cost little more than one.
    const [customer, staff, staffActAs] = await Promise.all([
      signIn(ACME_USER),
      signIn(STAFF_USER),
      signIn(STAFF_USER),
    ]);
    const actAs = await sendRaw(
      this.host.port,
      {
        method: 'POST',
        path: '/api/auth/act-as',
        headers: { ...JSON_HEADERS, Cookie: staff },
        body: Buffer.from(JSON.stringify({ companyId: ACME })),
      },
      15_000,
    );
    if (actAs.kind !== 'response' || actAs.response.status !== 200) {
      throw new Error(`act-as ${ACME} failed: ${JSON.stringify(actAs).slice(0, 300)}`);
    }
    this.cookies.set('customer', customer);
    this.cookies.set('staff', staff);
    this.cookies.set('staff-act-as', staffActAs);
  }

  /** The request as sent: the identity's cookie and a request id to find the host's log lines. */
  private wire(c: FuzzCase): { request: RawRequest; requestId: string } {
    const requestId = `fz${++this.nextRequest}`;
    const headers: Record<string, string> = { ...c.headers };
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'x-request-id'))
      headers['X-Request-Id'] = requestId;
    const cookie = this.cookies.get(c.identity);
    if (cookie && !headers.Cookie) headers.Cookie = cookie;
    return {
      requestId,
      request: {
        method: c.method,
        path: c.target,
        headers,
        ...(c.body ? { body: c.body } : {}),
        ...(c.localAddress ? { localAddress: c.localAddress } : {}),
      },
    };
  }

  /** Sends one case; counts it. */
  async send(
    c: FuzzCase,
    timeoutMs = this.options.timeoutMs,
  ): Promise<{ outcome: RawOutcome; requestId: string }> {
    const { request, requestId } = this.wire(c);
    this.stats.sent(c);
    const outcome = await sendRaw(this.host.port, request, timeoutMs);
    return { outcome, requestId };
  }

  private record(
    c: FuzzCase,
    outcome: RawOutcome,
    requestId: string,
    timeoutMs: number,
    failures: (Failure & { requestId: string })[],
    death: string | null = null,
  ): void {
    const violations = violationsOf(c, outcome, timeoutMs);
    if (death !== null) violations.push({ kind: 'host process died', detail: death });
    this.stats.answered(c, outcome, violations.length > 0);
    if (violations.length === 0) return;
    const response = outcome.kind === 'response' ? outcome.response : null;
    failures.push({
      requestId,
      store: this.store,
      route: c.route,
      category: c.category,
      label: c.label,
      identity: c.identity,
      method: c.method,
      target: c.target,
      status: response?.status ?? null,
      ms: response?.ms ?? (outcome.kind === 'response' ? 0 : outcome.ms),
      headBytes: headBytesOf(c),
      violations,
      body: response ? excerpt(response.text, 200) : '',
      serverErrors: [],
      ...(c.sample ? { sample: c.sample } : {}),
    });
  }

  private async restart(): Promise<boolean> {
    if (this.host.restarts >= this.options.maxRestarts) return false;
    closeConnections();
    await this.host.restart();
    if (!(await this.sessionsValid())) await this.signIn();
    this.rssAfterLastRestart = (await this.host.memory()).rss;
    return true;
  }

  /** Whether every session still works (a PostgreSQL host restarted over the same database). */
  private async sessionsValid(): Promise<boolean> {
    if (!this.host.keepsSessions || this.cookies.size === 0) return false;
    for (const cookie of this.cookies.values()) {
      const outcome = await sendRaw(
        this.host.port,
        { method: 'GET', path: '/api/auth/me', headers: { Cookie: cookie } },
        15_000,
      );
      if (outcome.kind !== 'response' || outcome.response.status !== 200) return false;
    }
    return true;
  }

  /** Sends every case (in parallel, `concurrency` at a time) and returns the failures. */
  async run(cases: readonly FuzzCase[], timeoutMs = this.options.timeoutMs): Promise<Failure[]> {
    const failures: (Failure & { requestId: string })[] = [];
    await this.host.resetRateLimits();
    this.sinceLimitsReset = 0;
    let pending = [...cases];
    while (pending.length > 0) {
      // Requests the host stopped answering: timed out, or cut off by its death.
      const suspects: { c: FuzzCase; requestId: string; outcome: RawOutcome }[] = [];
      const notSent: FuzzCase[] = [];
      const deaths = this.host.deaths;
      let stuck = false;
      await inParallel(pending, this.options.concurrency, async (c) => {
        if (stuck || !this.host.alive) {
          notSent.push(c);
          return;
        }
        if (++this.sinceLimitsReset >= this.options.resetRateLimitsEvery) {
          this.sinceLimitsReset = 0;
          await this.host.resetRateLimits();
        }
        const { outcome, requestId } = await this.send(c, timeoutMs);
        if (outcome.kind === 'timeout' || (outcome.kind === 'error' && !this.host.alive)) {
          // Stop sending: whatever goes to a stuck or dead host only waits or fails.
          stuck = true;
          suspects.push({ c, requestId, outcome });
          return;
        }
        this.answered(c);
        this.record(c, outcome, requestId, timeoutMs, failures);
      });
      // A host that crashes after its last answer (a throw in a timer) is seen here; a stuck one
      // would not answer.
      if (!suspects.some((s) => s.outcome.kind === 'timeout')) await this.host.flush();
      const died = this.host.deaths > deaths;
      if (suspects.length === 0 && notSent.length === 0 && !died) break;
      const death = died ? this.host.death : null;
      let gaveUp = !(await this.restart());
      if (suspects.length === 0) {
        // It died after answering everything: blamed on the last requests answered.
        if (died) this.recordDeath(failures, death);
      } else if (suspects.length === 1) {
        // The others in flight were answered: this one is the culprit.
        const [only] = suspects;
        if (only) this.record(only.c, only.outcome, only.requestId, timeoutMs, failures, death);
      } else {
        // Several were cut off together: on a fresh host, send them one by one; the one that hangs
        // or kills the host again is the culprit, the others were only queued behind it.
        for (const { c } of suspects) {
          if (gaveUp) {
            this.giveUp(c, timeoutMs, failures);
            continue;
          }
          const before = this.host.deaths;
          const { outcome, requestId } = await this.send(c, timeoutMs);
          if (outcome.kind !== 'timeout') await this.host.flush();
          const killed = this.host.deaths > before ? this.host.death : null;
          this.record(c, outcome, requestId, timeoutMs, failures, killed);
          if (outcome.kind === 'timeout' || killed) gaveUp = !(await this.restart());
        }
      }
      if (gaveUp) {
        for (const c of notSent) this.giveUp(c, timeoutMs, failures);
        break;
      }
      pending = notSent;
    }
    return failures.map(({ requestId, ...failure }) => ({
      ...failure,
      serverErrors: requestId ? this.host.serverErrors(requestId) : [],
    }));
  }

  /** The last cases answered, newest last: the suspects when the host dies without a request failing. */
  private recent: FuzzCase[] = [];

  private answered(c: FuzzCase): void {
    this.recent.push(c);
    if (this.recent.length > 2 * this.options.concurrency) this.recent.shift();
  }

  /** The host process exited on its own: blamed on the requests answered just before. */
  private recordDeath(failures: (Failure & { requestId: string })[], death: string | null): void {
    const last = this.recent.at(-1);
    const before = this.recent
      .slice(-this.options.concurrency)
      .reverse()
      .map((c) => `${c.method} ${c.target.slice(0, 120)} (${c.label.slice(0, 80)})`);
    failures.push({
      requestId: '',
      store: this.store,
      route: last?.route ?? '(no request answered yet)',
      category: last?.category ?? 'baseline',
      label: `the host died right after these answers (newest first): ${before.join('; ')}`,
      identity: last?.identity ?? 'anonymous',
      method: last?.method ?? '',
      target: last?.target ?? '',
      status: null,
      ms: 0,
      headBytes: last ? headBytesOf(last) : 0,
      violations: [{ kind: 'host process died', detail: death ?? 'exited' }],
      body: '',
      serverErrors: [],
    });
  }

  /** A case never sent because the host kept hanging: a failure, but not a request sent. */
  private giveUp(c: FuzzCase, _timeoutMs: number, failures: (Failure & { requestId: string })[]): void {
    failures.push({
      requestId: '',
      store: this.store,
      route: c.route,
      category: c.category,
      label: c.label,
      identity: c.identity,
      method: c.method,
      target: c.target,
      status: null,
      ms: 0,
      headBytes: headBytesOf(c),
      violations: [
        { kind: 'timeout', detail: `not sent: the host hung ${this.options.maxRestarts} times already` },
      ],
      body: '',
      serverErrors: [],
      ...(c.sample ? { sample: c.sample } : {}),
    });
  }
}
