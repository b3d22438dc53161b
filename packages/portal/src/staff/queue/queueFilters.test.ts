import type { RequestSummary } from '@client-portal/api-client/requests';
import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  NO_FILTERS,
  QUEUE_PAGE_SIZE,
  queueQuery,
  mergeOptions,
  seenOptions,
  withFilter,
} from './queueFilters.js';

describe('queueQuery', () => {
  it('sends the page and only the filters that are set', () => {
    expect(queueQuery(NO_FILTERS)).toEqual({ page: '1', pageSize: String(QUEUE_PAGE_SIZE) });
    expect(
      queueQuery({
        status: 'awaiting_approval',
        dueState: 'overdue',
        companyId: 'acme',
        type: 'question',
        assignee: 'me',
        page: 3,
      }),
    ).toEqual({
      page: '3',
      pageSize: String(QUEUE_PAGE_SIZE),
      status: 'awaiting_approval',
      dueState: 'overdue',
      companyId: 'acme',
      type: 'question',
      assignee: 'me',
    });
  });
});

describe('withFilter and hasFilters', () => {
  it('starts again at the first page when a filter changes', () => {
    const paged = { ...NO_FILTERS, page: 4 };
    expect(withFilter(paged, { companyId: 'globex' })).toEqual({
      ...NO_FILTERS,
      companyId: 'globex',
      page: 1,
    });
  });

  it('does not count the page as a filter', () => {
    expect(hasFilters({ ...NO_FILTERS, page: 2 })).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, assignee: 'unassigned' })).toBe(true);
  });
});

describe('seenOptions', () => {
  const item = (type: string, typeLabel: string) => ({ type, typeLabel }) as RequestSummary;
  it('adds what is new, keeps what was known, sorted by label', () => {
    const known = new Map([['escalation', 'Escalation']]);
    const seen = seenOptions(
      known,
      [item('question', 'Question'), item('document_request', 'Document request')],
      (i) => ({
        id: i.type,
        label: i.typeLabel,
      }),
    );
    expect([...seen]).toEqual([
      ['document_request', 'Document request'],
      ['escalation', 'Escalation'],
      ['question', 'Question'],
    ]);
    expect(known.size).toBe(1);
  });
});

describe('mergeOptions', () => {
  it('adds the host’s options to what was known (its label kept), sorted by label', () => {
    const known = new Map([['staff_2', 'Sam W.']]);
    const merged = mergeOptions(known, [
      { id: 'staff_2', label: 'Sam Whitfield' },
      { id: 'staff_1', label: 'Alex Rivera' },
    ]);
    expect([...merged]).toEqual([
      ['staff_1', 'Alex Rivera'],
      ['staff_2', 'Sam W.'],
    ]);
    expect(known.size).toBe(1);
  });
});
