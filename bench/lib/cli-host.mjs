// The portal host as an operator runs it: `node [flags] packages/host-express/dist/cli.js start` in a
// child process of its own (bench/faults.mjs). Its stdout and stderr are kept (the last few KB) so a
// crash can be reported with what the host printed; its exit code, signal and time are recorded.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrokenError, sleep } from './common.mjs';
import { hostPackageDir } from './paths.mjs';

export const hostCliFile = join(hostPackageDir, 'dist', 'cli.js');

/** A free TCP port on 127.0.0.1 (the host's PUBLIC_ORIGIN must name its port before it starts). */
export async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The last `max` characters written to a stream, and when lines matching `watch` arrived. */
export class Tail {
  constructor(max = 64 * 1024, watch = null) {
    this.max = max;
    this.text = '';
    this.bytes = 0;
    this.watch = watch;
    /** { line, at } (at: performance.now() when the chunk holding the line arrived) of watched lines. */
    this.marks = [];
  }
  push(chunk) {
    const text = chunk.toString('utf8');
    this.bytes += chunk.length;
    if (this.watch) {
      const at = performance.now();
      for (const line of text.split('\n')) if (this.watch.test(line)) this.marks.push({ line, at });
    }
    this.text += text;
    if (this.text.length > this.max * 2) this.text = this.text.slice(-this.max);
  }
  /** The last `n` lines. */
  lines(n = 30) {
    const lines = this.text.slice(-this.max).split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.slice(-n);
  }
}

/** GET `path` on 127.0.0.1:`port` without keep-alive; resolves with the status, or null on a socket error. */
export function getStatus(port, path, timeoutMs = 3_000) {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end();
  });
}

/**
 * Starts the host CLI on 127.0.0.1:`port` and resolves once `GET /readyz` answers 200 (migrations and
 * the demo seed run before the server listens). Rejects (BrokenError, with the host's output) when
 * the process exits first or is not ready within `readyTimeoutMs`.
 *
 * @param {{ env: NodeJS.ProcessEnv, port: number, nodeFlags?: string[], label?: string,
 *           readyTimeoutMs?: number, onSpawn?: (child) => void }} options
 */
export async function startCliHost({
  env,
  port,
  nodeFlags = [],
  label = 'host',
  readyTimeoutMs = 120_000,
  onSpawn,
}) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, hostCliFile, 'start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const host = {
    label,
    child,
    pid: child.pid,
    port,
    url: `http://127.0.0.1:${port}`,
    nodeFlags,
    // The CLI's own lines about a shutdown, timed (a chunk boundary may split one: good enough here).
    stdout: new Tail(64 * 1024, /received: finishing|^Stopped\.|shutdown failed/),
    stderr: new Tail(),
    /** { code, signal, at } once the process has exited (at: performance.now()). */
    exit: null,
    exited: null,
    readyMs: null,
    /** Signals this bench sent, { signal, at }: an exit after none came from elsewhere. */
    signalsSent: [],
    /** Sends `signal` to the host and records it. */
    signal(signal) {
      host.signalsSent.push({ signal, at: performance.now() });
      child.kill(signal);
    },
  };
  child.stdout.on('data', (chunk) => host.stdout.push(chunk));
  child.stderr.on('data', (chunk) => host.stderr.push(chunk));
  host.exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      host.exit = { code, signal, at: performance.now() };
      resolve(host.exit);
    });
  });
  onSpawn?.(child);

  const deadline = startedAt + readyTimeoutMs;
  while (performance.now() < deadline) {
    if (host.exit) break;
    if ((await getStatus(port, '/readyz', 2_000)) === 200) {
      host.readyMs = performance.now() - startedAt;
      return host;
    }
    await sleep(100);
  }
  if (!host.exit) {
    host.signal('SIGKILL');
    await host.exited;
    throw new BrokenError(
      `the ${label} was not ready within ${readyTimeoutMs / 1000} s\n${outputTail(host)}`,
    );
  }
  throw new BrokenError(
    `the ${label} exited during start-up (${describeExit(host.exit)})\n${outputTail(host)}`,
  );
}

/**
 * The standalone portal as a browser bench opens it: the host CLI on a fresh embedded store (a
 * temporary DATA_DIR) with the demo data and local sign-in, in production mode. `stop()` stops it
 * and removes the store.
 */
export async function startStandaloneDemoHost(name) {
  const dataDir = mkdtempSync(join(tmpdir(), `portal-${name}-`));
  const port = await freePort();
  const host = await startCliHost({
    port,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DEMO: 'true',
      COOKIE_SECURE: 'false',
      AUTH_MODE: 'local',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
  });
  return {
    host,
    stop: async () => {
      await stopCliHost(host);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SIGTERM (the graceful path), SIGKILL after `timeoutMs`; resolves with the exit record. */
export async function stopCliHost(host, timeoutMs = 20_000) {
  if (host.exit) return host.exit;
  host.signal('SIGTERM');
  const timer = setTimeout(() => host.signal('SIGKILL'), timeoutMs);
  const exit = await host.exited;
  clearTimeout(timer);
  return exit;
}

/**
 * A signal that stopped the host although this bench sent none before the exit: its own exit signal,
 * or the CLI's "SIGTERM received" / "SIGINT received" line. Null when there was none (a crash, or
 * the bench's own signal). Another process on the machine (a `pkill -f cli.js`, a test's clean-up)
 * then disturbed the run.
 */
export function foreignSignal(host) {
  if (!host.exit) return null;
  const sentBefore = host.signalsSent.some((s) => s.at <= host.exit.at);
  if (sentBefore) return null;
  if (host.exit.signal) return host.exit.signal;
  const line = host.stdout.marks.find((m) => /received: finishing/.test(m.line));
  return line ? (/^(\w+) received/.exec(line.line)?.[1] ?? 'a signal') : null;
}

export function describeExit(exit) {
  if (!exit) return 'still running';
  return exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
}

/** The host's last stderr lines (and stdout's, where pino writes its log lines), indented. */
export function outputTail(host, lines = 25) {
  const block = (name, tail) => {
    const text = tail.lines(lines);
    return text.length
      ? `  ${name} (last ${text.length} lines):\n${text.map((l) => `    ${l}`).join('\n')}`
      : `  ${name}: (empty)`;
  };
  return [block('stderr', host.stderr), block('stdout', host.stdout)].join('\n');
}
