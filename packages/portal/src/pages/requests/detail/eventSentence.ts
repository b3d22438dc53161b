import {
  REQUEST_DUE_SOURCES,
  REQUEST_PRIORITIES,
  REQUEST_STATUSES,
  type RequestTimelineEntry,
} from '@client-portal/api-client/requests';
import type { I18n } from '../../../i18n/I18nProvider.js';
import type { MessageKey } from '../../../i18n/messages.en.js';
import { actorText, dayText } from './formatting.js';
import { statusChange } from './requestFacts.js';

type EventEntry = Extract<RequestTimelineEntry, { kind: 'event' }>;

// The contract's statuses, and the customers' "waiting for you" (a label, not a status).
const STATUS_NAMES: ReadonlySet<string> = new Set([...REQUEST_STATUSES, 'waiting_for_you']);
const PRIORITIES: ReadonlySet<string> = new Set(REQUEST_PRIORITIES);
const DUE_SOURCES: ReadonlySet<string> = new Set(REQUEST_DUE_SOURCES);

const fieldOf = (value: unknown, name: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/** The calendar day of a date or a moment ("2026-12-01…" → that day, wherever the reader is). */
const dayOf = (value: unknown): string | null => textOf(value)?.slice(0, 10) ?? null;

/** A status or label name in the reader's words; null for one the portal does not know. */
export function statusWord(t: I18n['t'], name: string): string | null {
  if (!STATUS_NAMES.has(name)) return null;
  return name === 'waiting_for_you'
    ? t('requestPage.label.waiting_for_you')
    : t(`requestPage.status.${name}` as MessageKey);
}

/**
 * A history event as a sentence in the reader's language, from what it records (its kind, before
 * and after, and `subject`, the person or file it names): "Alex Rivera for Northwind Logistics set
 * the due date to Dec 1, 2026 (agreed)." The host's English `text` is the fallback for an event
 * this portal does not know (a newer host's).
 */
export function eventSentence(t: I18n['t'], locale: string, entry: EventEntry): string {
  const actor = actorText(t, entry.actor, entry.onBehalfOf);
  const subject = textOf(entry.subject);
  const { before, after } = entry;
  const change = statusChange(entry);
  const from = change ? statusWord(t, change.from) : null;
  const to = change ? statusWord(t, change.to) : null;
  switch (entry.event) {
    case 'created':
      return entry.actor ? t('requestPage.event.created', { actor }) : t('requestPage.event.opened');
    case 'status':
      if (from && to) return t('requestPage.event.status', { actor, from, to });
      break;
    case 'approved':
      return t('requestPage.event.approved', { actor });
    case 'reopened':
      return t('requestPage.event.reopened', { actor });
    case 'auto_resolved':
      return t('requestPage.event.autoResolved');
    case 'assigned':
      if (fieldOf(after, 'assigneeId') === null) return t('requestPage.event.unassigned', { actor });
      if (subject) return t('requestPage.event.assigned', { actor, name: subject });
      break;
    case 'due': {
      const day = dayOf(fieldOf(after, 'dueAt'));
      if (!day) return t('requestPage.event.dueRemoved', { actor });
      const date = dayText(day, locale);
      const source = textOf(fieldOf(after, 'source'));
      return source && DUE_SOURCES.has(source)
        ? t('requestPage.event.dueFrom', {
            actor,
            date,
            source: t(`requestPage.event.source.${source}` as MessageKey),
          })
        : t('requestPage.event.due', { actor, date });
    }
    case 'check_in': {
      const day = dayOf(fieldOf(after, 'nextCheckIn'));
      return day
        ? t('requestPage.event.checkIn', { actor, date: dayText(day, locale) })
        : t('requestPage.event.checkInRemoved', { actor });
    }
    case 'comment':
      return t(entry.internal ? 'requestPage.event.noteAdded' : 'requestPage.event.commented', { actor });
    case 'participant_added':
      if (subject) return t('requestPage.event.participantAdded', { actor, name: subject });
      break;
    case 'participant_removed':
      if (subject) return t('requestPage.event.participantRemoved', { actor, name: subject });
      break;
    case 'visibility': {
      const visibility = fieldOf(after, 'visibility');
      if (visibility === 'company') return t('requestPage.event.visibleToCompany', { actor });
      if (visibility === 'participants') return t('requestPage.event.visibleToParticipants', { actor });
      break;
    }
    case 'priority': {
      const [a, b] = [fieldOf(before, 'priority'), fieldOf(after, 'priority')];
      if (typeof a === 'string' && typeof b === 'string' && PRIORITIES.has(a) && PRIORITIES.has(b))
        return t('requestPage.event.priority', {
          actor,
          from: t(`requestPage.priority.${a}` as MessageKey),
          to: t(`requestPage.priority.${b}` as MessageKey),
        });
      break;
    }
    case 'attachment': {
      const name = subject ?? textOf(fieldOf(after, 'fileName'));
      if (!name) break;
      if (fieldOf(after, 'documentId') !== undefined)
        return t('requestPage.event.fileSaved', { actor, name });
      if (fieldOf(after, 'removed') !== undefined) return t('requestPage.event.fileRemoved', { name });
      return t('requestPage.event.fileAttached', { actor, name });
    }
    case 'reminder':
      return t('requestPage.event.reminder');
  }
  return t('requestPage.event.other', { actor, text: entry.text });
}
