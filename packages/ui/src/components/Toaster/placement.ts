/**
 * The portal's toast placements (top, bottom and their left/right corners), plus Ark's logical names.
 * Left/right are read as start/end (mirrored in RTL).
 */
export type ToasterPlacement =
  | 'top'
  | 'top-left'
  | 'top-right'
  | 'top-start'
  | 'top-end'
  | 'bottom'
  | 'bottom-left'
  | 'bottom-right'
  | 'bottom-start'
  | 'bottom-end';

/** Ark / zag toast placements. */
export type ArkToastPlacement = 'top-start' | 'top' | 'top-end' | 'bottom-start' | 'bottom' | 'bottom-end';

export const DEFAULT_TOASTER_PLACEMENT: ArkToastPlacement = 'bottom';

const PLACEMENTS: Record<ToasterPlacement, ArkToastPlacement> = {
  top: 'top',
  'top-left': 'top-start',
  'top-start': 'top-start',
  'top-right': 'top-end',
  'top-end': 'top-end',
  bottom: 'bottom',
  'bottom-left': 'bottom-start',
  'bottom-start': 'bottom-start',
  'bottom-right': 'bottom-end',
  'bottom-end': 'bottom-end',
};

/** Maps a placement to Ark's; unknown or missing values fall back to `bottom`. */
export function toArkPlacement(placement: ToasterPlacement | undefined): ArkToastPlacement {
  return (
    (placement && Object.hasOwn(PLACEMENTS, placement) && PLACEMENTS[placement]) || DEFAULT_TOASTER_PLACEMENT
  );
}

export type ToastStatus = 'info' | 'warning' | 'success' | 'error' | 'loading';

/**
 * The live-region semantics of one toast. Ark renders every toast as `role="status"` (polite) inside
 * a polite region; errors interrupt instead (`role="alert"`, assertive).
 */
export function liveRegionFor(type: string | undefined): {
  role: 'status' | 'alert';
  'aria-live': 'polite' | 'assertive';
} {
  return type === 'error'
    ? { role: 'alert', 'aria-live': 'assertive' }
    : { role: 'status', 'aria-live': 'polite' };
}

/** Drops keys whose value is `undefined`, so they cannot override the toaster's defaults (duration…). */
export function withoutUndefined<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as T;
}
