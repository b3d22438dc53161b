// What bench/faults.mjs prints: progress lines, and each scenario's figures as tables and notes.
import { describeExit } from '../cli-host.mjs';
import { fmt, table } from '../common.mjs';

export const log = (line = '') => console.log(line);
export const progress = (text) => process.stdout.write(text);
export const seconds = (ms, digits = 2) => (Number.isFinite(ms) ? (ms / 1000).toFixed(digits) : '–');
/** Seconds from the fault's start, `+1.23` (`–`: none). */
export const fmtS = (s) => (s === null || s === undefined ? '–' : `+${s.toFixed(2)}`);
/** `key × count, …` of a countBy() object (or of its entries). */
export const listCounts = (counts) =>
  (Array.isArray(counts) ? counts : Object.entries(counts)).map(([k, v]) => `${k} × ${v}`).join(', ');
/** `  ` + the text with its runs of spaces squeezed (empty fields leave none behind). */
const squeeze = (text) => `  ${text.replace(/\s+/g, ' ').trim()}`;
/** The last lines the host printed on a stream, indented. */
const hostTail = (stream, lines) =>
  `  host ${stream} (last ${lines.length} lines):\n${lines.map((l) => `    ${l}`).join('\n')}`;
const otherCpuColumn = {
  title: 'other CPU',
  value: (x) => (x.otherCpuPercent === null ? '–' : `${fmt.int(x.otherCpuPercent)}%`),
};

export function printLoad(r) {
  log();
  log(
    `Load — ${r.connections} connections, ${r.durationS} s, ${r.routes} routes round-robin on each connection`,
  );
  log(
    table(
      [r],
      [
        { title: 'req/s', value: (x) => fmt.int(x.rps) },
        { title: 'requests', value: (x) => fmt.int(x.requests) },
        { title: 'non-2xx', value: (x) => fmt.int(x.non2xx) },
        { title: 'errors', value: (x) => fmt.int(x.errors) },
        { title: 'timeouts', value: (x) => fmt.int(x.timeouts) },
        { title: 'p50 ms', value: (x) => fmt.ms(x.latencyMs.p50) },
        { title: 'p90 ms', value: (x) => fmt.ms(x.latencyMs.p90) },
        { title: 'p99 ms', value: (x) => fmt.ms(x.latencyMs.p99) },
        { title: 'max ms', value: (x) => fmt.ms(x.latencyMs.max) },
        { title: 'host CPU', value: (x) => `${fmt.int(x.hostCpuPercent)}%` },
        otherCpuColumn,
        { title: 'RSS idle MB', value: (x) => fmt.int(x.rssMb.idle) },
        { title: 'RSS peak MB', value: (x) => fmt.int(x.rssMb.peak) },
        { title: 'RSS after MB', value: (x) => fmt.int(x.rssMb.after) },
      ],
    ),
  );
  log();
  log(
    table(r.perRoute, [
      { title: 'route', align: 'left', value: (x) => `${x.path}${x.as === 'staff' ? ' (staff)' : ''}` },
      { title: 'requests', value: (x) => fmt.int(x.requests) },
      { title: 'non-2xx', value: (x) => (x.non2xx ? `${x.non2xx} ${JSON.stringify(x.statuses)}` : '0') },
      { title: 'p50 ms', value: (x) => fmt.ms(x.latencyMs.p50) },
      { title: 'p99 ms', value: (x) => fmt.ms(x.latencyMs.p99) },
      { title: 'max ms', value: (x) => fmt.ms(x.latencyMs.max) },
    ]),
  );
  if (r.otherCpuPercent >= 10)
    log(
      `Note: other processes used ${fmt.int(r.otherCpuPercent)}% of the machine's CPU meanwhile: req/s and latency are low.`,
    );
  printCrash(r);
}

export function printSignIns(r) {
  log();
  log(`Sign-ins — ${r.count} × POST /api/auth/login at once, each on its own connection and address`);
  log(
    table(
      [r],
      [
        { title: 'succeeded', value: (x) => `${x.succeeded}/${x.count}` },
        {
          title: 'answers',
          align: 'left',
          value: (x) =>
            Object.entries(x.outcomes)
              .map(([k, v]) => `${k}×${v}`)
              .join(' '),
        },
        { title: 'sessions OK', value: (x) => `${x.sessionsUsable}/${x.succeeded}` },
        { title: 'wall s', value: (x) => seconds(x.wallMs) },
        { title: 'first ms', value: (x) => fmt.int(x.firstAnswerMs) },
        { title: 'p50 ms', value: (x) => fmt.int(x.latencyMs.p50) },
        { title: 'p99 ms', value: (x) => fmt.int(x.latencyMs.p99) },
        { title: 'max ms', value: (x) => fmt.int(x.latencyMs.max) },
        { title: 'host CPU s', value: (x) => x.hostCpuS.toFixed(1) },
        { title: 'host CPU', value: (x) => `${fmt.int(x.hostCpuPercent)}%` },
        otherCpuColumn,
        { title: 'RSS before MB', value: (x) => fmt.int(x.rssMb.before) },
        { title: 'RSS peak MB', value: (x) => fmt.int(x.rssMb.peak) },
      ],
    ),
  );
  for (const f of r.failures)
    log(
      squeeze(
        `✗ ${f.count} × ${f.outcome === 'response' ? `HTTP ${f.status}` : `${f.outcome} ${f.code ?? ''}`}${f.retryAfter ? ` (Retry-After ${f.retryAfter})` : ''}${f.detail ? ` “${f.detail}”` : ''} after ${fmt.int(f.minMs)}–${fmt.int(f.maxMs)} ms`,
      ),
    );
  log(
    `  the host worked on for ${seconds(r.hostBusyAfterAnswersMs, 1)} s after the last answer (${r.hostCpuAfterAnswersS.toFixed(1)} s of CPU)${r.stored?.sessions === undefined ? '' : `; the store then held ${r.stored.sessions} sessions of these accounts and ${r.stored.signInAudits} auth.sign_in audit rows (${r.succeeded} sign-ins answered 200)`}`,
  );
  printCrash(r);
}

