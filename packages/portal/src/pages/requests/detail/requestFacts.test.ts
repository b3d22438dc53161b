import { RequestError } from '@client-portal/api-client';
import type { RequestDetail, RequestTimelineEntry, RequestType } from '@client-portal/api-client/requests';
import { describe, expect, it } from 'vitest';
import { checkAttachments, usedBytesOf } from './attachmentCheck.js';
import { changeFailure, problemDetail } from './changeOutcome.js';
import {
  addableColleagues,
  dayOf,
  fieldRows,
  linkedRequestHref,
  optionText,
  reopenWindow,
  statusChange,
} from './requestFacts.js';
import { changedFields, UNASSIGNED, type Values } from './triageForm.js';
import { withAttachments } from './useRequestDetail.js';

const TYPES: RequestType[] = [
  {
    id: 'change_of_scope',
    label: 'Change of scope or hours',
    needsApproval: true,
    requiresProject: false,
    requiresSubscription: false,
    hostOnly: false,
    fields: [
      { name: 'hours_delta', label: 'Hours to add', kind: 'number', required: true },
      { name: 'effective_from', label: 'From', kind: 'date', required: false },
    ],
  },
  {
    id: 'renewal_check_in',
    label: 'Renewal check-in',
    needsApproval: false,
    requiresProject: false,
    requiresSubscription: true,
    hostOnly: true,
    fields: [],
  },
];

const event = (before: unknown, after: unknown): Extract<RequestTimelineEntry, { kind: 'event' }> => ({
  kind: 'event',
  id: 'e1',
  at: '2026-03-01T10:00:00.000Z',
  actor: null,
  onBehalfOf: null,
  event: 'status',
  before,
  after,
  text: 'Status: Submitted → In progress',
});

describe('statusChange', () => {
  it('reads bare names (mocks), { label } (customers) and { status } (staff)', () => {
    expect(statusChange(event('submitted', 'in_progress'))).toEqual({ from: 'submitted', to: 'in_progress' });
    expect(statusChange(event({ label: 'submitted' }, { label: 'waiting_for_you' }))).toEqual({
      from: 'submitted',
      to: 'waiting_for_you',
    });
    expect(statusChange(event({ status: 'triaged' }, { status: 'awaiting_approval' }))).toEqual({
      from: 'triaged',
      to: 'awaiting_approval',
    });
  });

  it('is null when either end is missing', () => {
    expect(statusChange(event(null, { label: 'submitted' }))).toBeNull();
    expect(statusChange(event({ other: 1 }, 'closed'))).toBeNull();
  });
});

describe('reopenWindow', () => {
  const base = { label: 'resolved' as const, actions: [], reopenUntil: null, resolvedAt: null };
  it('is open, with its end, while reopen is offered', () => {
    expect(
      reopenWindow({ ...base, actions: ['confirm', 'reopen'], reopenUntil: '2026-03-15T00:00:00Z' }),
    ).toEqual({
      state: 'open',
      until: '2026-03-15T00:00:00Z',
    });
  });

  it('has passed for a resolved request without reopen: 14 days after resolution', () => {
    expect(reopenWindow({ ...base, actions: ['confirm'], resolvedAt: '2026-03-01T00:00:00.000Z' })).toEqual({
      state: 'passed',
      until: '2026-03-15T00:00:00.000Z',
    });
  });

  it('is closed for a closed request, and null while work goes on', () => {
    expect(reopenWindow({ ...base, label: 'closed' })).toEqual({ state: 'closed' });
    expect(reopenWindow({ ...base, label: 'in_progress' })).toBeNull();
  });
});

describe('linkedRequestHref', () => {
  it('files a new request of the same type, linked by key', () => {
    expect(linkedRequestHref({ key: 'ACME-4', type: 'change_of_scope' }, TYPES)).toBe(
      '/requests/new?linkedRequestKey=ACME-4&type=change_of_scope',
    );
  });

  it('asks a question instead of a type people cannot file', () => {
    expect(linkedRequestHref({ key: 'ACME-5', type: 'renewal_check_in' }, TYPES)).toBe(
      '/requests/new?linkedRequestKey=ACME-5&type=question',
    );
  });
});

describe('fieldRows', () => {
  it('lists the type’s fields in order with their labels, empty ones left out, unknown ones after', () => {
    expect(
      fieldRows(
        { type: 'change_of_scope', fields: { legacy_code: 'X1', effective_from: '', hours_delta: 40 } },
        TYPES,
      ),
    ).toEqual([
      { name: 'hours_delta', label: 'Hours to add', kind: 'number', value: 40 },
      { name: 'legacy_code', label: 'Legacy code', kind: 'text', value: 'X1' },
    ]);
  });

  it('writes option values for people', () => {
    expect(optionText('invoice_copy')).toBe('Invoice copy');
    expect(optionText('')).toBe('');
  });
});

