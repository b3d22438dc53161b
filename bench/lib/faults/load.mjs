// Scenario `--load` of bench/faults.mjs: the route mix with autocannon at --connections for
// --duration s after a --warmup; throughput, latency (overall and per route), CPU and RSS.
import { cannon } from '../autocannon.mjs';
import { stopCliHost } from '../cli-host.mjs';
import { fmt, MB, procStatus, RssSampler, round } from '../common.mjs';
import { cpuWindow, crashReport, latencySummary, stopRecord } from './measure.mjs';
import { prepareMix } from './mix.mjs';
import { log, progress } from './report.mjs';

export async function loadScenario(ctx) {
  const { options } = ctx;
  const host = await ctx.startHost('host (load)');
  const sampler = new RssSampler({ pid: host.pid, child: host.child });
  let result = null;
  try {
    const mix = await prepareMix(ctx, host);
    const rssIdle = procStatus(host.pid)?.rss ?? Number.NaN;
    const requests = mix.requests.map((r) => ({
      method: 'GET',
      path: r.path,
      headers: r.headers,
      routeId: r.id,
    }));
    const base = {
      url: host.url,
      connections: options.connections,
      headers: mix.headers,
      requests,
      timeout: 10,
      pipelining: 1,
    };
    progress(
      `… load: ${mix.requests.length} routes round-robin, ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s `,
    );
    sampler.resetHighWaterMark();
    const endWindow = sampler.window();
    if (options.warmup > 0) await cannon({ ...base, duration: options.warmup });
    const perRoute = new Map(
      mix.requests.map((r) => [
        r.id,
        { id: r.id, path: r.path, as: r.as, requests: 0, non2xx: 0, statuses: {}, ms: [] },
      ]),
    );
    const cpu = await cpuWindow(host, ctx.store);
    const r = await cannon({ ...base, duration: options.duration }, (client, status, _bytes, ms) => {
      const route = perRoute.get(client.requestIterator?.currentRequest?.routeId);
      if (!route) return;
      route.requests += 1;
      route.ms.push(ms);
      if (status < 200 || status >= 300) {
        route.non2xx += 1;
        route.statuses[status] = (route.statuses[status] ?? 0) + 1;
      }
    });
    const cpuUse = await cpu();
    endWindow();
    result = {
      routes: mix.requests.length,
      preflightFailures: mix.failures,
      connections: options.connections,
      durationS: options.duration,
      rps: r.requests.average,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statusCodes: Object.fromEntries(
        Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
      ),
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      hostCpuPercent: round(cpuUse.hostCpuPercent, 1),
      otherCpuPercent: cpuUse.otherCpuPercent === null ? null : round(cpuUse.otherCpuPercent, 1),
      rssMb: {
        idle: round(rssIdle / MB, 1),
        peak: round(sampler.peakUnderLoad() / MB, 1),
        after: round((procStatus(host.pid)?.rss ?? Number.NaN) / MB, 1),
      },
      rssMethod: sampler.hwmReset
        ? 'VmRSS every 100 ms + VmHWM reset before the warm-up'
        : 'VmRSS every 100 ms',
      perRoute: [...perRoute.values()].map(({ ms, ...route }) => ({
        ...route,
        latencyMs: latencySummary(ms),
      })),
      hostAlive: host.exit === null,
      crash: crashReport(host),
    };
    log(`${fmt.int(result.rps)} req/s`);
    return result;
  } finally {
    sampler.stop();
    const exit = await stopCliHost(host);
    if (result) result.stopExit = stopRecord(host, exit);
  }
}