export function printFault(r) {
  const what =
    r.fault === 'restart'
      ? `PostgreSQL ${r.cluster} ${r.downS > 0 ? `stopped for ${r.downS} s, then started` : 'restarted'}`
      : `pg_terminate_backend() on the bench database's connections, ${r.actions.length} times`;
  log();
  log(`Database fault — ${what}, under load (${r.connections} connections, ${r.routes} routes)`);
  log(
    `  actions (s from the fault's start): ${r.actions
      .map((a) =>
        a.action === 'terminate'
          ? `terminate @${a.atS.toFixed(2)} (${a.backendsEnded} backends)`
          : `${a.action} @${a.atS.toFixed(2)} (${a.ms} ms, exit ${a.code})`,
      )
      .join(', ')}`,
  );
  log(
    table(
      [r],
      [
        {
          title: 'host',
          align: 'left',
          value: (x) =>
            x.hostAlive ? `alive, /readyz ${x.readyAfter ?? '–'}` : `DIED ${describeExit(x.crash?.exit)}`,
        },
        { title: 'requests', value: (x) => fmt.int(x.requests) },
        { title: 'req/s', value: (x) => fmt.int(x.rps) },
        { title: 'failed', value: (x) => fmt.int(x.failed.total) },
        { title: '503', value: (x) => fmt.int(x.failed.s503) },
        { title: '503 w/o Retry-After', value: (x) => fmt.int(x.failed.s503WithoutRetryAfter) },
        { title: '503 not problem+json', value: (x) => fmt.int(x.failed.s503NotProblemJson) },
        { title: 'other failures', value: (x) => fmt.int(x.failed.other) },
        { title: 'first failure s', value: (x) => fmtS(x.firstFailureS) },
        { title: 'DB back s', value: (x) => fmtS(x.serverBackS) },
        { title: 'first 200 again s', value: (x) => fmtS(x.firstOkAgainS) },
        { title: 'steady 200s from s', value: (x) => (x.recovered ? fmtS(x.steadyOkFromS) : 'never') },
      ],
    ),
  );
  if (Object.keys(r.failed.byKind).length > 0)
    log(`  failed requests by kind: ${listCounts(r.failed.byKind)}`);
  if (Object.keys(r.okWhileDown).length > 0)
    log(`  answered 200 while the server was down: ${listCounts(r.okWhileDown)}`);
  if (r.slowest.length > 0)
    log(
      `  longest requests: ${r.slowest
        .map(
          (x) =>
            `${x.id} ${fmt.int(x.ms)} ms (${x.outcome === 'response' ? x.status : x.outcome}, ended +${x.endS.toFixed(2)} s)`,
        )
        .join(', ')}`,
    );
  if (r.okThroughoutRoutes.length > 0)
    log(`  never failed (no database needed): ${r.okThroughoutRoutes.join(', ')}`);
  if (r.failedBeforeFault > 0)
    log(
      `  ✗ ${r.failedBeforeFault} requests failed before the fault: ${JSON.stringify(r.failedBeforeFaultKinds)}`,
    );
  if (r.failed.afterHostExit > 0)
    log(`  (${r.failed.afterHostExit} of the failures were sent after the host had exited)`);
  for (const s of r.failed.samples.slice(0, 5))
    log(
      squeeze(
        `e.g. +${s.atS.toFixed(2)} s ${s.id}: ${s.outcome} ${s.status ?? ''} ${s.code ?? ''} ${s.message ?? ''} content-type=${s.contentType ?? '–'} retry-after=${s.retryAfter ?? '–'}`,
      ),
    );
  if (r.timeline.length > 0) {
    log("  per second (by completion, from the fault's start):");
    log(
      table(r.timeline, [
        { title: '  s', value: (x) => `${x.second >= 0 ? '+' : ''}${x.second}` },
        { title: 'requests', value: (x) => fmt.int(x.requests) },
        { title: '2xx', value: (x) => fmt.int(x.ok) },
        { title: '503', value: (x) => fmt.int(x.s503) },
        { title: 'other', value: (x) => fmt.int(x.other) },
      ])
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n'),
    );
  }
  printCrash(r);
}

