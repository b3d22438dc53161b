import { describe, expect, it } from 'vitest';
import { presetOf, presetRange, rangeDays, rangeProblem, validRange } from './doraRange.js';

describe('DORA ranges', () => {
  it('builds the presets ending today, today included', () => {
    expect(presetRange(30, '2026-03-02')).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(rangeDays(presetRange(365, '2026-03-02'))).toBe(365);
  });

  it('names the preset a range is, the default being the last 90 days', () => {
    expect(presetOf(undefined, '2026-03-02')).toBe(90);
    expect(presetOf(presetRange(180, '2026-03-02'), '2026-03-02')).toBe(180);
    expect(presetOf(presetRange(180, '2026-03-01'), '2026-03-02')).toBe('custom');
    expect(presetOf({ from: '2026-01-01', to: '2026-03-02' }, '2026-03-02')).toBe('custom');
  });

  it('says what is wrong with a typed range, as the API would refuse it', () => {
    expect(rangeProblem('', '2026-01-01')).toBe('missing');
    expect(rangeProblem('2026-02-30', '2026-03-01')).toBe('outside');
    expect(rangeProblem('1999-12-31', '2000-01-10')).toBe('outside');
    expect(rangeProblem('2099-12-31', '2100-01-01')).toBe('outside');
    expect(rangeProblem('2026-03-02', '2026-03-01')).toBe('order');
    expect(rangeProblem('2023-01-01', '2026-01-01')).toBe('tooLong');
    expect(rangeProblem('2023-01-02', '2026-01-01')).toBeNull(); // 1096 days: the longest accepted
    expect(validRange('2026-01-01', '2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(validRange('2026-01-02', '2026-01-01')).toBeNull();
  });
});
