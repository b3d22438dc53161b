import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ACTIVE_STAGE } from '@client-portal/api-client';
import type { Database, RequestEventKind } from '../store/schema.js';
import { addDays, addMonths, dayOf, daysBetween, startOfDay } from './calendar.js';
import { hostIn } from './status.js';
import { createRequest, writeEvent } from './store.js';
import { isCalendarDay, type RequestTypeSpec } from './types.js';

// The schedule's check-ins (issue #18 §7): a renewal check-in for each active subscription 60 days
// before its end date (the marker the dashboard draws), and recurring check-ins from a company's
// templates. Each is opened by the host in a transaction of its own, together with the row that
// makes it happen once: request_check_ins' primary key (subscription, end date) for renewals — an
// instance that loses the race waits on the key and inserts nothing — and the template's `next_on`,
// moved forward under a row lock, for recurring ones.

type Db = Kysely<Database>;

/** The renewal check-in opens this many days before a subscription's end date (as the dashboard's marker). */
export const RENEWAL_CHECK_IN_DAYS = 60;
/** A renewal check-in's own next check-in: this many days before the end date. */
export const RENEWAL_FOLLOW_UP_DAYS = 30;
/** A recurring check-in is due this many days after it opens. */
export const RECURRING_DUE_DAYS = 14;
export const CHECK_IN_INTERVALS = [1, 3, 6, 12] as const;
export type CheckInInterval = (typeof CHECK_IN_INTERVALS)[number];

export interface ScheduleLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface CheckInOptions {
  now: Date;
  logger: ScheduleLogger;
  types?: readonly RequestTypeSpec[];
}

/** Writes one request event as the host (the store's own events are written by its functions). */
export function writeHostEvent(
  db: Db,
  request: { id: string; company_id: string },
  kind: RequestEventKind,
  before: unknown,
  after: unknown,
  now: Date,
  internal = false,
): Promise<void> {
  // null: no before/after (an SQL null, not a JSON null).
  return writeEvent(
    db,
    hostIn(request.company_id),
    request,
    kind,
    before ?? undefined,
    after ?? undefined,
    now,
    internal,
  );
}

