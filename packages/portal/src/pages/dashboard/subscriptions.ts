import { ACTIVE_STAGE, type Deal } from '@client-portal/api-client';
import { type CheckInProgress, checkInProgress } from '../../lib/checkInProgress.js';

/** A row of the dashboard's subscriptions table: a deal, with its term's progress. */
export interface SubscriptionRow {
  id: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  status: string;
  hours: number | null;
  service: string;
  progress: CheckInProgress;
}

/**
 * The subscriptions the dashboard lists: the company's deals in stage "Active" (the only stage
 * that picks deals), each with its term's progress and renewal check-in at `now`.
 */
export function subscriptionRows(deals: readonly Deal[], now: Date, locale?: string): SubscriptionRow[] {
  return deals
    .filter((deal) => deal.stage === ACTIVE_STAGE)
    .map((deal) => ({
      id: deal.id,
      name: deal.dealName,
      startDate: deal.startDate,
      endDate: deal.endDate,
      status: deal.stage,
      hours: deal.hours,
      service: deal.serviceType,
      progress: checkInProgress(deal.startDate, deal.endDate, now, locale),
    }));
}
