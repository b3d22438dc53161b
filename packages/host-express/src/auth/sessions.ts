import { hash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { PortalIdentity } from './identity.js';
import type { Database } from '../store/schema.js';
import { type CachedSession, sessionCacheOf } from './session-cache.js';

/** Server-side session rows. The cookie carries a random token; the row id is its SHA-256. */

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sessionIdOf(token: string): string {
  // One-shot hash: no Hash object per request (this runs for every request with a cookie).
  return hash('sha256', token, 'hex');
}

export interface SessionLifetimes {
  idleMinutes: number;
  absoluteHours: number;
}

export interface StartedSession {
  token: string;
  id: string;
  expiresAt: Date;
}

export async function startSession(
  db: Kysely<Database>,
  input: { userId: string; now: Date; ip: string | null; userAgent: string | null; idToken?: string | null },
  lifetimes: SessionLifetimes,
): Promise<StartedSession> {
  const token = newSessionToken();
  const id = sessionIdOf(token);
  const expiresAt = new Date(input.now.getTime() + lifetimes.absoluteHours * 3_600_000);
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: input.userId,
      acting_company_id: null,
      created_at: input.now,
      last_seen_at: input.now,
      expires_at: expiresAt,
      revoked_at: null,
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 512) ?? null,
      id_token: input.idToken ?? null,
    })
    .execute();
  return { token, id, expiresAt };
}

export interface LiveSession {
  identity: PortalIdentity;
  lastSeenAt: Date;
  expiresAt: Date;
  idToken: string | null;
}

/** Whether a session row (as read, or cached) is still within its absolute and idle lifetimes at `now`. */
function withinLifetimes(session: CachedSession, nowMs: number, lifetimes: SessionLifetimes): boolean {
  return session.expiresMs > nowMs && session.lastSeenMs + lifetimes.idleMinutes * 60_000 > nowMs;
}

function liveSessionOf(session: CachedSession): LiveSession {
  return {
    identity: session.identity,
    lastSeenAt: new Date(session.lastSeenMs),
    expiresAt: new Date(session.expiresMs),
    idToken: session.idToken,
  };
}

/**
 * The session with this id if it is still live at `now`: not revoked, not past its absolute expiry,
 * used within the idle window, and its user not disabled.
 *
 * Served from the store's in-process session cache (./session-cache.ts) when it holds a fresh entry
 * that is still within its lifetimes; otherwise (missing, stale, or out of its lifetimes by the
 * cached last_seen_at, which another process may have moved on) the row is read from the store.
 * `identity` is shared between requests: treat it as read-only.
 */
export async function findLiveSession(
  db: Kysely<Database>,
  id: string,
  now: Date,
  lifetimes: SessionLifetimes,
): Promise<LiveSession | null> {
  const nowMs = now.getTime();
  const cache = sessionCacheOf(db);
  const cached = cache.get(id);
  if (cached && withinLifetimes(cached, nowMs, lifetimes)) return liveSessionOf(cached);
  const generation = cache.generation();
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('contacts as c', 'c.id', 'u.contact_id')
    .select([
      's.id as sessionId',
      's.acting_company_id as actingCompanyId',
      's.last_seen_at as lastSeenAt',
      's.expires_at as expiresAt',
      's.revoked_at as revokedAt',
      's.id_token as idToken',
      'u.id as userId',
      'u.email as email',
      'u.display_name as name',
      'u.role as role',
      'u.company_id as userCompanyId',
      'u.contact_id as contactId',
      'u.disabled_at as disabledAt',
      'c.company_id as contactCompanyId',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row || row.revokedAt || row.disabledAt) {
    cache.delete(id);
    return null;
  }
  const staff = row.role === 'staff';
  const session: CachedSession = {
    identity: Object.freeze({
      userId: row.userId,
      email: row.email,
      name: row.name,
      role: row.role,
      companyId: staff ? row.actingCompanyId : (row.userCompanyId ?? row.contactCompanyId ?? null),
      contactId: staff ? null : row.contactId,
      sessionId: row.sessionId,
    }),
    lastSeenMs: new Date(row.lastSeenAt).getTime(),
    expiresMs: new Date(row.expiresAt).getTime(),
    idToken: row.idToken,
  };
  if (!withinLifetimes(session, nowMs, lifetimes)) {
    cache.delete(id);
    return null;
  }
  cache.set(id, session, generation);
  return liveSessionOf(session);
}

export async function touchSession(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  // Recorded first, so the concurrent requests of one session do not all write it.
  const cached = sessionCacheOf(db).get(id);
  if (cached && cached.lastSeenMs < now.getTime()) cached.lastSeenMs = now.getTime();
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Marks the session revoked; returns its user and ID token, or null when it was already gone. */
export async function revokeSession(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<{ userId: string; idToken: string | null } | null> {
  sessionCacheOf(db).delete(id);
  const row = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(['user_id as userId', 'id_token as idToken'])
    .executeTakeFirst();
  // Again: a request that read the row meanwhile must not cache it as live.
  sessionCacheOf(db).delete(id);
  return row ?? null;
}

export async function setActingCompany(
  db: Kysely<Database>,
  id: string,
  companyId: string | null,
): Promise<void> {
  sessionCacheOf(db).delete(id);
  await db.updateTable('sessions').set({ acting_company_id: companyId }).where('id', '=', id).execute();
  // Again: a request that read the row meanwhile must not keep the old company in the cache.
  sessionCacheOf(db).delete(id);
}

/**
 * Revokes every live session of a user (password reset, account disabled); returns how many.
 * Pass the store's Kysely instance or a transaction of it (`cacheOf`: the store's, for the cache).
 */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  cacheOf: Kysely<Database> = db,
): Promise<number> {
  sessionCacheOf(cacheOf).deleteUser(userId);
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  sessionCacheOf(cacheOf).deleteUser(userId);
  return Number(result.numUpdatedRows);
}

/** Deletes sessions that ended more than a day ago; for a periodic job. */
export async function pruneSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('revoked_at', '<', dayAgo)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
