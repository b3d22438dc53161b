// Scenario `--db-fault` of bench/faults.mjs (PostgreSQL only): the route mix under load, and after
// a while the fault: the server stopped and started (`restart`, pg_ctlcluster) or the bench
// database's connections ended (`terminate`, pg_terminate_backend); then whether the host survived,
// how its requests failed and when they answered 200 again.
import { describeExit, getStatus, stopCliHost } from '../cli-host.mjs';
import { BrokenError, round, sleep } from '../common.mjs';
import { countBy, startLoad } from '../http-load.mjs';
import { ensureRunning, pgCtl, terminateBackends, waitForServer } from '../postgres-cluster.mjs';
import { crashReport, isOk, stopRecord, summariseRecord } from './measure.mjs';
import { mixRequests, prepareMix } from './mix.mjs';
import { log, progress, seconds } from './report.mjs';

export async function dbFaultScenario(ctx, fault) {
  const { options } = ctx;
  const host = await ctx.startHost(`host (${fault})`);
  let load = null;
  let result = null;
  try {
    const mix = await prepareMix(ctx, host);
    progress(
      `… ${fault === 'restart' ? 'PostgreSQL restart' : 'pg_terminate_backend'} under load: ${options.faultConnections} connections, ${options.faultBefore} s, then the fault, then ${options.faultAfter} s `,
    );
    load = startLoad({ baseUrl: host.url, connections: options.faultConnections, next: mixRequests(mix) });
    await sleep(options.faultBefore * 1000);
    const t0 = performance.now();
    const actions = [];
    let serverBackS = null;
    const act = (action, startedAt, extra) =>
      actions.push({ action, atS: round((startedAt - t0) / 1000, 3), ...extra });
    if (fault === 'restart') {
      ctx.touchCluster();
      const step = async (action) => {
        const started = performance.now();
        const result = await pgCtl(ctx.cluster, action);
        act(action, started, {
          ms: Math.round(result.ms),
          code: result.code,
          output: `${result.stdout}${result.stderr}`.trim().slice(0, 500),
        });
        if (result.code !== 0)
          throw new BrokenError(
            `pg_ctlcluster ${ctx.cluster.version} ${ctx.cluster.name} ${action} exited ${result.code}: ${result.stderr.trim()}`,
          );
      };
      if (options.down > 0) {
        await step('stop');
        await sleep(options.down * 1000);
        // When the server takes connections again, seen from a connection of the bench's own
        // (pg_ctlcluster start returns later: it waits for more than that).
        const back = waitForServer(ctx.adminUrl, 120_000).then(
          () => (performance.now() - t0) / 1000,
          () => null,
        );
        await step('start');
        serverBackS = await back;
      } else {
        await step('restart');
        serverBackS = (performance.now() - t0) / 1000;
      }
    } else {
      for (let k = 0; k < options.terminations; k++) {
        if (k > 0) await sleep(options.terminateIntervalS * 1000);
        const started = performance.now();
        const ended = await terminateBackends(ctx.adminUrl, ctx.store.database);
        act('terminate', started, { backendsEnded: ended });
      }
    }
    const faultEndS = (performance.now() - t0) / 1000;
    await sleepWhileAlive(host, options.faultAfter * 1000);
    const records = await load.stop();
    load = null;
    const alive = host.exit === null;
    const readyStatus = alive ? await readyWithin(host, 10_000) : null;
    const analysis = analyseFault(records, t0, host, serverBackS);
    log(
      alive
        ? `host alive, ${analysis.failed.total} failed requests`
        : `host DIED (${describeExit(host.exit)}) at +${seconds(analysis.hostExitS * 1000)} s`,
    );
    result = {
      fault,
      connections: options.faultConnections,
      routes: mix.requests.length,
      preflightFailures: mix.failures,
      cluster: fault === 'restart' ? `${ctx.cluster.version}/${ctx.cluster.name}` : null,
      downS: fault === 'restart' ? options.down : null,
      actions,
      faultEndS: round(faultEndS, 3),
      hostAlive: alive,
      readyAfter: readyStatus,
      crash: crashReport(host),
      ...analysis,
    };
    return result;
  } finally {
    if (load) await load.stop();
    const exit = await stopCliHost(host);
    if (result?.hostAlive) result.stopExit = stopRecord(host, exit);
    if (fault === 'restart') {
      const ensured = await ensureRunning(ctx.cluster);
      if (ensured.started)
        log(`… PostgreSQL ${ctx.cluster.version}/${ctx.cluster.name} was down: started it again`);
    }
  }
}