/** Who a host-opened request is for: the company's admin, or else its first customer user; null when it has none. */
export async function checkInRequester(db: Db, companyId: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'customer')
    .where('disabled_at', 'is', null)
    .orderBy('company_admin', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface SubscriptionHours {
  used: number;
  left: number;
}

/**
 * A subscription's hours at `today`: the contracted hours, used in proportion to the term elapsed
 * (the store has the contract, not timesheets); null without hours or dates.
 */
export function subscriptionHours(
  deal: { hours: number | null; start_date: string | null; end_date: string | null },
  today: string,
): SubscriptionHours | null {
  if (deal.hours === null || deal.hours < 0 || !deal.start_date || !deal.end_date) return null;
  const term = daysBetween(deal.start_date, deal.end_date);
  if (term <= 0) return null;
  const share = Math.min(Math.max(daysBetween(deal.start_date, today) / term, 0), 1);
  const used = Math.round(deal.hours * share);
  return { used, left: Math.max(deal.hours - used, 0) };
}

/** The text of a renewal check-in: the dates, the hours and how to book the account manager. */
export function renewalDescription(input: {
  subscriptionName: string;
  endDate: string;
  hours: SubscriptionHours | null;
  accountManager: { name: string; email: string; bookingUrl: string | null } | null;
}): string {
  const lines = [
    `Your subscription “${input.subscriptionName}” ends on ${input.endDate}. It is time to talk about what comes next.`,
  ];
  if (input.hours) {
    lines.push(
      `Hours used so far: ${input.hours.used} (estimated from the term elapsed); hours left: ${input.hours.left}.`,
    );
  }
  const am = input.accountManager;
  if (am?.bookingUrl) {
    lines.push(`Book a meeting with your account manager, ${am.name}: ${am.bookingUrl}`);
  } else if (am) {
    lines.push(`Your account manager, ${am.name} (${am.email}), will be in touch to book a meeting.`);
  } else {
    lines.push('Reply here to book a meeting with your account manager.');
  }
  return lines.join('\n\n');
}

/**
 * Opens a renewal check-in for each active subscription whose end date is at most 60 days away
 * (and not passed), once per subscription and end date. Returns how many were opened.
 */
export async function openRenewalCheckIns(db: Db, options: CheckInOptions): Promise<number> {
  const { now } = options;
  const today = dayOf(now);
  // The check-in day is end − 60 days: due once today reaches it, until the end date has passed.
  const candidates = await db
    .selectFrom('deals as d')
    .select(['d.id', 'd.company_id', 'd.name', 'd.start_date', 'd.end_date', 'd.hours'])
    .where('d.stage', '=', ACTIVE_STAGE)
    .where('d.end_date', 'is not', null)
    .where('d.end_date', '>=', today)
    .where('d.end_date', '<=', addDays(today, RENEWAL_CHECK_IN_DAYS))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('request_check_ins as c')
            .select('c.subscription_id')
            .whereRef('c.company_id', '=', 'd.company_id')
            .whereRef('c.subscription_id', '=', 'd.id')
            .whereRef('c.period_end', '=', 'd.end_date'),
        ),
      ),
    )
    .orderBy('d.end_date')
    .orderBy('d.id')
    .limit(500)
    .execute();
  let opened = 0;
  for (const deal of candidates) {
    const endDate = deal.end_date as string;
    const requesterId = await checkInRequester(db, deal.company_id);
    if (!requesterId) {
      options.logger.warn(
        { companyId: deal.company_id, subscriptionId: deal.id },
        'renewal check-in skipped: the company has no customer user',
      );
      continue;
    }
    const done = await db.transaction().execute(async (trx) => {
      const marker = await trx
        .insertInto('request_check_ins')
        .values({
          company_id: deal.company_id,
          subscription_id: deal.id,
          period_end: endDate,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['company_id', 'subscription_id', 'period_end']).doNothing())
        .returning('subscription_id')
        .executeTakeFirst();
      if (!marker) return false;
      const manager = await trx
        .selectFrom('companies as co')
        .innerJoin('account_managers as am', 'am.id', 'co.account_manager_id')
        .select(['am.name', 'am.email', 'am.booking_url'])
        .where('co.id', '=', deal.company_id)
        .executeTakeFirst();
      const hours = subscriptionHours(deal, today);
      const request = await createRequest(
        trx,
        hostIn(deal.company_id),
        {
          type: 'renewal_check_in',
          title: `Renewal check-in: ${deal.name}`.slice(0, 200),
          description: renewalDescription({
            subscriptionName: deal.name,
            endDate,
            hours,
            accountManager: manager
              ? { name: manager.name, email: manager.email, bookingUrl: manager.booking_url }
              : null,
          }),
          fields: hours ? { hours_used: hours.used, hours_left: hours.left } : {},
          subscriptionId: deal.id,
          requesterId,
        },
        { now, ...(options.types ? { types: options.types } : {}) },
      );
      const followUp = addDays(endDate, -RENEWAL_FOLLOW_UP_DAYS);
      await setDates(
        trx,
        request,
        startOfDay(endDate),
        'contract',
        followUp > today ? followUp : endDate,
        now,
      );
      await trx
        .updateTable('request_check_ins')
        .set({ request_id: request.id })
        .where('company_id', '=', deal.company_id)
        .where('subscription_id', '=', deal.id)
        .where('period_end', '=', endDate)
        .execute();
      return true;
    });
    if (done) {
      opened++;
      options.logger.info({ companyId: deal.company_id, subscriptionId: deal.id }, 'renewal check-in opened');
    }
  }
  return opened;
}

/** A host-opened request's due date and next check-in, set in its creating transaction (with their events). */
async function setDates(
  trx: Db,
  request: { id: string; companyId: string },
  dueAt: Date,
  source: 'contract' | 'check_in',
  nextCheckIn: string,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('requests')
    .set({ due_at: dueAt, due_source: source, next_check_in: nextCheckIn })
    .where('id', '=', request.id)
    .where('company_id', '=', request.companyId)
    .execute();
  const row = { id: request.id, company_id: request.companyId };
  await writeHostEvent(trx, row, 'due', { dueAt: null, source: null }, { dueAt, source }, now);
  await writeHostEvent(trx, row, 'check_in', { nextCheckIn: null }, { nextCheckIn }, now);
}

// ── Recurring check-ins ────────────────────────────────────────────────────────────────────────

export interface CheckInTemplate {
  id: string;
  companyId: string;
  title: string;
  type: string;
  everyMonths: CheckInInterval;
  nextOn: string;
  active: boolean;
}

const toTemplate = (row: {
  id: string;
  company_id: string;
  title: string;
  type: string;
  every_months: CheckInInterval;
  next_on: string;
  active: boolean;
}): CheckInTemplate => ({
  id: row.id,
  companyId: row.company_id,
  title: row.title,
  type: row.type,
  everyMonths: row.every_months,
  nextOn: row.next_on,
  active: row.active,
});

export class CheckInTemplateError extends Error {
  override readonly name = 'CheckInTemplateError';
}

