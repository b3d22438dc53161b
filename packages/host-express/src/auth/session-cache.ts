import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { PortalIdentity } from './identity.js';
import type { Listener, Store } from '../store/index.js';
import type { Database } from '../store/schema.js';

/**
 * In-process cache of session rows (joined with their user), so a request with a session cookie
 * costs no SQL round trip while its entry is fresh (on PostgreSQL at 32 connections it is most of
 * the throughput of a light route: see the package README, "Running several instances").
 *
 * What it may serve, and for how long:
 * - Only rows that were live when read (not revoked, user not disabled). Expiry (absolute and idle)
 *   is NOT cached: `findLiveSession` checks it against the cached row at every request, and a row
 *   that fails the check is read again from the store before the request is refused.
 * - An entry is served for at most `SESSION_CACHE_TTL_MS` after it was read.
 * - Changes made through this process's own functions take effect at once: `revokeSession`,
 *   `revokeUserSessions` and `setActingCompany` drop the entries they touch, and
 *   `forgetCachedUser` / `forgetCachedSessions` are for any other in-process change of a user.
 * - Changes made by ANOTHER process (another host instance on the same PostgreSQL, the CLI's
 *   `user reset-password`, SQL by hand) take effect before that process's next request: triggers
 *   (migration 0020) send `pg_notify('portal_sessions', …)` when a session is revoked or switches
 *   company, a user or a contact's company changes, or sessions are deleted, and
 *   `followSessionChanges` drops what they name as the notification arrives (PostgreSQL delivers
 *   it at commit, before the writer answers its client). On PostgreSQL the cache serves entries
 *   only while that listener is connected: until it listens, and from the moment its connection is
 *   lost until it listens again, every request reads its session from the store. The embedded
 *   store belongs to one process (its lock), so there every change is made in-process.
 *
 * The cache belongs to the Kysely instance (one per store), so every auth context of one store in
 * this process shares it and sees the others' invalidations.
 */
export const SESSION_CACHE_TTL_MS = 5_000;

/** Bounded: beyond this many sessions, the least recently used go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

export interface CachedSession {
  readonly identity: Readonly<PortalIdentity>;
  /** The raw values of the row, as read (plus last_seen_at writes from this process). */
  lastSeenMs: number;
  readonly expiresMs: number;
  readonly idToken: string | null;
}

/**
 * Fresh session rows by session id: each served for `ttlMs` after it was read, at most `maxEntries`
 * of them (the least recently used go first).
 */
export class SessionCache {
  readonly #entries: LRUCache<string, CachedSession> | null;
  /** Bumped by every invalidation: a read that started before one must not be cached. */
  #generation = 0;
  /** False while changes made elsewhere could go unnoticed (PostgreSQL without its listener). */
  #trusted = true;

  constructor(
    readonly ttlMs = SESSION_CACHE_TTL_MS,
    readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {
    // ttlResolution 0: expiry is checked against the clock at every read, not a clock cached for 1 ms.
    this.#entries = ttlMs > 0 ? new LRUCache({ max: maxEntries, ttl: ttlMs, ttlResolution: 0 }) : null;
  }

  get size(): number {
    return this.#entries?.size ?? 0;
  }

  /** The fresh entry for this session id, or undefined (a stale one is dropped). */
  get(id: string): CachedSession | undefined {
    const entries = this.#entries;
    if (!this.#trusted) return undefined;
    const session = entries?.get(id);
    // lru-cache serves an entry until its age exceeds the TTL; it is served for less than the TTL here.
    if (!entries || session === undefined || entries.getRemainingTTL(id) > 0) return session;
    entries.delete(id);
    return undefined;
  }

  /** A token to pass to `set` after reading the row: the row is cached only if nothing was invalidated meanwhile. */
  generation(): number {
    return this.#generation;
  }

  set(id: string, session: CachedSession, readAtGeneration: number): void {
    if (readAtGeneration !== this.#generation || !this.#trusted) return;
    this.#entries?.set(id, session);
  }

  delete(id: string): void {
    this.#generation++;
    this.#entries?.delete(id);
  }

  deleteUser(userId: string): void {
    this.#generation++;
    const entries = this.#entries;
    if (!entries) return;
    for (const [id, session] of entries.entries()) {
      if (session.identity.userId === userId) entries.delete(id);
    }
  }

  clear(): void {
    this.#generation++;
    this.#entries?.clear();
  }

  /**
   * Whether entries may be served: false drops them all and serves none until true again (a read
   * that started before either change is not cached).
   */
  set trusted(trusted: boolean) {
    this.clear();
    this.#trusted = trusted;
  }

  get trusted(): boolean {
    return this.#trusted;
  }
}

/** The channel of migration 0020's triggers. */
export const SESSION_CHANNEL = 'portal_sessions';

/**
 * What a notification on SESSION_CHANNEL names: `s:<session id>`, `u:<user id>`, or `*` (anything:
 * a contact moved company, sessions deleted).
 */
export function applySessionChange(cache: SessionCache, payload: string): void {
  if (payload.startsWith('s:')) cache.delete(payload.slice(2));
  else if (payload.startsWith('u:')) cache.deleteUser(payload.slice(2));
  else cache.clear();
}

/**
 * PostgreSQL: keeps this process's session cache in step with every other process on the store
 * (see the comment at the top). Without a way to listen the cache is never trusted. Returns what
 * stops following (the host's close).
 */
export function followSessionChanges(store: Store): Listener {
  const cache = sessionCacheOf(store.db);
  if (store.kind !== 'postgres') return { close: async () => {} };
  cache.trusted = false;
  if (!store.listen) return { close: async () => {} };
  return store.listen(SESSION_CHANNEL, {
    onNotification: (payload) => applySessionChange(cache, payload),
    onListening: (listening) => {
      cache.trusted = listening;
    },
  });
}

const caches = new WeakMap<Kysely<Database>, SessionCache>();

/** The session cache of this store (Kysely instance). */
export function sessionCacheOf(db: Kysely<Database>): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Call after changing a user in the store by other means than the auth module (role, company,
 * contact, disabled_at, password): their sessions are read from the store again at the next request.
 */
export function forgetCachedUser(db: Kysely<Database>, userId: string): void {
  caches.get(db)?.deleteUser(userId);
}

/** Drops every cached session of this store (e.g. after bulk changes to users or sessions). */
export function forgetCachedSessions(db: Kysely<Database>): void {
  caches.get(db)?.clear();
}
