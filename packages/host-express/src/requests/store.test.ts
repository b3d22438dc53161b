import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { type TestStore, testStores } from '../test-support/stores.js';
import { type Actor, hostIn } from './status.js';
import {
  addComment,
  addParticipant,
  createRequest,
  exportRequests,
  findRequestIdByKey,
  getRequest,
  keyPrefixFromName,
  listComments,
  listEvents,
  listParticipants,
  listRequests,
  type RequestView,
  removeParticipant,
  RequestConflictError,
  RequestInputError,
  RequestNotFoundError,
  RequestRefusedError,
  setDefaultVisibility,
  staffQueue,
  transitionRequest,
  updateRequest,
} from './store.js';

const NOW = new Date('2026-06-30T12:00:00Z');
const DAY = 86_400_000;
const later = (days: number) => new Date(NOW.getTime() + days * DAY);

const alice: Actor = { kind: 'customer', userId: 'u-alice', companyId: 'acme', admin: false };
const bob: Actor = { kind: 'customer', userId: 'u-bob', companyId: 'acme', admin: false };
const carol: Actor = { kind: 'customer', userId: 'u-carol', companyId: 'acme', admin: true };
const gina: Actor = { kind: 'customer', userId: 'u-gina', companyId: 'globex', admin: true };
const samForAcme: Actor = { kind: 'staff', userId: 'u-sam', actingFor: 'acme' };
const sueForAcme: Actor = { kind: 'staff', userId: 'u-sue', actingFor: 'acme' };
const samForGlobex: Actor = { kind: 'staff', userId: 'u-sam', actingFor: 'globex' };
const samInQueue: Actor = { kind: 'staff', userId: 'u-sam', actingFor: null };
const host: Actor = hostIn('acme');

async function seed(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('companies')
    .values([
      { id: 'acme', name: 'Acme Corporation' },
      { id: 'globex', name: 'Globex' },
      { id: 'initech', name: 'Initech' },
      { id: 'hooli', name: 'Hooli' },
    ])
    .execute();
  await db
    .insertInto('deals')
    .values([
      { id: 'deal-acme', company_id: 'acme', name: 'Team plan', service_type: 'Team Plans', stage: 'Active' },
      {
        id: 'deal-globex',
        company_id: 'globex',
        name: 'Staffing',
        service_type: 'Staffing',
        stage: 'Active',
      },
    ])
    .execute();
  await db
    .insertInto('projects')
    .values([
      { id: 'proj-acme', company_id: 'acme', name: 'Web' },
      { id: 'proj-globex', company_id: 'globex', name: 'App' },
    ])
    .execute();
  const customer = (id: string, company: string, admin = false) => ({
    id,
    email: `${id}@example.com`,
    display_name: id,
    role: 'customer' as const,
    company_id: company,
    company_admin: admin,
  });
  const staff = (id: string) => ({
    id,
    email: `${id}@provider.example`,
    display_name: id,
    role: 'staff' as const,
  });
  await db
    .insertInto('users')
    .values([
      customer('u-alice', 'acme'),
      customer('u-bob', 'acme'),
      customer('u-carol', 'acme', true),
      customer('u-gina', 'globex', true),
      customer('u-ivan', 'initech'),
      customer('u-hank', 'hooli'),
      staff('u-sam'),
      staff('u-sue'),
    ])
    .execute();
}

const question = (title = 'How many hours are left?') => ({ type: 'question', title });

