import { problemSchema } from '@client-portal/api-client';
import express from 'express';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { authConfig } from './config.js';
import { createCors, createRequireSameOrigin } from './request-guards.js';
import type { Database } from '../store/schema.js';
import { buildAuthApp, EMBEDDING_ORIGIN, PUBLIC_ORIGIN, TestClock } from './test-support/auth-app.js';

const config = authConfig({ publicOrigin: PUBLIC_ORIGIN, corsOrigins: [EMBEDDING_ORIGIN] });

function guardedApp() {
  const app = express();
  app.use('/api', createCors(config));
  app.use('/api', createRequireSameOrigin(config));
  app.all('/api/thing', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

/** Routes that never reach the store (no cookie): a query-less Kysely is enough. */
const noStore = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('requireSameOrigin (CSRF)', () => {
  const app = guardedApp();
  const post = (headers: Record<string, string>, type = 'application/json', body = '{}') =>
    request(app).post('/api/thing').set(headers).set('Content-Type', type).send(body);

  it('rejects a cross-site form POST', async () => {
    const res = await post(
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      'application/x-www-form-urlencoded',
      'email=a&password=b',
    );
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemSchema.parse(res.body).status).toBe(403);
  });

  it.each([
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['a foreign Origin that looks like ours', { Origin: 'https://portal.example.evil.example' }],
    ['cross-site fetch metadata without Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    [
      'same-site from an origin not on the allow-list',
      { 'Sec-Fetch-Site': 'same-site', Origin: 'https://blog.example' },
    ],
    ['Origin "null" (sandboxed frame)', { Origin: 'null' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ])('rejects %s with 403', async (_name, headers) => {
    expect((await post(headers)).status).toBe(403);
  });

  it.each([
    ['same-origin fetch metadata', { 'Sec-Fetch-Site': 'same-origin', Origin: PUBLIC_ORIGIN }],
    ['the public Origin (no fetch metadata)', { Origin: PUBLIC_ORIGIN }],
    ['an allow-listed same-site origin', { 'Sec-Fetch-Site': 'same-site', Origin: EMBEDDING_ORIGIN }],
    ['a user-initiated request', { 'Sec-Fetch-Site': 'none' }],
  ])('accepts %s', async (_name, headers) => {
    expect((await post(headers)).status).toBe(200);
  });

  it('needs JSON for a same-origin state change (415 otherwise)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await post({ Origin: PUBLIC_ORIGIN }, type, 'a=b');
      expect(res.status).toBe(415);
      expect(problemSchema.parse(res.body).status).toBe(415);
    }
    const none = await request(app).post('/api/thing').set('Origin', PUBLIC_ORIGIN);
    expect(none.status).toBe(415);
    expect((await post({ Origin: PUBLIC_ORIGIN }, 'application/json; charset=utf-8')).status).toBe(200);
  });

  it('leaves safe methods alone', async () => {
    expect((await request(app).get('/api/thing').set('Origin', 'https://evil.example')).status).toBe(200);
    for (const method of ['put', 'patch', 'delete'] as const) {
      expect((await request(app)[method]('/api/thing').set('Origin', 'https://evil.example')).status).toBe(
        403,
      );
    }
  });
});

describe('cors', () => {
  const app = guardedApp();

  it('echoes an allow-listed origin with credentials', async () => {
    const res = await request(app).get('/api/thing').set('Origin', EMBEDDING_ORIGIN);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(EMBEDDING_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('gives other origins no CORS headers, but still Vary: Origin', async () => {
    const res = await request(app).get('/api/thing').set('Origin', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
    expect((await request(app).get('/api/thing')).headers.vary).toMatch(/Origin/);
  });

  it('answers preflights with 204, granting methods and headers only to allow-listed origins', async () => {
    const preflight = (origin: string) =>
      request(app).options('/api/thing').set({
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      });
    const allowed = await preflight(EMBEDDING_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(EMBEDDING_ORIGIN);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(allowed.headers['access-control-allow-methods']).toContain('POST');
    expect(allowed.headers['access-control-allow-headers']).toMatch(/Content-Type/i);
    const refused = await preflight('https://evil.example');
    expect(refused.status).toBe(204);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('returnTo on the redirect routes', () => {
  const { app } = buildAuthApp(noStore, new TestClock());
  const evil = [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    'http:/evil.example',
    '/\t/evil.example',
    '\\\\evil.example',
    'data:text/html,<script>alert(1)</script>',
  ];

  it.each(evil)('GET /login sends %j to the sign-in page with returnTo "/"', async (returnTo) => {
    const res = await request(app).get('/api/auth/login').query({ returnTo });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/signin?returnTo=%2F');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each(evil)('GET /logout sends %j to "/"', async (returnTo) => {
    const res = await request(app)
      .get('/api/auth/logout')
      .set('Sec-Fetch-Site', 'same-origin')
      .query({ returnTo });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('keeps a same-origin path, and ignores a repeated parameter', async () => {
    const res = await request(app).get('/api/auth/login?returnTo=%2Fservices%2Fprojects%3Ftab%3Dx');
    expect(res.headers.location).toBe('/auth/signin?returnTo=%2Fservices%2Fprojects%3Ftab%3Dx');
    const repeated = await request(app).get('/api/auth/login?returnTo=/a&returnTo=//evil.example');
    expect(repeated.headers.location).toBe('/auth/signin?returnTo=%2F');
    const out = await request(app)
      .get('/api/auth/logout?returnTo=%2Fhelp')
      .set('Sec-Fetch-Site', 'same-origin');
    expect(out.headers.location).toBe('/help');
  });

  it('answers the OIDC callback in local mode with a redirect to the sign-in page', async () => {
    const res = await request(app).get('/api/auth/callback');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/auth/signin');
  });
});

describe('a portal mounted at a base path (portalBasePath)', () => {
  const { app } = buildAuthApp(noStore, new TestClock(), { portalBasePath: '/portal' });

  it('sends sign-in to the portal’s own sign-in page, and a missing or unsafe returnTo to its start', async () => {
    const kept = await request(app).get('/api/auth/login?returnTo=%2Fportal%2Fdashboard');
    expect(kept.headers.location).toBe('/portal/auth/signin?returnTo=%2Fportal%2Fdashboard');
    for (const query of ['', '?returnTo=https%3A%2F%2Fevil.example', '?returnTo=%2F%2Fevil.example']) {
      const res = await request(app).get(`/api/auth/login${query}`);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/portal/auth/signin?returnTo=%2Fportal');
    }
    expect((await request(app).get('/api/auth/callback')).headers.location).toBe('/portal/auth/signin');
  });

  it('lands sign-out at the portal’s start unless returnTo says where', async () => {
    const out = (query: string) =>
      request(app).get(`/api/auth/logout${query}`).set('Sec-Fetch-Site', 'same-origin');
    expect((await out('')).headers.location).toBe('/portal');
    expect((await out('?returnTo=%2F%2Fevil.example')).headers.location).toBe('/portal');
    expect((await out('?returnTo=%2Fportal%2Fhelp')).headers.location).toBe('/portal/help');
  });
});
