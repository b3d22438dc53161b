import { describe, expect, it } from 'vitest';
import { formatFileSize } from './fileSize.js';

describe('formatFileSize', () => {
  it('counts bytes below a kilobyte', () => {
    expect(formatFileSize(0, 'en')).toBe('0 bytes');
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(1023, 'en')).toBe('1,023 bytes');
  });

  it('uses kB, MB and GB in steps of 1024, one decimal below 10', () => {
    expect(formatFileSize(1024, 'en')).toBe('1 kB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(412 * 1024, 'en')).toBe('412 kB');
    expect(formatFileSize(1830 * 1024, 'en')).toBe('1.8 MB');
    expect(formatFileSize(250 * 1024 ** 2, 'en')).toBe('250 MB');
    expect(formatFileSize(3.25 * 1024 ** 3, 'en')).toBe('3.3 GB');
  });

  it('steps up instead of showing 1024 of a unit', () => {
    expect(formatFileSize(1024 * 1024 - 1, 'en')).toBe('1 MB');
  });

  it("writes numbers the locale's way", () => {
    expect(formatFileSize(1830 * 1024, 'de')).toBe('1,8 MB');
    expect(formatFileSize(1023, 'de')).toBe('1.023 Byte');
  });

  it('shows nothing for a size that is not one', () => {
    expect(formatFileSize(Number.NaN, 'en')).toBe('');
    expect(formatFileSize(-1, 'en')).toBe('');
  });
});
