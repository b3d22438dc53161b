import {
  REQUEST_DUE_STATES,
  REQUEST_LABELS,
  type RequestDueState,
  type RequestLabel,
  type RequestSummary,
} from '@client-portal/api-client/requests';
import type { Tone } from '@client-portal/ui';
import { requestLabels } from '../../i18n/en/requestLabels.js';
import { addEnglish } from '../../i18n/english.js';
import type { MessageKey } from '../../i18n/messages.en.js';
import { relativeDayPhrase } from '../../lib/checkInProgress.js';

addEnglish(requestLabels);

// How a request's state reads and looks: the five customer labels and the due state, each a tone
// and words (the tone never carries the meaning alone), and the next check-in as the phrase the
// subscriptions' renewal check-ins use.

/** The customer's five labels, in the order a request moves through them. */
export const LABELS: readonly RequestLabel[] = REQUEST_LABELS;
export const DUE_STATES: readonly RequestDueState[] = REQUEST_DUE_STATES;

/** Labels of requests still open (not resolved or closed). */
export const OPEN_LABELS: readonly RequestLabel[] = ['submitted', 'in_progress', 'waiting_for_you'];

const LABEL_TONES: Record<RequestLabel, Tone> = {
  submitted: 'info',
  in_progress: 'accent',
  // The customer's move: the one label that asks for attention.
  waiting_for_you: 'warning',
  resolved: 'success',
  closed: 'neutral',
};

const DUE_TONES: Record<RequestDueState, Tone> = {
  on_track: 'success',
  at_risk: 'warning',
  overdue: 'danger',
};

export const labelTone = (label: RequestLabel): Tone => LABEL_TONES[label];
export const labelMessage = (label: RequestLabel): MessageKey => `requests.label.${label}`;
export const dueTone = (state: RequestDueState): Tone => DUE_TONES[state];
export const dueMessage = (state: RequestDueState): MessageKey => `requests.due.${state}`;

export const isLabel = (value: string): value is RequestLabel =>
  (LABELS as readonly string[]).includes(value);
export const isDueState = (value: string): value is RequestDueState =>
  (DUE_STATES as readonly string[]).includes(value);

/** Whether a request still waits on someone (submitted, in progress or waiting for the customer). */
export const isOpen = (request: Pick<RequestSummary, 'label'>) => OPEN_LABELS.includes(request.label);

/** "In 12 days", "3 days ago": the next check-in as the subscriptions phrase theirs; '' when none. */
export const nextCheckInPhrase = (nextCheckIn: string | null, now: Date, locale: string) =>
  nextCheckIn ? relativeDayPhrase(nextCheckIn, now, locale) : '';

/** A select option's value as words: "invoice_copy" → "Invoice copy". */
export function optionWords(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}
