import type { RequestStatus } from '../store/schema.js';

// The status machine, as pure functions: who may move a request from which status to which.
//
//   submitted → triaged → in_progress ⇄ waiting_on_customer → awaiting_approval → resolved → closed
//   (and cancelled, by the customer or staff, only before work starts: submitted or triaged)
//
// Customers (the requester, a participant, the company admin) see five plain labels and only the
// actions open to them. Staff acting for the company can do what a customer can, plus run the
// work, but never approve: an approval is the customer's own word.

export type { RequestStatus };

/**
 * Who acts. Staff act for one company at a time; the host is the schedule (check-ins, reminders),
 * which acts inside the one company of the request at hand.
 */
export type Actor =
  | { kind: 'customer'; userId: string; companyId: string; admin: boolean }
  | { kind: 'staff'; userId: string; actingFor: string | null }
  | { kind: 'host'; companyId: string };

/** The schedule, acting on a request of `companyId`. */
export const hostIn = (companyId: string): Actor => ({ kind: 'host', companyId });

/** How the actor stands to one request (decided by the store from the request and its participants). */
export type Standing =
  /** The requester or a named participant. */
  | 'party'
  /** A company admin who is not a party. */
  | 'admin'
  /** A colleague who sees it because it is company-visible. */
  | 'viewer'
  | 'staff'
  | 'host';

export type CustomerAction = 'cancel' | 'answer' | 'approve' | 'confirm' | 'reopen';
export type StaffAction = 'triage' | 'start' | 'wait_on_customer' | 'ask_approval' | 'resolve' | 'close';
export type RequestAction = CustomerAction | StaffAction;

export const CUSTOMER_ACTIONS: readonly CustomerAction[] = [
  'cancel',
  'answer',
  'approve',
  'confirm',
  'reopen',
];
export const STAFF_ACTIONS: readonly StaffAction[] = [
  'triage',
  'start',
  'wait_on_customer',
  'ask_approval',
  'resolve',
  'close',
];
export const ACTIONS: readonly RequestAction[] = [...CUSTOMER_ACTIONS, ...STAFF_ACTIONS];

export const STATUSES: readonly RequestStatus[] = [
  'submitted',
  'triaged',
  'in_progress',
  'waiting_on_customer',
  'awaiting_approval',
  'resolved',
  'closed',
  'cancelled',
];

/** A customer may reopen a resolved request for this long after its resolution. */
export const REOPEN_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

export type CustomerLabel = 'submitted' | 'in_progress' | 'waiting_for_you' | 'resolved' | 'closed';

export const CUSTOMER_LABEL_TEXT: Readonly<Record<CustomerLabel, string>> = {
  submitted: 'Submitted',
  in_progress: 'In progress',
  waiting_for_you: 'Waiting for you',
  resolved: 'Resolved',
  closed: 'Closed',
};

/**
 * What a customer sees. Triage is the provider's internal step, so it still reads "submitted";
 * an approval is the customer's to give, so it reads "waiting for you"; a cancelled request is closed.
 */
export function customerLabel(status: RequestStatus): CustomerLabel {
  switch (status) {
    case 'submitted':
    case 'triaged':
      return 'submitted';
    case 'in_progress':
      return 'in_progress';
    case 'waiting_on_customer':
    case 'awaiting_approval':
      return 'waiting_for_you';
    case 'resolved':
      return 'resolved';
    case 'closed':
    case 'cancelled':
      return 'closed';
  }
}

/** The request as the rules need it. */
export interface TransitionSubject {
  status: RequestStatus;
  resolvedAt: Date | null;
}

/** What a permitted action changes. */
export interface TransitionOutcome {
  status: RequestStatus;
  waitingOn: 'provider' | 'customer';
  /** Set, cleared (null) or left alone (undefined). */
  resolvedAt?: Date | null;
  closedAt?: Date | null;
  /** The history event's kind. */
  event: 'status' | 'approved' | 'reopened';
}

export type TransitionDecision =
  | { ok: true; outcome: TransitionOutcome }
  | { ok: false; code: 'forbidden' | 'invalid_status' | 'reopen_window_passed'; reason: string };

