// Shared by the benchmarks (bench/host.mjs, bench/faults.mjs): errors, child processes, build
// freshness, /proc readings (RSS, CPU ticks) and the printed output.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  apiClientDistFile,
  apiClientPackageDir,
  BUILD_COMMAND,
  hostDistFile,
  hostPackageDir,
  repoRoot,
} from './paths.mjs';

/** Bad command line: the run exits 2. */
export class UsageError extends Error {}
/** Something is broken (not merely slow): the run exits 1. */
export class BrokenError extends Error {}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ── Child processes ─────────────────────────────────────────────────────────────────────────────

/**
 * Runs a command with its stdout and stderr collected; resolves with them and the exit code once it
 * has closed (rejects only if it cannot be started).
 */
export function spawnCollect(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// ── Build freshness ─────────────────────────────────────────────────────────────────────────────

function newestSource(dir) {
  let newest = { path: null, mtimeMs: 0 };
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support' && entry.name !== 'mocks') walk(p);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name)) {
        const { mtimeMs } = statSync(p);
        if (mtimeMs > newest.mtimeMs) newest = { path: p, mtimeMs };
      }
    }
  };
  walk(dir);
  return newest;
}

export function checkBuild() {
  const warnings = [];
  for (const [pkgDir, distFile] of [
    [hostPackageDir, hostDistFile],
    [apiClientPackageDir, apiClientDistFile],
  ]) {
    if (!existsSync(distFile)) {
      throw new BrokenError(`${relative(repoRoot, distFile)} is missing; build first:\n  ${BUILD_COMMAND}`);
    }
    const newest = newestSource(join(pkgDir, 'src'));
    if (newest.mtimeMs > statSync(distFile).mtimeMs) {
      warnings.push(
        `${relative(repoRoot, distFile)} is older than ${relative(repoRoot, newest.path)}: the bench runs the last build. Rebuild with:\n  ${BUILD_COMMAND}`,
      );
    }
  }
  return warnings;
}

// ── /proc: memory and CPU of a process ──────────────────────────────────────────────────────────

export function procStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return null;
  }
}

/**
 * Samples the child's RSS every 100 ms: from /proc/<pid>/status (Linux; does not disturb the
 * child), else process.memoryUsage() over IPC. On Linux the kernel's own high-water mark (VmHWM)
 * is reset before the load starts (clear_refs 5), so the peak also covers spikes between samples.
 */
export class RssSampler {
  constructor(server) {
    this.server = server;
    this.useProc = procStatus(server.pid) !== null;
    this.latest = Number.NaN;
    this.windowPeak = 0;
    this.loadPeak = 0;
    this.hwmReset = false;
    this.onMessage = (message) => {
      if (message?.type === 'memory') this.record(message.rss);
    };
    if (!this.useProc) server.child.on('message', this.onMessage);
  }
  record(rss) {
    if (!Number.isFinite(rss)) return;
    this.latest = rss;
    if (rss > this.windowPeak) this.windowPeak = rss;
  }
  sampleNow() {
    if (this.useProc) this.record(procStatus(this.server.pid)?.rss);
    else if (this.server.child.connected) this.server.child.send({ type: 'memory' });
  }
  /** The current RSS, read now. */
  async current() {
    if (this.useProc) return procStatus(this.server.pid)?.rss ?? Number.NaN;
    this.sampleNow();
    await sleep(200);
    return this.latest;
  }
  resetHighWaterMark() {
    if (!this.useProc) return;
    try {
      writeFileSync(`/proc/${this.server.pid}/clear_refs`, '5');
      this.hwmReset = true;
    } catch {
      this.hwmReset = false;
    }
  }
  /** Starts a measurement window (one route); returns a function that ends it with its peak. */
  window() {
    this.windowPeak = 0;
    this.sampleNow();
    const timer = setInterval(() => this.sampleNow(), 100);
    return () => {
      clearInterval(timer);
      this.sampleNow();
      const peak = this.windowPeak;
      if (peak > this.loadPeak) this.loadPeak = peak;
      return peak;
    };
  }
  /** Peak RSS under load: sampled, or the kernel's high-water mark since the reset if higher. */
  peakUnderLoad() {
    const hwm = this.useProc && this.hwmReset ? (procStatus(this.server.pid)?.hwm ?? 0) : 0;
    return Math.max(this.loadPeak, hwm);
  }
  /** The kernel's peak RSS of the process (since start, or since the reset). */
  highWaterMark() {
    return this.useProc ? (procStatus(this.server.pid)?.hwm ?? Number.NaN) : Number.NaN;
  }
  stop() {
    this.server.child.off('message', this.onMessage);
  }
}

/** Busy, total and stolen CPU ticks of the machine (/proc/stat); null where unavailable. */
export function machineTicks() {
  if (!existsSync('/proc/stat')) return null;
  const [cpu, ...t] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  if (cpu !== 'cpu') return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = t.map(Number);
  return {
    busy: user + nice + system + irq + softirq,
    total: user + nice + system + idle + iowait + irq + softirq + steal,
    steal,
  };
}

/** utime + stime of a process, in clock ticks (/proc/<pid>/stat fields 14 and 15). */
export const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux architecture Node runs on

export function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

// ── Output ──────────────────────────────────────────────────────────────────────────────────────

export const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
export const MB = 1024 * 1024;
export const fmt = {
  int: (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–'),
  ms: (n) => (Number.isFinite(n) ? (Number.isInteger(n) ? String(n) : n.toFixed(1)) : '–'),
  pct: (n) => (Number.isFinite(n) ? `${n.toFixed(1)}%` : '–'),
  mb: (n) => (Number.isFinite(n) ? (n / MB).toFixed(0) : '–'),
};

export function table(rows, columns) {
  const widths = columns.map((c) => Math.max(c.title.length, ...rows.map((r) => String(c.value(r)).length)));
  const line = (cells) =>
    cells
      .map((cell, i) =>
        columns[i].align === 'left' ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]),
      )
      .join('  ');
  return [
    line(columns.map((c) => c.title)),
    widths.map((w) => '─'.repeat(w)).join('  '),
    ...rows.map((r) => line(columns.map((c) => c.value(r)))),
  ].join('\n');
}

export function gitInfo() {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain'], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
    return { commit, dirty };
  } catch {
    return { commit: null, dirty: null };
  }
}
