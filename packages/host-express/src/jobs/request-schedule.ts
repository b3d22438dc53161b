import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { HostConfig } from '../config/index.js';
import { openRecurringCheckIns, openRenewalCheckIns } from '../requests/check-ins.js';
import { queueNotifications, sendNotifications } from '../requests/notify.js';
import { createMailTransport, type MailTransport, pruneOutbox } from '../requests/outbox.js';
import { autoResolve, remindAssignees, remindCustomers } from '../requests/reminders.js';
import { rescanPending } from '../requests/attachments.js';
import type { RequestTypeSpec } from '../requests/types.js';
import { deliverWebhooks, queueWebhooks } from '../requests/webhooks.js';
import type { Store } from '../store/index.js';
import type { Database } from '../store/schema.js';
import type { JobQueueLogger } from './queue.js';

// The requests' background work (issue #18 §7, §8) as one cron job on the job queue: renewal and
// recurring check-ins, reminders, the 14-day auto-resolve, e-mail and the outbound webhook. The
// queue has pg-boss's "stately" policy (at most one run active and one waiting across every host
// instance) and the cron fires once per tick whatever the number of instances; on top of that,
// every step is idempotent on its own (markers, cursors, row locks), so a retried or doubled run
// changes nothing twice. Steps run in order, each in its own transaction(s); one that fails is
// logged and the others still run (a mail server down never holds up the check-ins, a slow
// webhook never holds up e-mail); the run then fails, and pg-boss retries it.

export const REQUEST_QUEUE = 'requests-schedule';
const RETRY = { retryLimit: 2, retryDelay: 60, retryBackoff: true } as const;
const EXPIRE_SECONDS = 30 * 60;

export type RequestStep =
  | 'renewalCheckIns'
  | 'recurringCheckIns'
  | 'assigneeReminders'
  | 'customerReminders'
  | 'autoResolve'
  | 'mail'
  | 'webhooks'
  | 'rescan';

export interface RequestRunSummary {
  renewalCheckIns: number;
  recurringCheckIns: number;
  assigneeReminders: number;
  customerReminders: number;
  autoResolved: number;
  /** Person-and-event pairs queued for e-mail. */
  mailQueued: number;
  mailSent: number;
  mailFailed: number;
  webhooksQueued: number;
  webhooksDelivered: number;
  webhooksFailed: number;
  /** Attachments still pending a virus scan that were scanned again (clamd configured only). */
  rescanned: number;
  /** Steps that failed, with their error. */
  errors: Partial<Record<RequestStep, string>>;
}

export interface RequestRunOptions {
  now: Date;
  logger: JobQueueLogger & { info(obj: object, msg?: string): void };
  /** The configured request types (default ones without). */
  types?: readonly RequestTypeSpec[];
  /** For tests: where e-mail goes (default: SMTP_URL, or the outbox directory). */
  transport?: MailTransport;
  /** For tests: a webhook delivery's timeout. */
  webhookTimeoutMs?: number;
}

export class RequestRunFailed extends Error {
  override readonly name = 'RequestRunFailed';
  constructor(readonly summary: RequestRunSummary) {
    super(
      `Requests schedule: ${Object.entries(summary.errors)
        .map(([step, error]) => `${step}: ${error}`)
        .join('; ')}`.slice(0, 2000),
    );
  }
}

/** The portal's address on the public origin (links in e-mail). */
export function portalUrl(config: HostConfig): string {
  return `${config.http.publicOrigin.replace(/\/+$/, '')}${config.portalBasePath}`;
}

