import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

export type AuthAuditAction =
  | 'auth.sign_in'
  | 'auth.sign_in_failed'
  | 'auth.sign_out'
  | 'auth.act_as'
  | 'auth.oidc_linked';

export interface AuthAuditEntry {
  action: AuthAuditAction;
  at: Date;
  actorUserId: string | null;
  companyId: string | null;
  ip: string | null;
  /** Never a password, token or cookie. */
  detail: Record<string, string | number | boolean | null>;
}

export async function writeAudit(db: Kysely<Database>, entry: AuthAuditEntry): Promise<void> {
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
