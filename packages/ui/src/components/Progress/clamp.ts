/**
 * Clamps a progress value to 0–100. `null`/`undefined` stay `null` (indeterminate); `NaN` counts as 0
 * (bad data should not look like "still loading"); ±Infinity clamps to the nearest end.
 */
export function clampProgress(value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** A position on the track (0–100), always a number: invalid values fall back to 0. */
export const clampPosition = (position: number): number => clampProgress(position) ?? 0;

/** Where a marker's label sits: from the tick towards the end, or (past the middle) ending at the tick. */
export const markerAlign = (position: number): 'start' | 'end' =>
  clampPosition(position) > 50 ? 'end' : 'start';

/** A CSS percentage for an inline custom property (`'37.5%'`). */
export const percent = (value: number): string => `${Number(value.toFixed(4))}%`;
