import { describe, expect, it } from 'vitest';
import { formatCount } from './count.js';

describe('formatCount', () => {
  it('formats counts, capping at max', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatCount(1500, 999, 'en')).toBe('999+');
    expect(formatCount(3.7)).toBe('3');
  });
  it('hides invalid counts', () => {
    expect(formatCount(undefined)).toBeNull();
    expect(formatCount(null)).toBeNull();
    expect(formatCount(-1)).toBeNull();
    expect(formatCount(Number.NaN)).toBeNull();
  });
  it('uses locale digits', () => {
    expect(formatCount(12, 99, 'ar-EG')).toBe('١٢');
  });
});
