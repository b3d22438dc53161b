import { describe, expect, it } from 'vitest';
import {
  dueMessage,
  dueTone,
  isDueState,
  isLabel,
  isOpen,
  LABELS,
  labelMessage,
  labelTone,
  nextCheckInPhrase,
  optionWords,
} from './requestLabels.js';

describe('request labels', () => {
  it('gives each of the five customer labels its own words and a tone', () => {
    expect(LABELS).toEqual(['submitted', 'in_progress', 'waiting_for_you', 'resolved', 'closed']);
    expect(LABELS.map(labelMessage)).toEqual([
      'requests.label.submitted',
      'requests.label.in_progress',
      'requests.label.waiting_for_you',
      'requests.label.resolved',
      'requests.label.closed',
    ]);
    expect(labelTone('waiting_for_you')).toBe('warning');
    expect(labelTone('resolved')).toBe('success');
    expect(new Set(LABELS.map(labelTone)).size).toBe(5);
  });

  it('tones the due state from calm to alarming', () => {
    expect(['on_track', 'at_risk', 'overdue'].map((s) => dueTone(s as 'overdue'))).toEqual([
      'success',
      'warning',
      'danger',
    ]);
    expect(dueMessage('at_risk')).toBe('requests.due.at_risk');
  });

  it('recognises labels and due states from the address, nothing else', () => {
    expect(isLabel('waiting_for_you')).toBe(true);
    expect(isLabel('waiting_on_customer')).toBe(false);
    expect(isDueState('overdue')).toBe(true);
    expect(isDueState('late')).toBe(false);
  });

  it('counts submitted, in progress and waiting as open', () => {
    expect(isOpen({ label: 'submitted' })).toBe(true);
    expect(isOpen({ label: 'waiting_for_you' })).toBe(true);
    expect(isOpen({ label: 'resolved' })).toBe(false);
    expect(isOpen({ label: 'closed' })).toBe(false);
  });

  it('phrases the next check-in as the subscriptions do', () => {
    const now = new Date(2026, 2, 1, 12);
    expect(nextCheckInPhrase('2026-03-13', now, 'en-US')).toBe('In 12 days');
    expect(nextCheckInPhrase('2026-02-26', now, 'en-US')).toBe('3 days ago');
    expect(nextCheckInPhrase('2026-03-13', now, 'de')).toBe('In 12 Tagen');
    expect(nextCheckInPhrase(null, now, 'en-US')).toBe('');
  });

  it('turns option values into words', () => {
    expect(optionWords('invoice_copy')).toBe('Invoice copy');
    expect(optionWords('replacement')).toBe('Replacement');
    expect(optionWords('')).toBe('');
  });
});
