import { describe, expect, it } from 'vitest';
import { formatHours, formatNumber, formatRate } from './figures.js';

describe('dashboard figures', () => {
  it('reads durations in hours under two days and in days above', () => {
    expect(formatHours(0.25, 'en')).toBe('0.3 hr');
    expect(formatHours(18.4, 'en')).toBe('18 hr');
    expect(formatHours(47.9, 'en')).toBe('48 hr');
    expect(formatHours(48, 'en')).toBe('2 days');
    expect(formatHours(90, 'en')).toBe('3.8 days');
    expect(formatHours(null, 'en')).toBeNull();
  });

  it('reads rates as percentages with one decimal at most', () => {
    expect(formatRate(0.0467, 'en')).toBe('4.7%');
    expect(formatRate(0, 'en')).toBe('0%');
    expect(formatRate(null, 'en')).toBeNull();
    expect(formatRate(0.5, 'de')).toBe('50\u00a0%');
  });

  it('uses the locale’s separators', () => {
    expect(formatNumber(1234.56, 'en')).toBe('1,234.6');
    expect(formatNumber(1234.56, 'de')).toBe('1.234,6');
  });
});
