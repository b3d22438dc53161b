import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  availableActions,
  customerLabel,
  decideTransition,
  type RequestAction,
  type RequestStatus,
  STATUSES,
  type Standing,
} from './status.js';

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const STANDINGS: Standing[] = ['party', 'admin', 'viewer', 'staff', 'host'];

// The rules restated as a table, independently of the implementation's: for each action, who may
// take it and from which statuses, and where it leads.
const SPEC: Record<RequestAction, { who: Standing[]; from: RequestStatus[]; to: RequestStatus }> = {
  cancel: { who: ['party', 'admin', 'staff'], from: ['submitted', 'triaged'], to: 'cancelled' },
  answer: { who: ['party', 'admin', 'staff'], from: ['waiting_on_customer'], to: 'in_progress' },
  approve: { who: ['admin'], from: ['awaiting_approval'], to: 'in_progress' },
  confirm: { who: ['party', 'admin', 'staff'], from: ['resolved'], to: 'closed' },
  reopen: { who: ['party', 'admin', 'staff'], from: ['resolved', 'closed'], to: 'in_progress' },
  triage: { who: ['staff'], from: ['submitted'], to: 'triaged' },
  start: { who: ['staff'], from: ['submitted', 'triaged', 'waiting_on_customer'], to: 'in_progress' },
  wait_on_customer: { who: ['staff'], from: ['triaged', 'in_progress'], to: 'waiting_on_customer' },
  ask_approval: {
    who: ['staff'],
    from: ['triaged', 'in_progress', 'waiting_on_customer'],
    to: 'awaiting_approval',
  },
  resolve: {
    // The host: the schedule's auto-resolve of a request left waiting on the customer.
    who: ['staff', 'host'],
    from: ['triaged', 'in_progress', 'waiting_on_customer', 'awaiting_approval'],
    to: 'resolved',
  },
  close: { who: ['staff'], from: ['resolved'], to: 'closed' },
};

describe('decideTransition, every standing × status × action', () => {
  const cases = STANDINGS.flatMap((standing) =>
    STATUSES.flatMap((status) => ACTIONS.map((action) => [standing, status, action] as const)),
  );
  it(`covers ${cases.length} combinations as the table says`, () => {
    expect(cases).toHaveLength(5 * 8 * 11);
    for (const [standing, status, action] of cases) {
      // Resolved a day ago: inside the reopen window.
      const decision = decideTransition(standing, { status, resolvedAt: daysAgo(1) }, action, NOW);
      const spec = SPEC[action];
      const label = `${standing} ${action} from ${status}`;
      if (!spec.who.includes(standing)) {
        expect(decision, label).toMatchObject({ ok: false, code: 'forbidden' });
      } else if (!spec.from.includes(status)) {
        expect(decision, label).toMatchObject({ ok: false, code: 'invalid_status' });
      } else {
        expect(decision, label).toMatchObject({ ok: true, outcome: { status: spec.to } });
      }
    }
  });
});

