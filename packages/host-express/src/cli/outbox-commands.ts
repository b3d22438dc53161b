import type { HostConfig } from '../config/index.js';
import { clearOutbox, readOutbox } from '../requests/outbox.js';
import { CliError, type CliIo, say } from './io.js';

/** `client-portal-host outbox`: the e-mails the requests' schedule wrote to the local outbox (no SMTP_URL). */

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
  const dir = config.requests.mail.outboxDir;
  if (!dir) {
    throw new CliError(
      'SMTP_URL is set: the requests’ e-mails go to the SMTP server, and there is no local outbox.',
      2,
    );
  }
  if (input.clear) {
    if (input.limit !== undefined) throw new CliError('--limit does not go with --clear.', 2);
    const removed = await clearOutbox(dir);
    say(io, `Removed ${removed} message${removed === 1 ? '' : 's'} from ${dir}.`);
    return;
  }
  const limit = parseLimit(input.limit);
  const messages = await readOutbox(dir, limit);
  if (messages.length === 0) {
    say(io, `The outbox (${dir}) is empty.`);
    return;
  }
  say(io, `The outbox (${dir}), newest first (${messages.length} shown):`);
  for (const message of messages) {
    say(io);
    say(io, `── ${message.date}  ${message.requestKey}`);
    say(io, `From:    ${message.from}`);
    say(io, `To:      ${message.to}`);
    say(io, `Subject: ${message.subject}`);
    say(io);
    for (const line of message.text.split('\n')) say(io, `  ${line}`);
  }
}
