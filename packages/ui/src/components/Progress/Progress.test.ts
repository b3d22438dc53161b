import { describe, expect, it } from 'vitest';
import { clampPosition, clampProgress, markerAlign, percent } from './clamp.js';

describe('clampProgress', () => {
  it('keeps values in 0–100', () => {
    expect(clampProgress(0)).toBe(0);
    expect(clampProgress(42.5)).toBe(42.5);
    expect(clampProgress(100)).toBe(100);
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(Number.POSITIVE_INFINITY)).toBe(100);
    expect(clampProgress(Number.NEGATIVE_INFINITY)).toBe(0);
  });
  it('keeps null as indeterminate and treats NaN as 0', () => {
    expect(clampProgress(null)).toBeNull();
    expect(clampProgress(undefined)).toBeNull();
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});

describe('marker helpers', () => {
  it('clamps positions to a number', () => {
    expect(clampPosition(60)).toBe(60);
    expect(clampPosition(-1)).toBe(0);
    expect(clampPosition(101)).toBe(100);
    expect(clampPosition(Number.NaN)).toBe(0);
  });
  it('aligns labels past the middle to end at the tick', () => {
    expect(markerAlign(10)).toBe('start');
    expect(markerAlign(50)).toBe('start');
    expect(markerAlign(50.1)).toBe('end');
    expect(markerAlign(200)).toBe('end');
  });
  it('formats percentages compactly', () => {
    expect(percent(40)).toBe('40%');
    expect(percent(100 / 3)).toBe('33.3333%');
  });
});
