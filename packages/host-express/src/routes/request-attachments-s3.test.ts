import { createHash } from 'node:crypto';
import { problemSchema } from '@client-portal/api-client';
import { attachmentLinkSchema, attachmentUploadSchema } from '@client-portal/api-client/requests';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { download, expectProblem } from '../documents/test-support/download.js';
import { type FakeS3, startFakeS3 } from '../documents/test-support/fake-s3.js';
import {
  type AttachmentPeople,
  addAcmePeople,
  CAROL_EMAIL,
  EXE,
  file,
  fileRequest,
  PDF,
  PNG,
  streamUpload,
  TEXT,
  upload,
} from '../requests/test-support/attachments.js';
import { ACME_USER, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

const MB = 1024 * 1024;

describe.each(featureStores)('request attachments in S3, on $name', (kind) => {
  let s3: FakeS3;
  const env: Record<string, string> = { REQUEST_FILE_MAX_MB: '25', REQUEST_FILES_MAX_MB: '30' };
  beforeAll(async () => {
    s3 = await startFakeS3();
    Object.assign(env, {
      S3_BUCKET: s3.bucket,
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'portal/',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'fake-s3-secret-access-key',
    });
  });
  afterAll(async () => {
    await s3?.close();
  });
  const demo = useDemoHost(kind, { env });
  let people: AttachmentPeople;
  let alex = '';
  beforeAll(async () => {
    people = await addAcmePeople(demo);
  });
  beforeEach(async () => {
    await demo.store.db.deleteFrom('rate_limits').execute();
    alex = await demo.signIn(ACME_USER);
  });

  const objectsOf = (requestId: string) =>
    [...s3.objects.keys()].filter((key) => key.startsWith(`portal/requests/acme/${requestId}/`));
  const rowsOf = (requestId: string) =>
    demo.store.db.selectFrom('request_attachments').selectAll().where('request_id', '=', requestId).execute();

  it('streams files into the bucket under the prefix and serves them back through signed links', async () => {
    expect(demo.host.config.documents.storage).toBe('s3');
    const req = await fileRequest(demo, people.alex);
    const res = await upload(demo, req.key, alex, [
      file('scope.pdf', PDF),
      file('logo.png', PNG),
      file('n.txt', TEXT),
    ]);
    expect(res.status, res.text).toBe(200);
    const { attachments } = attachmentUploadSchema.parse(res.body);
    expect(attachments.map((a) => a.contentType)).toEqual(['application/pdf', 'image/png', 'text/plain']);
    const pdf = attachments[0];
    const object = s3.objects.get(`portal/requests/acme/${req.id}/${pdf?.id}`);
    expect(object?.bytes.equals(PDF)).toBe(true);
    expect(object?.contentType).toBe('application/pdf');
    expect(objectsOf(req.id)).toHaveLength(3);
    const row = (await rowsOf(req.id)).find((r) => r.id === pdf?.id);
    expect(row?.sha256).toBe(createHash('sha256').update(PDF).digest('hex'));

    const link = attachmentLinkSchema.parse(
      (await demo.post(`/api/requests/${req.key}/attachments/${pdf?.id}/link`, {}, alex).expect(200)).body,
    );
    const got = await download(demo, link.url, alex).expect(200);
    expect((got.body as Buffer).equals(PDF)).toBe(true);
    const preview = await download(demo, link.previewUrl ?? '', alex).expect(200);
    expect(preview.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('keeps nothing in the bucket of a refused upload (413 while streaming, 415 by type)', async () => {
    const req = await fileRequest(demo, people.alex);
    const before = s3.requests.length;
    const big = await streamUpload(demo.host.app, `/api/requests/${req.key}/attachments`, alex, 60 * MB);
    expect(big.status).toBe(413);
    expect(problemSchema.parse(JSON.parse(big.body)).detail).toBe('Files can be at most 25 MB each.');
    expectProblem(
      await upload(demo, req.key, alex, [file('ok.pdf', PDF), file('x.pdf', EXE)]),
      415,
      'Unsupported Media Type',
    );
    // Nothing was even sent to the bucket: files are checked before they are stored.
    expect(s3.requests.slice(before).filter((r) => r.method === 'PUT')).toEqual([]);
    expect(objectsOf(req.id)).toEqual([]);
    expect(await rowsOf(req.id)).toEqual([]);
  });

  it('copies a saved file to a document object of the company', async () => {
    const req = await fileRequest(demo, people.alex, {
      type: 'document_request',
      fields: { document: 'invoice_copy' },
    });
    const attached = attachmentUploadSchema.parse(
      (await upload(demo, req.key, alex, [file('Invoice 42.pdf', PDF)])).body,
    ).attachments[0];
    const carol = await demo.signIn(CAROL_EMAIL);
    // Carol is the admin: she sees the request whatever its visibility.
    const saved = await demo.post(`/api/requests/${req.key}/attachments/${attached?.id}/save`, {}, carol);
    expect(saved.status, saved.text).toBe(200);
    const doc = await demo.store.db
      .selectFrom('documents')
      .selectAll()
      .where('file_name', '=', 'Invoice 42.pdf')
      .executeTakeFirstOrThrow();
    expect(doc.category).toBe('invoice');
    expect(s3.objects.get(`portal/${doc.storage_key}`)?.bytes.equals(PDF)).toBe(true);
    // The attachment's own object stays.
    expect(objectsOf(req.id)).toHaveLength(1);
  });
});
