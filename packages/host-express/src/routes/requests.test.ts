import {
  type RequestDetail,
  requestDetailSchema,
  requestHistorySchema,
  requestListSchema,
  requestMetaSchema,
} from '@client-portal/api-client/requests';
import { describe, expect, it } from 'vitest';
import { ACME, GLOBEX } from '../store/demo/index.js';
import { DEMO_INTERNAL_NOTE } from '../store/demo/requests.js';
import { ACME_USER, GLOBEX_USER, STAFF_USER, useDemoHost } from '../test-support/demo-host.js';
import { featureStores } from '../test-support/stores.js';
import { filePrivateQuestion, MEMBER_USER, postIfMatch, staffActingFor } from './test-support/requests.js';

// The requests routes end to end, as each role uses them: a member files a change of hours, staff
// acting for Acme triage, comment and ask for approval, the member cannot approve, the company
// admin approves, staff resolve, the customer confirms. Visibility (member, admin, participants),
// tenancy (Globex never sees Acme's) and internal notes (never in a customer's answer).

describe.each(featureStores)('requests routes: lifecycle and visibility on $name', (kind) => {
  const demo = useDemoHost(kind);

  const detail = (body: unknown): RequestDetail => requestDetailSchema.parse(body) as RequestDetail;

  it('answers 401 without a session and 403 for staff not acting for a company', async () => {
    expect((await demo.get('/api/requests')).status).toBe(401);
    const staff = await demo.signIn(STAFF_USER);
    const res = await demo.get('/api/requests', staff);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('describes what a member and the admin can file', async () => {
    const member = await demo.signIn(MEMBER_USER);
    const meta = requestMetaSchema.parse((await demo.get('/api/requests/meta', member).expect(200)).body);
    expect(meta.companyAdmin).toBe(false);
    expect(meta.staff).toBe(false);
    expect(meta.assignees).toEqual([]);
    expect(meta.types.map((t) => t.id)).toContain('change_of_scope');
    expect(meta.colleagues.map((c) => c.name)).toEqual(['Alex Carter', 'Sam Rivera']);
    expect(meta.subscriptions.some((s) => s.id === 'acme-d-01')).toBe(true);
    expect(meta.subscriptions.some((s) => s.id.startsWith('globex'))).toBe(false);
    expect(meta.attachmentLimits.types).toContain('application/pdf');
    const admin = await demo.signIn(ACME_USER);
    expect((await demo.get('/api/requests/meta', admin)).body.companyAdmin).toBe(true);
    const staff = await staffActingFor(demo, STAFF_USER, ACME);
    const staffMeta = requestMetaSchema.parse((await demo.get('/api/requests/meta', staff)).body);
    expect(staffMeta.staff).toBe(true);
    expect(staffMeta.assignees.map((a) => a.id)).toEqual(['u-staff']);
  });

  it('runs a change of hours through every role, each step an event "X for Y"', async () => {
    const member = await demo.signIn(MEMBER_USER);
    const admin = await demo.signIn(ACME_USER);
    const staff = await staffActingFor(demo, STAFF_USER, ACME);

    // The member files a change of hours against the Platform Squad plan (1,920 hours).
    const created = await demo.post(
      '/api/requests',
      {
        type: 'change_of_scope',
        title: 'Add 40 hours for the data migration',
        description: 'The migration needs a second engineer for a week.',
        fields: { hours_delta: 40 },
        subscriptionId: 'acme-d-01',
      },
      member,
    );
    expect(created.status).toBe(201);
    let request = detail(created.body);
    expect(request.key).toMatch(/^ACME-\d+$/);
    expect(created.headers.location).toBe(`/api/requests/${request.key}`);
    expect(created.headers.etag).toBe('"1"');
    expect(request.status).toBeUndefined();
    expect(request.label).toBe('submitted');
    // Hours left as the renewal check-ins estimate them: the contract's 1,920 hours less the share
    // of the term already run (the demo subscription started months ago).
    expect(request.hours).toMatchObject({ delta: 40, subscriptionName: 'Team Plan: Platform Squad' });
    const left = request.hours?.hoursLeft ?? -1;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(1920);
    expect(request.hours?.hoursLeftAfter).toBe(left + 40);
    expect(request.actions).toEqual(['cancel']);
    expect(request.can).toMatchObject({ internalNote: false, triage: false, readHistory: false });
    const path = `/api/requests/${request.key}`;

    // Staff acting for Acme triage it, comment and ask for approval.
    let res = await postIfMatch(demo, `${path}/actions`, { action: 'triage' }, staff, request.version);
    expect(res.status).toBe(200);
    request = detail(res.body);
    expect(request.status).toBe('triaged');
    res = await demo.post(`${path}/comments`, { body: 'We can start on Monday.' }, staff);
    expect(res.status).toBe(200);
    res = await demo.post(
      `${path}/comments`,
      { body: 'Internal: bill at the Q3 rate.', internal: true },
      staff,
    );
    expect(res.status).toBe(200);
    request = detail(res.body);
    expect(request.timeline.some((e) => e.kind === 'comment' && e.internal)).toBe(true);
    res = await postIfMatch(
      demo,
      `${path}/update`,
      { assigneeId: 'u-staff', dueAt: '2025-06-30', priority: 'high' },
      staff,
      request.version,
    );
    expect(res.status).toBe(200);
    request = detail(res.body);
    expect(request.dueAt).toBe('2025-06-30T23:59:59.999Z');
    expect(request.dueState).toBe('on_track');
    res = await postIfMatch(demo, `${path}/actions`, { action: 'ask_approval' }, staff, request.version);
    expect(res.status).toBe(200);
    request = detail(res.body);
    expect(request.status).toBe('awaiting_approval');

    // The member sees "waiting for you" but cannot approve; the admin can.
    res = await demo.get(path, member);
    request = detail(res.body);
    expect(request.label).toBe('waiting_for_you');
    expect(request.status).toBeUndefined();
    expect(request.actions).not.toContain('approve');
    expect(res.text).not.toContain('Internal: bill at the Q3 rate.');
    expect(res.text).not.toContain('awaiting_approval');
    res = await postIfMatch(demo, `${path}/actions`, { action: 'approve' }, member, request.version);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    // Staff cannot approve for the customer.
    res = await postIfMatch(demo, `${path}/actions`, { action: 'approve' }, staff, request.version);
    expect(res.status).toBe(403);
    res = await postIfMatch(
      demo,
      `${path}/actions`,
      { action: 'approve', comment: 'Approved for June.' },
      admin,
      request.version,
    );
    expect(res.status).toBe(200);
    request = detail(res.body);
    expect(request.label).toBe('in_progress');
    expect(request.timeline.some((e) => e.kind === 'comment' && e.body === 'Approved for June.')).toBe(true);

    // Staff resolve; the member confirms.
    res = await postIfMatch(demo, `${path}/actions`, { action: 'resolve' }, staff, request.version);
    expect(res.status).toBe(200);
    request = detail((await demo.get(path, member)).body);
    expect(request.label).toBe('resolved');
    expect(request.reopenUntil).not.toBeNull();
    expect(request.actions).toEqual(expect.arrayContaining(['confirm', 'reopen']));
    res = await postIfMatch(demo, `${path}/actions`, { action: 'confirm' }, member, request.version);
    expect(res.status).toBe(200);
    request = detail(res.body);
    expect(request.label).toBe('closed');

    // The member's timeline: labels only, staff named "for Acme Corporation", no internal note.
    const texts = request.timeline.filter((e) => e.kind === 'event').map((e) => e.text);
    expect(texts).toEqual([
      'Request created',
      'Assigned to Casey Morgan',
      'Due date: 2025-06-30 (agreed)',
      'Priority: Normal → High',
      'Status: Submitted → Waiting for you',
      'Approved: Waiting for you → In progress',
      'Status: In progress → Resolved',
      'Status: Resolved → Closed',
    ]);
    const staffEvent = request.timeline.find((e) => e.kind === 'event' && e.text.startsWith('Assigned'));
    // The person it names travels by name, for a portal that words the event in its own language.
    expect(staffEvent).toMatchObject({
      actor: { name: 'Casey Morgan', provider: true },
      onBehalfOf: 'Acme Corporation',
      subject: 'Casey Morgan',
      internal: false,
    });
    const approval = request.timeline.find((e) => e.kind === 'event' && e.event === 'approved');
    expect(approval).toMatchObject({ actor: { name: 'Alex Carter', provider: false }, onBehalfOf: null });

    // Staff see the internal status and note, and the full history with internal events.
    res = await demo.get(path, staff);
    expect(res.text).toContain('Internal: bill at the Q3 rate.');
    const staffTexts = detail(res.body)
      .timeline.filter((e) => e.kind === 'event')
      .map((e) => e.text);
    expect(staffTexts).toContain('Status: Submitted → Triaged');
    const history = requestHistorySchema.parse((await demo.get(`${path}/history`, staff).expect(200)).body);
    expect(history.events.map((e) => e.text)).toContain('Internal note added');
    expect(history.events.find((e) => e.text === 'Internal note added')).toMatchObject({
      event: 'comment',
      internal: true,
    });

    // The admin's history: no internal event, no internal status.
    res = await demo.get(`${path}/history`, admin);
    expect(res.status).toBe(200);
    const adminHistory = requestHistorySchema.parse(res.body);
    expect(adminHistory.events.map((e) => e.text)).not.toContain('Internal note added');
    expect(adminHistory.events.every((e) => e.internal === false)).toBe(true);
    for (const word of ['triaged', 'awaiting_approval', 'ask_approval', 'Triaged'])
      expect(res.text).not.toContain(word);
    // A member reads no history.
    expect((await demo.get(`${path}/history`, member)).status).toBe(403);
  });

  it('asks for If-Match on every change: missing 400, stale 412 (with the current ETag)', async () => {
    const member = await demo.signIn(MEMBER_USER);
    const staff = await staffActingFor(demo, STAFF_USER, ACME);
    const created = detail(
      (await demo.post('/api/requests', { type: 'question', title: 'Versions' }, member).expect(201)).body,
    );
    const path = `/api/requests/${created.key}`;
    const missing = await demo.post(`${path}/actions`, { action: 'triage' }, staff);
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].path).toBe('if-match');
    const malformed = await postIfMatch(demo, `${path}/actions`, { action: 'triage' }, staff, 'abc');
    expect(malformed.status).toBe(400);
    for (const form of ['1', 'W/"1"']) {
      const res = await postIfMatch(
        demo,
        `${path}/update`,
        { priority: form === '1' ? 'high' : 'low' },
        staff,
        form,
      );
      expect({ form, status: res.status }).toEqual({ form, status: form === '1' ? 200 : 412 });
    }
    const stale = await postIfMatch(demo, `${path}/actions`, { action: 'triage' }, staff, 1);
    expect(stale.status).toBe(412);
    expect(stale.headers.etag).toBe('"2"');
    expect(stale.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await postIfMatch(demo, `${path}/actions`, { action: 'triage' }, staff, 2)).status).toBe(200);
    // An action not open in the status: 409.
    expect((await postIfMatch(demo, `${path}/actions`, { action: 'triage' }, staff, 3)).status).toBe(409);
  });

  it('lets a customer reopen within 14 days of the resolution, and not after (409)', async () => {
    const member = await demo.signIn(MEMBER_USER);
    const staff = await staffActingFor(demo, STAFF_USER, ACME);
    const keys: string[] = [];
    for (const title of ['Reopen me', 'Too late to reopen']) {
      const created = detail(
        (await demo.post('/api/requests', { type: 'question', title }, member).expect(201)).body,
      );
      await postIfMatch(demo, `/api/requests/${created.key}/actions`, { action: 'triage' }, staff, 1).expect(
        200,
      );
      await postIfMatch(demo, `/api/requests/${created.key}/actions`, { action: 'resolve' }, staff, 2).expect(
        200,
      );
      keys.push(created.key);
    }
    // The second was resolved 15 days ago.
    await demo.store.db
      .updateTable('requests')
      .set({ resolved_at: new Date(Date.parse('2025-06-01T12:00:00Z')) })
      .where('key', '=', keys[1]!)
      .where('company_id', '=', ACME)
      .execute();
    const ok = await postIfMatch(
      demo,
      `/api/requests/${keys[0]}/actions`,
      { action: 'reopen', comment: 'Still broken.' },
      member,
      3,
    );
    expect(ok.status).toBe(200);
    expect(detail(ok.body).label).toBe('in_progress');
    const late = await postIfMatch(demo, `/api/requests/${keys[1]}/actions`, { action: 'reopen' }, member, 3);
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(/14 days/);
    // A new request linked to it instead.
    const linked = await demo.post(
      '/api/requests',
      { type: 'question', title: 'Follow-up', linkedRequestKey: keys[1] },
      member,
    );
    expect(linked.status).toBe(201);
    expect(detail(linked.body).linkedRequestKey).toBe(keys[1]);
  });

  it('shows a member their own, those they take part in and company-visible ones; a colleague added sees it', async () => {
    const member = await demo.signIn(MEMBER_USER);
    const admin = await demo.signIn(ACME_USER);
    // The admin files a private question (participants only).
    const secret = await filePrivateQuestion(demo, admin);
    const path = `/api/requests/${secret.key}`;
    expect((await demo.get(path, member)).status).toBe(404);
    for (const scope of ['mine', 'company']) {
      const list = requestListSchema.parse(
        (await demo.get(`/api/requests?scope=${scope}&pageSize=100`, member)).body,
      );
      expect(list.items.map((i) => i.key)).not.toContain(secret.key);
    }
    // Company-visible requests of the admin are in the member's company list, not in "mine".
    const company = requestListSchema.parse(
      (await demo.get('/api/requests?scope=company&pageSize=100', member)).body,
    );
    expect(company.items.map((i) => i.key)).toContain('ACME-4');
    expect(company.items.map((i) => i.key)).toContain('ACME-1');
    const mine = requestListSchema.parse((await demo.get('/api/requests?pageSize=100', member)).body);
    expect(mine.items.every((i) => i.requester.id === 'u-acme-member' || i.key === 'ACME-4')).toBe(true);
    // The admin sees everything of the company, the member's private escalation too.
    const adminList = requestListSchema.parse(
      (await demo.get('/api/requests?scope=company&pageSize=100', admin)).body,
    );
    expect(adminList.items.map((i) => i.key)).toContain('ACME-5');
    // Adding the member makes the private one visible to them.
    const added = await demo.post(`${path}/participants`, { userId: 'u-acme-member' }, admin);
    expect(added.status).toBe(200);
    expect(detail(added.body).participants.map((p) => p.name)).toEqual(['Sam Rivera']);
    expect((await demo.get(path, member)).status).toBe(200);
    const after = requestListSchema.parse((await demo.get('/api/requests?pageSize=100', member)).body);
    expect(after.items.map((i) => i.key)).toContain(secret.key);
    // Someone of another company cannot be added.
    expect((await demo.post(`${path}/participants`, { userId: 'u-demo-globex' }, admin)).status).toBe(400);
    // Removing them hides it again.
    expect(
      (await demo.post(`${path}/participants`, { userId: 'u-acme-member', remove: true }, admin)).status,
    ).toBe(200);
    expect((await demo.get(path, member)).status).toBe(404);
  });

  it('never lets Globex see Acme’s requests: 404 by key, absent from the list and the export', async () => {
    const globex = await demo.signIn(GLOBEX_USER);
    for (const key of ['ACME-1', 'ACME-2', 'ACME-999']) {
      const res = await demo.get(`/api/requests/${key}`, globex);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((await demo.post(`/api/requests/${key}/comments`, { body: 'hello' }, globex)).status).toBe(404);
      expect(
        (await postIfMatch(demo, `/api/requests/${key}/actions`, { action: 'cancel' }, globex, 1)).status,
      ).toBe(404);
    }
    const list = await demo.get('/api/requests?scope=company&pageSize=100', globex);
    expect(list.body.items.map((i: { key: string }) => i.key)).toEqual(['GLOBEX-1']);
    expect(list.text).not.toContain('Acme');
    const csv = await demo.get('/api/requests/export.csv', globex);
    expect(csv.status).toBe(403); // Globex's demo user is a member, not the admin.
    // And Acme cannot reach Globex's: the same 404 as a key that does not exist.
    const acme = await demo.signIn(ACME_USER);
    const foreign = await demo.get('/api/requests/GLOBEX-1', acme);
    const unknown = await demo.get('/api/requests/ACME-999', acme);
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.body).toEqual(unknown.body);
    // Staff acting for Acme cannot open Globex's either.
    const staff = await staffActingFor(demo, STAFF_USER, ACME);
    expect((await demo.get('/api/requests/GLOBEX-1', staff)).status).toBe(404);
    const forGlobex = await staffActingFor(demo, STAFF_USER, GLOBEX);
    expect((await demo.get('/api/requests/GLOBEX-1', forGlobex)).status).toBe(200);
  });

  it('keeps the internal note and status out of every customer-facing answer', async () => {
    for (const email of [ACME_USER, MEMBER_USER]) {
      const cookie = await demo.signIn(email);
      const answers = [
        await demo.get('/api/requests/ACME-1', cookie),
        await demo.get('/api/requests?scope=company&pageSize=100', cookie),
        await demo.get('/api/requests?scope=company&q=Platform', cookie),
        await demo.get('/api/requests/ACME-1/history', cookie),
        await demo.get('/api/requests/export.csv?scope=company', cookie),
      ];
      expect(answers[0]!.status).toBe(200);
      for (const res of answers) {
        expect(res.text).not.toContain(DEMO_INTERNAL_NOTE);
        expect(res.text).not.toContain('margin');
        expect(res.text).not.toContain('awaiting_approval');
        expect(res.text).not.toContain('"status":"');
        expect(res.text).not.toContain('triaged');
      }
    }
    const staff = await staffActingFor(demo, STAFF_USER, ACME);
    const res = await demo.get('/api/requests/ACME-1', staff);
    expect(res.text).toContain(DEMO_INTERNAL_NOTE);
    expect(detail(res.body).status).toBe('awaiting_approval');
  });

  it('refuses guessed keys, bad input and strangers’ changes with problem+json', async () => {
    const member = await demo.signIn(MEMBER_USER);
    const problem = (res: { status: number; headers: Record<string, string> }, status: number) => {
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    };
    problem(await demo.get('/api/requests/ACME-999', member), 404);
    problem(await demo.get('/api/requests/GLOBEX-1', member), 404);
    problem(await demo.get('/api/requests/acme-1', member), 400);
    expect((await demo.get('/api/requests/ACME-5', await demo.signIn(ACME_USER))).status).toBe(200);
    const bad = [
      { type: 'wish', title: 'Unknown type' },
      { type: 'question', title: 'x'.repeat(201) },
      { type: 'question', title: 'Bell\u0007' },
      { type: 'question', title: 'Right\u202Eto left' },
      { type: 'question', title: 'Unknown field', isAdmin: true },
      { type: 'change_of_scope', title: 'No hours' },
      { type: 'change_of_scope', title: 'Too many', fields: { hours_delta: 1e9 } },
      { type: 'renewal_check_in', title: 'Host only', subscriptionId: 'acme-d-01' },
      { type: 'question' },
    ];
    for (const body of bad) {
      const res = await demo.post('/api/requests', body, member);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // Another company's subscription or project: 404, as the contract says.
    problem(
      await demo.post(
        '/api/requests',
        { type: 'question', title: 'Foreign', subscriptionId: 'globex-d-01' },
        member,
      ),
      404,
    );
    problem(
      await demo.post(
        '/api/requests',
        {
          type: 'talent_request',
          title: 'Foreign',
          projectId: 'globex-shop',
          fields: { kind: 'new', role: 'QA' },
        },
        member,
      ),
      404,
    );
    // A member filing for someone else; a member triaging; a member writing an internal note.
    problem(
      await demo.post(
        '/api/requests',
        { type: 'question', title: 'For Alex', requesterId: 'u-demo-acme' },
        member,
      ),
      403,
    );
    const acme3 = detail((await demo.get('/api/requests/ACME-3', member).expect(200)).body);
    problem(
      await postIfMatch(demo, '/api/requests/ACME-3/actions', { action: 'start' }, member, acme3.version),
      403,
    );
    problem(await demo.post('/api/requests/ACME-3/comments', { body: 'Note', internal: true }, member), 403);
    problem(await demo.post('/api/requests/ACME-3/comments', { body: '' }, member), 400);
    problem(await demo.post('/api/requests/ACME-3/comments', { body: 'x', extra: 1 }, member), 400);
    problem(await demo.get('/api/requests?status=triaged', member), 400);
    problem(await demo.get('/api/requests?type=wish', member), 400);
    problem(await demo.get('/api/requests?pageSize=101', member), 400);
    // Settings: the admin only.
    problem(await demo.post('/api/requests/settings', { defaultVisibility: 'company' }, member), 403);
  });

  it('lets the admin set the default visibility new requests get', async () => {
    const admin = await demo.signIn(ACME_USER);
    const member = await demo.signIn(MEMBER_USER);
    const set = await demo.post('/api/requests/settings', { defaultVisibility: 'company' }, admin);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ defaultVisibility: 'company' });
    expect((await demo.get('/api/requests/meta', member)).body.defaultVisibility).toBe('company');
    const created = detail(
      (await demo.post('/api/requests', { type: 'question', title: 'Seen by all' }, member).expect(201)).body,
    );
    expect(created.visibility).toBe('company');
    await demo.post('/api/requests/settings', { defaultVisibility: 'participants' }, admin).expect(200);
  });
});
