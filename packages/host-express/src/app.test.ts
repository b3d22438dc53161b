import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { createOpenApiDocument, doraQuerySchema, routes } from '@client-portal/api-client';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPortalHost, type PortalHost, type PortalHostOptions } from './app.js';
import { validate } from './http/validate.js';
import { authDouble, capturedLogger, testConfig } from './test-support/host.js';
import { pgliteTestStore, type TestStore, featureStores } from './test-support/stores.js';

/** Routes that fail on purpose, and echo what validate() let through. */
const testRoutes: PortalHostOptions['apiRoutes'] = ({ store }) => {
  const router = express.Router();
  router.get('/boom', () => {
    throw new Error('database password is hunter2 (at /srv/app/src/secret.ts:12)');
  });
  router.get('/zod', () => z.strictObject({ fileId: z.string() }).parse({ fileId: 1, extra: true }));
  router.get('/store-down', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
  });
  router.get('/forbidden', () => {
    throw Object.assign(new Error('Forbidden'), { status: 403, expose: true });
  });
  router.get('/companies', async (_req, res) => {
    res.json(await store.db.selectFrom('companies').select('id').execute());
  });
  const signedUrl = validate(routes.signedUrl);
  router.post('/echo', signedUrl, (req, res) => {
    res.json({ input: signedUrl.input(req).body, body: req.body });
  });
  const profile = validate(routes.profile);
  router.post('/profile-echo', profile, (req, res) => {
    res.json(profile.input(req).body);
  });
  const dora = validate({ query: doraQuerySchema });
  router.get('/dora-echo', dora, (req, res) => {
    res.json({ input: dora.input(req).query, query: req.query });
  });
  const article = validate(routes.knowledgeBaseArticle);
  router.get('/articles/:slug', article, (req, res) => {
    res.json(article.input(req).params);
  });
  router.get('/set-cookie', (_req, res) => {
    res.cookie('portal_session', 'SET-COOKIE-SECRET', { httpOnly: true }).json({ ok: true });
  });
  return router;
};

