import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { attachmentUploadSchema } from '@client-portal/api-client/requests';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectProblem, textOf } from '../documents/test-support/download.js';
import { PENDING_GIVE_UP_MS, rescanPending } from '../requests/attachments.js';
import {
  type AttachmentPeople,
  addAcmePeople,
  file,
  fileRequest,
  PDF,
  TEXT,
  upload,
} from '../requests/test-support/attachments.js';
import { EICAR, type FakeClamd, startFakeClamd } from '../requests/test-support/fake-clamd.js';
import { ACME_USER, useDemoHost } from '../test-support/demo-host.js';
import { TEST_NOW } from '../test-support/host.js';
import { featureStores } from '../test-support/stores.js';

const INFECTED = Buffer.from(`Please see below.\n${EICAR}\n`);
/** clamd's StreamMaxLength here. */
const CLAMD_MAX = 4096;

describe.each(featureStores)('request attachments scanned by clamd, on $name', (kind) => {
  let clamd: FakeClamd;
  const demo = useDemoHost(kind, {
    env: async () => {
      clamd = await startFakeClamd({ streamMaxLength: CLAMD_MAX });
      return { CLAMD_HOST: clamd.host, CLAMD_PORT: String(clamd.port) };
    },
  });
  afterAll(async () => {
    await clamd?.close();
  });
  let people: AttachmentPeople;
  let alex = '';
  beforeAll(async () => {
    people = await addAcmePeople(demo);
  });
  beforeEach(async () => {
    clamd.mode = 'answer';
    await demo.store.db.deleteFrom('rate_limits').execute();
    // Earlier tests' pending files are not this test's business.
    await demo.store.db
      .updateTable('request_attachments')
      .set({ scan: 'failed' })
      .where('scan', '=', 'pending')
      .execute();
    alex = await demo.signIn(ACME_USER);
  });

  const stored = async (requestId: string) => {
    try {
      return await readdir(join(demo.filesDir, 'requests', 'acme', requestId));
    } catch {
      return [];
    }
  };
  const rowOf = (id: string) =>
    demo.store.db
      .selectFrom('request_attachments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const attach = async (key: string, name: string, bytes: Buffer) => {
    const res = await upload(demo, key, alex, [file(name, bytes)]);
    expect(res.status, res.text).toBe(200);
    const attached = attachmentUploadSchema.parse(res.body).attachments[0];
    if (!attached) throw new Error('nothing attached');
    return attached;
  };
  const link = (key: string, id: string) =>
    demo.post(`/api/requests/${key}/attachments/${id}/link`, {}, alex);
  const rescan = (now: Date = TEST_NOW) =>
    rescanPending({ config: demo.host.config, store: demo.store, now: () => now });

  it('marks a clean file clean and serves it', async () => {
    const req = await fileRequest(demo, people.alex);
    const before = clamd.scanned.length;
    const attached = await attach(req.key, 'scope.pdf', PDF);
    expect(attached.scan).toBe('clean');
    expect(clamd.scanned.slice(before)).toEqual([PDF]);
    await link(req.key, attached.id).expect(200);
  });

  it('keeps the record of an infected file but never its bytes, says so, and never serves it', async () => {
    const req = await fileRequest(demo, people.alex);
    const attached = await attach(req.key, 'notes.txt', INFECTED);
    expect(attached.scan).toBe('infected');
    expect(await rowOf(attached.id)).toMatchObject({ scan: 'infected', scan_detail: 'Eicar-Test-Signature' });
    expect(await stored(req.id)).toEqual([]);
    const events = await demo.store.db
      .selectFrom('request_events')
      .select('after')
      .where('request_id', '=', req.id)
      .where('kind', '=', 'attachment')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.after)).toEqual([
      { fileName: 'notes.txt', attachmentId: attached.id },
      { fileName: 'notes.txt', attachmentId: attached.id, removed: 'infected' },
    ]);
    const res = await link(req.key, attached.id);
    expectProblem(res, 409, 'Conflict');
    expect(JSON.parse(textOf(res)).detail).toMatch(/infected/);
  });

  it('leaves a file pending while clamd is down, and the rescan settles it', async () => {
    const req = await fileRequest(demo, people.alex);
    clamd.mode = 'drop';
    const attached = await attach(req.key, 'scope.pdf', PDF);
    expect(attached.scan).toBe('pending');
    expect((await rowOf(attached.id)).scan_detail).toMatch(/^clamd /);
    // Stored, but not served until scanned.
    expect(await stored(req.id)).toEqual([attached.id]);
    const waiting = await link(req.key, attached.id);
    expectProblem(waiting, 409, 'Conflict');
    expect(JSON.parse(textOf(waiting)).detail).toMatch(/waiting for its virus scan/);

    // Still down: still pending.
    expect(await rescan()).toMatchObject({ scanned: 1, pending: 1, clean: 0 });
    expect((await rowOf(attached.id)).scan).toBe('pending');
    clamd.mode = 'answer';
    expect(await rescan()).toMatchObject({ scanned: 1, clean: 1 });
    expect((await rowOf(attached.id)).scan).toBe('clean');
    await link(req.key, attached.id).expect(200);
  });

  it('deletes a pending file the rescan finds infected, and gives up on one unscanned for a day', async () => {
    const req = await fileRequest(demo, people.alex);
    clamd.mode = 'drop';
    const infected = await attach(req.key, 'notes.txt', INFECTED);
    const late = await attach(req.key, 'late.txt', TEXT);
    expect([infected.scan, late.scan]).toEqual(['pending', 'pending']);
    expect((await stored(req.id)).sort()).toEqual([infected.id, late.id].sort());

    clamd.mode = 'answer';
    await demo.store.db
      .updateTable('request_attachments')
      .set({ scan: 'failed' })
      .where('id', '=', late.id)
      .execute();
    expect(await rescan()).toMatchObject({ scanned: 1, infected: 1 });
    expect(await rowOf(infected.id)).toMatchObject({ scan: 'infected', scan_detail: 'Eicar-Test-Signature' });
    expect(await stored(req.id)).toEqual([late.id]);
    const removed = await demo.store.db
      .selectFrom('request_events')
      .select(['actor_id', 'after'])
      .where('request_id', '=', req.id)
      .where('kind', '=', 'attachment')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(removed).toEqual({
      actor_id: 'host',
      after: { fileName: 'notes.txt', attachmentId: infected.id, removed: 'infected' },
    });

    await demo.store.db
      .updateTable('request_attachments')
      .set({ scan: 'pending' })
      .where('id', '=', late.id)
      .execute();
    clamd.mode = 'drop';
    const created = (await rowOf(late.id)).created_at;
    expect(await rescan(new Date(new Date(created).getTime() + PENDING_GIVE_UP_MS))).toMatchObject({
      failed: 1,
    });
    expect((await rowOf(late.id)).scan).toBe('failed');
    expect(await stored(req.id)).toEqual([]);
    expectProblem(await link(req.key, late.id), 409, 'Conflict');
  });

  it('fails a file clamd refuses for its size, storing nothing', async () => {
    const req = await fileRequest(demo, people.alex);
    const attached = await attach(req.key, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(CLAMD_MAX * 2)]));
    expect(attached.scan).toBe('failed');
    expect((await rowOf(attached.id)).scan_detail).toMatch(/size limit exceeded/);
    expect(await stored(req.id)).toEqual([]);
    expectProblem(await link(req.key, attached.id), 409, 'Conflict');
  });

  it('does nothing without clamd configured', async () => {
    expect(
      await rescanPending(
        { config: demo.host.config, store: demo.store, now: () => TEST_NOW },
        { clamd: null },
      ),
    ).toEqual({ scanned: 0, clean: 0, infected: 0, failed: 0, pending: 0 });
  });
});
