// Scenario `--sign-ins` of bench/faults.mjs: --sign-in-count sign-ins at once, each on a connection and
// from an address of its own, as another extra account; then whether each new session works, how
// long the host kept working, and what the store holds afterwards.
import { Agent } from 'node:http';
import { stopCliHost } from '../cli-host.mjs';
import {
  CLOCK_TICKS_PER_SECOND,
  MB,
  processTicks,
  procStatus,
  RssSampler,
  round,
  sleep,
} from '../common.mjs';
import { countBy, send } from '../http-load.mjs';
import { accountsChild } from './accounts.mjs';
import { cpuWindow, crashReport, isOk, latencySummary, problemDetail, stopRecord } from './measure.mjs';
import { browserHeaders, signInRequest } from './mix.mjs';
import { log, progress, seconds } from './report.mjs';

export async function signInScenario(ctx) {
  const { options } = ctx;
  const n = Math.min(options.signInCount, ctx.accounts);
  const host = await ctx.startHost('host (sign-ins)', { TRUST_PROXY: 'true' });
  const sampler = new RssSampler({ pid: host.pid, child: host.child });
  let result = null;
  try {
    const rssBefore = procStatus(host.pid)?.rss ?? Number.NaN;
    progress(`… ${n} sign-ins at once (POST /api/auth/login, X-Forwarded-For each its own) `);
    sampler.resetHighWaterMark();
    const endWindow = sampler.window();
    const cpu = await cpuWindow(host, ctx.store);
    const records = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        send(
          host.url,
          false, // a connection of its own, as n users' browsers
          signInRequest(host.url, ctx.company, i, i, 18),
          { timeoutMs: 300_000, cookies: true },
        ),
      ),
    );
    const cpuUse = await cpu();
    endWindow();
    const rssPeak = sampler.peakUnderLoad();
    const succeeded = records.filter((r) => isOk(r) && r.status === 200 && r.cookies?.length > 0);
    // Each new session must work: GET /api/auth/me with its cookie.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const checks = await Promise.all(
      succeeded.map((r) =>
        send(host.url, agent, {
          id: 'me',
          path: '/api/auth/me',
          headers: { ...browserHeaders(host.url), Cookie: r.cookies.join('; ') },
        }),
      ),
    );
    agent.destroy();
    // Requests the deadline answered may still be computing their scrypt hash and then sign in.
    const hostCpuBefore = processTicks(host.pid);
    const busyAfterMs = await untilIdle(host.pid);
    const hostCpuAfterS = ((processTicks(host.pid) - hostCpuBefore) * 1) / CLOCK_TICKS_PER_SECOND;
    const times = records.map((r) => r.endAt - r.sentAt);
    result = {
      count: n,
      succeeded: succeeded.length,
      outcomes: countBy(records, (r) =>
        r.outcome === 'response'
          ? `${r.status}${r.status === 200 && !r.cookies?.length ? ' without cookie' : ''}`
          : `${r.outcome} ${r.code ?? ''}`.trim(),
      ),
      sessionsUsable: checks.filter((c) => c.status === 200).length,
      wallMs: Math.round(cpuUse.wallMs),
      latencyMs: latencySummary(times),
      firstAnswerMs: Math.round(Math.min(...times)),
      hostCpuS: round(cpuUse.hostCpuMs / 1000, 2),
      hostCpuPercent: round(cpuUse.hostCpuPercent, 0),
      otherCpuPercent: cpuUse.otherCpuPercent === null ? null : round(cpuUse.otherCpuPercent, 1),
      rssMb: { before: round(rssBefore / MB, 1), peak: round(rssPeak / MB, 1) },
      failures: groupFailures(records.filter((r) => !succeeded.includes(r))),
      hostBusyAfterAnswersMs: Math.round(busyAfterMs),
      hostCpuAfterAnswersS: round(hostCpuAfterS, 1),
      hostAlive: host.exit === null,
      crash: crashReport(host),
    };
    log(`${result.succeeded}/${n} in ${seconds(result.wallMs, 1)} s`);
    return result;
  } finally {
    sampler.stop();
    const exit = await stopCliHost(host);
    if (result) {
      result.stopExit = stopRecord(host, exit);
      // What the store holds afterwards: a sign-in the client saw fail may have signed in anyway.
      const counted = await accountsChild('sessions', ctx.accountsEnv).catch((error) => ({
        error: error.message,
      }));
      result.stored = counted;
    }
  }
}

/** Failed requests grouped by what they got: count, time range, Retry-After and detail. */
function groupFailures(records) {
  const groups = new Map();
  for (const r of records) {
    const detail = problemDetail(r.body);
    const key = `${r.outcome}|${r.status}|${r.code}|${r.retryAfter}|${detail}`;
    const ms = r.endAt - r.sentAt;
    const g = groups.get(key) ?? {
      outcome: r.outcome,
      status: r.status,
      code: r.code,
      retryAfter: r.retryAfter,
      detail,
      count: 0,
      minMs: ms,
      maxMs: ms,
    };
    g.count += 1;
    g.minMs = Math.min(g.minMs, ms);
    g.maxMs = Math.max(g.maxMs, ms);
    groups.set(key, g);
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count)
    .map((g) => ({ ...g, minMs: Math.round(g.minMs), maxMs: Math.round(g.maxMs) }));
}

/**
 * Waits until the process has used less than 10% of a core over half a second (up to `maxMs`);
 * resolves with the ms waited. The host may go on working on requests it has already answered.
 */
async function untilIdle(pid, maxMs = 60_000) {
  const started = performance.now();
  let ticks = processTicks(pid);
  while (performance.now() - started < maxMs) {
    await sleep(500);
    const now = processTicks(pid);
    const busyMs = ((now - ticks) * 1000) / CLOCK_TICKS_PER_SECOND;
    ticks = now;
    if (busyMs < 50) return performance.now() - started - 500;
  }
  return performance.now() - started;
}
