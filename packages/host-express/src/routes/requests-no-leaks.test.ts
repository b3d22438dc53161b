import {
  type RequestDetail,
  requestDetailSchema,
  requestHistorySchema,
} from '@client-portal/api-client/requests';
import type { Kysely } from 'kysely';
import type request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { file, PDF, upload } from '../requests/test-support/attachments.js';
import { ACME, GLOBEX } from '../store/demo/index.js';
import type { Database } from '../store/schema.js';
import { ACME_USER, GLOBEX_USER, STAFF_USER, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';
import { filePrivateQuestion, MEMBER_USER, postIfMatch, staffActingFor } from './test-support/requests.js';

// What the requests routes must not tell a customer (issue #27): whether a colleague's hidden
// request exists (an unknown key and a request the caller may not see take the same statements
// and answer the same 404), and how much other companies do (the timeline's event ids are counted
// within the request, not by the counter every company's events share).

/** Where Kysely's executors run every statement (transactions' executors included). */
function statementRunner(db: Kysely<Database>): { executeQuery: (...args: unknown[]) => unknown } {
  let proto: object | null = Object.getPrototypeOf(db.getExecutor()) as object | null;
  while (proto && !Object.hasOwn(proto, 'executeQuery'))
    proto = Object.getPrototypeOf(proto) as object | null;
  if (!proto) throw new Error('no executeQuery on the Kysely executor');
  return proto as { executeQuery: (...args: unknown[]) => unknown };
}

describe.each(featureStores)('requests routes tell a customer nothing beyond their own, on $name', (kind) => {
  // No job queue or schedule: the statements recorded are the request's own.
  const demo = useDemoHost(kind, { options: { jobs: false } });
  const detail = (body: unknown): RequestDetail => requestDetailSchema.parse(body) as RequestDetail;

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /**
   * The SQL text of every statement run while `call` is answered, and the answer. The session's
   * own (read again once its cached row is 5 s old, last seen written now and then) are left out:
   * they depend on the clock, not on the request asked for.
   */
  async function recorded(call: () => request.Test): Promise<{ res: request.Response; sql: string[] }> {
    const spy = vi.spyOn(statementRunner(demo.store.db), 'executeQuery');
    try {
      const res = await call();
      const sql = spy.mock.calls.map(([query]) => (query as { sql: string }).sql);
      return { res, sql: sql.filter((text) => !/"sessions"/.test(text)) };
    } finally {
      spy.mockRestore();
    }
  }

  it('answers a colleague’s hidden request exactly as an unknown key: the same 404 after the same statements', async () => {
    const member = await demo.signIn(MEMBER_USER);
    const admin = await demo.signIn(ACME_USER);
    // The admin's private question, with a file: it exists, and the member may not see it.
    const hidden = await filePrivateQuestion(demo, admin);
    const attached = await upload(demo, hidden.key, admin, [file('budget.pdf', PDF)]);
    expect(attached.status).toBe(200);
    const attachmentId = (attached.body as { attachments: { id: string }[] }).attachments[0]?.id ?? '';
    const unknownKey = 'ACME-999';
    expect((await demo.get(`/api/requests/${unknownKey}`, admin)).status).toBe(404);

    const calls: [string, (key: string) => request.Test][] = [
      ['GET the request', (key) => demo.get(`/api/requests/${key}`, member)],
      ['GET its history', (key) => demo.get(`/api/requests/${key}/history`, member)],
      ['comment', (key) => demo.post(`/api/requests/${key}/comments`, { body: 'Hello?' }, member)],
      ['act', (key) => postIfMatch(demo, `/api/requests/${key}/actions`, { action: 'cancel' }, member, 1)],
      ['change', (key) => postIfMatch(demo, `/api/requests/${key}/update`, { priority: 'high' }, member, 1)],
      [
        'add a participant',
        (key) => demo.post(`/api/requests/${key}/participants`, { userId: 'u-acme-member' }, member),
      ],
      ['attach a file', (key) => upload(demo, key, member, [file('notes.pdf', PDF)])],
      [
        'link a file',
        (key) => demo.post(`/api/requests/${key}/attachments/${attachmentId}/link`, {}, member),
      ],
      [
        'save a file',
        (key) => demo.post(`/api/requests/${key}/attachments/${attachmentId}/save`, {}, member),
      ],
    ];
    for (const [what, call] of calls) {
      // Once each first, so that whatever the session's lookup caches is cached for both.
      await call(hidden.key);
      await call(unknownKey);
      const seen = await recorded(() => call(hidden.key));
      const unknown = await recorded(() => call(unknownKey));
      expect(seen.res.status, what).toBe(404);
      expect(unknown.res.status, what).toBe(404);
      expect(seen.res.headers['content-type'], what).toBe(unknown.res.headers['content-type']);
      expect(seen.res.text, what).toBe(unknown.res.text);
      expect(seen.sql, what).toEqual(unknown.sql);
      expect(
        seen.sql.some((s) => /\bfrom "requests"/.test(s)),
        what,
      ).toBe(true);
    }
    // The request is still there for its owner, untouched.
    const own = detail((await demo.get(`/api/requests/${hidden.key}`, admin).expect(200)).body);
    expect(own.version).toBe(hidden.version);
    expect(own.participants).toEqual([]);
  });

  it('numbers a request’s events within it: a new request of another company starts at e1', async () => {
    const member = await demo.signIn(MEMBER_USER);
    const staff = await staffActingFor(demo, STAFF_USER, ACME);
    const admin = await demo.signIn(ACME_USER);
    const created = detail(
      (await demo.post('/api/requests', { type: 'question', title: 'Numbered events' }, member).expect(201))
        .body,
    );
    const path = `/api/requests/${created.key}`;
    // Activity meanwhile: an internal note, a public comment, a change of priority.
    await demo
      .post(`${path}/comments`, { body: 'Internal: check the invoice first.', internal: true }, staff)
      .expect(200);
    await demo.post(`${path}/comments`, { body: 'Looking into it.' }, staff).expect(200);
    const current = detail((await demo.get(path, staff).expect(200)).body);
    await postIfMatch(demo, `${path}/update`, { priority: 'high' }, staff, current.version).expect(200);

    const staffHistory = requestHistorySchema.parse(
      (await demo.get(`${path}/history`, staff).expect(200)).body,
    );
    expect(staffHistory.events.map((e) => [e.id, e.event, e.internal])).toEqual([
      ['e1', 'created', false],
      ['i1', 'comment', true],
      ['e2', 'comment', false],
      ['e3', 'priority', false],
    ]);
    // The admin reads the public ones under the same ids: no gap tells of the internal note.
    const adminHistory = requestHistorySchema.parse(
      (await demo.get(`${path}/history`, admin).expect(200)).body,
    );
    expect(adminHistory.events.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
    const timeline = detail((await demo.get(path, member).expect(200)).body).timeline;
    expect(timeline.filter((e) => e.kind === 'event').map((e) => e.id)).toEqual(['e1', 'e3']);
    expect(new Set(timeline.map((e) => e.id)).size).toBe(timeline.length);

    // Globex's next request starts at e1 too, whatever Acme did meanwhile.
    const globex = await demo.signIn(GLOBEX_USER);
    const theirs = detail(
      (await demo.post('/api/requests', { type: 'question', title: 'Ours' }, globex).expect(201)).body,
    );
    expect(theirs.companyId).toBe(GLOBEX);
    expect(theirs.timeline.filter((e) => e.kind === 'event').map((e) => e.id)).toEqual(['e1']);
  });
});
