import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { INGEST_TOKEN_PATTERN } from '@client-portal/api-client';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { IngestScope } from './index.js';

/*
 * Per-project ingest tokens: `cpi_<id>_<secret>`. The token is shown once, when it is created; the
 * store keeps the id and the SHA-256 (hex) of the secret, so a leaked database holds no usable
 * token. A secret of 256 random bits needs no slow hash: nobody can guess it from its digest.
 */

/** `last_used_at` is written at most this often per token: ingest traffic must not become writes. */
export const LAST_USED_EVERY_MS = 60_000;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** A digest nothing matches, compared against when the token id is unknown (same work either way). */
const NO_TOKEN_HASH = sha256Hex('no such token');

export interface CreatedIngestToken {
  id: string;
  /** The whole token: printed once, never stored. */
  token: string;
}

/** A new token for one project of one company. */
export async function createIngestToken(
  db: Kysely<Database>,
  input: { companyId: string; projectId: string; name: string },
  now: Date = new Date(),
): Promise<CreatedIngestToken> {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('hex');
  await db
    .insertInto('ingest_tokens')
    .values({
      id,
      company_id: input.companyId,
      project_id: input.projectId,
      name: input.name,
      secret_hash: sha256Hex(secret),
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  return { id, token: `cpi_${id}_${secret}` };
}

export type TokenCheck =
  | { ok: true; tokenId: string; scope: IngestScope }
  | { ok: false; reason: 'missing' | 'malformed' | 'unknown' | 'revoked' };

/**
 * Checks an `Authorization` header: a bearer ingest token whose secret matches (constant-time
 * comparison of the digests) and that is not revoked. The token alone decides the scope. A valid
 * use stamps `last_used_at` when the last stamp is a minute old or more.
 */
export async function checkIngestToken(
  db: Kysely<Database>,
  authorization: string | undefined,
  now: Date = new Date(),
): Promise<TokenCheck> {
  if (!authorization) return { ok: false, reason: 'missing' };
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  const parts = bearer ? INGEST_TOKEN_PATTERN.exec(bearer[1]!) : null;
  if (!parts) return { ok: false, reason: 'malformed' };
  const [, id, secret] = parts as unknown as [string, string, string];
  const row = await db
    .selectFrom('ingest_tokens')
    .select(['id', 'company_id', 'project_id', 'secret_hash', 'last_used_at', 'revoked_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  const expected = Buffer.from(row?.secret_hash ?? NO_TOKEN_HASH, 'hex');
  const given = Buffer.from(sha256Hex(secret), 'hex');
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  if (!row || !matches) return { ok: false, reason: 'unknown' };
  if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
  const stale = row.last_used_at === null || now.getTime() - row.last_used_at.getTime() >= LAST_USED_EVERY_MS;
  if (stale) {
    const before = new Date(now.getTime() - LAST_USED_EVERY_MS);
    // Conditional, so concurrent requests stamp once.
    await db
      .updateTable('ingest_tokens')
      .set({ last_used_at: now })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<=', before)]))
      .execute();
  }
  return { ok: true, tokenId: id, scope: { companyId: row.company_id, projectId: row.project_id } };
}

export interface IngestTokenRow {
  id: string;
  companyId: string;
  projectId: string;
  /** The project's Jira key, when it has one. */
  projectKey: string | null;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** Every token (of one company, when given), newest first; never a secret. */
export async function listIngestTokens(db: Kysely<Database>, companyId?: string): Promise<IngestTokenRow[]> {
  let query = db
    .selectFrom('ingest_tokens as t')
    .innerJoin('projects as p', (join) =>
      join.onRef('p.company_id', '=', 't.company_id').onRef('p.id', '=', 't.project_id'),
    )
    .select([
      't.id',
      't.company_id',
      't.project_id',
      'p.jira_key',
      't.name',
      't.created_at',
      't.last_used_at',
      't.revoked_at',
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id');
  if (companyId !== undefined) query = query.where('t.company_id', '=', companyId);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    companyId: r.company_id,
    projectId: r.project_id,
    projectKey: r.jira_key,
    name: r.name,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    revokedAt: r.revoked_at,
  }));
}

/** Revokes a token: refused from now on. False when there is no such token or it was revoked already. */
export async function revokeIngestToken(
  db: Kysely<Database>,
  id: string,
  now: Date = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('ingest_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
