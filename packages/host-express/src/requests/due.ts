// The due state a customer sees: on track, at risk or overdue. It is computed from the due date
// alone (and when the request was created), never from the provider's internal goals, so it reads
// the same to both sides.
//
// At risk: more than 75 % of the time from creation to the due date has passed. Three quarters
// leaves a quarter of the time to act, which is when the assignee's second reminder goes out (the
// schedule reminds at 50 % and 75 %), so a customer sees "at risk" exactly when the provider is
// told to hurry.

export type DueState = 'on_track' | 'at_risk' | 'overdue';

/** The share of the time to the due date after which a request is at risk. */
export const AT_RISK_FRACTION = 0.75;

/**
 * The due state at `now`, or null without a due date. A due date set at or before creation (a
 * date agreed in the past) is at risk until it passes.
 */
export function dueState(dueAt: Date | null, createdAt: Date, now: Date): DueState | null {
  if (!dueAt) return null;
  const due = dueAt.getTime();
  const at = now.getTime();
  if (at > due) return 'overdue';
  const span = due - createdAt.getTime();
  if (span <= 0) return 'at_risk';
  return at - createdAt.getTime() >= AT_RISK_FRACTION * span ? 'at_risk' : 'on_track';
}
