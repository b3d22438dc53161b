import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, type HostConfig, loadConfig } from '../config/index.js';
import { failureMessage } from './failure-message.js';
import { CliError, type CliIo, complain, isDebug, say } from './io.js';
import { type RunningHost, startHost, stopOnSignals } from './start.js';
import {
  addWebhookCommand,
  createTokenCommand,
  listTokensCommand,
  removeWebhookCommand,
  revokeTokenCommand,
} from './ingest-commands.js';
import { addCheckInCommand, listCheckInsCommand } from './check-in-commands.js';
import { outboxCommand } from './outbox-commands.js';
import { migrateCommand, seedCommand } from './store-commands.js';
import { type SyncCommandInput, syncCommand } from './sync-commands.js';
import { addUser, resetPassword, setCompanyAdmin } from './user-commands.js';

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
  user admin --email <email> [--revoke]
      Make a customer their company's admin (sees every request of the company, approves
      changes of scope or hours, reads the history, exports as CSV); --revoke makes them a
      member again.
  ingest-token create --company <company id> --project <project key> --name <name>
      Create a token for CI or an incident tool to send one project's deployments, pull requests,
      incidents and pushes (POST /api/ingest/*). The token is printed once; only its hash is kept.
  ingest-token list [--company <company id>]
      List the tokens (never their secrets): project, created, last used, revoked.
  ingest-token revoke <token id>
      Refuse a token from now on.
  github-webhook add --company <company id> --target-type repository|organization|integration
                     --target-id <id> [--secret-stdin]
      Register a GitHub webhook (POST /api/webhooks/github) of a repository, organization or App
      for the company. Its secret is generated and printed once, or read from stdin.
  github-webhook remove --target-type <type> --target-id <id>
      Refuse the webhook's deliveries from now on.
  sync [--source hubspot|github|jira|ai] [--since <date>]
      Fill the store from the configured vendor systems now (HUBSPOT_*, GITHUB_*, JIRA_*, and
      WINDSURF_*/COPILOT_*/CURSOR_* for ai), each from where its last run stopped, or from
      --since; prints each page as it is stored and a summary. Exits 1 when a source or scope
      failed (the others still sync). \`start\` also runs them on a schedule (SYNC_SCHEDULE_*).
  sync --status [--source <source>]
      Each source's schedule, last scheduled run, and per scope its last run, last success,
      cursor, counts and last error.
  outbox [--limit <n>] [--clear]
      Without SMTP_URL, the requests' e-mails are kept in the store's outbox: print them, newest
      first (default 20), or remove them all.
  check-ins add --company <company id> --title <title> --every 1|3|6|12 --from <date>
                [--type <request type>]
      Add a recurring check-in (e.g. a quarterly review): the requests' schedule opens a request
      for the company on --from, then every --every months.
  check-ins list [--company <company id>]
      List the recurring check-ins and their next dates.

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
  'user admin': { email: { type: 'string' }, revoke: { type: 'boolean' } },
  'ingest-token create': {
    company: { type: 'string' },
    project: { type: 'string' },
    name: { type: 'string' },
  },
  'ingest-token list': { company: { type: 'string' } },
  'ingest-token revoke': {},
  'github-webhook add': {
    company: { type: 'string' },
    'target-type': { type: 'string' },
    'target-id': { type: 'string' },
    'secret-stdin': { type: 'boolean' },
  },
  'github-webhook remove': { 'target-type': { type: 'string' }, 'target-id': { type: 'string' } },
  sync: { source: { type: 'string' }, since: { type: 'string' }, status: { type: 'boolean' } },
  outbox: { limit: { type: 'string' }, clear: { type: 'boolean' } },
  'check-ins add': {
    company: { type: 'string' },
    title: { type: 'string' },
    every: { type: 'string' },
    from: { type: 'string' },
    type: { type: 'string' },
  },
  'check-ins list': { company: { type: 'string' } },
} satisfies Record<string, Options>;

/** Commands of two words: `user add`, `ingest-token create`, … */
const GROUPS = new Set(['user', 'ingest-token', 'github-webhook', 'check-ins']);
/** Commands that take one positional argument (the rest take options only). */
const POSITIONAL: Partial<Record<string, string>> = { 'ingest-token revoke': '<token id>' };

type Command = keyof typeof OPTIONS;

function commandOf(argv: readonly string[]): { command: Command; rest: string[] } | null {
  const [first, second, ...others] = argv;
  if (first && GROUPS.has(first)) {
    const command = `${first} ${second}`;
    return second && command in OPTIONS ? { command: command as Command, rest: others } : null;
  }
  return first && first in OPTIONS ? { command: first as Command, rest: argv.slice(1) } : null;
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new CliError(`--${name} is required.`, 2);
  return value;
}

export interface MainOptions {
  /** For tests: receives the running host instead of waiting for a signal. */
  onStarted?: (running: RunningHost) => void;
  /** For tests: the connectors' retry timings. */
  sync?: Pick<SyncCommandInput, 'connectors'>;
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
    const args = parseArgs({
      args: parsed.rest,
      options: OPTIONS[parsed.command] as Options,
      strict: true,
      allowPositionals: POSITIONAL[parsed.command] !== undefined,
    });
    const values = args.values as Record<string, string | boolean | undefined>;
    const positional = POSITIONAL[parsed.command];
    if (positional && args.positionals.length !== 1) {
      throw new CliError(`Usage: client-portal-host ${parsed.command} ${positional}`, 2);
    }
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
      case 'user admin':
        await setCompanyAdmin(config, io, {
          email: required(values, 'email'),
          revoke: values.revoke === true,
        });
        return 0;
      case 'ingest-token create':
        await createTokenCommand(config, io, {
          company: required(values, 'company'),
          project: required(values, 'project'),
          name: required(values, 'name'),
        });
        return 0;
      case 'ingest-token list':
        await listTokensCommand(config, io, { company: text('company') });
        return 0;
      case 'ingest-token revoke':
        await revokeTokenCommand(config, io, args.positionals[0]!);
        return 0;
      case 'github-webhook add':
        await addWebhookCommand(config, io, {
          company: required(values, 'company'),
          targetType: required(values, 'target-type'),
          targetId: required(values, 'target-id'),
          secretStdin: values['secret-stdin'] === true,
        });
        return 0;
      case 'sync':
        return await syncCommand(config, io, {
          source: text('source'),
          since: text('since'),
          status: values.status === true,
          ...options.sync,
        });
      case 'outbox':
        await outboxCommand(config, io, { limit: text('limit'), clear: values.clear === true });
        return 0;
      case 'check-ins add':
        await addCheckInCommand(config, io, {
          company: required(values, 'company'),
          title: required(values, 'title'),
          every: required(values, 'every'),
          from: required(values, 'from'),
          type: text('type'),
        });
        return 0;
      case 'check-ins list':
        await listCheckInsCommand(config, io, { company: text('company') });
        return 0;
      case 'github-webhook remove':
        await removeWebhookCommand(config, io, {
          targetType: required(values, 'target-type'),
          targetId: required(values, 'target-id'),
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
