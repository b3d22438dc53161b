// The run of a benchmark from its command line (bench/host.mjs, bench/faults.mjs): options, exit
// codes, the host's environment, the machine, the results file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, platform, release, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { BrokenError, MB, UsageError } from './common.mjs';
import { benchDir } from './paths.mjs';

/**
 * The command line's `options` and those every benchmark has (--database-url, --log-level,
 * --no-json, -h/--help); prints `usage` and exits on --help.
 */
export function parseCommandLine(options, usage) {
  const { values } = parseArgs({
    options: {
      ...options,
      'database-url': { type: 'string' },
      'log-level': { type: 'string' },
      'no-json': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}

/** The options `parse` returns; on a bad command line, the error and `usage`, and exit code 2. */
export function optionsOrExit(parse, usage) {
  try {
    return parse();
  } catch (error) {
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
}

/**
 * Sets the exit code `run` resolves with. When it throws: `cleanUp()`, then the error (its stack
 * unless it is a BrokenError or UsageError), exit code 1 (2 for a UsageError).
 */
export function exitWith(run, cleanUp) {
  run.then(
    (code) => {
      process.exitCode = code;
    },
    async (error) => {
      await cleanUp();
      console.error(
        `\n✗ ${error instanceof BrokenError || error instanceof UsageError ? error.message : (error?.stack ?? error)}`,
      );
      process.exitCode = error instanceof UsageError ? 2 : 1;
    },
  );
}

/** A numeric option given as `raw` (flag or environment variable), else `fallback`; at least `min`. */
export function numberOption(name, raw, fallback, min) {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min)
    throw new UsageError(`--${name} must be a number ≥ ${min} (got "${raw}")`);
  return n;
}

/**
 * The environment of the host's child processes: this process's without any host setting
 * (`configVariables`, the host's CONFIG_VARIABLES) and NODE_ENV production unless set; and the
 * settings given as BENCH_HOST_<NAME>, to pass on as <NAME>.
 */
export function hostEnvironment(configVariables) {
  const baseEnv = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  for (const name of configVariables) delete baseEnv[name];
  const passedHostEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('BENCH_HOST_') && value !== undefined)
      passedHostEnv[name.slice('BENCH_HOST_'.length)] = value;
  }
  return { baseEnv, passedHostEnv };
}

// ── The machine and the results file ────────────────────────────────────────────────────────────

/** The machine, for the first lines: `Node <version> on <platform>, <n> × <CPU model>`. */
export const machineLine = () =>
  `Node ${process.version} on ${platform()} ${release()}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`;

/** The machine, for the results file. */
export const machineInfo = () => ({
  node: process.version,
  platform: `${platform()} ${release()}`,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model ?? null,
  totalMemMb: Math.round(totalmem() / MB),
});

/** Writes `json` to bench/results/<name>-<startedAt>.json; returns the file's path for the output. */
export function writeResults(name, startedAt, json) {
  const dir = join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt
    .toISOString()
    .replace(/[:]/g, '-')
    .replace(/\.\d+Z$/, 'Z');
  const file = join(dir, `${name}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  return relative(process.cwd(), file) || file;
}
