import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { RequestsSettings } from '../config/index.js';
import type { Database } from '../store/schema.js';

// Where the requests' e-mails go: an SMTP server (SMTP_URL, through nodemailer), or without one the
// store's outbox (table mail_outbox), which `client-portal-host outbox` prints from any machine that
// reaches the store — the standalone demo's mailbox. Messages older than OUTBOX_RETENTION_DAYS are
// removed by the requests' schedule.

export const OUTBOX_RETENTION_DAYS = 30;

export interface OutgoingMail {
  /** The company the message is about (a message carries one company's data). */
  companyId: string;
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

/** A message in the outbox, as the CLI prints it. */
export interface OutboxMessage {
  id: string;
  companyId: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  requestKey: string;
  text: string;
  html: string;
}

type Db = Kysely<Database>;

/** The outbox's messages, newest first. */
export async function readOutbox(db: Db, limit = 10_000): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    date: new Date(row.created_at).toISOString(),
    from: row.sender,
    to: row.recipient,
    subject: row.subject,
    requestKey: row.request_key,
    text: row.body_text,
    html: row.body_html,
  }));
}

/** Removes the outbox's messages (those created before `before`, when given); returns how many. */
export async function clearOutbox(db: Db, before?: Date): Promise<number> {
  let query = db.deleteFrom('mail_outbox');
  if (before) query = query.where('created_at', '<', before);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes messages past the retention period; for the requests' schedule. */
export function pruneOutbox(db: Db, now: Date): Promise<number> {
  return clearOutbox(db, new Date(now.getTime() - OUTBOX_RETENTION_DAYS * 86_400_000));
}

const newMessageId = () => randomBytes(12).toString('base64url');

/** The transport MAIL settings name: SMTP when SMTP_URL is set, else the outbox directory. */
export function createMailTransport(mail: RequestsSettings['mail'], db: Db): MailTransport {
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
  return {
    kind: 'outbox',
    async send(message, now) {
      const id = newMessageId();
      await db
        .insertInto('mail_outbox')
        .values({
          company_id: message.companyId,
          id,
          created_at: now,
          sender: mail.from,
          recipient: `${message.to.name} <${message.to.address}>`,
          subject: message.subject,
          request_key: message.requestKey,
          body_text: message.text,
          body_html: message.html,
        })
        .execute();
      return id;
    },
    close() {},
  };
}
