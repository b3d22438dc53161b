import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestStore, featureStores } from '../test-support/stores.js';
import { AUTO_RESOLVE_NOTE, autoResolve, remindAssignees, remindCustomers } from './reminders.js';
import { createRequest, getRequest, listEvents, transitionRequest, updateRequest } from './store.js';
import { actors, quietLogger, resetRequests, seedScheduleFixture } from './test-support/schedule-fixture.js';

const T0 = new Date('2027-03-01T09:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(T0.getTime() + ms);

describe.each(featureStores)('reminders and the auto-resolve on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedScheduleFixture(store.db);
  });
  beforeEach(async () => {
    await resetRequests(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  const open = async (title = 'Need a hand') =>
    createRequest(store.db, actors.alice, { type: 'question', title }, { now: T0 });
  const reminders = async (id: string) =>
    (await listEvents(store.db, actors.samForAcme, id)).filter((e) => e.kind === 'reminder');

  it('reminds the assignee at 50 % and 75 % of the time to the due date, once each', async () => {
    const request = await open();
    // Due 10 days after creation: 50 % at day 5, 75 % at day 7.5.
    await updateRequest(
      store.db,
      actors.samForAcme,
      request.id,
      { assigneeId: 'u-sam', due: { at: at(10 * DAY), source: 'agreed' } },
      { expectedVersion: request.version, now: T0 },
    );
    expect(await remindAssignees(store.db, at(5 * DAY - 1000))).toBe(0);
    expect(await remindAssignees(store.db, at(5 * DAY))).toBe(1);
    expect(await remindAssignees(store.db, at(5 * DAY + HOUR))).toBe(0);
    expect(await remindAssignees(store.db, at(7.5 * DAY - 1000))).toBe(0);
    expect(await remindAssignees(store.db, at(7.5 * DAY))).toBe(1);
    expect(await remindAssignees(store.db, at(9 * DAY))).toBe(0);
    expect(await remindAssignees(store.db, at(12 * DAY))).toBe(0);

    const events = await reminders(request.id);
    expect(events.map((e) => [(e.after as { reminder: string }).reminder, e.internal, e.actorId])).toEqual([
      ['assignee_50', true, 'host'],
      ['assignee_75', true, 'host'],
    ]);
    // Internal: the customer's history does not show them.
    expect((await listEvents(store.db, actors.alice, request.id)).some((e) => e.kind === 'reminder')).toBe(
      false,
    );
  });

  it('reminds again for a new due date, and once (the later) when both thresholds have passed', async () => {
    const request = await open();
    const assigned = await updateRequest(
      store.db,
      actors.samForAcme,
      request.id,
      { assigneeId: 'u-sam', due: { at: at(4 * DAY), source: 'agreed' } },
      { expectedVersion: request.version, now: T0 },
    );
    expect(await remindAssignees(store.db, at(3.5 * DAY))).toBe(1);
    expect((await reminders(request.id)).map((e) => (e.after as { reminder: string }).reminder)).toEqual([
      'assignee_75',
    ]);
    // A new due date: its own reminders.
    await updateRequest(
      store.db,
      actors.samForAcme,
      request.id,
      { due: { at: at(20 * DAY), source: 'agreed' } },
      { expectedVersion: assigned.version, now: at(3.5 * DAY) },
    );
    expect(await remindAssignees(store.db, at(10 * DAY))).toBe(1);
    expect(await remindAssignees(store.db, at(10 * DAY + HOUR))).toBe(0);
    expect(await reminders(request.id)).toHaveLength(2);
  });

  it('reminds nobody of an unassigned, undated or resolved request', async () => {
    const unassigned = await open('Unassigned');
    await updateRequest(
      store.db,
      actors.samForAcme,
      unassigned.id,
      { due: { at: at(2 * DAY), source: 'agreed' } },
      { expectedVersion: unassigned.version, now: T0 },
    );
    const resolved = await open('Resolved');
    const changed = await updateRequest(
      store.db,
      actors.samForAcme,
      resolved.id,
      { assigneeId: 'u-sam', due: { at: at(2 * DAY), source: 'agreed' } },
      { expectedVersion: resolved.version, now: T0 },
    );
    const triaged = await transitionRequest(store.db, actors.samForAcme, resolved.id, 'triage', {
      expectedVersion: changed.version,
      now: T0,
    });
    await transitionRequest(store.db, actors.samForAcme, resolved.id, 'resolve', {
      expectedVersion: triaged.version,
      now: T0,
    });
    await open('Undated');
    expect(await remindAssignees(store.db, at(3 * DAY))).toBe(0);
  });

  /** A request waiting on the customer since `since`. */
  const waiting = async (since: Date) => {
    const request = await open();
    const triaged = await transitionRequest(store.db, actors.samForAcme, request.id, 'triage', {
      expectedVersion: request.version,
      now: since,
    });
    return transitionRequest(store.db, actors.samForAcme, request.id, 'wait_on_customer', {
      expectedVersion: triaged.version,
      now: since,
    });
  };

  it('reminds the customer 3 and 7 days into a wait, once each per wait', async () => {
    const request = await waiting(T0);
    expect(await remindCustomers(store.db, at(3 * DAY - 1000))).toBe(0);
    expect(await remindCustomers(store.db, at(3 * DAY))).toBe(1);
    expect(await remindCustomers(store.db, at(4 * DAY))).toBe(0);
    expect(await remindCustomers(store.db, at(7 * DAY))).toBe(1);
    expect(await remindCustomers(store.db, at(8 * DAY))).toBe(0);
    const customerSide = (await listEvents(store.db, actors.alice, request.id)).filter(
      (e) => e.kind === 'reminder',
    );
    expect(customerSide.map((e) => [(e.after as { reminder: string }).reminder, e.internal])).toEqual([
      ['customer_3', false],
      ['customer_7', false],
    ]);

    // Answered, then waiting again: a new wait, new reminders.
    const answered = await transitionRequest(store.db, actors.alice, request.id, 'answer', {
      expectedVersion: request.version,
      now: at(8 * DAY),
    });
    await transitionRequest(store.db, actors.samForAcme, request.id, 'wait_on_customer', {
      expectedVersion: answered.version,
      now: at(9 * DAY),
    });
    expect(await remindCustomers(store.db, at(12 * DAY))).toBe(1);
    expect(await remindCustomers(store.db, at(12 * DAY + HOUR))).toBe(0);
  });

  it('resolves a request waiting 14 days on the customer, with its note, once', async () => {
    const request = await waiting(T0);
    const { logger } = quietLogger();
    expect(await autoResolve(store.db, at(14 * DAY - 1000), logger)).toBe(0);
    expect(await autoResolve(store.db, at(14 * DAY), logger)).toBe(1);
    expect(await autoResolve(store.db, at(14 * DAY + HOUR), logger)).toBe(0);
    const view = await getRequest(store.db, actors.alice, request.id, { now: at(14 * DAY) });
    expect(view).toMatchObject({ label: 'resolved', resolvedAt: at(14 * DAY) });
    // The customer may reopen it for 14 days, as the note says.
    expect(view.actions).toContain('reopen');
    const events = await listEvents(store.db, actors.alice, request.id);
    expect(events.slice(-2).map((e) => [e.kind, e.actorId, e.internal])).toEqual([
      ['status', 'host', false],
      ['auto_resolved', 'host', false],
    ]);
    expect(events.at(-1)!.after).toMatchObject({ status: 'resolved', note: AUTO_RESOLVE_NOTE });
    expect(AUTO_RESOLVE_NOTE).toBe(
      'Resolved automatically after 14 days without an answer; reply within 14 days to reopen it.',
    );
    // No customer reminder for a request already past its 14 days.
    expect(await remindCustomers(store.db, at(14 * DAY))).toBe(0);
  });
});