/** One run of every step at `options.now`; never throws for a step (see `errors`). */
export async function runRequestSchedule(
  db: Kysely<Database>,
  config: HostConfig,
  options: RequestRunOptions,
): Promise<RequestRunSummary> {
  const { now, logger } = options;
  const summary: RequestRunSummary = {
    renewalCheckIns: 0,
    recurringCheckIns: 0,
    assigneeReminders: 0,
    customerReminders: 0,
    autoResolved: 0,
    mailQueued: 0,
    mailSent: 0,
    mailFailed: 0,
    webhooksQueued: 0,
    webhooksDelivered: 0,
    webhooksFailed: 0,
    rescanned: 0,
    errors: {},
  };
  const step = async (name: RequestStep, body: () => Promise<void>) => {
    try {
      await body();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      summary.errors[name] = message.slice(0, 500);
      logger.error({ err: error, step: name }, 'requests schedule step failed');
    }
  };
  const checkIn = { now, logger, ...(options.types ? { types: options.types } : {}) };
  await step('renewalCheckIns', async () => {
    summary.renewalCheckIns = await openRenewalCheckIns(db, checkIn);
  });
  await step('recurringCheckIns', async () => {
    summary.recurringCheckIns = await openRecurringCheckIns(db, checkIn);
  });
  await step('assigneeReminders', async () => {
    summary.assigneeReminders = await remindAssignees(db, now);
  });
  await step('customerReminders', async () => {
    summary.customerReminders = await remindCustomers(db, now);
  });
  await step('autoResolve', async () => {
    summary.autoResolved = await autoResolve(db, now, logger);
  });
  await step('mail', async () => {
    summary.mailQueued = (await queueNotifications(db, now)).queued;
    const transport = options.transport ?? createMailTransport(config.requests.mail, db);
    try {
      const sent = await sendNotifications(db, {
        now,
        transport,
        portalUrl: portalUrl(config),
        ...(config.portalBrand.name ? { brand: config.portalBrand.name } : {}),
        logger,
      });
      summary.mailSent = sent.sent;
      summary.mailFailed = sent.failed;
    } finally {
      if (!options.transport) transport.close();
    }
    if (!config.requests.mail.smtpUrl) await pruneOutbox(db, now);
  });
  await step('webhooks', async () => {
    const webhook = config.requests.webhook;
    summary.webhooksQueued = await queueWebhooks(db, now, webhook);
    if (!webhook) return;
    const delivered = await deliverWebhooks(db, {
      now,
      webhook,
      logger,
      ...(options.webhookTimeoutMs ? { timeoutMs: options.webhookTimeoutMs } : {}),
    });
    summary.webhooksDelivered = delivered.delivered;
    summary.webhooksFailed = delivered.failed;
  });
  // Files whose scan could not finish when they were uploaded (clamd down): scanned again, given
  // up on after a day (requests/attachments.ts). Nothing to do without a scanner.
  await step('rescan', async () => {
    if (!config.requests.attachments.clamd) return;
    const report = await rescanPending({ config, store: { db }, now: () => now });
    summary.rescanned = report.scanned;
  });
  return summary;
}

export interface RequestScheduleOptions {
  logger: JobQueueLogger & { info(obj: object, msg?: string): void };
  /** How often a worker looks for a due run, in seconds. Default 10. */
  pollingIntervalSeconds?: number;
  /** The clock of each run (tests pass their own). */
  now?: () => Date;
  types?: readonly RequestTypeSpec[];
  transport?: MailTransport;
}

export interface RequestSchedule {
  /** REQUEST_SCHEDULE, as scheduled. */
  cron: string;
  /** Asks for a run now (deduplicated by the queue's policy); null when one is already waiting. */
  runNow(): Promise<string | null>;
  /** Stops this instance's worker. */
  stop(): Promise<void>;
}

async function ensureQueue(boss: PgBoss): Promise<void> {
  const options = {
    name: REQUEST_QUEUE,
    policy: 'stately' as const,
    ...RETRY,
    expireInSeconds: EXPIRE_SECONDS,
  };
  if (await boss.getQueue(REQUEST_QUEUE)) {
    await boss.updateQueue(REQUEST_QUEUE, options);
    return;
  }
  try {
    await boss.createQueue(REQUEST_QUEUE, options);
  } catch (error) {
    // Another instance created it meanwhile.
    if (!(await boss.getQueue(REQUEST_QUEUE))) throw error;
  }
}

/**
 * Creates the requests' queue, schedules it on REQUEST_SCHEDULE (UTC) and works it on this
 * instance; null (and unscheduled) when REQUEST_SCHEDULE is off.
 */
export async function startRequestSchedule(
  boss: PgBoss,
  store: Pick<Store, 'db'>,
  config: HostConfig,
  options: RequestScheduleOptions,
): Promise<RequestSchedule | null> {
  const cron = config.requests.schedule;
  if (!cron) {
    if (await boss.getQueue(REQUEST_QUEUE)) await boss.unschedule(REQUEST_QUEUE);
    return null;
  }
  await ensureQueue(boss);
  await boss.schedule(REQUEST_QUEUE, cron, {}, { tz: 'UTC' });
  const worker = await boss.work(
    REQUEST_QUEUE,
    { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 },
    async ([job]) => {
      const summary = await runRequestSchedule(store.db, config, {
        now: options.now?.() ?? new Date(),
        logger: options.logger,
        ...(options.types ? { types: options.types } : {}),
        ...(options.transport ? { transport: options.transport } : {}),
      });
      if (Object.keys(summary.errors).length > 0) throw new RequestRunFailed(summary);
      options.logger.info({ ...summary, job: job?.id }, 'requests schedule ran');
      return summary;
    },
  );
  return {
    cron,
    runNow: () => boss.send(REQUEST_QUEUE, {}),
    stop: () => boss.offWork({ id: worker }),
  };
}
