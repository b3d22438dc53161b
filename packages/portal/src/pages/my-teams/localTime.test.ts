import { describe, expect, it } from 'vitest';
import { localTimeIn } from './localTime.js';

const NOON_UTC = new Date('2026-01-15T12:00:00Z');
// ICU puts a narrow no-break space before "PM"; the tests compare words, not the kind of space.
const at = (timezone: string | null, now: Date, locale: string) =>
  localTimeIn(timezone, now, locale)?.replace(/\s/g, ' ') ?? null;

describe('localTimeIn', () => {
  it('gives the time of day in the zone, with its offset', () => {
    expect(at('Europe/Berlin', NOON_UTC, 'en')).toBe('1:00 PM GMT+1');
    expect(at('Asia/Kolkata', NOON_UTC, 'en-GB')).toBe('17:30 GMT+5:30');
    expect(at('America/Bogota', NOON_UTC, 'de')).toBe('07:00 GMT-5');
  });

  it('follows summer time', () => {
    expect(at('Europe/Lisbon', new Date('2026-07-15T12:00:00Z'), 'en')).toBe('1:00 PM GMT+1');
  });

  it('gives nothing for a missing or unknown zone', () => {
    expect(localTimeIn(null, NOON_UTC, 'en')).toBeNull();
    expect(localTimeIn('  ', NOON_UTC, 'en')).toBeNull();
    expect(localTimeIn('Mars/Olympus_Mons', NOON_UTC, 'en')).toBeNull();
  });
});
