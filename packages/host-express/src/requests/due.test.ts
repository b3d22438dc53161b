import { describe, expect, it } from 'vitest';
import { dueState } from './due.js';

const created = new Date('2026-03-01T00:00:00Z');
const due = new Date('2026-03-11T00:00:00Z'); // ten days later: at risk from day 7.5
const at = (iso: string) => new Date(iso);

describe('dueState', () => {
  it('is null without a due date', () => {
    expect(dueState(null, created, at('2026-03-05T00:00:00Z'))).toBeNull();
  });

  it('is on track before three quarters of the time have passed', () => {
    expect(dueState(due, created, created)).toBe('on_track');
    expect(dueState(due, created, at('2026-03-08T11:59:59Z'))).toBe('on_track');
  });

  it('is at risk from three quarters of the time until the due instant itself', () => {
    expect(dueState(due, created, at('2026-03-08T12:00:00Z'))).toBe('at_risk');
    expect(dueState(due, created, due)).toBe('at_risk');
  });

  it('is overdue once the due instant has passed', () => {
    expect(dueState(due, created, at('2026-03-11T00:00:00.001Z'))).toBe('overdue');
  });

  it('treats a due date at or before creation as at risk until it passes', () => {
    expect(dueState(created, created, created)).toBe('at_risk');
    expect(dueState(at('2026-02-28T00:00:00Z'), created, at('2026-02-27T00:00:00Z'))).toBe('at_risk');
    expect(dueState(at('2026-02-28T00:00:00Z'), created, created)).toBe('overdue');
  });
});
