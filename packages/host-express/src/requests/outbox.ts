import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { RequestsSettings } from '../config/index.js';

// Where the requests' e-mails go: an SMTP server (SMTP_URL, through nodemailer), or without one a
// local outbox — one JSON file per message under DATA_DIR/outbox, which `client-portal-host outbox`
// prints (the standalone demo's mailbox).

export interface OutgoingMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The request's key, kept with an outbox message so the CLI can name it. */
  requestKey: string;
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  /** Resolves with the message id; rejects when the message could not be handed over. */
  send(mail: OutgoingMail, now: Date): Promise<string>;
  close(): void;
}

/** A message in the local outbox, as the CLI prints it. */
export interface OutboxMessage {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  requestKey: string;
  text: string;
  html: string;
}

const OUTBOX_FILE = /^\d{8}T\d{9}Z-[A-Za-z0-9_-]{8,}\.json$/;

/** The file name: the time first, so names sort oldest to newest. */
function outboxName(now: Date, id: string): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${id}.json`;
}

/** Writes one message into the outbox directory (created when missing); under a temporary name first. */
export async function writeOutboxMessage(dir: string, message: OutboxMessage, now: Date): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, outboxName(now, message.id));
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await writeFile(partial, `${JSON.stringify(message, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, file);
  return file;
}

/** The outbox's messages, newest first; [] when it does not exist yet. */
export async function readOutbox(dir: string, limit = Number.POSITIVE_INFINITY): Promise<OutboxMessage[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names
    .filter((name) => OUTBOX_FILE.test(name))
    .sort()
    .reverse()
    .slice(0, limit);
  const messages: OutboxMessage[] = [];
  for (const name of files) {
    try {
      messages.push(JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMessage);
    } catch {
      // Removed meanwhile (--clear from another shell): skipped.
    }
  }
  return messages;
}

/** Removes the outbox's messages; returns how many. */
export async function clearOutbox(dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const files = names.filter((name) => OUTBOX_FILE.test(name));
  for (const name of files) await rm(join(dir, name), { force: true });
  return files.length;
}

const newMessageId = () => randomBytes(12).toString('base64url');

/** The transport MAIL settings name: SMTP when SMTP_URL is set, else the outbox directory. */
export function createMailTransport(mail: RequestsSettings['mail']): MailTransport {
  if (mail.smtpUrl) {
    const smtp = nodemailer.createTransport(mail.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        const info = await smtp.sendMail({
          from: mail.from,
          to: { name: message.to.name, address: message.to.address },
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: { 'Auto-Submitted': 'auto-generated', 'X-Portal-Request': message.requestKey },
        });
        return info.messageId;
      },
      close: () => smtp.close(),
    };
  }
  const dir = mail.outboxDir;
  if (!dir) throw new Error('Neither SMTP_URL nor an outbox directory is configured.');
  return {
    kind: 'outbox',
    async send(message, now) {
      const id = newMessageId();
      await writeOutboxMessage(
        dir,
        {
          id,
          date: now.toISOString(),
          from: mail.from,
          to: `${message.to.name} <${message.to.address}>`,
          subject: message.subject,
          requestKey: message.requestKey,
          text: message.text,
          html: message.html,
        },
        now,
      );
      return id;
    },
    close() {},
  };
}
