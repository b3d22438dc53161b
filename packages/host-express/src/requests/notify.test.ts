import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runRequestSchedule } from '../jobs/request-schedule.js';
import { testConfig } from '../test-support/host.js';
import { type TestStore, featureStores } from '../test-support/stores.js';
import { composeMail } from './mail-templates.js';
import { readyPrefix } from './event-cursor.js';
import { notificationOf, requestLink } from './notify.js';
import { OUTBOX_RETENTION_DAYS, readOutbox } from './outbox.js';
import { addComment, addParticipant, createRequest, transitionRequest, updateRequest } from './store.js';
import {
  actors,
  addSubscription,
  quietLogger,
  resetRequests,
  seedScheduleFixture,
} from './test-support/schedule-fixture.js';
import { type SmtpSink, startSmtpSink } from './test-support/smtp-sink.js';

const T0 = new Date('2027-03-01T09:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const SECRET = 'SECRET-INTERNAL-PLAN-7731';

describe('what an event tells whom', () => {
  const event = (kind: string, after: object = {}, internal = false, actor = 'u-sam') => ({
    kind: kind as never,
    actor_id: actor,
    after,
    internal,
  });

  it('mails customer-visible updates, and of internal events only the assignee’s reminder', () => {
    expect(notificationOf(event('created', {}, false, 'u-alice'))).toEqual({
      kind: 'created',
      audience: 'customers+assignee',
    });
    expect(notificationOf(event('created', {}, false, 'host'))?.kind).toBe('check_in');
    expect(notificationOf(event('comment'))?.kind).toBe('comment');
    expect(notificationOf(event('comment', {}, true))).toBeNull();
    expect(notificationOf(event('status', { status: 'waiting_on_customer' }))?.kind).toBe('waiting');
    expect(notificationOf(event('status', { status: 'awaiting_approval' }))).toEqual({
      kind: 'approval',
      audience: 'customers+admins',
    });
    expect(notificationOf(event('status', { status: 'resolved' }))?.kind).toBe('resolved');
    expect(notificationOf(event('status', { status: 'resolved' }, false, 'host'))).toBeNull();
    expect(notificationOf(event('auto_resolved'))?.kind).toBe('auto_resolved');
    expect(notificationOf(event('reminder', { to: 'customer' }))?.kind).toBe('reminder');
    expect(notificationOf(event('reminder', { to: 'assignee' }, true))).toEqual({
      kind: 'assignee_reminder',
      audience: 'assignee',
    });
    expect(notificationOf(event('status', { status: 'triaged' }))).toBeNull();
    expect(notificationOf(event('participant_added'))).toBeNull();
    expect(notificationOf(event('attachment'))).toBeNull();
  });

  it('takes events in up to a recent gap in their ids, and past an old one', () => {
    const now = at(0);
    const rows = [1, 2, 4, 5].map((id) => ({ id, at: at(-1) }));
    expect(readyPrefix(rows, 0, now).map((r) => r.id)).toEqual([1, 2]);
    const old = [1, 2, 4].map((id) => ({ id, at: at(-11) }));
    expect(readyPrefix(old, 0, now).map((r) => r.id)).toEqual([1, 2, 4]);
  });

  it('links to the request in the portal, and escapes what it shows in HTML', () => {
    expect(requestLink('https://portal.example/portal/', 'ACME-7')).toBe(
      'https://portal.example/portal/requests/ACME-7',
    );
    const mail = composeMail({
      recipientName: 'Alice <script>',
      request: { key: 'ACME-7', title: 'A & B' },
      items: [{ kind: 'comment', at: T0, actor: 'Sam', body: '<img src=x onerror=alert(1)>' }],
      link: 'https://portal.example/requests/ACME-7',
      brand: 'Portal',
    });
    expect(mail.subject).toBe('[ACME-7] New comment: A & B');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>');
  });
});

describe.each(featureStores)('request e-mail on $name', (kind) => {
  let store: TestStore;
  let smtp: SmtpSink;
  const config = () =>
    testConfig({ SMTP_URL: smtp.url, PUBLIC_ORIGIN: 'https://portal.example', PORTAL_BASE_PATH: '/portal' });
  const run = (now: Date) => runRequestSchedule(store.db, config(), { now, logger: quietLogger().logger });
  const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    store = await kind.open();
    await seedScheduleFixture(store.db);
    smtp = await startSmtpSink();
  });
  beforeEach(async () => {
    await resetRequests(store.db);
    smtp.received.length = 0;
    smtp.refuse = null;
  });
  afterAll(async () => {
    await smtp?.close();
    await store?.close();
  });

  /** Acme's request with Bob as participant and Sam assigned; Sam's internal note and public reply; waiting on Alice. */
  async function acmeStory() {
    const request = await createRequest(
      store.db,
      actors.alice,
      { type: 'question', title: 'Where is our invoice?', description: 'We cannot find March.' },
      { now: T0 },
    );
    await addParticipant(store.db, actors.alice, request.id, 'u-bob', { now: T0 });
    let view = await updateRequest(
      store.db,
      actors.samForAcme,
      request.id,
      { assigneeId: 'u-sam' },
      { expectedVersion: request.version, now: T0 },
    );
    await addComment(
      store.db,
      actors.samForAcme,
      request.id,
      { body: `${SECRET}: the invoice was never sent`, internal: true },
      { now: T0 },
    );
    await addComment(store.db, actors.samForAcme, request.id, { body: 'We are on it.' }, { now: T0 });
    view = await transitionRequest(store.db, actors.samForAcme, request.id, 'triage', {
      expectedVersion: view.version,
      now: T0,
    });
    view = await transitionRequest(store.db, actors.samForAcme, request.id, 'wait_on_customer', {
      expectedVersion: view.version,
      now: T0,
    });
    return view;
  }

  async function globexStory() {
    const request = await createRequest(
      store.db,
      actors.gina,
      { type: 'question', title: 'GLOBEX-CONFIDENTIAL merger question' },
      { now: T0 },
    );
    await addComment(store.db, actors.samForGlobex, request.id, { body: 'GLOBEX-ONLY answer' }, { now: T0 });
    return request;
  }

  it('mails each person once, bundled, with a link to the request, and nothing internal or of another company', async () => {
    const acme = await acmeStory();
    await globexStory();
    const summary = await run(at(1));
    expect(summary.errors).toEqual({});
    expect(summary.mailSent).toBe(4);
    expect(smtp.received.map((m) => m.to).sort()).toEqual([
      ['u-alice@acme.example'],
      ['u-bob@acme.example'],
      ['u-gina@globex.example'],
      ['u-sam@provider.example'],
    ]);
    const [alice] = mailTo('u-alice@acme.example');
    // Alice filed it: told of Sam's reply and that it waits for her, in one message.
    expect(alice!.decoded).toContain(`Subject: [${acme.key}] 2 updates: Where is our invoice?`);
    expect(alice!.decoded).toContain('Sam Staff wrote:');
    expect(alice!.decoded).toContain('We are on it.');
    expect(alice!.decoded).toContain('Sam Staff is waiting for your answer.');
    expect(alice!.decoded).toContain(`https://portal.example/portal/requests/${acme.key}`);
    expect(alice!.decoded).not.toContain('opened the request');
    // Bob takes part: also told it was opened (by Alice), with its description.
    const [bob] = mailTo('u-bob@acme.example');
    expect(bob!.decoded).toContain(`[${acme.key}] 3 updates`);
    expect(bob!.decoded).toContain('Alice Member opened the request.');
    expect(bob!.decoded).toContain('We cannot find March.');
    // Sam, the assignee, is told of the new request; not of his own comment.
    const [sam] = mailTo('u-sam@provider.example');
    expect(sam!.decoded).toContain(`Subject: [${acme.key}] New request: Where is our invoice?`);
    expect(sam!.decoded).not.toContain('We are on it.');
    // Carol is the admin but takes no part (no approval asked): nothing.
    expect(mailTo('u-carol@acme.example')).toEqual([]);

    for (const mail of smtp.received) {
      expect(mail.raw).not.toContain(SECRET);
      expect(mail.decoded).not.toContain(SECRET);
      expect(mail.decoded).not.toContain('never sent');
    }
    for (const mail of smtp.received.filter((m) => !m.to.includes('u-gina@globex.example'))) {
      expect(mail.decoded).not.toMatch(/GLOBEX/i);
    }
    const [gina] = mailTo('u-gina@globex.example');
    expect(gina!.decoded).toContain('GLOBEX-ONLY answer');
    expect(gina!.decoded).not.toMatch(/acme|invoice/i);

    // A second run sends nothing more.
    expect((await run(at(2))).mailSent).toBe(0);
    expect(smtp.received).toHaveLength(4);
  });

  it('sends at most one e-mail per person and request per hour, with everything pending in it', async () => {
    const acme = await acmeStory();
    await run(at(1));
    smtp.received.length = 0;
    await addComment(store.db, actors.samForAcme, acme.id, { body: 'First follow-up.' }, { now: at(10) });
    await addComment(store.db, actors.samForAcme, acme.id, { body: 'Second follow-up.' }, { now: at(20) });
    expect((await run(at(30))).mailSent).toBe(0);
    expect((await run(at(60))).mailSent).toBe(0);
    const summary = await run(at(61));
    expect(summary.mailSent).toBe(2);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['u-alice@acme.example', 'u-bob@acme.example']);
    const [alice] = mailTo('u-alice@acme.example');
    expect(alice!.decoded).toContain(`[${acme.key}] 2 updates`);
    expect(alice!.decoded).toContain('First follow-up.');
    expect(alice!.decoded).toContain('Second follow-up.');
  });

  it('asks the company admin for approval, and tells of check-ins due', async () => {
    const request = await createRequest(
      store.db,
      actors.alice,
      { type: 'change_of_scope', title: 'Ten more hours', fields: { hours_delta: 10 } },
      { now: T0 },
    );
    await transitionRequest(store.db, actors.samForAcme, request.id, 'ask_approval', {
      expectedVersion: (
        await transitionRequest(store.db, actors.samForAcme, request.id, 'triage', {
          expectedVersion: request.version,
          now: T0,
        })
      ).version,
      now: T0,
    });
    await addSubscription(store.db, {
      id: 'deal-acme',
      company: 'acme',
      start: '2026-05-01',
      end: '2027-04-30',
      hours: 100,
    });
    const summary = await run(at(1));
    expect(summary.renewalCheckIns).toBe(1);
    const carol = mailTo('u-carol@acme.example');
    expect(carol).toHaveLength(2);
    const approval = carol.find((m) => m.decoded.includes('Ten more hours'))!;
    expect(approval.decoded).toContain('Approval needed');
    const checkIn = carol.find((m) => m.decoded.includes('Renewal check-in'))!;
    expect(checkIn.decoded).toContain('Check-in due');
    expect(checkIn.decoded).toContain('https://meetings.example/jane');
  });

  it('keeps a message the server refused and sends it on a later run', async () => {
    await createRequest(
      store.db,
      actors.samForAcme,
      { type: 'question', title: 'Opened for Alice', requesterId: 'u-alice' },
      { now: T0 },
    );
    smtp.refuse = 'Mailbox busy, try later';
    const failed = await run(at(1));
    expect(failed).toMatchObject({ mailSent: 0, mailFailed: 1, errors: {} });
    const [row] = await store.db.selectFrom('request_notifications').selectAll().execute();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, gave_up: false });
    expect(row!.last_error).toContain('Mailbox busy');
    smtp.refuse = null;
    expect((await run(at(6))).mailSent).toBe(1);
    expect(mailTo('u-alice@acme.example')).toHaveLength(1);
  });
});

