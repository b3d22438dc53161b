import { describe, expect, it } from 'vitest';
import { isColorMode, readStoredColorMode } from './colorMode.js';
import { directionOf } from './direction.js';

describe('colour mode storage', () => {
  it('accepts only the three modes', () => {
    expect(['light', 'dark', 'system'].every(isColorMode)).toBe(true);
    expect(isColorMode('Dark')).toBe(false);
    expect(isColorMode(null)).toBe(false);
  });
  it('falls back when there is no window (SSR)', () => {
    expect(readStoredColorMode('k', 'light')).toBe('light');
  });
});

describe('directionOf', () => {
  it.each([
    ['en', 'ltr'],
    ['de-DE', 'ltr'],
    ['ar', 'rtl'],
    ['ar-EG', 'rtl'],
    ['he_IL', 'rtl'],
    ['fa', 'rtl'],
    ['', 'ltr'],
  ])('%s → %s', (locale, dir) => expect(directionOf(locale)).toBe(dir));
});