/** Catches what `promise` rejects with. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe.each(testStores)('requests on $name', (kind) => {
  let store: TestStore;
  let db: Kysely<Database>;
  beforeAll(async () => {
    store = await kind.open();
    db = store.db;
    await seed(db);
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });

  const step = (
    actor: Actor,
    request: RequestView,
    action: Parameters<typeof transitionRequest>[3],
    now = NOW,
  ) => transitionRequest(db, actor, request.id, action, { expectedVersion: request.version, now });

  it('derives key prefixes from company names', () => {
    expect(keyPrefixFromName('Acme Corporation')).toBe('ACME');
    expect(keyPrefixFromName('Ünïcorn GmbH')).toBe('UNICOR');
    expect(keyPrefixFromName('3M')).toBe('REQ');
    expect(keyPrefixFromName('A Team')).toBe('ATEAM');
    expect(keyPrefixFromName('!!!')).toBe('REQ');
  });

  it('runs the lifecycle: a member files, staff for the company work it, the admin approves, the member confirms', async () => {
    let request = await createRequest(
      db,
      alice,
      {
        type: 'change_of_scope',
        title: ' Ten more hours ',
        fields: { hours_delta: 10 },
        subscriptionId: 'deal-acme',
      },
      { now: NOW },
    );
    expect(request).toMatchObject({
      key: 'ACME-1',
      title: 'Ten more hours',
      fields: { hours_delta: 10 },
      requesterId: 'u-alice',
      createdBy: 'u-alice',
      label: 'submitted',
      visibility: 'participants',
      version: 1,
      actions: ['cancel'],
    });
    // Customers get the plain label, not the internal status.
    expect(request).not.toHaveProperty('status');

    request = await step(samForAcme, await getRequest(db, samForAcme, request.id), 'triage');
    expect(request).toMatchObject({ status: 'triaged', label: 'submitted', version: 2 });
    request = await step(samForAcme, request, 'ask_approval');
    expect(request).toMatchObject({ status: 'awaiting_approval', waitingOn: 'customer' });
    expect(await getRequest(db, alice, request.id, { now: NOW })).toMatchObject({
      label: 'waiting_for_you',
      actions: [],
    });

    // Neither the member nor staff may approve; the admin may.
    const memberApproval = await failure(step(alice, request, 'approve'));
    expect(memberApproval).toBeInstanceOf(RequestRefusedError);
    expect(memberApproval).toMatchObject({
      code: 'forbidden',
      message: 'Only the company admin can approve.',
    });
    expect(await failure(step(samForAcme, request, 'approve'))).toMatchObject({
      code: 'forbidden',
      message: 'Only the customer’s company admin can approve; staff cannot approve for a customer.',
    });
    expect((await getRequest(db, carol, request.id, { now: NOW })).actions).toEqual(['approve']);
    request = await step(carol, request, 'approve');
    expect(request).toMatchObject({ label: 'in_progress', waitingOn: 'provider' });

    request = await step(samForAcme, await getRequest(db, samForAcme, request.id), 'wait_on_customer');
    request = await step(alice, request, 'answer');
    expect(request).toMatchObject({ label: 'in_progress', waitingOn: 'provider' });
    request = await step(samForAcme, await getRequest(db, samForAcme, request.id), 'resolve');
    expect(request.resolvedAt).toEqual(NOW);
    request = await step(alice, request, 'confirm', later(1));
    expect(request).toMatchObject({ label: 'closed', closedAt: later(1), version: 8 });

    const events = await listEvents(db, carol, request.id);
    expect(events.map((e) => [e.kind, e.actorId, e.onBehalfOfCompany, e.after])).toEqual([
      [
        'created',
        'u-alice',
        null,
        {
          key: 'ACME-1',
          type: 'change_of_scope',
          status: 'submitted',
          priority: 'normal',
          visibility: 'participants',
        },
      ],
      ['status', 'u-sam', 'acme', { status: 'triaged', action: 'triage' }],
      ['status', 'u-sam', 'acme', { status: 'awaiting_approval', action: 'ask_approval' }],
      ['approved', 'u-carol', null, { status: 'in_progress', action: 'approve' }],
      ['status', 'u-sam', 'acme', { status: 'waiting_on_customer', action: 'wait_on_customer' }],
      ['status', 'u-alice', null, { status: 'in_progress', action: 'answer' }],
      ['status', 'u-sam', 'acme', { status: 'resolved', action: 'resolve' }],
      ['status', 'u-alice', null, { status: 'closed', action: 'confirm' }],
    ]);
  });

  it('lets staff file for a customer and the host open check-ins; people cannot open host-only types', async () => {
    const forAlice = await createRequest(
      db,
      samForAcme,
      { ...question('Invoice copy, please'), requesterId: 'u-alice' },
      { now: NOW },
    );
    expect(forAlice).toMatchObject({ requesterId: 'u-alice', createdBy: 'u-sam', status: 'submitted' });
    expect((await listEvents(db, samForAcme, forAlice.id))[0]).toMatchObject({
      actorId: 'u-sam',
      onBehalfOfCompany: 'acme',
    });
    expect(await failure(createRequest(db, samForAcme, question(), { now: NOW }))).toMatchObject({
      errors: ['The requester must be a customer user of the company.'],
    });
    expect(
      await failure(createRequest(db, samForAcme, { ...question(), requesterId: 'u-gina' }, { now: NOW })),
    ).toBeInstanceOf(RequestInputError);
    expect(await failure(createRequest(db, samInQueue, question(), { now: NOW }))).toBeInstanceOf(
      RequestRefusedError,
    );

    const checkIn = await createRequest(
      db,
      host,
      {
        type: 'renewal_check_in',
        title: 'Renewal check-in',
        subscriptionId: 'deal-acme',
        requesterId: 'u-carol',
        fields: { hours_used: 120, hours_left: 40 },
      },
      { now: NOW },
    );
    expect(checkIn).toMatchObject({ createdBy: null, requesterId: 'u-carol', fields: { hours_used: 120 } });
    expect((await listEvents(db, carol, checkIn.id))[0]).toMatchObject({ actorId: 'host' });
    // The schedule acts inside one company: another company's host finds no such request.
    expect(
      await failure(
        transitionRequest(db, hostIn('globex'), checkIn.id, 'resolve', {
          expectedVersion: checkIn.version,
          now: NOW,
        }),
      ),
    ).toBeInstanceOf(RequestNotFoundError);
    expect(
      await failure(
        createRequest(
          db,
          alice,
          { type: 'renewal_check_in', title: 'x', subscriptionId: 'deal-acme' },
          { now: NOW },
        ),
      ),
    ).toMatchObject({ errors: ['A renewal check-in is opened by the portal itself.'] });
  });

  it('checks input: text, type, fields and what the request concerns', async () => {
    const errors = async (input: Parameters<typeof createRequest>[2]) =>
      ((await failure(createRequest(db, alice, input, { now: NOW }))) as RequestInputError).errors;
    expect(await errors({ type: 'question', title: 'x'.repeat(201) })).toEqual([
      'The title must be at most 200 characters.',
    ]);
    expect(await errors({ type: 'question', title: '   ' })).toEqual(['The title must not be empty.']);
    expect(await errors({ type: 'question', title: 'a\u0007b' })).toEqual([
      'The title must be one line of text without control characters.',
    ]);
    expect(await errors({ type: 'question', title: 'evil\u202Etxt.exe' })).toEqual([
      'The title must not contain text direction override characters.',
    ]);
    expect(await errors({ type: 'question', title: 'ok', description: 'x'.repeat(20_001) })).toEqual([
      'The description must be at most 20,000 characters.',
    ]);
    expect(await errors({ type: 'nope', title: 'ok' })).toEqual([
      'The request type is not one of the configured types.',
    ]);
    expect(
      await errors({ type: 'talent_request', title: 'Engineer', fields: { kind: 'new', role: 'QA' } }),
    ).toEqual(['A talent request or replacement must name a project.']);
    // Another company's subscription or project is as unknown as a missing one.
    expect(await errors({ ...question(), subscriptionId: 'deal-globex' })).toEqual([
      'The subscription was not found.',
    ]);
    expect(
      await errors({
        type: 'talent_request',
        title: 'E',
        fields: { kind: 'new', role: 'QA' },
        projectId: 'proj-globex',
      }),
    ).toEqual(['The project was not found.']);
    const talent = await createRequest(
      db,
      alice,
      {
        type: 'talent_request',
        title: 'E',
        fields: { kind: 'replacement', role: 'QA' },
        projectId: 'proj-acme',
      },
      { now: NOW },
    );
    expect(talent.projectId).toBe('proj-acme');
    // A multi-line description keeps its lines.
    const multi = await createRequest(
      db,
      alice,
      { ...question(), description: 'line 1\nline 2\ttab' },
      { now: NOW },
    );
    expect(multi.description).toBe('line 1\nline 2\ttab');
  });

  it('shows a private request to its parties, the company admin and staff for the company only', async () => {
    const request = await createRequest(db, alice, question('Private matter'), { now: NOW });
    const ids = async (actor: Actor, scope: 'mine' | 'company' = 'company') =>
      (await listRequests(db, actor, { scope }, { limit: 100 }, { now: NOW })).items.map((r) => r.id);

    expect(await failure(getRequest(db, bob, request.id))).toBeInstanceOf(RequestNotFoundError);
    expect(await ids(bob)).not.toContain(request.id);
    expect((await getRequest(db, carol, request.id)).id).toBe(request.id);
    expect(await ids(carol)).toContain(request.id);
    expect(await ids(carol, 'mine')).not.toContain(request.id);
    expect((await getRequest(db, samForAcme, request.id)).status).toBe('submitted');
    expect(await ids(samForAcme)).toContain(request.id);
    expect(await ids(alice, 'mine')).toContain(request.id);

    // Named as a participant, Bob sees it, in "mine" too; removed, he no longer does.
    await addParticipant(db, alice, request.id, 'u-bob', { now: NOW });
    await addParticipant(db, alice, request.id, 'u-bob', { now: NOW });
    expect(await listParticipants(db, alice, request.id)).toEqual(['u-bob']);
    expect((await getRequest(db, bob, request.id)).actions).toEqual(['cancel']);
    expect(await ids(bob, 'mine')).toContain(request.id);
    await removeParticipant(db, bob, request.id, 'u-bob', { now: NOW });
    expect(await failure(getRequest(db, bob, request.id))).toBeInstanceOf(RequestNotFoundError);

    // Company-visible: Bob sees it but is only a viewer (no actions, cannot add people).
    const current = await getRequest(db, alice, request.id);
    const shown = await updateRequest(
      db,
      alice,
      request.id,
      { visibility: 'company' },
      {
        expectedVersion: current.version,
        now: NOW,
      },
    );
    expect(shown).toMatchObject({ visibility: 'company', version: current.version + 1 });
    expect((await getRequest(db, bob, request.id, { now: NOW })).actions).toEqual([]);
    expect(await ids(bob)).toContain(request.id);
    expect(await ids(bob, 'mine')).not.toContain(request.id);
    expect(await failure(addParticipant(db, bob, request.id, 'u-bob'))).toBeInstanceOf(RequestRefusedError);
    expect(await failure(step(bob, shown, 'cancel'))).toMatchObject({ code: 'forbidden' });
    expect(
      await failure(
        updateRequest(
          db,
          bob,
          request.id,
          { visibility: 'participants' },
          { expectedVersion: shown.version },
        ),
      ),
    ).toBeInstanceOf(RequestRefusedError);

    // The admin's default makes new requests company-visible; members cannot set it.
    expect(await failure(setDefaultVisibility(db, alice, 'company'))).toBeInstanceOf(RequestRefusedError);
    await setDefaultVisibility(db, carol, 'company');
    const open = await createRequest(db, alice, question('Open to all'), { now: NOW });
    expect(open.visibility).toBe('company');
    expect((await getRequest(db, bob, open.id)).id).toBe(open.id);
    await setDefaultVisibility(db, samForAcme, 'participants');
    expect((await createRequest(db, alice, question(), { now: NOW })).visibility).toBe('participants');

    const events = await listEvents(db, carol, request.id);
    expect(events.map((e) => e.kind)).toEqual([
      'created',
      'participant_added',
      'participant_removed',
      'visibility',
    ]);
  });

  it('never shows one company’s request to another, by id or in a list, just as an unknown id', async () => {
    const request = await createRequest(db, alice, question('Acme only'), { now: NOW });
    await setDefaultVisibility(db, carol, 'company');
    const open = await createRequest(db, alice, question('Acme company-wide'), { now: NOW });
    await setDefaultVisibility(db, carol, 'participants');
    const unknown = await failure(getRequest(db, gina, 'req_doesnotexist'));
    for (const id of [request.id, open.id]) {
      for (const actor of [gina, samForGlobex, samInQueue]) {
        const error = await failure(getRequest(db, actor, id));
        expect(error).toBeInstanceOf(RequestNotFoundError);
        expect(error).toEqual(unknown);
        expect(await failure(listComments(db, actor, id))).toBeInstanceOf(RequestNotFoundError);
        expect(await failure(listEvents(db, actor, id))).toBeInstanceOf(RequestNotFoundError);
        expect(await failure(addComment(db, actor, id, { body: 'hi' }))).toBeInstanceOf(RequestNotFoundError);
        expect(
          await failure(transitionRequest(db, actor, id, 'cancel', { expectedVersion: 1 })),
        ).toBeInstanceOf(RequestNotFoundError);
      }
    }
    for (const actor of [gina, samForGlobex]) {
      for (const scope of ['mine', 'company'] as const) {
        const { items } = await listRequests(db, actor, { scope }, { limit: 100 });
        expect(items.every((r) => r.companyId === 'globex')).toBe(true);
      }
    }
    // Nor can a user of another company be named a participant.
    expect(await failure(addParticipant(db, alice, request.id, 'u-gina'))).toMatchObject({
      errors: ['The participant must be a user of the request’s company.'],
    });
    expect(await failure(addParticipant(db, alice, request.id, 'u-sam'))).toBeInstanceOf(RequestInputError);
    expect(
      await failure(
        createRequest(db, alice, { ...question(), linkedRequestId: 'req_doesnotexist' }, { now: NOW }),
      ),
    ).toMatchObject({ errors: ['The linked request was not found.'] });
    expect(
      await failure(createRequest(db, gina, { ...question(), linkedRequestId: open.id }, { now: NOW })),
    ).toMatchObject({ errors: ['The linked request was not found.'] });
  });

  it('keeps internal notes and their events from customers', async () => {
    const request = await createRequest(db, alice, question('Notes'), { now: NOW });
    await addComment(db, alice, request.id, { body: 'Any news?' }, { now: later(1) });
    const note = await addComment(
      db,
      samForAcme,
      request.id,
      { body: 'Customer is on the old plan.', internal: true },
      {
        now: later(2),
      },
    );
    expect(note).toMatchObject({ internal: true, authorId: 'u-sam', onBehalfOf: 'acme' });
    await addComment(db, samForAcme, request.id, { body: 'Looking into it.' }, { now: later(3) });
    expect(
      await failure(addComment(db, alice, request.id, { body: 'secret', internal: true })),
    ).toMatchObject({
      message: 'Only staff can write internal notes.',
    });
    expect(await failure(addComment(db, alice, request.id, { body: ' ' }))).toBeInstanceOf(RequestInputError);

    for (const customer of [alice, carol]) {
      const comments = await listComments(db, customer, request.id);
      expect(comments.map((c) => c.body)).toEqual(['Any news?', 'Looking into it.']);
      const events = await listEvents(db, customer, request.id);
      expect(events.some((e) => e.internal)).toBe(false);
      expect(JSON.stringify(events)).not.toContain(note.id);
      expect(events.map((e) => e.kind)).toEqual(['created', 'comment', 'comment']);
    }
    expect((await listComments(db, samForAcme, request.id)).map((c) => c.internal)).toEqual([
      false,
      true,
      false,
    ]);
    expect((await listEvents(db, samForAcme, request.id)).filter((e) => e.internal)).toMatchObject([
      { kind: 'comment', after: { commentId: note.id } },
    ]);
  });

  it('lets a customer reopen within 14 days of the resolution, and refuses later with a reason', async () => {
    let request = await createRequest(db, alice, question('Reopen me'), { now: NOW });
    request = await step(samForAcme, await getRequest(db, samForAcme, request.id), 'start');
    request = await step(samForAcme, request, 'resolve');
    request = await step(alice, request, 'reopen', later(13));
    expect(request).toMatchObject({ label: 'in_progress', resolvedAt: null, closedAt: null });
    request = await step(samForAcme, await getRequest(db, samForAcme, request.id), 'resolve', later(20));
    const late = await failure(step(alice, request, 'reopen', later(35)));
    expect(late).toBeInstanceOf(RequestRefusedError);
    expect(late).toMatchObject({
      code: 'reopen_window_passed',
      message:
        'A request can be reopened within 14 days of its resolution; please open a new request linked to this one.',
    });
    const linked = await createRequest(
      db,
      alice,
      { ...question('Follow-up'), linkedRequestId: request.id },
      {
        now: later(35),
      },
    );
    expect(linked.linkedRequestId).toBe(request.id);
    expect((await listEvents(db, alice, request.id)).map((e) => e.kind)).toEqual([
      'created',
      'status',
      'status',
      'reopened',
      'status',
    ]);
  });

  it('tells the second of two writers on the same version that the request changed', async () => {
    const request = await createRequest(db, alice, question('Contended'), { now: NOW });
    const seen = await getRequest(db, samForAcme, request.id);
    await step(samForAcme, seen, 'triage');
    const conflict = await failure(step(sueForAcme, seen, 'start'));
    expect(conflict).toBeInstanceOf(RequestConflictError);
    expect(conflict).toMatchObject({ currentVersion: 2 });
    expect(
      await failure(updateRequest(db, sueForAcme, request.id, { priority: 'high' }, { expectedVersion: 1 })),
    ).toBeInstanceOf(RequestConflictError);
    // Two at once on the same version: exactly one wins.
    const results = await Promise.allSettled([
      updateRequest(db, samForAcme, request.id, { priority: 'urgent' }, { expectedVersion: 2, now: NOW }),
      updateRequest(db, sueForAcme, request.id, { priority: 'low' }, { expectedVersion: 2, now: NOW }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(RequestConflictError);
    expect((await getRequest(db, samForAcme, request.id)).version).toBe(3);
  });

  it('lets staff assign, prioritise and set due and check-in dates; customers see the due state', async () => {
    const request = await createRequest(db, alice, question('Due soon'), { now: NOW });
    expect(
      await failure(updateRequest(db, alice, request.id, { priority: 'urgent' }, { expectedVersion: 1 })),
    ).toMatchObject({ message: 'Only staff can assign, prioritise or set dates.' });
    expect(
      await failure(
        updateRequest(db, samForAcme, request.id, { assigneeId: 'u-alice' }, { expectedVersion: 1 }),
      ),
    ).toMatchObject({ errors: ['The assignee must be a staff user.'] });
    expect(
      await failure(
        updateRequest(db, samForAcme, request.id, { nextCheckIn: '2026-02-30' }, { expectedVersion: 1 }),
      ),
    ).toBeInstanceOf(RequestInputError);
    const updated = await updateRequest(
      db,
      samForAcme,
      request.id,
      {
        assigneeId: 'u-sue',
        priority: 'high',
        due: { at: later(4), source: 'agreed' },
        nextCheckIn: '2026-07-15',
      },
      { expectedVersion: 1, now: NOW },
    );
    expect(updated).toMatchObject({
      assigneeId: 'u-sue',
      priority: 'high',
      dueAt: later(4),
      dueSource: 'agreed',
      nextCheckIn: '2026-07-15',
      dueState: 'on_track',
      version: 2,
    });
    // Nothing changed: no event, no new version.
    expect(
      (
        await updateRequest(
          db,
          samForAcme,
          request.id,
          { priority: 'high' },
          { expectedVersion: 2, now: NOW },
        )
      ).version,
    ).toBe(2);
    expect((await getRequest(db, alice, request.id, { now: later(3) })).dueState).toBe('at_risk');
    expect((await getRequest(db, alice, request.id, { now: later(5) })).dueState).toBe('overdue');
    const events = (await listEvents(db, alice, request.id)).slice(1);
    expect(events.map((e) => [e.kind, e.before, e.after])).toEqual([
      ['assigned', { assigneeId: null }, { assigneeId: 'u-sue' }],
      ['due', { dueAt: null, source: null }, { dueAt: later(4).toISOString(), source: 'agreed' }],
      ['check_in', { nextCheckIn: null }, { nextCheckIn: '2026-07-15' }],
      ['priority', { priority: 'normal' }, { priority: 'high' }],
    ]);
    const byState = async (dueState: 'on_track' | 'at_risk' | 'overdue', now: Date) =>
      (await listRequests(db, alice, { dueState }, { limit: 100 }, { now })).items.map((r) => r.id);
    expect(await byState('on_track', NOW)).toEqual([request.id]);
    expect(await byState('at_risk', later(3))).toEqual([request.id]);
    expect(await byState('overdue', later(5))).toEqual([request.id]);
    expect(await byState('overdue', NOW)).toEqual([]);
  });

  it('gives staff a queue across companies, by due date, filtered and paged; nobody else', async () => {
    const a = await createRequest(
      db,
      samForAcme,
      { ...question('Queue A'), requesterId: 'u-bob' },
      { now: NOW },
    );
    const g = await createRequest(db, gina, { type: 'escalation', title: 'Queue G' }, { now: NOW });
    await updateRequest(
      db,
      samForAcme,
      a.id,
      { due: { at: later(2), source: 'contract' }, assigneeId: 'u-sam' },
      {
        expectedVersion: 1,
        now: NOW,
      },
    );
    await updateRequest(
      db,
      samForGlobex,
      g.id,
      { due: { at: later(1), source: 'agreed' } },
      {
        expectedVersion: 1,
        now: NOW,
      },
    );
    const queue = await staffQueue(db, samInQueue, {}, { limit: 100 }, { now: NOW });
    expect(queue.items.slice(0, 2).map((r) => r.id)).toEqual([g.id, a.id]);
    expect(new Set(queue.items.map((r) => r.companyId))).toEqual(new Set(['acme', 'globex']));
    expect(queue.items.every((r) => r.status !== 'closed' && r.status !== 'cancelled')).toBe(true);
    // By due date, those without one last.
    const dues = queue.items.map((r) => r.dueAt?.getTime() ?? Number.POSITIVE_INFINITY);
    expect(dues).toEqual([...dues].sort((x, y) => x - y));
    expect(dues.at(-1)).toBe(Number.POSITIVE_INFINITY);

    expect(
      (await staffQueue(db, samInQueue, { companyId: 'globex' }, { limit: 100 })).items.map((r) => r.id),
    ).toEqual(
      (await listRequests(db, samForGlobex, { status: undefined }, { limit: 100 })).items
        .filter((r) => r.status !== 'resolved' && r.status !== 'closed' && r.status !== 'cancelled')
        .map((r) => r.id),
    );
    expect((await staffQueue(db, samInQueue, { assigneeId: 'u-sam' })).items.map((r) => r.id)).toEqual([
      a.id,
    ]);
    expect((await staffQueue(db, samInQueue, { type: 'escalation' })).items.map((r) => r.id)).toEqual([g.id]);
    expect(
      (await staffQueue(db, samInQueue, { status: ['closed'] })).items.every((r) => r.status === 'closed'),
    ).toBe(true);

    const first = await staffQueue(db, samInQueue, {}, { limit: 2 }, { now: NOW });
    expect(first.items.map((r) => r.id)).toEqual([g.id, a.id]);
    expect(first.nextOffset).toBe(2);
    const second = await staffQueue(db, samInQueue, {}, { limit: 2, offset: 2 }, { now: NOW });
    expect(second.items.map((r) => r.id)).not.toContain(a.id);
    const all = await staffQueue(db, samInQueue, {}, { limit: 100 }, { now: NOW });
    expect(all.nextOffset).toBeNull();

    expect(await failure(staffQueue(db, carol))).toBeInstanceOf(RequestRefusedError);
    expect(await failure(staffQueue(db, host))).toBeInstanceOf(RequestRefusedError);
  });

  it('allocates keys safely when many requests are filed at once', async () => {
    const hank: Actor = { kind: 'customer', userId: 'u-hank', companyId: 'hooli', admin: false };
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createRequest(db, hank, question(`Concurrent ${i}`), { now: NOW }),
      ),
    );
    expect(created.map((r) => r.key).sort((x, y) => Number(x.slice(6)) - Number(y.slice(6)))).toEqual(
      Array.from({ length: 20 }, (_, i) => `HOOLI-${i + 1}`),
    );
    const settings = await db
      .selectFrom('company_request_settings')
      .select(['key_prefix', 'next_number'])
      .where('company_id', '=', 'hooli')
      .executeTakeFirstOrThrow();
    expect(settings).toEqual({ key_prefix: 'HOOLI', next_number: 21 });
  });

  it('keeps the history append-only, except when the whole company is deleted', async () => {
    const ivan: Actor = { kind: 'customer', userId: 'u-ivan', companyId: 'initech', admin: false };
    const request = await createRequest(db, ivan, question('TPS reports'), { now: NOW });
    await addComment(db, ivan, request.id, { body: 'Did you get the memo?' }, { now: NOW });
    await expect(
      sql`update request_events set kind = 'status' where request_id = ${request.id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from request_events where request_id = ${request.id}`.execute(db),
    ).rejects.toThrow(/append-only/);
    // A request cannot be deleted either, since its events would go with it: it is cancelled instead.
    await expect(sql`delete from requests where id = ${request.id}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    expect(await listEvents(db, ivan, request.id)).toHaveLength(2);

    // Users keep no company to delete (users.company_id does not cascade).
    await db.updateTable('users').set({ company_id: null }).where('company_id', '=', 'initech').execute();
    await db.deleteFrom('companies').where('id', '=', 'initech').execute();
    const left = await sql<{ n: number }>`select
        (select count(*) from request_events where company_id = 'initech')
      + (select count(*) from requests where company_id = 'initech')
      + (select count(*) from request_comments where company_id = 'initech') as n`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
  });

  it('leaves the read versions alone: no cached answer reads the requests (migration 0014)', async () => {
    const version = async (scope: string) =>
      Number(
        (await db.selectFrom('read_versions').select('version').where('scope', '=', scope).executeTakeFirst())
          ?.version ?? 0,
      );
    const before = { acme: await version('acme'), globex: await version('globex') };
    const request = await createRequest(db, alice, question('Cache me'), { now: NOW });
    await addComment(db, alice, request.id, { body: 'No bump' }, { now: NOW });
    await addParticipant(db, alice, request.id, 'u-bob', { now: NOW });
    expect({ acme: await version('acme'), globex: await version('globex') }).toEqual(before);
  });

  it('keeps the company admin flag to customers', async () => {
    await expect(
      db.updateTable('users').set({ company_admin: true }).where('id', '=', 'u-sam').execute(),
    ).rejects.toThrow();
  });
  it('finds a request by key in the actor’s company only, and searches, filters and exports', async () => {
    const mine = await createRequest(
      db,
      alice,
      { type: 'question', title: 'Renewal 100% discount?', subscriptionId: 'deal-acme' },
      { now: NOW },
    );
    expect(await findRequestIdByKey(db, alice, mine.key)).toBe(mine.id);
    expect(await findRequestIdByKey(db, samForAcme, mine.key)).toBe(mine.id);
    expect(await findRequestIdByKey(db, gina, mine.key)).toBeNull();
    expect(await findRequestIdByKey(db, samInQueue, mine.key)).toBeNull();
    expect(await findRequestIdByKey(db, alice, 'acme-1')).toBeNull();
    const search = async (q: string) =>
      (await listRequests(db, carol, { scope: 'company', q }, { limit: 100 }, { now: NOW })).items.map(
        (r) => r.id,
      );
    expect(await search(mine.key.toLowerCase())).toEqual([mine.id]);
    expect(await search('100% DISCOUNT')).toEqual([mine.id]);
    // LIKE's wildcards are matched literally.
    expect(await search('0_%')).toEqual([]);
    const bySubscription = await listRequests(
      db,
      carol,
      { scope: 'company', subscriptionId: 'deal-acme' },
      { limit: 100 },
      { now: NOW },
    );
    expect(bySubscription.items.map((r) => r.id)).toContain(mine.id);
    expect(bySubscription.items.every((r) => r.subscriptionId === 'deal-acme')).toBe(true);
    // The export: the admin and staff, every row with the same filters; a member is refused.
    const all = await exportRequests(db, carol, { scope: 'company' }, { now: NOW });
    const listed = await listRequests(db, carol, { scope: 'company' }, { limit: 100 }, { now: NOW });
    expect(all.map((r) => r.id)).toEqual(listed.items.map((r) => r.id));
    expect(all.every((r) => r.status === undefined)).toBe(true);
    expect((await exportRequests(db, samForAcme, { q: 'discount' }, { now: NOW })).map((r) => r.id)).toEqual([
      mine.id,
    ]);
    expect(await exportRequests(db, carol, {}, { now: NOW, cap: 1 })).toHaveLength(1);
    expect(await failure(exportRequests(db, alice, {}, { now: NOW }))).toBeInstanceOf(RequestRefusedError);
    expect(await failure(exportRequests(db, samInQueue, {}, { now: NOW }))).toBeInstanceOf(
      RequestRefusedError,
    );
  });
});