describe.each(featureStores)('the outbox on $name', (kind) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await kind.open();
    await seedScheduleFixture(store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('keeps each message in the store without SMTP_URL, and removes it after the retention period', async () => {
    const config = testConfig({ PUBLIC_ORIGIN: 'https://portal.example' });
    expect(config.requests.mail.smtpUrl).toBeNull();
    const request = await createRequest(
      store.db,
      actors.samForAcme,
      { type: 'question', title: 'Opened for Alice', requesterId: 'u-alice' },
      { now: T0 },
    );
    const summary = await runRequestSchedule(store.db, config, { now: at(1), logger: quietLogger().logger });
    expect(summary.mailSent).toBe(1);
    const messages = await readOutbox(store.db);
    expect(messages).toEqual([
      expect.objectContaining({
        companyId: 'acme',
        to: 'Alice Member <u-alice@acme.example>',
        subject: `[${request.key}] New request: Opened for Alice`,
        requestKey: request.key,
        date: at(1).toISOString(),
      }),
    ]);
    expect(messages[0]!.text).toContain(`https://portal.example/requests/${request.key}`);

    const first = messages[0]!.id;
    const later = (days: number) => new Date(at(1).getTime() + days * 86_400_000);
    const ids = async () => (await readOutbox(store.db)).map((m) => m.id);
    await runRequestSchedule(store.db, config, {
      now: later(OUTBOX_RETENTION_DAYS),
      logger: quietLogger().logger,
    });
    expect(await ids()).toContain(first);
    await runRequestSchedule(store.db, config, {
      now: later(OUTBOX_RETENTION_DAYS + 1),
      logger: quietLogger().logger,
    });
    expect(await ids()).not.toContain(first);
  });
});
