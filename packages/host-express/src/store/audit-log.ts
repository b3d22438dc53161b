import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * What `audit_log` records: sign-ins and their failures, sign-outs, staff acting for a company,
 * identity-provider links, document links handed out and documents downloaded.
 */
export type AuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out'
  | 'auth.act_as'
  | 'auth.oidc_linked'
  | 'document.link_created'
  | 'document.download'
  | 'request_attachment.link_created'
  | 'request_attachment.download';

export interface AuditEntry {
  action: AuditAction;
  at: Date;
  actorUserId: string | null;
  companyId: string | null;
  ip: string | null;
  /** Ids, reasons and times only: never a password, token, cookie or signature. */
  detail: Record<string, string | number | boolean | null>;
}

/** The one writer of `audit_log`. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      actor_user_id: entry.actorUserId,
      company_id: entry.companyId,
      action: entry.action,
      detail: JSON.stringify(entry.detail),
      ip: entry.ip,
    })
    .execute();
}
