import { describe, expect, it } from 'vitest';
import { isMissingValue } from './missingValue.js';

describe('isMissingValue', () => {
  it('is true for nothing, an empty string and numbers that are not numbers', () => {
    for (const v of [
      undefined,
      null,
      '',
      false,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ]) {
      expect(isMissingValue(v), String(v)).toBe(true);
    }
  });
  it('is false for real values, zero included', () => {
    for (const v of [0, -1.5, '0', '€48,200', ' ']) expect(isMissingValue(v), String(v)).toBe(false);
  });
});
