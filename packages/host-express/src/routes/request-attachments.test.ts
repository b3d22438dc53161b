import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { problemSchema } from '@client-portal/api-client';
import {
  attachmentLinkSchema,
  attachmentUploadSchema,
  requestDetailSchema,
} from '@client-portal/api-client/requests';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { download, expectProblem, textOf } from '../documents/test-support/download.js';
import { DEMO_PASSWORD } from '../store/demo/index.js';
import { transitionRequest } from '../requests/store.js';
import {
  type AttachmentPeople,
  addAcmePeople,
  BOB_EMAIL,
  BOUNDARY,
  CAROL_EMAIL,
  EXE,
  file,
  fileRequest,
  HTML,
  multipartBody,
  PDF,
  PNG,
  postMultipart,
  streamUpload,
  TEXT,
  upload,
} from '../requests/test-support/attachments.js';
import { requestDetail } from '../requests/views.js';
import {
  ACME_USER,
  DEMO_ORIGIN,
  GLOBEX_USER,
  SAME_ORIGIN_HEADERS,
  useDemoHost,
} from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';

const MB = 1024 * 1024;

describe.each(featureStores)('request attachments on disk, on $name', (kind) => {
  const demo = useDemoHost(kind, {
    env: { REQUEST_FILE_MAX_MB: '25', REQUEST_FILES_MAX_MB: '30' },
  });
  let people: AttachmentPeople;
  let alex = '';
  let bob = '';
  let carol = '';
  let globex = '';
  beforeAll(async () => {
    people = await addAcmePeople(demo);
  });
  beforeEach(async () => {
    await demo.store.db.deleteFrom('rate_limits').execute();
    [alex, bob, carol, globex] = await Promise.all([
      demo.signIn(ACME_USER),
      demo.signIn(BOB_EMAIL),
      demo.signIn(CAROL_EMAIL),
      demo.signIn(GLOBEX_USER),
    ]);
  });

  const rowsOf = (requestId: string) =>
    demo.store.db
      .selectFrom('request_attachments')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('created_at')
      .orderBy('file_name')
      .execute();
  const storedUnder = async (companyId: string, requestId: string) => {
    try {
      return await readdir(join(demo.filesDir, 'requests', companyId, requestId));
    } catch {
      return [];
    }
  };
  const linkOf = async (key: string, id: string, cookie: string) => {
    const res = await demo.post(`/api/requests/${key}/attachments/${id}/link`, {}, cookie);
    expect(res.status, res.text).toBe(200);
    return attachmentLinkSchema.parse(res.body);
  };

  it('stores a PDF, a PNG and a text file, typed by content, and lists them on the request', async () => {
    const req = await fileRequest(demo, people.alex);
    const res = await upload(demo, req.key, alex, [
      file('Statement of work.pdf', PDF),
      file('logo.png', PNG),
      file('notes.txt', TEXT),
    ]);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { attachments } = attachmentUploadSchema.parse(res.body);
    expect(attachments.map((a) => [a.fileName, a.contentType, a.sizeBytes, a.scan, a.version])).toEqual([
      ['Statement of work.pdf', 'application/pdf', PDF.length, 'not_scanned', 1],
      ['logo.png', 'image/png', PNG.length, 'not_scanned', 1],
      ['notes.txt', 'text/plain', TEXT.length, 'not_scanned', 1],
    ]);
    expect(attachments[0]?.uploadedBy).toEqual({ id: 'u-demo-acme', name: 'Alex Carter', provider: false });

    const rows = await rowsOf(req.id);
    expect(rows).toHaveLength(3);
    for (const [row, bytes] of [
      [rows.find((r) => r.file_name.endsWith('.pdf')), PDF],
      [rows.find((r) => r.file_name.endsWith('.png')), PNG],
      [rows.find((r) => r.file_name.endsWith('.txt')), TEXT],
    ] as const) {
      expect(row?.storage_key).toBe(`requests/acme/${req.id}/${row?.id}`);
      expect(row?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect((await readFile(join(demo.filesDir, row?.storage_key ?? ''))).equals(bytes)).toBe(true);
    }
    const events = await demo.store.db
      .selectFrom('request_events')
      .select(['kind', 'actor_id', 'after'])
      .where('request_id', '=', req.id)
      .where('kind', '=', 'attachment')
      .execute();
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ actor_id: 'u-demo-acme', after: { fileName: expect.any(String) } });

    const detail = requestDetailSchema.parse(await requestDetail(demo.store.db, people.alex, req.id));
    expect(detail.attachments.map((a) => a.fileName).sort()).toEqual([
      'Statement of work.pdf',
      'logo.png',
      'notes.txt',
    ]);
  });

  it('cleans file names of paths, controls and direction overrides', async () => {
    const req = await fileRequest(demo, people.alex);
    const ok = await upload(demo, req.key, alex, [
      file('C:\\Users\\alex\\..\\invoice\u202Efdp.txt', TEXT),
      file('..hidden\u2066.txt', TEXT),
      file('', PNG),
      // Controls can only come percent-encoded (RFC 5987), as a browser never sends them raw.
      { name: 'file', fileName: '../re\u0000port\u0007\u061C.txt', content: TEXT, encodedName: true },
      { name: 'file', fileName: 'Cafe\u0301.txt', content: TEXT, encodedName: true },
    ]);
    expect(ok.status, ok.text).toBe(200);
    expect(attachmentUploadSchema.parse(ok.body).attachments.map((a) => a.fileName)).toEqual([
      'invoicefdp.txt',
      'hidden.txt',
      'attachment',
      'report.txt',
      'Caf\u00e9.txt',
    ]);
    // A control character sent raw in a part's header is not multipart/form-data.
    expectProblem(await upload(demo, req.key, alex, [file('a\u0007.txt', TEXT)]), 400, 'Bad Request');
  });

  it('refuses an executable or HTML named .pdf (415 naming the type) and keeps nothing', async () => {
    const req = await fileRequest(demo, people.alex);
    const exe = await upload(demo, req.key, alex, [file('fine.pdf', PDF), file('invoice.pdf', EXE)]);
    expectProblem(exe, 415, 'Unsupported Media Type');
    expect(JSON.parse(textOf(exe)).detail).toMatch(/“invoice\.pdf” is application\/x-msdownload \(\.exe\)/);
    const html = await upload(demo, req.key, alex, [file('report.pdf', HTML)]);
    expectProblem(html, 415, 'Unsupported Media Type');
    expect(JSON.parse(textOf(html)).detail).toMatch(/text, but not a \.txt or \.csv file/);
    expect(await rowsOf(req.id)).toEqual([]);
    expect(await storedUnder('acme', req.id)).toEqual([]);
  });

  it('answers 415 for a body that is not multipart/form-data', async () => {
    const req = await fileRequest(demo, people.alex);
    expectProblem(
      await demo.post(`/api/requests/${req.key}/attachments`, { file: 'x' }, alex),
      415,
      'Unsupported Media Type',
    );
  });

  it('refuses a 60 MB file at the 25 MB limit while streaming (413), keeping nothing', async () => {
    const req = await fileRequest(demo, people.alex);
    const res = await streamUpload(demo.host.app, `/api/requests/${req.key}/attachments`, alex, 60 * MB);
    expect(res.status).toBe(413);
    expect(problemSchema.parse(JSON.parse(res.body))).toMatchObject({
      status: 413,
      detail: 'Files can be at most 25 MB each.',
    });
    expect(await rowsOf(req.id)).toEqual([]);
    expect(await storedUnder('acme', req.id)).toEqual([]);
  });

  it('refuses files past the request’s limit (413 naming it), keeping nothing of them', async () => {
    const req = await fileRequest(demo, people.alex);
    const first = await upload(demo, req.key, alex, [
      file('first.pdf', Buffer.concat([PDF, Buffer.alloc(20 * MB)])),
    ]);
    expect(first.status, first.text).toBe(200);
    // Past what is left by less than the host drains after refusing, so the whole body is read and
    // the answer cannot lose a race with the connection being cut (that cut is the 60 MB test's).
    const second = await upload(demo, req.key, alex, [
      file('second.pdf', Buffer.concat([PDF, Buffer.alloc(11 * MB)])),
    ]);
    expectProblem(second, 413, 'Content Too Large');
    expect(JSON.parse(textOf(second)).detail).toBe(
      'A request’s files can be at most 30 MB together; 10 MB is left for this one.',
    );
    const rows = await rowsOf(req.id);
    expect(rows.map((r) => r.file_name)).toEqual(['first.pdf']);
    expect(await storedUnder('acme', req.id)).toEqual([rows[0]?.id]);
  });

  it('accepts at most 10 files and only the fields it knows', async () => {
    const req = await fileRequest(demo, people.alex);
    const eleven = Array.from({ length: 11 }, (_, i) => file(`n${i}.txt`, TEXT));
    const tooMany = await upload(demo, req.key, alex, eleven);
    expectProblem(tooMany, 400, 'Bad Request');
    expect(JSON.parse(textOf(tooMany)).detail).toBe('Attach at most 10 files at once.');
    expectProblem(
      await upload(demo, req.key, alex, [{ name: 'comment', value: 'hi' }, file('a.txt', TEXT)]),
      400,
      'Bad Request',
    );
    expectProblem(
      await upload(demo, req.key, alex, [{ name: 'replaces', value: 'att_x' }]),
      400,
      'Bad Request',
    );
    expectProblem(await upload(demo, req.key, alex, []), 400, 'Bad Request');
    expect(await rowsOf(req.id)).toEqual([]);
  });

  it('adds a newer version of a file; an older one or another request’s cannot be replaced', async () => {
    const req = await fileRequest(demo, people.alex);
    const other = await fileRequest(demo, people.alex);
    const v1 = attachmentUploadSchema.parse(
      (await upload(demo, req.key, alex, [file('plan.txt', TEXT)])).body,
    ).attachments[0];
    const otherFile = attachmentUploadSchema.parse(
      (await upload(demo, other.key, alex, [file('x.txt', TEXT)])).body,
    ).attachments[0];
    const v2res = await upload(demo, req.key, alex, [
      { name: 'replaces', value: v1?.id ?? '' },
      file('plan.txt', Buffer.from('version 2\n')),
    ]);
    expect(v2res.status, v2res.text).toBe(200);
    const v2 = attachmentUploadSchema.parse(v2res.body).attachments[0];
    expect(v2).toMatchObject({ version: 2, replacesId: v1?.id, fileName: 'plan.txt' });
    expectProblem(
      await upload(demo, req.key, alex, [{ name: 'replaces', value: v1?.id ?? '' }, file('plan.txt', TEXT)]),
      409,
      'Conflict',
    );
    expectProblem(
      await upload(demo, req.key, alex, [
        { name: 'replaces', value: otherFile?.id ?? '' },
        file('p.txt', TEXT),
      ]),
      404,
      'Not Found',
    );
    const detail = await requestDetail(demo.store.db, people.alex, req.id);
    expect(detail.attachments.map((a) => [a.id, a.version])).toEqual([[v2?.id, 2]]);
  });

  it('keeps Globex and members who cannot see a request out (404)', async () => {
    const req = await fileRequest(demo, people.alex);
    const attached = attachmentUploadSchema.parse(
      (await upload(demo, req.key, alex, [file('a.pdf', PDF)])).body,
    ).attachments[0];
    const id = attached?.id ?? '';
    expectProblem(await upload(demo, req.key, globex, [file('b.pdf', PDF)]), 404, 'Not Found');
    expectProblem(
      await demo.post(`/api/requests/${req.key}/attachments/${id}/link`, {}, globex),
      404,
      'Not Found',
    );
    const globexRequest = await fileRequest(demo, people.globex);
    expectProblem(
      await demo.post(`/api/requests/${globexRequest.key}/attachments/${id}/link`, {}, globex),
      404,
      'Not Found',
    );
    // Bob is of Acme but neither requester nor participant of this private request.
    expectProblem(await upload(demo, req.key, bob, [file('b.pdf', PDF)]), 404, 'Not Found');
    expectProblem(
      await demo.post(`/api/requests/${req.key}/attachments/${id}/link`, {}, bob),
      404,
      'Not Found',
    );
    // Another request of the company does not reach this one's file.
    const own = await fileRequest(demo, people.bob);
    expectProblem(
      await demo.post(`/api/requests/${own.key}/attachments/${id}/link`, {}, bob),
      404,
      'Not Found',
    );
    expect((await rowsOf(req.id)).map((r) => r.file_name)).toEqual(['a.pdf']);
  });

  it('refuses files on a closed or cancelled request (409)', async () => {
    const req = await fileRequest(demo, people.alex);
    await transitionRequest(demo.store.db, people.alex, req.id, 'cancel', { expectedVersion: req.version });
    expectProblem(await upload(demo, req.key, alex, [file('a.pdf', PDF)]), 409, 'Conflict');
  });

  it('refuses a cross-site upload (403), and multipart anywhere else (415)', async () => {
    const req = await fileRequest(demo, people.alex);
    const crossSite = await request(demo.host.app)
      .post(`/api/requests/${req.key}/attachments`)
      .set({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Cookie: alex })
      .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
      .send(multipartBody([file('a.pdf', PDF)]));
    expectProblem(crossSite, 403, 'Forbidden');
    expectProblem(
      await postMultipart(demo, '/api/create-signed-url', alex, multipartBody([file('a.pdf', PDF)])),
      415,
      'Unsupported Media Type',
    );
    expect(await rowsOf(req.id)).toEqual([]);
  });

  it('hands out signed links and previews bound to the session; serves them with hardened headers', async () => {
    const req = await fileRequest(demo, people.alex);
    const { attachments } = attachmentUploadSchema.parse(
      (await upload(demo, req.key, alex, [file('scope.pdf', PDF), file('notes.txt', TEXT)])).body,
    );
    const [pdf, txt] = attachments;
    const link = await linkOf(req.key, pdf?.id ?? '', alex);
    expect(link.url).toMatch(new RegExp(`^/api/request-files/${pdf?.id}\\?`));
    expect(link.previewUrl).toMatch(new RegExp(`^/api/request-files/${pdf?.id}/preview\\?`));
    expect((await linkOf(req.key, txt?.id ?? '', alex)).previewUrl).toBeNull();

    const got = await download(demo, link.url, alex).expect(200);
    expect((got.body as Buffer).equals(PDF)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'content-disposition': `attachment; filename="scope.pdf"; filename*=UTF-8''scope.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    const preview = await download(demo, link.previewUrl ?? '', alex).expect(200);
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="scope\.pdf"/);
    expect(preview.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    const text = await download(demo, (await linkOf(req.key, txt?.id ?? '', alex)).url, alex).expect(200);
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');

    // Another session of the same user, another company's session, no session: never.
    const elsewhere = await request(demo.host.app)
      .post('/api/auth/login')
      .set(SAME_ORIGIN_HEADERS)
      .send({ email: ACME_USER, password: DEMO_PASSWORD });
    const otherBrowser = String(elsewhere.headers['set-cookie']?.[0]).split(';', 1)[0] as string;
    expectProblem(await download(demo, link.url, otherBrowser), 403, 'Forbidden');
    expectProblem(await download(demo, link.url, globex), 403, 'Forbidden');
    expectProblem(await download(demo, link.url), 401, 'Unauthorized');
    // The preview's signature does not open the download, nor the other way round.
    expectProblem(await download(demo, link.url.replace('?', '/preview?'), alex), 403, 'Forbidden');
    expectProblem(
      await download(demo, (link.previewUrl ?? '').replace('/preview?', '?'), alex),
      403,
      'Forbidden',
    );
    const audit = await demo.store.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'in', ['request_attachment.link_created', 'request_attachment.download'])
      .execute();
    expect(audit.some((a) => a.action === 'request_attachment.download')).toBe(true);
  });

  it('saves a document request’s file to the company’s documents (admin), not for a member (403)', async () => {
    const req = await fileRequest(demo, people.bob, {
      type: 'document_request',
      fields: { document: 'contract' },
      visibility: 'company',
    });
    const attached = attachmentUploadSchema.parse(
      (await upload(demo, req.key, bob, [file('Signed MSA.pdf', PDF)])).body,
    ).attachments[0];
    const path = `/api/requests/${req.key}/attachments/${attached?.id}/save`;
    // Bob filed it, but is a member, not the admin.
    expectProblem(await demo.post(path, {}, bob), 403, 'Forbidden');
    expectProblem(await demo.post(path, {}, globex), 404, 'Not Found');
    const saved = await demo.post(path, {}, carol);
    expect(saved.status, saved.text).toBe(200);
    const detail = requestDetailSchema.parse(saved.body);
    expect(detail.attachments[0]).toMatchObject({ id: attached?.id, savedToDocuments: true });
    const row = await demo.store.db
      .selectFrom('request_attachments')
      .select('document_id')
      .where('id', '=', attached?.id ?? '')
      .executeTakeFirstOrThrow();
    const doc = await demo.store.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', row.document_id ?? '')
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({
      company_id: 'acme',
      file_name: 'Signed MSA.pdf',
      title: 'Signed MSA',
      category: 'contract',
      content_type: 'application/pdf',
      storage_key: `documents/acme/${doc.id}`,
    });
    expect((await readFile(join(demo.filesDir, doc.storage_key))).equals(PDF)).toBe(true);
    // Saving again keeps the one document.
    expect((await demo.post(path, {}, carol)).status).toBe(200);
    expect(
      await demo.store.db
        .selectFrom('documents')
        .select('id')
        .where('file_name', '=', 'Signed MSA.pdf')
        .execute(),
    ).toHaveLength(1);
    // Listed with the company's documents.
    const list = await demo.get('/api/documents', carol).expect(200);
    expect(JSON.stringify(list.body)).toContain('Signed MSA.pdf');
  });

  it('lets staff acting for the company attach, recorded for the company', async () => {
    const staff = await request(demo.host.app)
      .post('/api/auth/login')
      .set(SAME_ORIGIN_HEADERS)
      .send({ email: 'staff@provider.example', password: DEMO_PASSWORD });
    const cookie = String(staff.headers['set-cookie']?.[0]).split(';', 1)[0] as string;
    await demo.post('/api/auth/act-as', { companyId: 'acme' }, cookie).expect(200);
    const req = await fileRequest(demo, people.alex);
    const res = await upload(demo, req.key, cookie, [file('answer.pdf', PDF)]);
    expect(res.status, res.text).toBe(200);
    expect(attachmentUploadSchema.parse(res.body).attachments[0]?.uploadedBy.provider).toBe(true);
    const row = (await rowsOf(req.id))[0];
    expect(row).toMatchObject({ uploaded_by: 'u-staff', on_behalf_of: 'acme' });
    const event = await demo.store.db
      .selectFrom('request_events')
      .select(['actor_id', 'on_behalf_of_company'])
      .where('request_id', '=', req.id)
      .where('kind', '=', 'attachment')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ actor_id: 'u-staff', on_behalf_of_company: 'acme' });
    expect(DEMO_ORIGIN).toBeTruthy();
  });
});
