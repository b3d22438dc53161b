import { problemSchema, staffCompaniesResponseSchema } from '@client-portal/api-client';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sessionIdOf } from './sessions.js';
import {
  buildAuthApp,
  HOUR,
  MINUTE,
  PASSWORD,
  PUBLIC_ORIGIN,
  SAME_ORIGIN,
  sessionTokenOf,
  setCookieLine,
  USERS,
} from './test-support/auth-app.js';
import { useSeededHost } from './test-support/seeded-host.js';
import { featureStores } from '../test-support/stores.js';

describe.each(featureStores)('sessions on $name', (kind) => {
  const host = useSeededHost(kind);

  it('answers /me with 204 and no body without a session, never cached', async () => {
    const res = await host.me();
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives a new session id at every sign-in and revokes the one the browser held (no fixation)', async () => {
    const planted = 'planted-by-an-attacker';
    const first = sessionTokenOf(await host.signIn('demo@acme.example', PASSWORD, {}, planted))!;
    expect(first).not.toBe(planted);
    const second = sessionTokenOf(await host.signIn('demo@acme.example', PASSWORD, {}, first))!;
    expect(second).not.toBe(first);
    expect((await host.me(first)).status).toBe(204);
    expect((await host.me(second)).status).toBe(200);
    expect(
      await host.db.selectFrom('sessions').select('id').where('id', '=', sessionIdOf(planted)).execute(),
    ).toEqual([]);
  });

  it('ends a session after the idle time, touching last_seen_at at most once a minute', async () => {
    const token = sessionTokenOf(await host.signIn('demo@acme.example'))!;
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
    const start = host.clock.current.getTime();
    host.clock.advance(30 * 1000);
    expect((await host.me(token)).status).toBe(200);
    expect(await lastSeen()).toBe(start);
    host.clock.advance(59 * MINUTE);
    expect((await host.me(token)).status).toBe(200);
    expect(await lastSeen()).toBe(host.clock.current.getTime());
    host.clock.advance(60 * MINUTE);
    const idle = await host.me(token);
    expect(idle.status).toBe(204);
    expect(setCookieLine(idle, 'portal_session')).toMatch(/^portal_session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('ends a session at its absolute expiry however active it is', async () => {
    const token = sessionTokenOf(await host.signIn('demo@acme.example'))!;
    for (let elapsed = 0; elapsed < 12 * HOUR - 30 * MINUTE; elapsed += 30 * MINUTE) {
      host.clock.advance(30 * MINUTE);
      expect((await host.me(token)).status).toBe(200);
    }
    host.clock.advance(30 * MINUTE);
    expect((await host.me(token)).status).toBe(204);
  });

  it('honours configured lifetimes', async () => {
    const { app: short } = buildAuthApp(host.db, host.clock, { idleMinutes: 5, absoluteHours: 1 });
    const res = await request(short)
      .post('/api/auth/login')
      .set(SAME_ORIGIN)
      .send({ email: 'demo@acme.example', password: PASSWORD });
    const token = sessionTokenOf(res)!;
    const get = () => request(short).get('/api/auth/me').set('Cookie', `portal_session=${token}`);
    host.clock.advance(4 * MINUTE);
    expect((await get()).status).toBe(200);
    host.clock.advance(6 * MINUTE);
    expect((await get()).status).toBe(204);
  });

  it('drops the session of a user disabled after sign-in, and ignores junk cookies', async () => {
    const token = sessionTokenOf(await host.signIn('demo@acme.example'))!;
    await host.db
      .updateTable('users')
      .set({ disabled_at: host.clock.current })
      .where('id', '=', USERS.acme)
      .execute();
    expect((await host.me(token)).status).toBe(204);
    expect((await host.me('x'.repeat(5000))).status).toBe(204);
    expect((await host.me('not-a-session')).status).toBe(204);
  });

  it('signs out by POST: 204, revoked row, cleared cookie, old cookie dead, audited', async () => {
    const token = sessionTokenOf(await host.signIn('demo@acme.example'))!;
    const res = await request(host.app)
      .post('/api/auth/logout')
      .set(SAME_ORIGIN)
      .set('Cookie', `portal_session=${token}`)
      .send({});
    expect(res.status).toBe(204);
    expect(setCookieLine(res, 'portal_session')).toMatch(/^portal_session=;/);
    const row = await host.db.selectFrom('sessions').select('revoked_at').executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect((await host.me(token)).status).toBe(204);
    expect((await host.audit()).map((a) => a.action)).toEqual(['auth.sign_in', 'auth.sign_out']);
    const again = await request(host.app).post('/api/auth/logout').set(SAME_ORIGIN).send({});
    expect(again.status).toBe(204);
  });

  it('refuses a cross-site sign-out', async () => {
    const token = sessionTokenOf(await host.signIn('demo@acme.example'))!;
    const res = await request(host.app)
      .post('/api/auth/logout')
      .set({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
      .set('Cookie', `portal_session=${token}`)
      .send({});
    expect(res.status).toBe(403);
    expect((await host.me(token)).status).toBe(200);
  });

  it('accepts a same-origin JSON POST to a data route with the session', async () => {
    const token = sessionTokenOf(await host.signIn('demo@acme.example'))!;
    const res = await request(host.app)
      .post('/api/whoami')
      .set(SAME_ORIGIN)
      .set('Cookie', `portal_session=${token}`)
      .send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: USERS.acme, companyId: 'acme', contactId: 'c-acme' });
    const anonymous = await request(host.app).get('/api/whoami');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('signs out by GET: revokes, then redirects only to a safe returnTo', async () => {
    const token = sessionTokenOf(await host.signIn('demo@acme.example'))!;
    const res = await request(host.app)
      .get('/api/auth/logout?returnTo=//evil.example')
      .set('Sec-Fetch-Site', 'same-origin')
      .set('Cookie', `portal_session=${token}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect((await host.me(token)).status).toBe(204);
  });

  it('refuses a sign-out by GET from another site (403), keeping the session; the portal’s own pages may', async () => {
    const token = sessionTokenOf(await host.signIn('demo@acme.example'))!;
    const logout = (headers: Record<string, string>) =>
      request(host.app).get('/api/auth/logout').set(headers).set('Cookie', `portal_session=${token}`);
    for (const headers of <Record<string, string>[]>[
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site', Referer: `${PUBLIC_ORIGIN}/dashboard` },
      { Referer: 'https://evil.example/page' },
      {},
    ]) {
      const refused = await logout(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect((await host.me(token)).status).toBe(200);
    }
    // A browser without Fetch Metadata, following the portal's own link.
    const fromPortal = await logout({ Referer: `${PUBLIC_ORIGIN}/dashboard` });
    expect(fromPortal.status).toBe(302);
    expect((await host.me(token)).status).toBe(204);
    const typed = await request(host.app).get('/api/auth/logout').set('Sec-Fetch-Site', 'none');
    expect(typed.status).toBe(302);
  });

  it('lets staff act for a company, audited; customers may not', async () => {
    const staff = sessionTokenOf(await host.signIn('staff@provider.example'))!;
    const whoami = async (token: string) =>
      (await request(host.app).get('/api/whoami').set('Cookie', `portal_session=${token}`)).body;
    expect(await whoami(staff)).toMatchObject({ role: 'staff', companyId: null, contactId: null });
    const actAs = (token: string, body: unknown) =>
      request(host.app)
        .post('/api/auth/act-as')
        .set(SAME_ORIGIN)
        .set('Cookie', `portal_session=${token}`)
        .send(body as object);

    const companies = (token: string) =>
      request(host.app).get('/api/auth/companies').set('Cookie', `portal_session=${token}`);
    const listed = await companies(staff);
    expect(listed.status).toBe(200);
    expect(staffCompaniesResponseSchema.parse(listed.body).companies.map((c) => c.id)).toEqual(
      expect.arrayContaining(['acme', 'globex']),
    );
    expect(listed.headers['cache-control']).toBe('no-store');

    const chosen = await actAs(staff, { companyId: 'globex' });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ companyId: 'globex', companyName: 'Globex' });
    expect(await whoami(staff)).toMatchObject({ userId: USERS.staff, companyId: 'globex' });
    expect((await actAs(staff, { companyId: 'initech' })).status).toBe(404);
    expect((await actAs(staff, { companyId: 'acme', userId: USERS.acme })).status).toBe(400);
    expect((await actAs(staff, { companyId: null })).body).toEqual({ companyId: null, companyName: null });

    const customer = sessionTokenOf(await host.signIn('demo@globex.example'))!;
    expect(await whoami(customer)).toMatchObject({
      role: 'customer',
      companyId: 'globex',
      contactId: 'c-globex',
    });
    expect((await companies(customer)).status).toBe(403);
    expect((await companies('')).status).toBe(401);
    const refused = await actAs(customer, { companyId: 'acme' });
    expect(refused.status).toBe(403);
    expect(problemSchema.parse(refused.body).status).toBe(403);
    expect(await whoami(customer)).toMatchObject({ companyId: 'globex' });
    expect((await actAs('', { companyId: 'acme' })).status).toBe(401);

    const audit = (await host.audit()).filter((row) => row.action === 'auth.act_as');
    expect(audit).toEqual([
      {
        action: 'auth.act_as',
        actor_user_id: USERS.staff,
        company_id: 'globex',
        detail: { from: null, to: 'globex' },
      },
      {
        action: 'auth.act_as',
        actor_user_id: USERS.staff,
        company_id: null,
        detail: { from: 'globex', to: null },
      },
    ]);
  });
});
