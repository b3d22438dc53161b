import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../store/open-store.js';
import { type TestStore, featureStores } from '../test-support/stores.js';
import { addMonths } from './calendar.js';
import {
  addCheckInTemplate,
  CheckInTemplateError,
  getCheckInTemplate,
  nextOccurrence,
  openRecurringCheckIns,
  openRenewalCheckIns,
  subscriptionHours,
} from './check-ins.js';
import { listEvents } from './store.js';
import {
  actors,
  addSubscription,
  quietLogger,
  resetRequests,
  seedScheduleFixture,
} from './test-support/schedule-fixture.js';

describe('check-in dates', () => {
  it('adds months, keeping the day or taking the month’s last', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2027-11-15', 3)).toBe('2028-02-15');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });

  it('moves a template to its next date after today, skipping missed periods', () => {
    expect(nextOccurrence('2027-01-01', 3, '2027-01-01')).toBe('2027-04-01');
    expect(nextOccurrence('2027-01-01', 3, '2027-08-15')).toBe('2027-10-01');
    expect(nextOccurrence('2027-01-31', 1, '2027-01-31')).toBe('2027-02-28');
    expect(nextOccurrence('2027-01-31', 1, '2027-02-28')).toBe('2027-03-31');
  });

  it('estimates hours used from the share of the term elapsed', () => {
    const deal = { hours: 365, start_date: '2026-01-01', end_date: '2027-01-01' };
    expect(subscriptionHours(deal, '2026-07-02')).toEqual({ used: 182, left: 183 });
    expect(subscriptionHours(deal, '2025-12-01')).toEqual({ used: 0, left: 365 });
    expect(subscriptionHours(deal, '2027-06-01')).toEqual({ used: 365, left: 0 });
    expect(subscriptionHours({ ...deal, hours: null }, '2026-07-02')).toBeNull();
    expect(subscriptionHours({ ...deal, start_date: null }, '2026-07-02')).toBeNull();
  });
});

describe.each(featureStores)('check-ins on $name', (kind) => {
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

  // End 2027-03-01: the check-in day is 2026-12-31 (60 days before).
  const END = '2027-03-01';
  const subscription = () =>
    addSubscription(store.db, {
      id: 'deal-acme',
      company: 'acme',
      start: '2026-03-01',
      end: END,
      hours: 365,
    });
  const checkIns = () =>
    store.db.selectFrom('requests').selectAll().where('type', '=', 'renewal_check_in').execute();

  it('opens the renewal check-in exactly 60 days before the end, once, filled in', async () => {
    await subscription();
    const { logger } = quietLogger();
    expect(await openRenewalCheckIns(store.db, { now: new Date('2026-12-30T23:59:59Z'), logger })).toBe(0);
    expect(await checkIns()).toEqual([]);
    expect(await openRenewalCheckIns(store.db, { now: new Date('2026-12-31T00:00:00Z'), logger })).toBe(1);
    expect(await openRenewalCheckIns(store.db, { now: new Date('2026-12-31T00:05:00Z'), logger })).toBe(0);
    expect(await openRenewalCheckIns(store.db, { now: new Date('2027-02-20T00:00:00Z'), logger })).toBe(0);

    const [request] = await checkIns();
    expect(request).toMatchObject({
      company_id: 'acme',
      subscription_id: 'deal-acme',
      requester_id: 'u-carol',
      created_by: null,
      status: 'submitted',
      due_source: 'contract',
      next_check_in: '2027-01-30',
      fields: { hours_used: 305, hours_left: 60 },
      title: 'Renewal check-in: Team plan deal-acme',
    });
    expect(request!.due_at).toEqual(new Date(`${END}T00:00:00Z`));
    expect(request!.description).toContain('ends on 2027-03-01');
    expect(request!.description).toContain('Hours used so far: 305');
    expect(request!.description).toContain(
      'Book a meeting with your account manager, Jane Manager: https://meetings.example/jane',
    );
    const events = await listEvents(store.db, actors.carol, request!.id);
    expect(events.map((e) => [e.kind, e.actorId])).toEqual([
      ['created', 'host'],
      ['due', 'host'],
      ['check_in', 'host'],
    ]);
    const marker = await store.db.selectFrom('request_check_ins').selectAll().execute();
    expect(marker).toEqual([
      expect.objectContaining({ subscription_id: 'deal-acme', period_end: END, request_id: request!.id }),
    ]);
  });

  it('opens none for an inactive, ended or undated subscription, and skips a company without users', async () => {
    await subscription();
    await store.db.updateTable('deals').set({ stage: 'Closed won' }).execute();
    await addSubscription(store.db, {
      id: 'deal-old',
      company: 'acme',
      start: '2025-01-01',
      end: '2026-12-01',
      hours: 10,
    });
    await addSubscription(store.db, {
      id: 'deal-initech',
      company: 'initech',
      start: '2026-01-01',
      end: END,
      hours: 10,
    });
    const { logger, lines } = quietLogger();
    expect(await openRenewalCheckIns(store.db, { now: new Date('2027-01-05T10:00:00Z'), logger })).toBe(0);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        obj: { companyId: 'initech', subscriptionId: 'deal-initech' },
      }),
    );
    expect(await store.db.selectFrom('request_check_ins').selectAll().execute()).toEqual([]);
  });

  it('opens a renewal check-in once when two instances run at the same time', async () => {
    await subscription();
    await addSubscription(store.db, {
      id: 'deal-globex',
      company: 'globex',
      start: '2026-01-01',
      end: END,
      hours: null,
    });
    const other =
      kind.kind === 'postgres' && store.url ? openPostgresStore({ url: store.url, poolMax: 3 }) : store;
    try {
      const now = new Date('2027-01-10T08:00:00Z');
      const { logger } = quietLogger();
      const counts = await Promise.all([
        openRenewalCheckIns(store.db, { now, logger }),
        openRenewalCheckIns(other.db, { now, logger }),
        openRenewalCheckIns(store.db, { now, logger }),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
      const opened = await checkIns();
      expect(opened.map((r) => r.subscription_id).sort()).toEqual(['deal-acme', 'deal-globex']);
      // Without hours, the fields stay empty and the text says nothing of hours.
      const globex = opened.find((r) => r.company_id === 'globex')!;
      expect(globex.fields).toEqual({});
      expect(globex.description).toContain('Reply here to book a meeting with your account manager.');
    } finally {
      if (other !== store) await other.close();
    }
  });

  it('opens a recurring check-in on its date and moves the date on', async () => {
    const template = await addCheckInTemplate(store.db, {
      companyId: 'acme',
      title: 'Quarterly review',
      everyMonths: 3,
      from: '2027-01-01',
    });
    expect(template).toMatchObject({ type: 'review', nextOn: '2027-01-01', active: true });
    const { logger } = quietLogger();
    expect(await openRecurringCheckIns(store.db, { now: new Date('2026-12-31T23:59:00Z'), logger })).toBe(0);
    expect(await openRecurringCheckIns(store.db, { now: new Date('2027-01-01T00:00:00Z'), logger })).toBe(1);
    expect(await openRecurringCheckIns(store.db, { now: new Date('2027-01-01T00:05:00Z'), logger })).toBe(0);
    expect((await getCheckInTemplate(store.db, template.id))?.nextOn).toBe('2027-04-01');
    const [review] = await store.db.selectFrom('requests').selectAll().where('type', '=', 'review').execute();
    expect(review).toMatchObject({
      company_id: 'acme',
      title: 'Quarterly review',
      requester_id: 'u-carol',
      due_source: 'check_in',
      next_check_in: '2027-04-01',
    });
    expect(review!.due_at).toEqual(new Date('2027-01-15T00:00:00Z'));

    // Several periods missed (the host was down): one request, and the next date after today.
    expect(await openRecurringCheckIns(store.db, { now: new Date('2027-08-15T12:00:00Z'), logger })).toBe(1);
    expect((await getCheckInTemplate(store.db, template.id))?.nextOn).toBe('2027-10-01');

    // Two instances at once: still one.
    await store.db.updateTable('request_check_in_templates').set({ next_on: '2027-09-01' }).execute();
    const now = new Date('2027-09-01T06:00:00Z');
    const counts = await Promise.all([
      openRecurringCheckIns(store.db, { now, logger }),
      openRecurringCheckIns(store.db, { now, logger }),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(
      await store.db.selectFrom('requests').select('id').where('type', '=', 'review').execute(),
    ).toHaveLength(3);
  });

  it('refuses a template with a bad interval, date, title or company', async () => {
    const add = (input: Partial<Parameters<typeof addCheckInTemplate>[1]>) =>
      addCheckInTemplate(store.db, {
        companyId: 'acme',
        title: 'Review',
        everyMonths: 3,
        from: '2027-01-01',
        ...input,
      }).catch((error: unknown) => error);
    expect(await add({ everyMonths: 2 })).toBeInstanceOf(CheckInTemplateError);
    expect(await add({ from: '2027-02-30' })).toBeInstanceOf(CheckInTemplateError);
    expect(await add({ title: ' ' })).toBeInstanceOf(CheckInTemplateError);
    expect(await add({ companyId: 'nope' })).toMatchObject({ message: 'No company has the id “nope”.' });
  });
});
