import type { RequestTimelineEntry } from '@client-portal/api-client/requests';
import { describe, expect, it } from 'vitest';
import { ar } from '../../../i18n/messages.ar.js';
import { de } from '../../../i18n/messages.de.js';
import { en, type MessageKey, type Messages } from '../../../i18n/messages.en.js';
import { eventSentence } from './eventSentence.js';

type EventEntry = Extract<RequestTimelineEntry, { kind: 'event' }>;

const translator =
  (messages: Messages) =>
  (key: MessageKey, values: Record<string, string | number> = {}) =>
    messages[key].replace(/\{(\w+)\}/g, (m, name: string) =>
      values[name] === undefined ? m : String(values[name]),
    );

const ALEX = { id: 'u_alex', name: 'Alex Rivera', provider: true };
const MAYA = { id: 'u_maya', name: 'Maya Okafor', provider: false };

const entry = (
  event: string,
  before: unknown,
  after: unknown,
  more: Partial<EventEntry> = {},
): EventEntry => ({
  kind: 'event',
  id: 'e1',
  at: '2026-11-20T10:00:00.000Z',
  actor: ALEX,
  onBehalfOf: 'Acme',
  event,
  before,
  after,
  text: 'HOST TEXT',
  ...more,
});

/** Every event the host records, as it sends them (event-text.ts), with what the sentence must hold. */
const CASES: [string, EventEntry, string][] = [
  [
    'assigned',
    entry('assigned', null, { assigneeId: 'u_sam' }, { subject: 'Sam Lee' }),
    'assigned the request to Sam Lee',
  ],
  ['unassigned', entry('assigned', { assigneeId: 'u_sam' }, { assigneeId: null }), 'removed the assignee'],
  [
    'due, agreed',
    entry('due', null, { dueAt: '2026-12-01T00:00:00.000Z', source: 'agreed' }),
    'due date to Dec 1, 2026 (agreed)',
  ],
  [
    'due, no source',
    entry('due', null, { dueAt: '2026-12-01T00:00:00.000Z', source: null }),
    'due date to Dec 1, 2026.',
  ],
  ['due removed', entry('due', { dueAt: '2026-12-01' }, { dueAt: null }), 'removed the due date'],
  ['check-in', entry('check_in', null, { nextCheckIn: '2027-01-15' }), 'next check-in to Jan 15, 2027'],
  ['check-in removed', entry('check_in', null, { nextCheckIn: null }), 'removed the next check-in'],
  ['comment', entry('comment', null, { commentId: 'c1' }, { internal: false }), 'commented'],
  [
    'internal note',
    entry('comment', null, { commentId: 'c1' }, { internal: true }),
    'added an internal note',
  ],
  [
    'participant added',
    entry('participant_added', null, { userId: 'u_priya' }, { subject: 'Priya Shah' }),
    'added Priya Shah to the request',
  ],
  [
    'participant removed',
    entry('participant_removed', { userId: 'u_priya' }, null, { subject: 'Priya Shah' }),
    'removed Priya Shah from the request',
  ],
  [
    'shared',
    entry('visibility', { visibility: 'participants' }, { visibility: 'company' }),
    'shared the request with the whole company',
  ],
  [
    'limited',
    entry('visibility', { visibility: 'company' }, { visibility: 'participants' }),
    'limited the request',
  ],
  [
    'priority',
    entry('priority', { priority: 'normal' }, { priority: 'urgent' }),
    'priority from Normal to Urgent',
  ],
  [
    'attached',
    entry('attachment', null, { fileName: 'plan.pdf' }, { subject: 'plan.pdf' }),
    'attached plan.pdf',
  ],
  [
    'saved',
    entry('attachment', null, { fileName: 'msa.pdf', documentId: 'd1' }, { subject: 'msa.pdf' }),
    'saved msa.pdf to the documents',
  ],
  [
    'scan removed',
    entry(
      'attachment',
      null,
      { fileName: 'x.exe', removed: 'infected' },
      { subject: 'x.exe', actor: null, onBehalfOf: null },
    ),
    'x.exe was removed',
  ],
  [
    'reminder',
    entry('reminder', null, { to: 'customer' }, { actor: null, onBehalfOf: null }),
    'A reminder was sent.',
  ],
  [
    'status',
    entry('status', { status: 'submitted' }, { status: 'in_progress' }),
    'status from Submitted to In progress',
  ],
];

describe('eventSentence', () => {
  it.each(CASES)('words %s in English, staff as "X for Y"', (_, e, expected) => {
    const sentence = eventSentence(translator(en), 'en', e);
    expect(sentence).toContain(expected);
    expect(sentence).not.toContain('HOST TEXT');
    if (e.actor) expect(sentence).toContain('Alex Rivera for Acme');
  });

  it.each([
    ['de', de],
    ['ar', ar],
  ] as const)(
    'words every known event in %s, never the host’s English, with the date in that locale',
    (locale, messages) => {
      for (const [name, e] of CASES) {
        const sentence = eventSentence(translator(messages), locale, e);
        expect(sentence, name).not.toContain('HOST TEXT');
        expect(sentence, name).not.toMatch(/\{\w+\}/);
      }
      const due = eventSentence(translator(messages), locale, (CASES[2] as (typeof CASES)[number])[1]);
      expect(due).toContain(
        new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }).format(
          new Date(2026, 11, 1),
        ),
      );
    },
  );

  it('falls back to the host’s words for an event it does not know, or one missing what it needs', () => {
    const t = translator(en);
    expect(eventSentence(t, 'en', entry('merged', null, null))).toBe('Alex Rivera for Acme: HOST TEXT');
    expect(eventSentence(t, 'en', entry('assigned', null, { assigneeId: 'u_x' }))).toContain('HOST TEXT');
    expect(eventSentence(t, 'en', entry('priority', { priority: 'p9' }, { priority: 'urgent' }))).toContain(
      'HOST TEXT',
    );
  });

  it('names a customer by name alone, and the portal when nobody acted', () => {
    const t = translator(en);
    expect(
      eventSentence(
        t,
        'en',
        entry('participant_added', null, {}, { actor: MAYA, onBehalfOf: null, subject: 'Jonas' }),
      ),
    ).toBe('Maya Okafor added Jonas to the request.');
    expect(
      eventSentence(
        t,
        'en',
        entry('check_in', null, { nextCheckIn: '2027-01-15' }, { actor: null, onBehalfOf: null }),
      ),
    ).toBe('The portal set the next check-in to Jan 15, 2027.');
  });
});