/** Where each action may start from, and where it leads. */
const MOVES: Readonly<Record<RequestAction, { from: readonly RequestStatus[]; to: RequestStatus }>> = {
  // Customer actions.
  cancel: { from: ['submitted', 'triaged'], to: 'cancelled' },
  answer: { from: ['waiting_on_customer'], to: 'in_progress' },
  approve: { from: ['awaiting_approval'], to: 'in_progress' },
  confirm: { from: ['resolved'], to: 'closed' },
  reopen: { from: ['resolved', 'closed'], to: 'in_progress' },
  // Staff actions.
  triage: { from: ['submitted'], to: 'triaged' },
  start: { from: ['submitted', 'triaged', 'waiting_on_customer'], to: 'in_progress' },
  wait_on_customer: { from: ['triaged', 'in_progress'], to: 'waiting_on_customer' },
  ask_approval: { from: ['triaged', 'in_progress', 'waiting_on_customer'], to: 'awaiting_approval' },
  resolve: { from: ['triaged', 'in_progress', 'waiting_on_customer', 'awaiting_approval'], to: 'resolved' },
  close: { from: ['resolved'], to: 'closed' },
};

const STATUS_TEXT: Readonly<Record<RequestStatus, string>> = {
  submitted: 'submitted',
  triaged: 'triaged',
  in_progress: 'in progress',
  waiting_on_customer: 'waiting on the customer',
  awaiting_approval: 'awaiting approval',
  resolved: 'resolved',
  closed: 'closed',
  cancelled: 'cancelled',
};

/** Whether `standing` may take `action` at all, whatever the status; a reason when not. */
function permission(standing: Standing, action: RequestAction): string | null {
  switch (standing) {
    case 'host':
      // The schedule resolves a request left waiting on the customer (requests/reminders.ts).
      return action === 'resolve' ? null : 'The host only resolves a request left waiting on the customer.';
    case 'viewer':
      return 'Only the requester, a participant or the company admin can do this.';
    case 'staff':
      // Staff do what a customer can, except approving: that is the customer's own decision.
      return action === 'approve'
        ? 'Only the customer’s company admin can approve; staff cannot approve for a customer.'
        : null;
    case 'party':
      if (action === 'approve') return 'Only the company admin can approve.';
      return (CUSTOMER_ACTIONS as readonly string[]).includes(action) ? null : 'Only staff can do this.';
    case 'admin':
      return (CUSTOMER_ACTIONS as readonly string[]).includes(action) ? null : 'Only staff can do this.';
  }
}

/**
 * Whether `standing` may take `action` on `request` at `now`, and what it changes. Customers may
 * reopen only within REOPEN_WINDOW_DAYS of the resolution; staff at any time.
 */
export function decideTransition(
  standing: Standing,
  request: TransitionSubject,
  action: RequestAction,
  now: Date,
): TransitionDecision {
  const refused = permission(standing, action);
  if (refused) return { ok: false, code: 'forbidden', reason: refused };
  const move = MOVES[action];
  if (!move.from.includes(request.status)) {
    return {
      ok: false,
      code: 'invalid_status',
      reason: `This cannot be done while the request is ${STATUS_TEXT[request.status]}.`,
    };
  }
  if (action === 'reopen' && standing !== 'staff') {
    const resolvedAt = request.resolvedAt?.getTime();
    if (resolvedAt === undefined || now.getTime() - resolvedAt > REOPEN_WINDOW_DAYS * DAY_MS) {
      return {
        ok: false,
        code: 'reopen_window_passed',
        reason: `A request can be reopened within ${REOPEN_WINDOW_DAYS} days of its resolution; please open a new request linked to this one.`,
      };
    }
  }
  const to = move.to;
  const outcome: TransitionOutcome = {
    status: to,
    waitingOn: to === 'waiting_on_customer' || to === 'awaiting_approval' ? 'customer' : 'provider',
    event: action === 'approve' ? 'approved' : action === 'reopen' ? 'reopened' : 'status',
  };
  if (to === 'resolved') outcome.resolvedAt = now;
  if (to === 'closed' || to === 'cancelled') outcome.closedAt = now;
  if (action === 'reopen') {
    outcome.resolvedAt = null;
    outcome.closedAt = null;
  }
  return { ok: true, outcome };
}

/** The actions `standing` may take on `request` now (the buttons a page shows). */
export function availableActions(standing: Standing, request: TransitionSubject, now: Date): RequestAction[] {
  return ACTIONS.filter((action) => decideTransition(standing, request, action, now).ok);
}

/** A request no one works on any more (closed or cancelled). */
export function isFinal(status: RequestStatus): boolean {
  return status === 'closed' || status === 'cancelled';
}
