import request from 'supertest';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Listener } from '../store/index.js';
import {
  followSessionChanges,
  forgetCachedSessions,
  forgetCachedUser,
  SessionCache,
  sessionCacheOf,
} from './session-cache.js';
import { sessionIdOf } from './sessions.js';
import { HOUR, MINUTE, SAME_ORIGIN, sessionTokenOf, USERS } from './test-support/auth-app.js';
import { useSeededHost } from './test-support/seeded-host.js';
import { featureStores, postgresStore, type TestStore } from '../test-support/stores.js';

const identity = (userId: string, sessionId: string) => ({
  userId,
  email: `${userId}@x.example`,
  name: userId,
  role: 'customer' as const,
  companyId: 'acme',
  contactId: null,
  sessionId,
});
const entry = (userId: string, sessionId: string) => ({
  identity: identity(userId, sessionId),
  lastSeenMs: 0,
  expiresMs: Number.MAX_SAFE_INTEGER,
  idToken: null,
});

describe('SessionCache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('serves an entry for its TTL only', () => {
    let t = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => t);
    const cache = new SessionCache(5_000, 10);
    cache.set('s1', entry('u1', 's1'), cache.generation());
    t += 4_999;
    expect(cache.get('s1')?.identity.userId).toBe('u1');
    t += 1;
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('is bounded: the entry read longest ago goes first', () => {
    const cache = new SessionCache(60_000, 3);
    for (const id of ['a', 'b', 'c', 'd']) cache.set(id, entry('u', id), cache.generation());
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')).toBeDefined();
  });

  it('does not cache a row read before an invalidation', () => {
    const cache = new SessionCache();
    const readAt = cache.generation();
    cache.delete('s1'); // e.g. a sign-out while the row was being read
    cache.set('s1', entry('u1', 's1'), readAt);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('drops every session of a user', () => {
    const cache = new SessionCache();
    cache.set('s1', entry('u1', 's1'), cache.generation());
    cache.set('s2', entry('u1', 's2'), cache.generation());
    cache.set('s3', entry('u2', 's3'), cache.generation());
    cache.deleteUser('u1');
    expect([cache.get('s1'), cache.get('s2'), cache.get('s3')?.identity.userId]).toEqual([
      undefined,
      undefined,
      'u2',
    ]);
  });

  it('caches nothing with a TTL of 0', () => {
    const cache = new SessionCache(0);
    cache.set('s1', entry('u1', 's1'), cache.generation());
    expect(cache.get('s1')).toBeUndefined();
  });
});

describe.each(featureStores)('the session cache on $name', (kind) => {
  const host = useSeededHost(kind);

  /** Signs in and makes one request, so the session is in the cache. */
  async function cachedSession(email = 'demo@acme.example'): Promise<string> {
    const token = sessionTokenOf(await host.signIn(email))!;
    expect((await host.me(token)).status).toBe(200);
    expect(sessionCacheOf(host.db).get(sessionIdOf(token))).toBeDefined();
    return token;
  }

  it('serves a cached session without the store until its TTL (another process’s changes)', async () => {
    const token = await cachedSession();
    // Revoked behind this process's back (as another host instance would): still served from the
    // cache, for at most SESSION_CACHE_TTL_MS…
    await host.db
      .updateTable('sessions')
      .set({ revoked_at: host.clock.current })
      .where('id', '=', sessionIdOf(token))
      .execute();
    expect((await host.me(token)).status).toBe(200);
    // …or until the cache is told.
    forgetCachedSessions(host.db);
    expect((await host.me(token)).status).toBe(204);
  });

  it('refuses a session signed out in this process at once', async () => {
    const token = await cachedSession();
    const out = await request(host.app)
      .post('/api/auth/logout')
      .set(SAME_ORIGIN)
      .set('Cookie', `portal_session=${token}`)
      .send({});
    expect(out.status).toBe(204);
    expect(sessionCacheOf(host.db).get(sessionIdOf(token))).toBeUndefined();
    expect((await host.me(token)).status).toBe(204);
  });

  it('refuses the session a new sign-in replaced at once', async () => {
    const first = await cachedSession();
    const second = sessionTokenOf(await host.signIn('demo@acme.example', undefined, {}, first))!;
    expect((await host.me(first)).status).toBe(204);
    expect((await host.me(second)).status).toBe(200);
  });

  it('refuses a cached session past its absolute expiry', async () => {
    const token = await cachedSession();
    for (let elapsed = 30 * MINUTE; elapsed < 12 * HOUR; elapsed += 30 * MINUTE) {
      host.clock.advance(30 * MINUTE);
      expect((await host.me(token)).status).toBe(200);
    }
    host.clock.advance(30 * MINUTE);
    const expired = await host.me(token);
    expect(expired.status).toBe(204);
    expect(expired.headers['set-cookie']?.[0]).toMatch(/^portal_session=;/);
  });

  it('refuses a cached session after its idle time, and keeps touching last_seen_at', async () => {
    const token = await cachedSession();
    const lastSeen = async () =>
      new Date(
        (
          await host.db
            .selectFrom('sessions')
            .select('last_seen_at')
            .where('id', '=', sessionIdOf(token))
            .executeTakeFirstOrThrow()
        ).last_seen_at,
      ).getTime();
    host.clock.advance(59 * MINUTE);
    expect((await host.me(token)).status).toBe(200);
    expect(await lastSeen()).toBe(host.clock.current.getTime());
    host.clock.advance(59 * MINUTE);
    expect((await host.me(token)).status).toBe(200);
    expect(await lastSeen()).toBe(host.clock.current.getTime());
    host.clock.advance(60 * MINUTE);
    expect((await host.me(token)).status).toBe(204);
  });

  it('uses the last_seen_at another process wrote before refusing a cached session as idle', async () => {
    const token = await cachedSession();
    host.clock.advance(50 * MINUTE);
    // Another host instance served the session meanwhile and touched it.
    await host.db
      .updateTable('sessions')
      .set({ last_seen_at: host.clock.current })
      .where('id', '=', sessionIdOf(token))
      .execute();
    host.clock.advance(50 * MINUTE);
    expect((await host.me(token)).status).toBe(200);
  });

  it('applies an act-as switch at once', async () => {
    const staff = await cachedSession('staff@provider.example');
    const whoami = async () =>
      (await request(host.app).get('/api/whoami').set('Cookie', `portal_session=${staff}`)).body;
    expect(await whoami()).toMatchObject({ companyId: null });
    const actAs = (companyId: string | null) =>
      request(host.app)
        .post('/api/auth/act-as')
        .set(SAME_ORIGIN)
        .set('Cookie', `portal_session=${staff}`)
        .send({ companyId });
    expect((await actAs('globex')).status).toBe(200);
    expect(await whoami()).toMatchObject({ companyId: 'globex' });
    expect((await actAs('acme')).status).toBe(200);
    expect(await whoami()).toMatchObject({ companyId: 'acme' });
    expect((await actAs(null)).status).toBe(200);
    expect(await whoami()).toMatchObject({ companyId: null });
  });

  it('refuses the sessions of a user disabled in this process once the cache is told', async () => {
    const token = await cachedSession('demo@globex.example');
    await host.db
      .updateTable('users')
      .set({ disabled_at: host.clock.current })
      .where('id', '=', USERS.globex)
      .execute();
    forgetCachedUser(host.db, USERS.globex);
    expect((await host.me(token)).status).toBe(204);
  });
});

