import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/**
 * Audit entries of documents in `audit_log` (auth/audit.ts's writeAudit only takes auth actions).
 * `document.link_created`: a signed link was handed out; `document.download`: its bytes were sent.
 */
export interface DocumentAuditEntry {
  action: 'document.link_created' | 'document.download';
  at: Date;
  actorUserId: string;
  companyId: string;
  ip: string | null;
  /** Ids and the key id only: never the signature. */
  detail: { documentId: string; kid: string; expiresAt: string; method?: string };
}

export async function writeDocumentAudit(db: Kysely<Database>, entry: DocumentAuditEntry): Promise<void> {
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
