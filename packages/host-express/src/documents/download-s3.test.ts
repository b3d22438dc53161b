import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { routes } from '@client-portal/api-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/crm.js';
import { ACME_USER, useDemoHost } from '../test-support/demo-host.js';
import { TEST_NOW } from '../test-support/host.js';
import { featureStores } from '../test-support/stores.js';
import { createS3Storage } from './s3-storage.js';
import { download, expectProblem, signedUrl, withParam } from './test-support/download.js';
import { type FakeS3, startFakeS3 } from './test-support/fake-s3.js';

describe.each(featureStores)('signed downloads from S3 on $name', (kind) => {
  let s3: FakeS3;
  const env: Record<string, string> = { SIGNED_URL_TTL_SECONDS: '120' };
  beforeAll(async () => {
    s3 = await startFakeS3();
    Object.assign(env, {
      S3_BUCKET: s3.bucket,
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'portal',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'fake-s3-secret-access-key',
    });
  });
  const demo = useDemoHost(kind, { env });
  beforeAll(async () => {
    // The demo seed wrote the PDFs to disk; upload them (PutObject) and remove the local copies.
    const settings = demo.host.config.documents.s3;
    if (!settings) throw new Error('S3 is not configured');
    const storage = createS3Storage(settings);
    try {
      const rows = await demo.store.db
        .selectFrom('documents')
        .select(['storage_key', 'content_type'])
        .execute();
      for (const row of rows) {
        const local = join(demo.filesDir, row.storage_key);
        await storage.put(row.storage_key, await readFile(local), row.content_type);
        await rm(local);
      }
    } finally {
      storage.close();
    }
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('streams the object from the bucket under the prefix, with the configured TTL', async () => {
    expect(demo.host.config.documents.storage).toBe('s3');
    const res = await demo.post(
      '/api/create-signed-url',
      { fileId: DEMO_FIXTURES.fileId },
      await demo.signIn(ACME_USER),
    );
    const link = routes.signedUrl.response.parse(res.body);
    expect(link.expiresAt).toBe(new Date(TEST_NOW.getTime() + 120_000).toISOString());
    const object = s3.objects.get('portal/demo/acme/doc-acme-msa.pdf');
    expect(object).toBeDefined();
    const before = s3.requests.length;
    const cookie = await demo.signIn(ACME_USER);
    const file = await download(demo, link.url, cookie).expect(200);
    expect((file.body as Buffer).equals(object?.bytes as Buffer)).toBe(true);
    expect((file.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(object?.bytes.length),
      'content-disposition': `attachment; filename="MSA 2024.pdf"; filename*=UTF-8''MSA%202024.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(s3.requests.slice(before)).toEqual([{ method: 'GET', key: 'portal/demo/acme/doc-acme-msa.pdf' }]);

    const head = await request(demo.host.app).head(link.url).set('Cookie', cookie).expect(200);
    expect(head.headers['content-length']).toBe(String(object?.bytes.length));
    expect(s3.requests.at(-1)).toEqual({ method: 'HEAD', key: 'portal/demo/acme/doc-acme-msa.pdf' });
  });

  it('answers 404 when the object is missing (NoSuchKey), 403 for a tampered link', async () => {
    const url = await signedUrl(demo, ACME_USER, 'doc-acme-report');
    const cookie = await demo.signIn(ACME_USER);
    const key = 'portal/demo/acme/doc-acme-report.pdf';
    const object = s3.objects.get(key);
    s3.objects.delete(key);
    try {
      expectProblem(await download(demo, url, cookie), 404, 'Not Found');
    } finally {
      if (object) s3.objects.set(key, object);
    }
    await download(demo, url, cookie).expect(200);
    expectProblem(await download(demo, withParam(url, 'uid', 'x'), cookie), 403, 'Forbidden');
  });
});