describe('what a transition changes', () => {
  const at = (status: RequestStatus, resolvedAt: Date | null = null) => ({ status, resolvedAt });

  it('waits on the customer while waiting for an answer or an approval, on the provider otherwise', () => {
    expect(decideTransition('staff', at('in_progress'), 'wait_on_customer', NOW)).toMatchObject({
      outcome: { waitingOn: 'customer', event: 'status' },
    });
    expect(decideTransition('staff', at('in_progress'), 'ask_approval', NOW)).toMatchObject({
      outcome: { waitingOn: 'customer' },
    });
    expect(decideTransition('party', at('waiting_on_customer'), 'answer', NOW)).toMatchObject({
      outcome: { status: 'in_progress', waitingOn: 'provider' },
    });
    expect(decideTransition('admin', at('awaiting_approval'), 'approve', NOW)).toMatchObject({
      outcome: { status: 'in_progress', waitingOn: 'provider', event: 'approved' },
    });
  });

  it('stamps resolution and closing, and clears both on reopening', () => {
    expect(decideTransition('staff', at('in_progress'), 'resolve', NOW)).toMatchObject({
      outcome: { resolvedAt: NOW },
    });
    expect(decideTransition('party', at('resolved', daysAgo(1)), 'confirm', NOW)).toMatchObject({
      outcome: { status: 'closed', closedAt: NOW },
    });
    expect(decideTransition('party', at('submitted'), 'cancel', NOW)).toMatchObject({
      outcome: { status: 'cancelled', closedAt: NOW },
    });
    expect(decideTransition('party', at('resolved', daysAgo(1)), 'reopen', NOW)).toEqual({
      ok: true,
      outcome: {
        status: 'in_progress',
        waitingOn: 'provider',
        resolvedAt: null,
        closedAt: null,
        event: 'reopened',
      },
    });
  });

  it('lets a customer reopen within 14 days of the resolution, and says to open a linked request later', () => {
    for (const standing of ['party', 'admin'] as const) {
      expect(decideTransition(standing, at('resolved', daysAgo(13)), 'reopen', NOW).ok).toBe(true);
      expect(decideTransition(standing, at('closed', daysAgo(14)), 'reopen', NOW).ok).toBe(true);
      const late = decideTransition(standing, at('resolved', daysAgo(15)), 'reopen', NOW);
      expect(late).toEqual({
        ok: false,
        code: 'reopen_window_passed',
        reason:
          'A request can be reopened within 14 days of its resolution; please open a new request linked to this one.',
      });
      expect(decideTransition(standing, at('closed', null), 'reopen', NOW).ok).toBe(false);
    }
    expect(decideTransition('staff', at('resolved', daysAgo(90)), 'reopen', NOW).ok).toBe(true);
  });

  it('refuses staff approval with a reason', () => {
    expect(decideTransition('staff', at('awaiting_approval'), 'approve', NOW)).toEqual({
      ok: false,
      code: 'forbidden',
      reason: 'Only the customer’s company admin can approve; staff cannot approve for a customer.',
    });
    expect(decideTransition('party', at('awaiting_approval'), 'approve', NOW)).toMatchObject({
      reason: 'Only the company admin can approve.',
    });
  });
});

describe('customer labels and available actions', () => {
  it('maps the eight statuses onto five plain labels', () => {
    expect(Object.fromEntries(STATUSES.map((s) => [s, customerLabel(s)]))).toEqual({
      submitted: 'submitted',
      triaged: 'submitted',
      in_progress: 'in_progress',
      waiting_on_customer: 'waiting_for_you',
      awaiting_approval: 'waiting_for_you',
      resolved: 'resolved',
      closed: 'closed',
      cancelled: 'closed',
    });
  });

  it('offers each standing only its own actions', () => {
    const resolved = { status: 'resolved' as const, resolvedAt: daysAgo(1) };
    expect(availableActions('party', resolved, NOW)).toEqual(['confirm', 'reopen']);
    expect(availableActions('party', { status: 'resolved', resolvedAt: daysAgo(20) }, NOW)).toEqual([
      'confirm',
    ]);
    expect(availableActions('viewer', resolved, NOW)).toEqual([]);
    expect(availableActions('admin', { status: 'awaiting_approval', resolvedAt: null }, NOW)).toEqual([
      'approve',
    ]);
    expect(availableActions('staff', { status: 'awaiting_approval', resolvedAt: null }, NOW)).toEqual([
      'resolve',
    ]);
    expect(availableActions('staff', { status: 'submitted', resolvedAt: null }, NOW)).toEqual([
      'cancel',
      'triage',
      'start',
    ]);
    expect(availableActions('host', { status: 'submitted', resolvedAt: null }, NOW)).toEqual([]);
    // The schedule resolves a request left waiting on the customer, and does nothing else.
    expect(availableActions('host', { status: 'waiting_on_customer', resolvedAt: null }, NOW)).toEqual([
      'resolve',
    ]);
  });
});