// Several instances on one PostgreSQL (README, "Running several instances"): what another process
// writes reaches this one's cache through migration 0020's NOTIFY, and a cache whose listener is
// down serves nothing. The three-host test (cli/instances.test.ts) shows it end to end.
describe.skipIf(!postgresStore)('the session cache on PostgreSQL follows other processes', () => {
  let store: TestStore;
  let other: pg.Client;
  let following: Listener;
  const cache = () => sessionCacheOf(store.db);
  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  beforeAll(async () => {
    store = await postgresStore!.open({ seeded: {} });
    other = new pg.Client({ connectionString: store.url! });
    await other.connect();
    following = followSessionChanges(store);
    expect(cache().trusted).toBe(false);
    await until(() => cache().trusted);
  });
  afterAll(async () => {
    await following?.close();
    await other?.end();
    await store?.close();
  });

  it("drops what another process's writes name: a session, a user, everything", async () => {
    const { rows } = await other.query<{ id: string; email: string }>(
      "select id, email from users where email in ('demo@acme.example', 'demo@globex.example') order by email",
    );
    const [acme, globex] = rows.map((row) => row.id) as [string, string];
    await other.query(
      `insert into sessions (id, user_id, created_at, last_seen_at, expires_at) values
       ('s-a', $1, now(), now(), now() + interval '1 hour'), ('s-b', $1, now(), now(), now() + interval '1 hour'),
       ('s-c', $2, now(), now(), now() + interval '1 hour')`,
      [acme, globex],
    );
    const fill = () => {
      for (const [id, user] of [
        ['s-a', acme],
        ['s-b', acme],
        ['s-c', globex],
      ] as const) {
        cache().set(id, entry(user, id), cache().generation());
      }
    };
    const cached = () => ['s-a', 's-b', 's-c'].filter((id) => cache().get(id) !== undefined);
    fill();
    await other.query("update sessions set revoked_at = now() where id = 's-a'");
    await until(() => cache().get('s-a') === undefined);
    // last_seen_at moving on is no change worth a notification: the next one (s-c revoked) arrives
    // after it would have, and s-b is still there.
    await other.query("update sessions set last_seen_at = now() where id = 's-b'");
    await other.query("update sessions set revoked_at = now() where id = 's-c'");
    await until(() => cache().get('s-c') === undefined);
    expect(cached()).toEqual(['s-b']);
    fill();
    await other.query('update users set display_name = display_name where id = $1', [acme]);
    await until(() => cache().get('s-b') === undefined);
    expect(cached()).toEqual(['s-c']);
    fill();
    await other.query("delete from sessions where id = 's-a'");
    await until(() => cached().length === 0);
  });

  it('serves nothing while its listener is gone, and trusts itself again once it listens', async () => {
    cache().set('s-x', entry('u-x', 's-x'), cache().generation());
    await other.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'client-portal-host listener' and datname = current_database()",
    );
    await until(() => !cache().trusted);
    expect(cache().get('s-x')).toBeUndefined();
    cache().set('s-y', entry('u-y', 's-y'), cache().generation());
    expect(cache().get('s-y')).toBeUndefined();
    await until(() => cache().trusted);
    cache().set('s-y', entry('u-y', 's-y'), cache().generation());
    expect(cache().get('s-y')?.identity.userId).toBe('u-y');
  });
});
