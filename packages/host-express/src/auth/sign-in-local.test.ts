import { problemSchema, sessionUserSchema, signInResponseSchema } from '@client-portal/api-client';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { hitRateLimit, sourceOf } from './rate-limits.js';

const SECOND = 1_000;
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
import { testStores } from '../test-support/stores.js';

describe.each(testStores)('local sign-in on $name', (kind) => {
  const host = useSeededHost(kind);

  it('signs in: contract body, a proper cookie, a hashed session row, then /me 200 no-store', async () => {
    const res = await host.signIn('Demo@Acme.example', PASSWORD, { returnTo: '/services/projects?tab=a' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = signInResponseSchema.parse(res.body);
    expect(body).toEqual({
      user: {
        sub: USERS.acme,
        email: 'demo@acme.example',
        name: 'demo',
        picture: null,
        role: 'customer',
        companyId: 'acme',
      },
      returnTo: '/services/projects?tab=a',
    });

    const line = setCookieLine(res, 'portal_session')!;
    const attributes = line.split(';').map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/', 'Secure']));
    expect(attributes.some((a) => /^Domain=/i.test(a))).toBe(false);
    const expires = new Date(attributes.find((a) => a.startsWith('Expires='))!.slice('Expires='.length));
    expect(expires.getTime()).toBeLessThanOrEqual(host.clock.current.getTime() + 12 * HOUR);

    const token = sessionTokenOf(res)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await host.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(sessionIdOf(token));
    expect(rows[0]!.id).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime()).toBe(host.clock.current.getTime() + 12 * HOUR);

    const who = await host.me(token);
    expect(who.status).toBe(200);
    expect(who.headers['cache-control']).toBe('no-store');
    expect(sessionUserSchema.parse(who.body)).toEqual(body.user);
    expect(await host.audit()).toEqual([
      { action: 'auth.sign_in', actor_user_id: USERS.acme, company_id: 'acme', detail: { method: 'local' } },
    ]);
  });

  it('answers every wrong credential with the same 401 body, audited without the password', async () => {
    const attempts = [
      host.signIn('demo@acme.example', 'wrong-password'),
      host.signIn('nobody@acme.example', PASSWORD),
      host.signIn('gone@acme.example', PASSWORD),
      host.signIn('sso@acme.example', PASSWORD),
    ];
    const bodies = [];
    for (const attempt of attempts) {
      const res = await attempt;
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(setCookieLine(res, 'portal_session')).toBeUndefined();
      bodies.push(problemSchema.parse(res.body));
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'Email or password is incorrect.',
    });
    const audit = await host.audit();
    expect(audit.map((row) => [row.action, row.detail.reason])).toEqual([
      ['auth.sign_in_failed', 'wrong_password'],
      ['auth.sign_in_failed', 'unknown_account'],
      ['auth.sign_in_failed', 'disabled'],
      ['auth.sign_in_failed', 'no_password'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
    expect(JSON.stringify(audit)).not.toContain('wrong-password');
  });

  it('refuses invalid bodies and non-JSON with problem+json', async () => {
    const unknownField = await host.signIn('demo@acme.example', PASSWORD, { admin: true });
    expect(unknownField.status).toBe(400);
    expect(problemSchema.parse(unknownField.body).errors?.length).toBeGreaterThan(0);
    const malformed = await request(host.app)
      .post('/api/auth/login')
      .set(SAME_ORIGIN)
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/problem\+json/);
    const form = await request(host.app)
      .post('/api/auth/login')
      .set(SAME_ORIGIN)
      .type('form')
      .send({ email: 'demo@acme.example', password: PASSWORD });
    expect(form.status).toBe(415);
    expect(problemSchema.parse(form.body).status).toBe(415);
    const huge = await host.signIn('demo@acme.example', 'x'.repeat(20_000));
    expect(huge.status).toBe(413);
    expect(huge.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('backs off per account and source: 429 with Retry-After, doubling, and the real user elsewhere still signs in', async () => {
    const { app: proxied } = buildAuthApp(host.db, host.clock, {}, (a) => a.set('trust proxy', true));
    const attempt = (ip: string, password: string) =>
      request(proxied)
        .post('/api/auth/login')
        .set(SAME_ORIGIN)
        .set('X-Forwarded-For', ip)
        .send({ email: 'demo@acme.example', password });
    const attacker = '203.0.113.7';
    for (let i = 0; i < 5; i++) expect((await attempt(attacker, 'wrong')).status).toBe(401);
    const limited = await attempt(attacker, 'wrong');
    expect(limited.status).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers['retry-after'])).toBe(60);
    // The customer, from anywhere else, is not locked out by the attacker's failures.
    expect((await attempt('198.51.100.20', PASSWORD)).status).toBe(200);
    // Refused attempts change nothing; waiting lets exactly one more through, then the wait doubles.
    host.clock.advance(30 * SECOND);
    expect(Number((await attempt(attacker, 'wrong')).headers['retry-after'])).toBe(30);
    host.clock.advance(30 * SECOND);
    expect((await attempt(attacker, 'wrong')).status).toBe(401);
    const doubled = await attempt(attacker, 'wrong');
    expect(doubled.status).toBe(429);
    expect(Number(doubled.headers['retry-after'])).toBe(120);
    // Even the right password waits: the throttle is decided before the password is checked.
    expect((await attempt(attacker, PASSWORD)).status).toBe(429);
    host.clock.advance(2 * MINUTE);
    expect((await attempt(attacker, PASSWORD)).status).toBe(200);
    // A success clears the backoff of that account and source.
    for (let i = 0; i < 5; i++) expect((await attempt(attacker, 'wrong')).status).toBe(401);
  });

  it('treats an IPv6 /64 as one source, and counts concurrent attempts one by one', async () => {
    const { app: proxied } = buildAuthApp(host.db, host.clock, {}, (a) => a.set('trust proxy', true));
    const attempt = (ip: string) =>
      request(proxied)
        .post('/api/auth/login')
        .set(SAME_ORIGIN)
        .set('X-Forwarded-For', ip)
        .send({ email: 'demo@globex.example', password: 'wrong' });
    const statuses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        attempt(`2001:db8:1:2::${(i + 1).toString(16)}`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect((await attempt('2001:db8:1:3::1')).status).toBe(401);
  });

  it('rate limits per IP across accounts', async () => {
    const { app: strict } = buildAuthApp(host.db, host.clock, {
      rateLimits: {
        signInPerIp: { max: 3, windowSeconds: 60 },
        signInPerAccountSource: { free: 5, baseSeconds: 60, maxSeconds: 3600, resetSeconds: 86_400 },
      },
    });
    for (const email of ['a@x.example', 'b@x.example', 'c@x.example']) {
      const res = await request(strict)
        .post('/api/auth/login')
        .set(SAME_ORIGIN)
        .send({ email, password: 'x' });
      expect(res.status).toBe(401);
    }
    const limited = await request(strict)
      .post('/api/auth/login')
      .set(SAME_ORIGIN)
      .send({ email: 'demo@acme.example', password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
  });

  it('counts only failed sign-ins per source: colleagues behind one address do not use it up', async () => {
    const { app: strict } = buildAuthApp(host.db, host.clock, {
      rateLimits: {
        signInPerIp: { max: 3, windowSeconds: 60 },
        signInPerAccountSource: { free: 5, baseSeconds: 60, maxSeconds: 3600, resetSeconds: 86_400 },
      },
    });
    const signIn = (email: string, password: string) =>
      request(strict).post('/api/auth/login').set(SAME_ORIGIN).send({ email, password });
    host.clock.advance(2 * MINUTE);
    for (let i = 0; i < 5; i++) expect((await signIn('demo@acme.example', PASSWORD)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn('nobody@x.example', 'x')).status).toBe(401);
    expect((await signIn('demo@acme.example', PASSWORD)).status).toBe(429);
  });

  it('counts concurrent hits exactly (one atomic upsert per hit)', async () => {
    const rule = { max: 5, windowSeconds: 60 };
    const verdicts = await Promise.all(
      Array.from({ length: 12 }, () => hitRateLimit(host.db, 'test:concurrent', rule, host.clock.current)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
    const row = await host.db
      .selectFrom('rate_limits')
      .select('hits')
      .where('key', '=', 'test:concurrent')
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(12);
  });

  it('names sources by IPv4 address or IPv6 /64', () => {
    expect(sourceOf('203.0.113.9')).toBe('203.0.113.9');
    expect(sourceOf('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(sourceOf('2001:db8:0:1::7')).toBe('2001:db8:0:1::/64');
    expect(sourceOf('2001:0db8:0000:0001:0000:0000:0000:0008')).toBe('2001:db8:0:1::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
    expect(sourceOf(undefined)).toBe('unknown');
  });

  it('clears the account counter after a successful sign-in', async () => {
    for (let i = 0; i < 4; i++) await host.signIn('demo@acme.example', 'wrong');
    expect((await host.signIn('demo@acme.example')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await host.signIn('demo@acme.example', 'wrong')).status).toBe(401);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    ' //evil.example',
  ])('sends sign-in with returnTo %j to "/"', async (returnTo) => {
    const res = await host.signIn('demo@acme.example', PASSWORD, { returnTo });
    expect(res.status).toBe(200);
    expect(res.body.returnTo).toBe('/');
  });

  it('refuses a returnTo with control characters (400 naming it): no browser location has them', async () => {
    const res = await host.signIn('demo@acme.example', PASSWORD, { returnTo: '/%0a/evil.example\n' });
    expect(res.status).toBe(400);
    expect(problemSchema.parse(res.body).errors?.[0]?.path).toBe('returnTo');
  });

  it('marks cookies Secure from the public origin or a trusted proxy’s X-Forwarded-Proto only', async () => {
    const login = (target: typeof host.app, proto?: string) => {
      const req = request(target)
        .post('/api/auth/login')
        .set({ ...SAME_ORIGIN, Origin: 'http://portal.test' });
      if (proto) req.set('X-Forwarded-Proto', proto);
      return req.send({ email: 'demo@acme.example', password: PASSWORD });
    };
    const plain = buildAuthApp(host.db, host.clock, { publicOrigin: 'http://portal.test' }).app;
    const proxied = buildAuthApp(host.db, host.clock, { publicOrigin: 'http://portal.test' }, (a) =>
      a.set('trust proxy', 1),
    ).app;
    expect(setCookieLine(await login(plain), 'portal_session')).not.toMatch(/Secure/);
    expect(setCookieLine(await login(plain, 'https'), 'portal_session')).not.toMatch(/Secure/);
    expect(setCookieLine(await login(proxied, 'https'), 'portal_session')).toMatch(/; Secure/);
    expect(PUBLIC_ORIGIN.startsWith('https:')).toBe(true);
  });
});
