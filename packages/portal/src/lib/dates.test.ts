import { describe, expect, it } from 'vitest';
import { formatDateNumeric, formatDateShort } from './dates.js';

describe('date display', () => {
  it('formats numerically as day/month/year', () => {
    expect(formatDateNumeric('2024-03-05')).toBe('05/03/2024');
    expect(formatDateNumeric(new Date(2024, 11, 31))).toBe('31/12/2024');
  });
  it('formats as abbreviated month, day, year', () => {
    expect(formatDateShort('2024-03-05')).toBe('Mar 5, 2024');
    expect(formatDateShort('2024-03-05', 'en-US')).toBe('Mar 5, 2024');
  });
  it('uses the medium date of another locale', () => {
    expect(formatDateShort('2024-03-05', 'de')).toBe('5. März 2024');
    expect(formatDateShort('2024-03-05', 'ar')).toBe('5 مارس 2024');
  });
  it('shows "-" or nothing for empty and invalid dates', () => {
    for (const bad of [null, undefined, '', 'garbage', Number.NaN]) {
      expect(formatDateNumeric(bad)).toBe('-');
      expect(formatDateShort(bad)).toBe('');
    }
  });
});
