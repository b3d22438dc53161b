// Scenario `--sigterm` of bench/faults.mjs: SIGTERM to the host under the route mix, some
// connections signing in (the slow requests); how the requests in flight ended, what the requests
// sent afterwards got, and how and when the host exited.
import { describeExit, foreignSignal, stopCliHost } from '../cli-host.mjs';
import { round, sleep } from '../common.mjs';
import { countBy, startLoad } from '../http-load.mjs';
import { isOk, summariseRecord } from './measure.mjs';
import { mixRequests, prepareMix, signInRequest } from './mix.mjs';
import { log, progress } from './report.mjs';

export async function sigtermScenario(ctx) {
  const { options } = ctx;
  const host = await ctx.startHost('host (SIGTERM)', { TRUST_PROXY: 'true' });
  let load = null;
  try {
    const mix = await prepareMix(ctx, host);
    const gets = mixRequests(mix);
    const slow = ctx.accounts > 0 ? options.slow : 0;
    let signIns = 0;
    const next = (worker, n) => {
      if (worker >= slow) return gets(worker, n);
      const i = signIns++;
      return signInRequest(host.url, ctx.company, i % ctx.accounts, i, 19);
    };
    progress(
      `… SIGTERM under load: ${options.faultConnections} connections (${slow} of them signing in), SIGTERM after ${options.sigtermBefore} s `,
    );
    load = startLoad({ baseUrl: host.url, connections: options.faultConnections, next, timeoutMs: 60_000 });
    await sleep(options.sigtermBefore * 1000);
    const inFlightSeen = load.inFlight().length;
    const diedBeforeSignal = host.exit !== null;
    const foreignBeforeSignal = diedBeforeSignal ? foreignSignal(host) : null;
    const tSig = performance.now();
    host.signal('SIGTERM');
    const limitMs = ctx.shutdownTimeoutMs + 10_000;
    const exit = await Promise.race([host.exited, sleep(limitMs).then(() => null)]);
    let killed = false;
    if (!exit) {
      killed = true;
      host.signal('SIGKILL');
      await host.exited;
    }
    await sleep(500); // a little more load against the closed port
    const records = await load.stop();
    load = null;

    const rel = (t) => round(t - tSig, 1);
    const inFlight = records.filter((r) => r.sentAt < tSig && r.endAt > tSig);
    const afterSig = records.filter((r) => r.sentAt >= tSig);
    const kind = (r) =>
      `${r.id === 'sign-in' ? 'sign-in ' : ''}${
        r.outcome === 'response'
          ? `HTTP ${r.status}`
          : `${r.outcome}${r.code ? ` (${r.code})` : ''}${r.reused ? ', reused keep-alive socket' : ''}`
      }`;
    const refused = afterSig.filter((r) => r.outcome === 'refused');
    const stdout = host.stdout.text;
    const result = {
      connections: options.faultConnections,
      slowConnections: slow,
      shutdownTimeoutMs: ctx.shutdownTimeoutMs,
      preflightFailures: mix.failures,
      requestsBeforeSignal: records.filter((r) => r.endAt <= tSig).length,
      inFlight: {
        total: inFlight.length,
        seenAtSignal: inFlightSeen,
        signIns: inFlight.filter((r) => r.id === 'sign-in').length,
        ok: inFlight.filter(isOk).length,
        non2xx: inFlight.filter((r) => r.outcome === 'response' && !isOk(r)).length,
        cut: inFlight.filter((r) => r.outcome !== 'response').length,
        byKind: countBy(inFlight, kind),
        lastEndMs: inFlight.length ? Math.round(Math.max(...inFlight.map((r) => r.endAt - tSig))) : null,
        cutSamples: inFlight
          .filter((r) => r.outcome !== 'response')
          .slice(0, 10)
          .map((r) => ({
            ...summariseRecord(r),
            sentBeforeSignalMs: rel(r.sentAt) * -1,
            endAfterSignalMs: rel(r.endAt),
          })),
      },
      afterSignal: {
        total: afterSig.length,
        ok: afterSig.filter(isOk).length,
        byKind: countBy(afterSig, kind),
        refused: refused.length,
        firstRefusedMs: refused.length ? Math.round(Math.min(...refused.map((r) => r.endAt - tSig))) : null,
        // Responses that told the client to close the connection (so it opens a new one, which
        // the closed port refuses, instead of sending more on this one).
        connectionClose: afterSig.filter((r) => r.outcome === 'response' && /close/i.test(r.connection ?? ''))
          .length,
        // Requests sent after SIGTERM on a connection the host then closed: when, and how long each
        // had waited (a long wait: the host was working on it when it cut the connection).
        resets: afterSig
          .filter((r) => r.outcome === 'reset' || r.outcome === 'incomplete')
          .slice(0, 200)
          .map((r) => ({ id: r.id, sentMs: Math.round(r.sentAt - tSig), endMs: Math.round(r.endAt - tSig) })),
      },
      exit: {
        code: host.exit.code,
        signal: host.exit.signal,
        killedByBench: killed,
        diedBeforeSignal,
        foreignSignal: foreignBeforeSignal,
      },
      exitMs: Math.round(host.exit.at - tSig),
      printedStopped: /^Stopped\.$/m.test(stdout),
      printedSignal: /SIGTERM received/.test(stdout),
      // When the host printed "Stopped." (server closed, store closed), and when the last response
      // and the last connection reset after SIGTERM reached the clients: the server closes once
      // its last connection has, so keep-alive connections still being served hold the exit back.
      stoppedMs: markMs(host.stdout.marks, /^Stopped\./, tSig),
      lastResponseMs: lastMs(
        records.filter((r) => r.outcome === 'response'),
        tSig,
      ),
      lastResetMs: lastMs(
        records.filter((r) => r.outcome === 'reset' || r.outcome === 'incomplete'),
        tSig,
      ),
      stderrTail: host.stderr.lines(40),
    };
    log(
      `${result.inFlight.total} in flight: ${result.inFlight.ok} finished 2xx, ${result.inFlight.cut} cut; host stopped (${describeExit(host.exit)}) after ${result.exitMs} ms`,
    );
    return result;
  } finally {
    if (load) await load.stop();
    await stopCliHost(host);
  }
}

/** ms from `since` to the first watched line of the host's output matching `pattern` after it. */
const markMs = (marks, pattern, since) => {
  const mark = marks.find((m) => pattern.test(m.line) && m.at >= since);
  return mark ? Math.round(mark.at - since) : null;
};
/** ms from `since` to the last end of `records`. */
const lastMs = (records, since) =>
  records.length ? Math.round(Math.max(...records.map((r) => r.endAt)) - since) : null;
