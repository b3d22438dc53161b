import type { ReactNode } from 'react';

/**
 * True when a Stat has nothing to show: no value, an empty string, or a number that isn't one
 * (NaN, ±Infinity from a division by zero), which would otherwise print "NaN" or "Infinity".
 */
export const isMissingValue = (value: ReactNode): boolean =>
  value == null || value === '' || value === false || (typeof value === 'number' && !Number.isFinite(value));