describe('addableColleagues and dayOf', () => {
  it('offers only colleagues not yet taking part', () => {
    expect(addableColleagues([{ id: 'a' }, { id: 'b' }, { id: 'c' }], [{ id: 'b' }])).toEqual([
      { id: 'a' },
      { id: 'c' },
    ]);
  });

  it('takes the calendar day of a time', () => {
    expect(dayOf('2026-04-01T09:00:00.000Z')).toBe('2026-04-01');
    expect(dayOf(null)).toBe('');
  });
});

describe('checkAttachments', () => {
  const limits = { fileBytes: 100, requestBytes: 250, types: ['application/pdf', 'image/png'] };
  it('refuses a file over the per-file limit, a refused type, and a file past the request’s limit (a smaller one still fits)', () => {
    expect(
      checkAttachments(
        [
          { size: 90, type: 'application/pdf' },
          { size: 101, type: 'application/pdf' },
          { size: 10, type: 'application/x-msdownload' },
          { size: 80, type: 'image/png' },
          { size: 50, type: 'image/png' },
        ],
        limits,
        100,
      ),
    ).toEqual([
      null,
      { reason: 'tooLarge', limitBytes: 100 },
      { reason: 'type' },
      { reason: 'requestFull', limitBytes: 250 },
      null,
    ]);
  });

  it('leaves a file the browser cannot type to the host, and ignores parameters', () => {
    expect(
      checkAttachments(
        [
          { size: 1, type: '' },
          { size: 1, type: 'IMAGE/PNG; x=1' },
        ],
        limits,
        0,
      ),
    ).toEqual([null, null]);
    expect(usedBytesOf([{ sizeBytes: 3 }, { sizeBytes: 4 }])).toBe(7);
  });
});

describe('changeFailure', () => {
  const error = (status: number, detail?: string) =>
    new RequestError('x', {
      kind: status === 0 ? 'network' : 'http',
      status,
      method: 'POST',
      url: '/api/requests/ACME-1/actions',
      routeId: 'requestAction',
      ...(detail ? { problem: { detail } } : {}),
    });
  it('tells 412, 409, 403, 404, 413, 415 and 400 apart from anything else', () => {
    expect([412, 409, 403, 404, 413, 415, 400, 500, 0].map((s) => changeFailure(error(s)))).toEqual([
      'stale',
      'conflict',
      'refused',
      'gone',
      'tooLarge',
      'badType',
      'invalid',
      'failed',
      'failed',
    ]);
    expect(changeFailure(new Error('boom'))).toBe('failed');
    expect(problemDetail(error(413, 'Files can be at most 25 MB each.'))).toBe(
      'Files can be at most 25 MB each.',
    );
  });
});

describe('changedFields', () => {
  const before: Values = {
    assigneeId: UNASSIGNED,
    priority: 'normal',
    dueAt: '',
    dueSource: 'agreed',
    nextCheckIn: '2026-05-01',
  };
  it('sends nothing when nothing changed', () => {
    expect(changedFields(before, before)).toEqual({});
  });

  it('sends only what changed: an assignee, a due date with its source, a removed check-in', () => {
    expect(
      changedFields(before, {
        ...before,
        assigneeId: 'staff_1',
        dueAt: '2026-04-10',
        dueSource: 'contract',
        nextCheckIn: '',
      }),
    ).toEqual({ assigneeId: 'staff_1', dueAt: '2026-04-10', dueSource: 'contract', nextCheckIn: null });
  });

  it('unassigns and removes a due date', () => {
    const assigned = { ...before, assigneeId: 'staff_1', dueAt: '2026-04-10' };
    expect(changedFields(assigned, { ...assigned, assigneeId: UNASSIGNED, dueAt: '' })).toEqual({
      assigneeId: null,
      dueAt: null,
    });
  });
});

describe('withAttachments', () => {
  const person = { id: 'u1', name: 'Maya', provider: false };
  const file = (id: string, version = 1) => ({
    id,
    fileName: `${id}.pdf`,
    contentType: 'application/pdf',
    sizeBytes: 10,
    scan: 'clean' as const,
    version,
    replacesId: null,
    uploadedBy: person,
    createdAt: '2026-03-01T10:00:00.000Z',
    savedToDocuments: false,
  });
  it('puts a newer version in place of the one it replaces and adds it to the timeline once', () => {
    const detail = {
      attachments: [file('a'), file('b')],
      timeline: [],
      attachmentCount: 2,
    } as unknown as RequestDetail;
    const next = withAttachments(detail, [file('c', 2)], 'a');
    expect(next.attachments.map((a) => a.id)).toEqual(['b', 'c']);
    expect(next.attachmentCount).toBe(2);
    expect(next.timeline.map((e) => e.id)).toEqual(['c-t']);
    expect(withAttachments(next, [file('c', 2)]).timeline).toHaveLength(1);
  });
});
