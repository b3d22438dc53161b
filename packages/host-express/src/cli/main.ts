import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, type HostConfig, loadConfig } from '../config/index.js';
import { failureMessage } from './failure-message.js';
import { CliError, type CliIo, complain, isDebug, say } from './io.js';
import { type RunningHost, startHost, stopOnSignals } from './start.js';
import { migrateCommand, seedCommand } from './store-commands.js';
import { addUser, resetPassword } from './user-commands.js';

export const USAGE = `Usage: client-portal-host <command> [options]

Commands:
  start [--demo | --no-demo] [--port <n>]
      Run the portal host: migrate the store, seed the demo data into an empty store (default on
      for the embedded store), serve /api and the portal. Stops gracefully on SIGTERM / SIGINT.
  migrate
      Bring the store to the latest schema.
  seed
      Put the demo data set into an empty store.
  user add --email <email> --name <name> [--role customer|staff] [--company <company id>]
           [--contact <contact id>] [--password <password>]
      Add a local sign-in account: a customer of a company (--company, optionally its CRM
      --contact), or provider staff. Without --password it is asked for (or read from stdin).
  user reset-password --email <email> [--password <password>]
      Set a new password and sign the user out everywhere.

Configuration comes from the environment (PORT, DATA_DIR, DATABASE_URL, AUTH_MODE, …); see the
package README. With none, the host runs on the embedded store in ./.data with demo data.`;

type Options = NonNullable<ParseArgsConfig['options']>;

const OPTIONS = {
  start: { demo: { type: 'boolean' }, 'no-demo': { type: 'boolean' }, port: { type: 'string' } },
  migrate: {},
  seed: {},
  'user add': {
    email: { type: 'string' },
    name: { type: 'string' },
    company: { type: 'string' },
    role: { type: 'string', default: 'customer' },
    contact: { type: 'string' },
    password: { type: 'string' },
  },
  'user reset-password': { email: { type: 'string' }, password: { type: 'string' } },
} satisfies Record<string, Options>;

type Command = keyof typeof OPTIONS;

function commandOf(argv: readonly string[]): { command: Command; rest: string[] } | null {
  const [first, second, ...others] = argv;
  if (first === 'user' && second) {
    const command = `user ${second}`;
    return command in OPTIONS ? { command: command as Command, rest: others } : null;
  }
  return first && first in OPTIONS && first !== 'user'
    ? { command: first as Command, rest: argv.slice(1) }
    : null;
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new CliError(`--${name} is required.`, 2);
  return value;
}

export interface MainOptions {
  /** For tests: receives the running host instead of waiting for a signal. */
  onStarted?: (running: RunningHost) => void;
}

/**
 * Runs one command and resolves with the exit code; `start` resolves once the server listens and
 * keeps the process alive until a signal stops it.
 */
export async function main(argv: readonly string[], io: CliIo, options: MainOptions = {}): Promise<number> {
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help') || argv.includes('-h')) {
    say(io, USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const parsed = commandOf(argv);
  if (!parsed) {
    complain(io, `Unknown command "${argv.join(' ')}".\n\n${USAGE}`);
    return 2;
  }
  let config: HostConfig | null = null;
  try {
    const values = parseArgs({
      args: parsed.rest,
      options: OPTIONS[parsed.command] as Options,
      strict: true,
      allowPositionals: false,
    }).values as Record<string, string | boolean | undefined>;
    const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
    const env = { ...io.env };
    if (parsed.command === 'start' && values.port !== undefined) env.PORT = text('port');
    config = loadConfig(env, { cwd: io.cwd });

    switch (parsed.command) {
      case 'start': {
        if (values.demo && values['no-demo']) throw new CliError('Use either --demo or --no-demo.', 2);
        const demo = values.demo ? true : values['no-demo'] ? false : undefined;
        const running = await startHost({ config, io, ...(demo === undefined ? {} : { demo }) });
        if (options.onStarted) options.onStarted(running);
        else stopOnSignals(running, io);
        return 0;
      }
      case 'migrate':
        await migrateCommand(config, io);
        return 0;
      case 'seed':
        await seedCommand(config, io);
        return 0;
      case 'user add': {
        const role = required(values, 'role');
        if (role !== 'customer' && role !== 'staff')
          throw new CliError('--role must be customer or staff.', 2);
        await addUser(config, io, {
          email: required(values, 'email'),
          name: required(values, 'name'),
          role,
          company: text('company'),
          contact: text('contact'),
          password: text('password'),
        });
        return 0;
      }
      case 'user reset-password':
        await resetPassword(config, io, {
          email: required(values, 'email'),
          password: text('password'),
        });
        return 0;
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      complain(io, error.message);
      return 2;
    }
    if (error instanceof CliError) {
      complain(io, error.message);
      return error.exitCode;
    }
    // parseArgs reports unknown or malformed options with these codes.
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      complain(io, `${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    // Anything else (the store, the port, a migration): one line saying what to fix, no stack.
    complain(io, failureMessage(error, { command: parsed.command, config }));
    if (isDebug(io)) complain(io, error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  }
}
