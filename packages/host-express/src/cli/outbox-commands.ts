import type { HostConfig } from '../config/index.js';
import { clearOutbox, readOutbox } from '../requests/outbox.js';
import { migrateToLatest } from '../store/index.js';
import { CliError, type CliIo, say } from './io.js';
import { withStore } from './store-commands.js';

/** `client-portal-host outbox`: the e-mails kept in the store's outbox because SMTP_URL is not set. */

export interface OutboxCommandInput {
  limit?: string | undefined;
  clear?: boolean;
}

export const DEFAULT_OUTBOX_LIMIT = 20;

function parseLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_OUTBOX_LIMIT;
  const limit = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(limit) || limit < 1 || limit > 10_000) {
    throw new CliError(`--limit must be a whole number from 1 to 10000 (got "${value.slice(0, 40)}").`, 2);
  }
  return limit;
}

/** Prints the newest messages first (their text part), or empties the outbox with --clear. */
export async function outboxCommand(config: HostConfig, io: CliIo, input: OutboxCommandInput): Promise<void> {
  if (config.requests.mail.smtpUrl) {
    throw new CliError(
      'SMTP_URL is set: the requests’ e-mails go to the SMTP server, and nothing is kept in the outbox.',
      2,
    );
  }
  if (input.clear && input.limit !== undefined) throw new CliError('--limit does not go with --clear.', 2);
  const limit = input.clear ? 0 : parseLimit(input.limit);
  await withStore(config, async (store) => {
    await migrateToLatest(store.db);
    if (input.clear) {
      const removed = await clearOutbox(store.db);
      say(io, `Removed ${removed} message${removed === 1 ? '' : 's'} from the outbox.`);
      return;
    }
    const messages = await readOutbox(store.db, limit);
    if (messages.length === 0) {
      say(io, 'The outbox is empty.');
      return;
    }
    say(io, `The outbox, newest first (${messages.length} shown):`);
    for (const message of messages) {
      say(io);
      say(io, `── ${message.date}  ${message.requestKey}`);
      say(io, `From:    ${message.from}`);
      say(io, `To:      ${message.to}`);
      say(io, `Subject: ${message.subject}`);
      say(io);
      for (const line of message.text.split('\n')) say(io, `  ${line}`);
    }
  });
}
