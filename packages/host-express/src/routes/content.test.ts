import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { problemSchema, routes } from '@client-portal/api-client';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/crm.js';
import {
  ACME_USER,
  GLOBEX_USER,
  SAME_ORIGIN_HEADERS,
  STAFF_USER,
  useDemoHost,
} from '../test-support/demo-host.js';
import { TEST_NOW } from '../test-support/host.js';
import { featureStores } from '../test-support/stores.js';
import { SIGN_RATE_LIMIT } from './content.js';

/** A problem+json answer whose title is the HTTP status text (signed URLs have no catalogue message). */
function expectProblem(res: request.Response, status: number, title: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = problemSchema.parse(JSON.parse(res.text));
  expect(body).toMatchObject({ status, title });
}

const ACME_DOCS = ['doc-acme-report', 'doc-acme-invoice', 'doc-acme-sow-portal', 'doc-acme-msa'];

describe.each(featureStores)('documents and signed URLs on $name', (kind) => {
  const demo = useDemoHost(kind);

  beforeEach(async () => {
    await demo.store.db.deleteFrom('rate_limits').execute();
  });

  describe('GET /api/documents', () => {
    it("lists the caller's company's documents, newest first", async () => {
      const res = await demo.get('/api/documents', await demo.signIn(ACME_USER)).expect(200);
      const { documents } = routes.documents.response.parse(res.body);
      expect(documents.map((d) => d.id)).toEqual(ACME_DOCS);
      const msa = documents.find((d) => d.id === DEMO_FIXTURES.fileId);
      expect(msa).toMatchObject({
        name: 'MSA 2024.pdf',
        category: 'contract',
        contentType: 'application/pdf',
        description: expect.stringContaining('Acme'),
      });
      const onDisk = await stat(join(demo.filesDir, 'demo', 'acme', 'doc-acme-msa.pdf'));
      expect(msa?.sizeBytes).toBe(onDisk.size);
      expect(msa?.updatedAt).not.toBeNull();
      expect(documents.find((d) => d.id === 'doc-acme-invoice')?.updatedAt).toBeNull();
    });

    it("never shows another company's documents", async () => {
      const res = await demo.get('/api/documents', await demo.signIn(GLOBEX_USER)).expect(200);
      const { documents } = routes.documents.response.parse(res.body);
      expect(documents.map((d) => d.id)).toEqual(['doc-globex-security', 'doc-globex-msa']);
    });

    it('answers 401 without a session', async () => {
      expectProblem(await demo.get('/api/documents'), 401, 'Unauthorized');
    });
  });

  describe('POST /api/create-signed-url', () => {
    it('returns a link valid for the configured TTL (default 300 s), not cached, audited', async () => {
      const res = await demo.post(
        '/api/create-signed-url',
        { fileId: DEMO_FIXTURES.fileId },
        await demo.signIn(ACME_USER),
      );
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const link = routes.signedUrl.response.parse(res.body);
      expect(link.expiresAt).toBe(new Date(TEST_NOW.getTime() + 300_000).toISOString());
      const url = new URL(link.url, 'https://portal.example');
      expect(url.pathname).toBe('/api/files/doc-acme-msa');
      expect([...url.searchParams.keys()]).toEqual(['cid', 'uid', 'exp', 'kid', 'sig']);
      expect(url.searchParams.get('cid')).toBe('acme');
      // The key that signs: the first of SIGNING_KEYS (TEST_SIGNING_KEYS' "test").
      expect(url.searchParams.get('kid')).toBe('test');
      expect(url.searchParams.get('exp')).toBe(String(TEST_NOW.getTime() / 1000 + 300));

      const audit = await demo.store.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'document.link_created')
        .execute();
      expect(audit.at(-1)).toMatchObject({ company_id: 'acme', detail: { documentId: 'doc-acme-msa' } });
      expect(JSON.stringify(audit)).not.toContain(url.searchParams.get('sig'));
    });

    it("answers 404 for another company's file or an unknown one", async () => {
      const cookie = await demo.signIn(ACME_USER);
      for (const fileId of [DEMO_FIXTURES.foreign.fileId, 'no-such-file']) {
        expectProblem(await demo.post('/api/create-signed-url', { fileId }, cookie), 404, 'Not Found');
      }
      // Not an id at all: refused by the contract's rules before any query.
      const hostile = await demo.post('/api/create-signed-url', { fileId: "' or 1=1 --" }, cookie);
      expectProblem(hostile, 400, 'Bad Request');
      expect(hostile.body.errors[0].path).toBe('fileId');
    });

    it('answers 401 without a session, 403 for staff who act for no company', async () => {
      expectProblem(
        await demo.post('/api/create-signed-url', { fileId: DEMO_FIXTURES.fileId }),
        401,
        'Unauthorized',
      );
      const staff = await demo.signIn(STAFF_USER);
      expectProblem(
        await demo.post('/api/create-signed-url', { fileId: DEMO_FIXTURES.fileId }, staff),
        403,
        'Forbidden',
      );
      await demo.post('/api/auth/act-as', { companyId: 'acme' }, staff).expect(200);
      const res = await demo
        .post('/api/create-signed-url', { fileId: DEMO_FIXTURES.fileId }, staff)
        .expect(200);
      expect(routes.signedUrl.response.parse(res.body).url).toContain('/api/files/doc-acme-msa?');
      await demo.post('/api/auth/act-as', { companyId: null }, staff).expect(200);
    });

    it('refuses bad bodies with 4xx problem+json (400, 413, 415), never 500', async () => {
      const cookie = await demo.signIn(ACME_USER);
      const post = () =>
        request(demo.host.app).post('/api/create-signed-url').set(SAME_ORIGIN_HEADERS).set('Cookie', cookie);
      expectProblem(await demo.post('/api/create-signed-url', {}, cookie), 400, 'Bad Request');
      expectProblem(
        await demo.post('/api/create-signed-url', { fileId: DEMO_FIXTURES.fileId, extra: true }, cookie),
        400,
        'Bad Request',
      );
      expectProblem(await demo.post('/api/create-signed-url', { fileId: 42 }, cookie), 400, 'Bad Request');
      expectProblem(
        await demo.post('/api/create-signed-url', { fileId: 'x'.repeat(201) }, cookie),
        400,
        'Bad Request',
      );
      expectProblem(
        await demo.post('/api/create-signed-url', [DEMO_FIXTURES.fileId], cookie),
        400,
        'Bad Request',
      );
      expectProblem(
        await post().set('Content-Type', 'application/json').send('{"fileId":'),
        400,
        'Bad Request',
      );
      expectProblem(
        await post().set('Content-Type', 'text/plain').send(`fileId=${DEMO_FIXTURES.fileId}`),
        415,
        'Unsupported Media Type',
      );
      expectProblem(
        await demo.post('/api/create-signed-url', { fileId: 'x'.repeat(100_000) }, cookie),
        413,
        'Content Too Large',
      );
    });

    it(`limits signing to ${SIGN_RATE_LIMIT.max} links a minute per user → 429 with Retry-After`, async () => {
      const acme = await demo.signIn(ACME_USER);
      for (let i = 0; i < SIGN_RATE_LIMIT.max; i++) {
        await demo.post('/api/create-signed-url', { fileId: DEMO_FIXTURES.fileId }, acme).expect(200);
      }
      const refused = await demo.post('/api/create-signed-url', { fileId: DEMO_FIXTURES.fileId }, acme);
      expectProblem(refused, 429, 'Too Many Requests');
      expect(refused.headers['retry-after']).toBe(String(SIGN_RATE_LIMIT.windowSeconds));
      // Unknown ids count too (no free probing), and another user has a budget of their own.
      expectProblem(
        await demo.post('/api/create-signed-url', { fileId: 'nope' }, acme),
        429,
        'Too Many Requests',
      );
      await demo
        .post(
          '/api/create-signed-url',
          { fileId: DEMO_FIXTURES.foreign.fileId },
          await demo.signIn(GLOBEX_USER),
        )
        .expect(200);
    });
  });
});
