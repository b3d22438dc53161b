import type { Kysely } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../store/schema.js';
import {
  type AuthTestApp,
  buildAuthApp,
  PASSWORD,
  SAME_ORIGIN,
  seedAccounts,
  TestClock,
} from './auth-app.js';
import { emptyAuthTables } from './auth-tables.js';
import type { TestStore, TestStoreKind } from '../../test-support/stores.js';

/** One store per test file, emptied and seeded before each test, with a fresh clock and host. */
export interface SeededHost {
  db: Kysely<Database>;
  clock: TestClock;
  app: AuthTestApp['app'];
  /** POST /api/auth/login from the portal page (same origin). */
  signIn(email: string, password?: string, extra?: Record<string, unknown>, cookie?: string): request.Test;
  /** GET /api/auth/me, with the session token when given. */
  me(token?: string): request.Test;
  /** The audit rows, oldest first. */
  audit(): Promise<
    {
      action: string;
      actor_user_id: string | null;
      company_id: string | null;
      detail: Record<string, unknown>;
    }[]
  >;
}

export function useSeededHost(kind: TestStoreKind): SeededHost {
  let store: TestStore | undefined;
  const host = {
    signIn(email, password = PASSWORD, extra = {}, cookie) {
      const req = request(host.app).post('/api/auth/login').set(SAME_ORIGIN);
      if (cookie) req.set('Cookie', `portal_session=${cookie}`);
      return req.send({ email, password, ...extra });
    },
    me(token) {
      const req = request(host.app).get('/api/auth/me');
      return token ? req.set('Cookie', `portal_session=${token}`) : req;
    },
    audit: () =>
      host.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'company_id', 'detail'])
        .orderBy('id')
        .execute(),
  } as SeededHost;
  beforeAll(async () => {
    store = await kind.open();
    host.db = store.db;
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await emptyAuthTables(host.db);
    await seedAccounts(host.db);
    host.clock = new TestClock();
    host.app = buildAuthApp(host.db, host.clock).app;
  });
  return host;
}
