import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { routes } from '@client-portal/api-client';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPortalHost } from '../app.js';
import { DEMO_FIXTURES } from '../store/demo/crm.js';
import { DEMO_PASSWORD } from '../store/demo/index.js';
import { ACME_USER, DEMO_ORIGIN, GLOBEX_USER, useDemoHost } from '../test-support/demo-host.js';
import { capturedLogger, TEST_NOW, testConfig } from '../test-support/host.js';
import { featureStores } from '../test-support/stores.js';
import {
  download,
  expectProblem,
  signedUrl,
  signedUrlFor,
  textOf,
  withParam,
} from './test-support/download.js';

const NEW_KEY = 'k2025:new-signing-secret-new-signing-secret-0001';
const OLD_KEY = 'k2024:old-signing-secret-old-signing-secret-0002';

describe.each(featureStores)('signed downloads from disk on $name', (kind) => {
  let clock = TEST_NOW;
  const log = capturedLogger();
  const demo = useDemoHost(kind, {
    env: { SIGNING_KEYS: `${NEW_KEY},${OLD_KEY}`, LOG_LEVEL: 'info' },
    options: { now: () => clock, logger: log.logger },
  });
  const msaPath = () => join(demo.filesDir, 'demo', 'acme', 'doc-acme-msa.pdf');

  /** The session cookies of the demo users; links are signed, and downloaded, in these sessions. */
  let acme = '';
  let globex = '';
  beforeEach(async () => {
    clock = TEST_NOW;
    await demo.store.db.deleteFrom('rate_limits').execute();
    acme = await demo.signIn(ACME_USER);
    globex = await demo.signIn(GLOBEX_USER);
  });

  it('streams the file to the session that asked, with download headers, and audits it', async () => {
    const url = await signedUrl(demo, ACME_USER);
    const res = await download(demo, url, await demo.signIn(ACME_USER)).expect(200);
    const onDisk = await readFile(msaPath());
    expect(Buffer.isBuffer(res.body)).toBe(true);
    expect((res.body as Buffer).equals(onDisk)).toBe(true);
    expect((res.body as Buffer).subarray(0, 4).toString()).toBe('%PDF');
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(onDisk.length),
      'content-disposition': `attachment; filename="MSA 2024.pdf"; filename*=UTF-8''MSA%202024.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    const acme = await demo.store.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ACME_USER)
      .executeTakeFirstOrThrow();
    const audit = await demo.store.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'document.download')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_user_id: acme.id,
      company_id: 'acme',
      detail: { documentId: 'doc-acme-msa', kid: 'k2025', method: 'signed-url+session' },
    });
  });

  it('works for HEAD; 401 without a session; 403 in any other session, of the same user or another company', async () => {
    const url = await signedUrl(demo, ACME_USER);
    const cookie = await demo.signIn(ACME_USER);
    const head = await request(demo.host.app).head(url).set('Cookie', cookie).expect(200);
    expect(head.headers['content-length']).toBe(String((await readFile(msaPath())).length));
    const anonymous = await download(demo, url);
    expectProblem(anonymous, 401, 'Unauthorized');
    expect(JSON.parse(textOf(anonymous)).detail).toMatch(/signed in/);
    const elsewhere = await request(demo.host.app)
      .post('/api/auth/login')
      .set({ Origin: DEMO_ORIGIN, 'Sec-Fetch-Site': 'same-origin' })
      .send({ email: ACME_USER, password: DEMO_PASSWORD });
    const otherBrowser = String(elsewhere.headers['set-cookie']?.[0]).split(';', 1)[0] as string;
    expectProblem(await download(demo, url, otherBrowser), 403, 'Forbidden');
    expectProblem(await download(demo, url, await demo.signIn(GLOBEX_USER)), 403, 'Forbidden');
    await download(demo, url, cookie).expect(200);
  });

  it('stops working when its session signs out', async () => {
    const signIn = await request(demo.host.app)
      .post('/api/auth/login')
      .set({ Origin: DEMO_ORIGIN, 'Sec-Fetch-Site': 'same-origin' })
      .send({ email: ACME_USER, password: DEMO_PASSWORD });
    const cookie = String(signIn.headers['set-cookie']?.[0]).split(';', 1)[0] as string;
    const url = await signedUrlFor(demo, cookie);
    await download(demo, url, cookie).expect(200);
    await request(demo.host.app)
      .post('/api/auth/logout')
      .set({ Origin: DEMO_ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie })
      .send({})
      .expect(204);
    expectProblem(await download(demo, url, cookie), 401, 'Unauthorized');
  });

  it('expires after the TTL (403 problem)', async () => {
    const url = await signedUrl(demo, ACME_USER);
    clock = new Date(TEST_NOW.getTime() + 299_000);
    await download(demo, url, acme).expect(200);
    clock = new Date(TEST_NOW.getTime() + 300_000);
    const res = await download(demo, url, acme);
    expectProblem(res, 403, 'Forbidden');
    expect(JSON.parse(textOf(res)).detail).toMatch(/expired/);
  });

  it('refuses tampered links and unknown key ids with 403', async () => {
    const url = await signedUrl(demo, ACME_USER);
    const sig = new URL(url, DEMO_ORIGIN).searchParams.get('sig') as string;
    const exp = Number(new URL(url, DEMO_ORIGIN).searchParams.get('exp'));
    const tampered = [
      withParam(url, 'sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`),
      withParam(url, 'exp', String(exp + 3600)),
      withParam(url, 'fileId', 'doc-acme-invoice'),
      withParam(url, 'fileId', DEMO_FIXTURES.foreign.fileId),
      withParam(url, 'cid', 'globex'),
      withParam(url, 'uid', 'someone-else'),
      withParam(url, 'kid', 'k2024'),
      withParam(url, 'kid', 'unknown'),
    ];
    for (const link of tampered) {
      const res = await download(demo, link, acme);
      expectProblem(res, 403, 'Forbidden');
      expect(JSON.parse(textOf(res)).detail).toMatch(/invalid/);
    }
  });

  it('answers malformed or hostile queries with 400, never 500', async () => {
    const url = await signedUrl(demo, ACME_USER);
    const bare = url.split('?')[0] as string;
    const hostile = [
      bare,
      `${url}&sig=again`,
      withParam(url, 'sig', 'x'.repeat(5000)),
      withParam(url, 'exp', '9'.repeat(40)),
      withParam(url, 'exp', '-1'),
      withParam(url, 'kid', '../../etc'),
      withParam(url, 'cid', 'c'.repeat(201)),
      withParam(url, 'fileId', 'f'.repeat(201)),
      url.replace(/sig=[^&]*/, 'sig[a]=x'),
    ];
    for (const link of hostile) expectProblem(await download(demo, link, acme), 400, 'Bad Request');
  });

  it('keeps working with links of a rotated-out key while it is configured; the new key signs', async () => {
    const oldHost = await createPortalHost(
      testConfig({ PUBLIC_ORIGIN: DEMO_ORIGIN, FILES_DIR: demo.filesDir, SIGNING_KEYS: OLD_KEY }),
      { now: () => clock, store: demo.store },
    );
    try {
      const cookie = await demo.signIn(ACME_USER);
      const oldLink = routes.signedUrl.response.parse(
        (
          await request(oldHost.app)
            .post('/api/create-signed-url')
            .set({ Origin: DEMO_ORIGIN, 'Sec-Fetch-Site': 'same-origin', Cookie: cookie })
            .send({ fileId: DEMO_FIXTURES.fileId })
            .expect(200)
        ).body,
      ).url;
      expect(new URL(oldLink, DEMO_ORIGIN).searchParams.get('kid')).toBe('k2024');
      await download(demo, oldLink, acme).expect(200);

      const newLink = await signedUrl(demo, ACME_USER);
      expect(new URL(newLink, DEMO_ORIGIN).searchParams.get('kid')).toBe('k2025');
      expectProblem(await request(oldHost.app).get(newLink).set('Cookie', cookie), 403, 'Forbidden');
    } finally {
      await oldHost.close();
    }
  });

  it('answers 404 once the document is deleted, 403 once the signer left the company', async () => {
    const { db } = demo.store;
    const msa = await db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', DEMO_FIXTURES.fileId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('documents')
      .values({ ...msa, id: 'doc-acme-temp' })
      .execute();
    const url = await signedUrl(demo, ACME_USER, 'doc-acme-temp');
    await download(demo, url, acme).expect(200);
    await db.deleteFrom('documents').where('id', '=', 'doc-acme-temp').execute();
    expectProblem(await download(demo, url, acme), 404, 'Not Found');

    const globexLink = await signedUrl(demo, GLOBEX_USER, DEMO_FIXTURES.foreign.fileId);
    await db.updateTable('users').set({ company_id: 'acme' }).where('email', '=', GLOBEX_USER).execute();
    try {
      expectProblem(await download(demo, globexLink, globex), 403, 'Forbidden');
    } finally {
      await db.updateTable('users').set({ company_id: 'globex' }).where('email', '=', GLOBEX_USER).execute();
    }
    await download(demo, globexLink, globex).expect(200);
  });

  it('never serves a storage key that leaves FILES_DIR, or a missing file (404)', async () => {
    const { db } = demo.store;
    const outside = join(demo.filesDir, '..', `outside-${Date.now()}.pdf`);
    await writeFile(outside, 'SECRET OUTSIDE FILES_DIR');
    await symlink(outside, join(demo.filesDir, 'demo', 'acme', 'link.pdf'));
    const original = 'demo/acme/doc-acme-sow-portal.pdf';
    try {
      for (const key of [
        `../${outside.split('/').at(-1)}`,
        outside,
        'demo/acme/link.pdf',
        'demo/acme/missing.pdf',
      ]) {
        await db
          .updateTable('documents')
          .set({ storage_key: key })
          .where('id', '=', 'doc-acme-sow-portal')
          .execute();
        const res = await download(demo, await signedUrl(demo, ACME_USER, 'doc-acme-sow-portal'), acme);
        expectProblem(res, 404, 'Not Found');
        expect(textOf(res)).not.toContain('SECRET');
      }
    } finally {
      await db
        .updateTable('documents')
        .set({ storage_key: original })
        .where('id', '=', 'doc-acme-sow-portal')
        .execute();
      await rm(outside, { force: true });
    }
  });

  it('sends odd names and types from the row safely', async () => {
    const { db } = demo.store;
    await db
      .updateTable('documents')
      .set({ file_name: 'Übersicht "Q4"\r\n.pdf', content_type: 'text/html\r\nX-Evil: 1' })
      .where('id', '=', 'doc-acme-invoice')
      .execute();
    try {
      const res = await download(demo, await signedUrl(demo, ACME_USER, 'doc-acme-invoice'), acme).expect(
        200,
      );
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['x-evil']).toBeUndefined();
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Ubersicht _Q4___.pdf"; filename*=UTF-8''%C3%9Cbersicht%20%22Q4%22__.pdf`,
      );
    } finally {
      await db
        .updateTable('documents')
        .set({ file_name: 'Invoice INV-0142.pdf', content_type: 'application/pdf' })
        .where('id', '=', 'doc-acme-invoice')
        .execute();
    }
  });

  it('never logs the signature', async () => {
    const before = log.lines().length;
    const url = await signedUrl(demo, ACME_USER);
    const sig = new URL(url, DEMO_ORIGIN).searchParams.get('sig') as string;
    await download(demo, url, acme).expect(200);
    await download(demo, withParam(url, 'exp', '1'), acme).expect(403);
    const text = JSON.stringify(log.lines().slice(before));
    expect(text).toContain('/api/files/doc-acme-msa?');
    expect(text).toContain('sig=[Redacted]');
    expect(text).not.toContain(sig);
  });
});