export function printSigterm(r) {
  log();
  log(
    `SIGTERM under load — ${r.connections} connections (${r.slowConnections} signing in), SHUTDOWN_TIMEOUT_MS ${r.shutdownTimeoutMs}`,
  );
  const f = r.inFlight;
  log(
    table(
      [r],
      [
        { title: 'in flight', value: () => fmt.int(f.total) },
        { title: 'of them sign-ins', value: () => fmt.int(f.signIns) },
        { title: 'finished 2xx', value: () => fmt.int(f.ok) },
        { title: 'finished non-2xx', value: () => fmt.int(f.non2xx) },
        { title: 'cut', value: () => fmt.int(f.cut) },
        { title: 'last done ms', value: () => fmt.int(f.lastEndMs) },
        { title: 'sent after', value: (x) => fmt.int(x.afterSignal.total) },
        { title: 'served 2xx', value: (x) => fmt.int(x.afterSignal.ok) },
        { title: 'refused', value: (x) => fmt.int(x.afterSignal.refused) },
        {
          title: 'exit',
          align: 'left',
          value: (x) => describeExit(x.exit) + (x.exit.killedByBench ? ' (bench SIGKILL)' : ''),
        },
        { title: 'exit ms', value: (x) => fmt.int(x.exitMs) },
      ],
    ),
  );
  log(`  in flight at SIGTERM: ${listCounts(f.byKind) || 'none'}`);
  log(
    `  sent after SIGTERM: ${listCounts(r.afterSignal.byKind) || 'none'}${r.afterSignal.firstRefusedMs === null ? '' : `; first refused connection ${r.afterSignal.firstRefusedMs} ms after SIGTERM`}`,
  );
  log(
    `  host printed: ${r.printedSignal ? '"SIGTERM received…"' : 'no SIGTERM line'}, ${r.printedStopped ? `"Stopped." ${r.stoppedMs ?? '?'} ms after SIGTERM` : 'no "Stopped." line'}; last response to a client ${r.lastResponseMs ?? '–'} ms, last connection reset ${r.lastResetMs ?? '–'} ms after SIGTERM`,
  );
  const resets = r.afterSignal.resets;
  if (resets.length > 0) {
    const waited = resets.map((x) => x.endMs - x.sentMs);
    log(
      `  connections reset under requests sent after SIGTERM: ${resets.length}, ${Math.min(...resets.map((x) => x.endMs))}–${Math.max(...resets.map((x) => x.endMs))} ms after SIGTERM, after waiting ${Math.min(...waited)}–${Math.max(...waited)} ms (${resets.filter((x) => x.endMs - x.sentMs >= 50).length} waited ≥ 50 ms: cut while the host worked on them)`,
    );
  }
  if (f.lastEndMs !== null && r.exitMs - f.lastEndMs > 2_000)
    log(
      `  note: the host exited ${fmt.int(r.exitMs - f.lastEndMs)} ms after the last in-flight request finished: it kept serving ${fmt.int(r.afterSignal.ok)} requests sent after SIGTERM on open keep-alive connections (${fmt.int(r.afterSignal.connectionClose)} of the responses said Connection: close) until ${fmt.int(r.lastResponseMs)} ms`,
    );
  for (const c of f.cutSamples.slice(0, 5))
    log(
      squeeze(
        `✗ cut: ${c.id} sent ${c.sentBeforeSignalMs} ms before SIGTERM, ended ${c.endAfterSignalMs} ms after: ${c.outcome} ${c.code ?? ''} ${c.message ?? ''}${c.reused ? ' (reused socket)' : ''}`,
      ),
    );
  if (r.exit.code !== 0 && r.stderrTail.length > 0) log(hostTail('stderr', r.stderrTail));
}

function printCrash(r) {
  const stop = r.stopExit;
  if (stop && stop.code !== 0) {
    log(`  ✗ stopped with SIGTERM after the scenario, the host ${describeExit(stop)}`);
    if (stop.stderrTail?.length) log(hostTail('stderr', stop.stderrTail));
  }
  if (!r.crash) return;
  log(
    r.crash.foreignSignal
      ? `  ✗ the host was stopped by ${r.crash.foreignSignal}, which this bench did not send: another process on the machine disturbed the run (rerun it); ${describeExit(r.crash.exit)}`
      : `  ✗ the host exited: ${describeExit(r.crash.exit)}`,
  );
  if (r.crash.stderrTail.length) log(hostTail('stderr', r.crash.stderrTail));
  if (r.crash.stdoutTail.length)
    log(
      hostTail(
        'stdout',
        r.crash.stdoutTail.map((l) => l.slice(0, 300)),
      ),
    );
}