/** Adds a company's recurring check-in; the first opens on `from`. */
export async function addCheckInTemplate(
  db: Db,
  input: { companyId: string; title: string; everyMonths: number; from: string; type?: string },
  types?: readonly RequestTypeSpec[],
): Promise<CheckInTemplate> {
  const title = input.title.trim();
  if (title.length < 1 || title.length > 200 || /\p{Cc}/u.test(title)) {
    throw new CheckInTemplateError('The title must be one line of 1 to 200 characters.');
  }
  if (!(CHECK_IN_INTERVALS as readonly number[]).includes(input.everyMonths)) {
    throw new CheckInTemplateError('The interval must be 1, 3, 6 or 12 months.');
  }
  if (!isCalendarDay(input.from)) {
    throw new CheckInTemplateError('The first date must be a day such as 2027-01-01.');
  }
  const type = input.type ?? 'review';
  if (types && !types.some((t) => t.id === type)) {
    throw new CheckInTemplateError(`The request type “${type}” is not configured.`);
  }
  const company = await db
    .selectFrom('companies')
    .select('id')
    .where('id', '=', input.companyId)
    .executeTakeFirst();
  if (!company) throw new CheckInTemplateError(`No company has the id “${input.companyId}”.`);
  const row = await db
    .insertInto('request_check_in_templates')
    .values({
      id: `cit_${randomBytes(9).toString('base64url')}`,
      company_id: input.companyId,
      title,
      type,
      every_months: input.everyMonths as CheckInInterval,
      next_on: input.from,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTemplate(row);
}

/** The recurring check-ins, of one company or all, by company then next date. */
export async function listCheckInTemplates(db: Db, companyId?: string): Promise<CheckInTemplate[]> {
  let query = db.selectFrom('request_check_in_templates').selectAll();
  if (companyId) query = query.where('company_id', '=', companyId);
  const rows = await query.orderBy('company_id').orderBy('next_on').orderBy('id').limit(1000).execute();
  return rows.map(toTemplate);
}

/** The next date after `today` on the template's rhythm (missed periods are skipped, not caught up). */
export function nextOccurrence(nextOn: string, everyMonths: number, today: string): string {
  let next = nextOn;
  for (let step = 1; next <= today; step++) next = addMonths(nextOn, everyMonths * step);
  return next;
}

/**
 * Opens the request of each active template whose next date has come, and moves the date forward,
 * in one transaction per template (the row is locked, and re-read, so it opens once). Returns how
 * many were opened.
 */
export async function openRecurringCheckIns(db: Db, options: CheckInOptions): Promise<number> {
  const { now } = options;
  const today = dayOf(now);
  const due = await db
    .selectFrom('request_check_in_templates')
    .select(['company_id', 'id'])
    .where('active', '=', true)
    .where('next_on', '<=', today)
    .orderBy('next_on')
    .orderBy('id')
    .limit(500)
    .execute();
  let opened = 0;
  for (const { company_id, id } of due) {
    const done = await db.transaction().execute(async (trx) => {
      const template = await trx
        .selectFrom('request_check_in_templates')
        .selectAll()
        .where('company_id', '=', company_id)
        .where('id', '=', id)
        .where('active', '=', true)
        .where('next_on', '<=', today)
        .forUpdate()
        .executeTakeFirst();
      if (!template) return false;
      const requesterId = await checkInRequester(trx, template.company_id);
      if (!requesterId) {
        options.logger.warn(
          { companyId: template.company_id, template: template.id },
          'recurring check-in waits: the company has no customer user',
        );
        return false;
      }
      const next = nextOccurrence(template.next_on, template.every_months, today);
      await trx
        .updateTable('request_check_in_templates')
        .set({ next_on: next })
        .where('company_id', '=', template.company_id)
        .where('id', '=', template.id)
        .execute();
      const request = await createRequest(
        trx,
        hostIn(template.company_id),
        {
          type: template.type,
          title: template.title,
          description: `${template.title}: the check-in of every ${
            template.every_months === 1 ? 'month' : `${template.every_months} months`
          }. Reply here with anything you would like to discuss; the next one is on ${next}.`,
          requesterId,
        },
        { now, ...(options.types ? { types: options.types } : {}) },
      );
      await setDates(trx, request, startOfDay(addDays(today, RECURRING_DUE_DAYS)), 'check_in', next, now);
      return true;
    });
    if (done) {
      opened++;
      options.logger.info({ template: id }, 'recurring check-in opened');
    }
  }
  return opened;
}

/** For tests and the CLI: a template's row as stored (null when unknown). */
export async function getCheckInTemplate(db: Db, id: string): Promise<CheckInTemplate | null> {
  const row = await db
    .selectFrom('request_check_in_templates')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toTemplate(row) : null;
}