/** Classifies the requests of a fault run around t0 (the fault's start). */
function analyseFault(records, t0, host, serverBackS) {
  const rel = (t) => round((t - t0) / 1000, 3);
  const byEnd = [...records].sort((a, b) => a.endAt - b.endAt);
  const before = byEnd.filter((r) => r.endAt < t0);
  const after = byEnd.filter((r) => r.endAt >= t0);
  const failedBefore = before.filter((r) => !isOk(r));
  const failed = after.filter((r) => !isOk(r));
  const is503 = (r) => r.outcome === 'response' && r.status === 503;
  const s503 = failed.filter(is503);
  const problemJson = (r) => /^application\/problem\+json\b/.test(r.contentType ?? '');
  const kind = (r) =>
    r.outcome === 'response'
      ? `HTTP ${r.status}`
      : r.outcome === 'incomplete'
        ? `body cut (HTTP ${r.status})`
        : `${r.outcome}${r.code ? ` (${r.code})` : ''}`;
  const firstFailure = failed[0] ?? null;
  // Some routes answer without the database (/api/auth/me from the session cache, some of the
  // time): the first 200 again is that of a route that failed, and (when it is known when the
  // server took connections again) answered no 200 while the server was down.
  const downEnd = serverBackS === null ? null : t0 + serverBackS * 1000;
  const okWhileDown =
    firstFailure && downEnd !== null
      ? // (250 ms of slack: the bench polls the server every 100 ms, the host's pool may be quicker)
        after.filter((r) => isOk(r) && r.sentAt > firstFailure.endAt && r.endAt < downEnd - 250)
      : [];
  const servedWithoutDb = new Set(okWhileDown.map((r) => r.id));
  const failingRoutes = new Set(failed.map((r) => r.id).filter((id) => !servedWithoutDb.has(id)));
  const firstOk = firstFailure
    ? after.find((r) => isOk(r) && failingRoutes.has(r.id) && r.sentAt > firstFailure.endAt)
    : null;
  const lastFailure = failed.at(-1) ?? null;
  const recovered = !lastFailure || after.some((r) => r.endAt > lastFailure.endAt && isOk(r));
  const hostExitAt = host.exit?.at ?? null;
  // Per second from 1 s before the fault to 2 s after the last failure: what the clients saw.
  const timeline = [];
  if (records.length > 0) {
    const from = -1;
    const lastEnd = Math.ceil((byEnd.at(-1).endAt - t0) / 1000);
    const to = Math.min(lastEnd, Math.ceil(lastFailure ? (lastFailure.endAt - t0) / 1000 + 2 : 2));
    for (let s = from; s < to; s++) {
      const slice = after
        .concat(before)
        .filter((r) => r.endAt >= t0 + s * 1000 && r.endAt < t0 + (s + 1) * 1000);
      if (s >= 0 || slice.length > 0)
        timeline.push({
          second: s,
          requests: slice.length,
          ok: slice.filter(isOk).length,
          s503: slice.filter(is503).length,
          other: slice.filter((r) => !isOk(r) && !is503(r)).length,
        });
    }
  }
  return {
    requests: records.length,
    requestsBeforeFault: before.length,
    failedBeforeFault: failedBefore.length,
    failedBeforeFaultKinds: countBy(failedBefore, kind),
    failed: {
      total: failed.length,
      byKind: countBy(failed, kind),
      s503: s503.length,
      s503WithoutRetryAfter: s503.filter((r) => !r.retryAfter).length,
      s503NotProblemJson: s503.filter((r) => !problemJson(r)).length,
      other: failed.length - s503.length,
      afterHostExit: hostExitAt === null ? 0 : failed.filter((r) => r.sentAt >= hostExitAt).length,
      samples: failed
        .filter((r) => !is503(r) || !r.retryAfter || !problemJson(r))
        .slice(0, 10)
        .map((r) => ({
          ...summariseRecord(r),
          atS: rel(r.endAt),
          contentType: r.contentType,
          retryAfter: r.retryAfter,
        })),
    },
    firstFailureS: firstFailure ? rel(firstFailure.endAt) : null,
    firstOkAgainS: firstOk ? rel(firstOk.endAt) : null,
    serverBackS: serverBackS === null ? null : round(serverBackS, 3),
    failingRoutes: [...failingRoutes],
    okWhileDown: countBy(okWhileDown, (r) => r.id),
    // The longest requests that ended after the fault began: a request that waits out the outage
    // instead of failing fast shows here.
    slowest: [...after]
      .sort((a, b) => b.endAt - b.sentAt - (a.endAt - a.sentAt))
      .slice(0, 5)
      .map((r) => ({
        id: r.id,
        ms: Math.round(r.endAt - r.sentAt),
        status: r.status,
        outcome: r.outcome,
        endS: rel(r.endAt),
      })),
    okThroughoutRoutes: [...new Set(after.filter(isOk).map((r) => r.id))].filter(
      (id) => !failed.some((r) => r.id === id),
    ),
    steadyOkFromS: lastFailure && recovered ? rel(lastFailure.endAt) : lastFailure ? null : 0,
    recovered,
    hostExitS: hostExitAt === null ? null : rel(hostExitAt),
    rps: records.length / ((byEnd.at(-1)?.endAt - byEnd[0]?.sentAt) / 1000 || 1),
    timeline,
  };
}

/** Waits `ms`, or until 1 s after the host exited. */
async function sleepWhileAlive(host, ms) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    if (host.exit && performance.now() - host.exit.at > 1_000) return;
    await sleep(Math.min(100, until - performance.now()));
  }
}

/** Polls /readyz until it answers 200; resolves with the last status (null: no answer). */
async function readyWithin(host, ms) {
  const until = performance.now() + ms;
  let status = null;
  while (performance.now() < until && !host.exit) {
    status = await getStatus(host.port, '/readyz', 2_000);
    if (status === 200) return status;
    await sleep(200);
  }
  return status;
}