describe.each(featureStores)('host skeleton on $name', (kind) => {
  let store: TestStore;
  let host: PortalHost;
  const logs = capturedLogger();
  beforeAll(async () => {
    store = await kind.open();
    // A PORTAL_DIR without a built portal: the host's own fallback page is served at "/".
    const noPortal = await mkdtemp(join(tmpdir(), 'no-portal-'));
    host = await createPortalHost(testConfig({ PORTAL_DIR: noPortal }), {
      store,
      logger: logs.logger,
      createAuth: authDouble(),
      apiRoutes: testRoutes,
    });
  });
  afterAll(async () => {
    await host?.close();
    await store?.close();
  });
  const api = () => request(host.app);

  it('answers /healthz and /readyz', async () => {
    const health = await api().get('/healthz').expect(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await api().get('/readyz').expect(200);
    expect(ready.body).toEqual({ status: 'ready', store: kind.kind });
  });

  it('serves the contract’s OpenAPI document, unchanged', async () => {
    const res = await api()
      .get('/api/openapi.json')
      .expect(200)
      .expect('content-type', /application\/json/);
    expect(res.body).toEqual(
      JSON.parse(JSON.stringify(createOpenApiDocument({ sessionCookieName: 'portal_session' }))),
    );
  });

  it('answers unknown /api routes with a 404 problem, never the portal page', async () => {
    for (const path of ['/api/nope', '/api', '/api/', '/api/auth/../nothing', '/api/openapi.json/x']) {
      const res = await api().get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
    }
    const post = await api().post('/api/nope').send({}).expect(404);
    expect(post.body.detail).toBe('There is no POST /api/nope route.');
  });

  it('refuses a JSON body over the size limit with 413 problem+json', async () => {
    const res = await api()
      .post('/api/echo')
      .set('content-type', 'application/json')
      .send(JSON.stringify({ fileId: 'x'.repeat(70 * 1024) }))
      .expect(413);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Content Too Large',
      status: 413,
      detail: 'The body is too large.',
    });
  });

  it('answers malformed JSON with 400 problem+json', async () => {
    const res = await api()
      .post('/api/echo')
      .set('content-type', 'application/json')
      .send('{"fileId": ')
      .expect(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 400, detail: 'The body is not valid JSON.' });
  });

  it('answers a thrown error with 500 problem+json that leaks nothing', async () => {
    const res = await api().get('/api/boom').expect(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'Something went wrong on our side. Please try again.',
    });
    expect(res.text).not.toMatch(/hunter2|secret\.ts|at /);
  });

  it('maps zod errors to 400, unreachable stores to 503 and exposed client errors to their status', async () => {
    const zod = await api().get('/api/zod').expect(400);
    expect(zod.body.errors).toEqual([
      { path: 'fileId', message: 'Invalid input: expected string, received number' },
      { path: '', message: 'Unrecognized key: "extra"' },
    ]);
    const down = await api().get('/api/store-down').expect(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.body).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(down.text).not.toContain('10.0.0.5');
    const forbidden = await api().get('/api/forbidden').expect(403);
    expect(forbidden.body).toEqual({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'Forbidden',
    });
  });

  it('validates bodies with the contract’s schemas: 415 for non-JSON, 400 for missing or invalid', async () => {
    const ok = await api().post('/api/echo').send({ fileId: 'doc-1' }).expect(200);
    expect(ok.body).toEqual({ input: { fileId: 'doc-1' }, body: { fileId: 'doc-1' } });
    const text = await api()
      .post('/api/echo')
      .set('content-type', 'text/plain')
      .send('fileId=doc-1')
      .expect(415);
    expect(text.body).toMatchObject({ title: 'Unsupported Media Type' });
    const missing = await api().post('/api/echo').expect(400);
    expect(missing.body.detail).toBe('A JSON body is required.');
    const unknown = await api().post('/api/echo').send({ fileId: 'doc-1', companyId: 'globex' }).expect(400);
    expect(unknown.body).toMatchObject({ detail: 'The body is invalid.', errors: [{ path: '' }] });
    const wrong = await api().post('/api/echo').send({ fileId: 42 }).expect(400);
    expect(wrong.body.errors).toEqual([
      { path: 'fileId', message: 'Invalid input: expected string, received number' },
    ]);
    // An optional, ignored body may be left out.
    await api().post('/api/profile-echo').expect(200, {});
  });

  it('validates query strings: defaults, unknown parameters dropped, bad values 400', async () => {
    const ok = await api().get('/api/dora-echo?projectKey=PORTAL&grain=week&_=cachebuster').expect(200);
    expect(ok.body).toEqual({
      input: { projectKey: 'PORTAL', grain: 'week' },
      query: { projectKey: 'PORTAL', grain: 'week' },
    });
    const bad = await api().get('/api/dora-echo?projectKey=PORTAL&grain=hour').expect(400);
    expect(bad.body).toMatchObject({ detail: 'The query string is invalid.', errors: [{ path: 'grain' }] });
    const twice = await api().get('/api/dora-echo?projectKey=A&projectKey=B').expect(400);
    expect(twice.body.errors[0].path).toBe('projectKey');
  });

  it('validates path parameters, decoded', async () => {
    await api().get('/api/articles/dora%2Dbasics').expect(200, { slug: 'dora-basics' });
    const spaced = await api().get('/api/articles/dora%20basics').expect(400);
    expect(spaced.body.errors).toEqual([{ path: 'slug', message: expect.stringMatching(/must be a slug/) }]);
    const long = await api()
      .get(`/api/articles/${'x'.repeat(201)}`)
      .expect(400);
    expect(long.body).toMatchObject({ detail: 'The path is invalid.', errors: [{ path: 'slug' }] });
    const malformed = await api().get('/api/articles/%E0%A4%A').expect(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('reads the store through the router', async () => {
    await api().get('/api/companies').expect(200, []);
  });

  it('sends security headers: a CSP fit for the portal, nosniff, no x-powered-by', async () => {
    const res = await api().get('/').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one line per request with cookies, authorization, set-cookie and signed URLs redacted', async () => {
    await api()
      .get(
        '/api/nope?exp=1700000000&sig=SIGNATURE-SECRET&X-Amz-Signature=AMZ-SECRET&token=TOKEN-SECRET&code=CODE-SECRET',
      )
      .set('Cookie', 'portal_session=COOKIE-SECRET')
      .set('Authorization', 'Bearer BEARER-SECRET')
      .set('X-Request-Id', 'req-42')
      .expect(404);
    await api().get('/api/set-cookie').expect(200);
    await api().get('/api/boom').expect(500);
    await api().get('/healthz').expect(200);
    const lines = logs.lines();
    const text = JSON.stringify(lines);
    for (const secret of [
      'SIGNATURE-SECRET',
      'AMZ-SECRET',
      'TOKEN-SECRET',
      'CODE-SECRET',
      'COOKIE-SECRET',
      'BEARER-SECRET',
      'SET-COOKIE-SECRET',
    ]) {
      expect(text).not.toContain(secret);
    }
    const notFound = lines.find((l) => (l.req as { id?: string } | undefined)?.id === 'req-42') as {
      req: { url: string; headers: Record<string, string> };
      res: { statusCode: number };
      level: number;
    };
    expect(notFound.req.url).toBe(
      '/api/nope?exp=1700000000&sig=[Redacted]&X-Amz-Signature=[Redacted]&token=[Redacted]&code=[Redacted]',
    );
    expect(notFound.req.headers.cookie).toBe('[Redacted]');
    expect(notFound.req.headers.authorization).toBe('[Redacted]');
    expect(notFound.res.statusCode).toBe(404);
    const setCookie = lines.find(
      (l) => (l.req as { url?: string } | undefined)?.url === '/api/set-cookie',
    ) as {
      res: { headers: Record<string, unknown> };
    };
    expect(setCookie.res.headers['set-cookie']).toBe('[Redacted]');
    // The 500's stack goes to the log (and only there).
    const failed = lines.find((l) => (l.req as { url?: string } | undefined)?.url === '/api/boom') as {
      err: { stack: string };
      level: number;
    };
    expect(failed.level).toBe(50);
    expect(failed.err.stack).toContain('Error: database password');
    expect(lines.some((l) => (l.req as { url?: string } | undefined)?.url === '/healthz')).toBe(false);
  });

  it('serves the fallback portal page at "/" and for deep links (SPA), never for /api', async () => {
    const home = await api()
      .get('/')
      .expect(200)
      .expect('content-type', /text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.text).toContain('<html lang="en">');
    expect(home.text).toContain('<title>Client Portal</title>');
    expect(home.text).toContain('<h1>Client Portal</h1>');
    expect(home.text).toContain('href="/api/auth/login"');
    // No demo accounts in this store.
    expect(home.text).not.toContain('Demo sign-ins');
    const deep = await api().get('/services/projects?tab=x').expect(200);
    expect(deep.text).toBe(home.text);
    const css = await api()
      .get('/_host/page.css')
      .expect(200)
      .expect('content-type', /text\/css/);
    expect(css.text).toContain('main');
  });

  it('exposes a router a provider mounts in its own Express app', async () => {
    const provider = express();
    provider.get('/', (_req, res) => void res.send('provider home'));
    provider.use('/api', host.router);
    await request(provider).get('/').expect(200, 'provider home');
    await request(provider).get('/api/openapi.json').expect(200);
    const missing = await request(provider).get('/api/nope').expect(404);
    expect(missing.body.title).toBe('Not Found');
    const boom = await request(provider).get('/api/boom').expect(500);
    expect(boom.body.title).toBe('Internal Server Error');
  });

  it('says not ready (503) once draining, while still alive', async () => {
    host.drain();
    const res = await api().get('/readyz').expect(503);
    expect(res.body).toMatchObject({ status: 503, detail: 'The host is shutting down.' });
    await api().get('/healthz').expect(200);
  });
});

describe('host configuration', () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await pgliteTestStore.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('allows the PostHog host in the CSP only when a key is set, and configurable frame ancestors', async () => {
    const host = await createPortalHost(
      testConfig({
        POSTHOG_KEY: 'phc_test',
        POSTHOG_HOST: 'https://eu.i.posthog.com',
        FRAME_ANCESTORS: "'self',https://www.example.com",
        PUBLIC_ORIGIN: 'https://portal.example.com',
      }),
      { store, createAuth: authDouble() },
    );
    try {
      const res = await request(host.app).get('/healthz');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("connect-src 'self' https://eu.i.posthog.com https://eu-assets.i.posthog.com;");
      expect(csp).toContain("script-src 'self' https://eu-assets.i.posthog.com;");
      expect(csp).toContain("frame-ancestors 'self' https://www.example.com");
      expect(csp).toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await host.close();
    }
  });

  it('serves a built portal: immutable hashed assets, revalidated index, SPA fallback', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-build-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    const script = `export const words = ${JSON.stringify('portal '.repeat(2000))};`;
    await writeFile(join(dir, 'assets', 'index-B4x9Qz1k.js'), script);
    await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const host = await createPortalHost(testConfig({ PORTAL_DIR: dir }), { store, createAuth: authDouble() });
    try {
      const api = request(host.app);
      const index = await api.get('/').expect(200);
      expect(index.text).toContain('<title>Portal</title>');
      expect(index.headers['cache-control']).toBe('no-cache');
      const asset = await api.get('/assets/index-B4x9Qz1k.js').expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Compressed for browsers that accept it, as they all do; plain for those that do not.
      const brotli = await api.get('/assets/index-B4x9Qz1k.js').set('Accept-Encoding', 'gzip, deflate, br');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
      const gzipped = await api
        .get('/assets/index-B4x9Qz1k.js')
        .set('Accept-Encoding', 'gzip')
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(String(gzipped.body)).toBe(script);
      const plain = await api.get('/assets/index-B4x9Qz1k.js').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(script));
      const icon = await api.get('/favicon.svg').expect(200);
      expect(icon.headers['cache-control']).toBe('no-cache');
      const deep = await api.get('/services/talent').expect(200);
      expect(deep.text).toBe(index.text);
      await api.get('/assets/missing-12345678.js').expect(404);
      const apiMiss = await api.get('/api/missing').expect(404);
      expect(apiMiss.headers['content-type']).toMatch(/problem\+json/);
    } finally {
      await host.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sends the build’s brotli copy of a script or stylesheet to browsers that accept brotli', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'portal-build-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
    const css = `.portal{color:red}\n${'.p{margin:0}'.repeat(500)}`;
    await writeFile(join(dir, 'assets', 'index-C8jfgZWT.css'), css);
    // What the build writes: brotli at quality 11, smaller than what a request-time quality 4 gives.
    const q11 = brotliCompressSync(css, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
    await writeFile(join(dir, 'assets', 'index-C8jfgZWT.css.br'), q11);
    const host = await createPortalHost(testConfig({ PORTAL_DIR: dir }), { store, createAuth: authDouble() });
    try {
      const api = request(host.app);
      const brotli = await api
        .get('/assets/index-C8jfgZWT.css')
        .set('Accept-Encoding', 'gzip, deflate, br, zstd')
        .expect(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotli.headers['content-type']).toMatch(/^text\/css/);
      expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
      // The build's file as it is (a length; compressing per request would send no length at all).
      expect(Number(brotli.headers['content-length'])).toBe(q11.length);
      expect(brotli.text).toBe(css);
      // Browsers without brotli still get the file compressed, per request.
      const gzipped = await api.get('/assets/index-C8jfgZWT.css').set('Accept-Encoding', 'gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.text).toBe(css);
      expect(gzipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const plain = await api.get('/assets/index-C8jfgZWT.css').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(css);
      // A malformed address is still refused, not a crash.
      const bad = await api.get('/assets/%E0%A4%A.css');
      expect(bad.status).toBeGreaterThanOrEqual(400);
      expect(bad.status).toBeLessThan(500);
    } finally {
      await host.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs with the host’s auth module: /api/auth/me answers 204 without a session', async () => {
    const host = await createPortalHost(testConfig(), { store });
    try {
      const res = await request(host.app).get('/api/auth/me').expect(204);
      expect(res.headers['cache-control']).toBe('no-store');
      await request(host.app).get('/api/openapi.json').expect(200);
    } finally {
      await host.close();
    }
  });
});
