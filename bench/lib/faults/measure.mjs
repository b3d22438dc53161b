// What the scenarios of bench/faults.mjs read off the host and their requests: CPU over a window,
// latency summaries, failed requests in short, the host's crash or its exit when the bench stopped it.
import { foreignSignal } from '../cli-host.mjs';
import { CLOCK_TICKS_PER_SECOND, machineTicks, processTicks } from '../common.mjs';
import { percentile } from '../http-load.mjs';

/** A request that got a complete 2xx response. */
export const isOk = (r) => r.outcome === 'response' && r.status >= 200 && r.status < 300;

export const latencySummary = (values) => {
  const s = Float64Array.from(values).sort();
  return {
    p50: percentile(s, 50),
    p90: percentile(s, 90),
    p99: percentile(s, 99),
    max: s.length ? s[s.length - 1] : Number.NaN,
  };
};

/** CPU ticks of a set of processes. */
const ticksOf = (pids) => new Map(pids.map((pid) => [pid, processTicks(pid)]));

/**
 * Measures a window: the host's CPU time, and the share of the machine other processes (not this
 * bench, the host or the bench database's backends) used meanwhile.
 */
export async function cpuWindow(host, store) {
  const pids = async () => [process.pid, host.pid, ...(await store.backendPids().catch(() => []))];
  const machine0 = machineTicks();
  const host0 = processTicks(host.pid);
  const ours0 = ticksOf(await pids());
  const started = performance.now();
  return async () => {
    const wallMs = performance.now() - started;
    const hostMs = ((processTicks(host.pid) - host0) * 1000) / CLOCK_TICKS_PER_SECOND;
    const machine1 = machineTicks();
    let ours = 0;
    for (const pid of await pids()) ours += processTicks(pid) - (ours0.get(pid) ?? 0);
    const otherPercent =
      machine0 && machine1 && machine1.total > machine0.total
        ? (Math.max(0, machine1.busy - machine0.busy - ours) / (machine1.total - machine0.total)) * 100
        : null;
    return {
      wallMs,
      hostCpuMs: hostMs,
      hostCpuPercent: (hostMs / wallMs) * 100,
      otherCpuPercent: otherPercent,
    };
  };
}

/** A request in short, for the samples of failed ones. */
export function summariseRecord(r) {
  return {
    id: r.id,
    outcome: r.outcome,
    status: r.status,
    code: r.code,
    message: r.message,
    ms: Math.round(r.endAt - r.sentAt),
    reused: r.reused,
    retryAfter: r.retryAfter,
    detail: problemDetail(r.body),
  };
}

/** The `detail` of a problem+json body (or the body's start). */
export function problemDetail(body) {
  if (!body) return null;
  try {
    return JSON.parse(body).detail ?? body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

/** A host crashed or exited: what it printed, for the report. */
export function crashReport(host) {
  return host.exit
    ? {
        exit: { code: host.exit.code, signal: host.exit.signal },
        // Not a crash: a signal from another process on the machine stopped the host.
        foreignSignal: foreignSignal(host),
        stderrTail: host.stderr.lines(40),
        stdoutTail: host.stdout.lines(6).map((line) => (line.length > 240 ? `${line.slice(0, 240)}…` : line)),
      }
    : null;
}

/** The exit of a scenario's host when the bench stopped it (SIGTERM, as an operator would). */
export function stopRecord(host, exit) {
  return exit
    ? {
        code: exit.code,
        signal: exit.signal,
        ...(exit.code !== 0 ? { stderrTail: host.stderr.lines(30), stdoutTail: host.stdout.lines(6) } : {}),
      }
    : null;
}
