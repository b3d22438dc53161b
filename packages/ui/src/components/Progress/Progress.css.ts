import { createVar, keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';
import { tones } from '../../theme/tokens.js';
import type { Tone } from '../../theme/tokens.js';

const fill = createVar();
const thickness = createVar();
/** Custom property set inline by the component: the marker's position as a percentage (`'60%'`). */
export const MARKER_PROPERTY = '--cp-progress-marker';
const markerVar = `var(${MARKER_PROPERTY})`;

export const root = recipe({
  base: {
    display: 'grid',
    gap: vars.space['1.5'],
    width: '100%',
    minWidth: 0,
    fontSize: vars.fontSize.sm,
  },
  variants: {
    tone: Object.fromEntries(tones.map((t) => [t, { vars: { [fill]: vars.color.tone[t].solid } }])) as Record<
      Tone,
      object
    >,
    size: {
      sm: { vars: { [thickness]: '4px' } },
      md: { vars: { [thickness]: '8px' } },
      lg: { vars: { [thickness]: '12px' } },
    },
  },
  defaultVariants: { tone: 'accent', size: 'md' },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  columnGap: vars.space['3'],
  rowGap: vars.space['0.5'],
  minWidth: 0,
});

export const label = style({
  minWidth: 0,
  color: vars.color.fg,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

/** "Failed" / "Complete" with its icon, in the status's colour, before the value. */
export const status = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  marginInlineStart: 'auto',
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-status="error"]': { color: vars.color.tone.danger.fg },
    '&[data-status="complete"]': { color: vars.color.tone.success.fg },
  },
});

export const statusIcon = style({ width: '16px', height: '16px', flexShrink: 0 });

export const valueText = style({
  marginInlineStart: 'auto',
  selectors: { [`${status} + &`]: { marginInlineStart: 0 } },
  color: vars.color.fgMuted,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

/** Holds the track and the marker tick, which may stick out above and below it. */
export const trackArea = style({ position: 'relative' });

const slide = keyframes({
  from: { insetInlineStart: '-40%' },
  to: { insetInlineStart: '100%' },
});

export const track = style({
  position: 'relative',
  display: 'block',
  height: thickness,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.muted,
  selectors: {
    // Indeterminate: Ark leaves the range without a width; a bar slides along the track instead.
    '&[data-state="indeterminate"]::after': {
      content: '""',
      position: 'absolute',
      insetBlock: 0,
      width: '40%',
      borderRadius: vars.radius.full,
      backgroundColor: fill,
      animationName: slide,
      animationDuration: '1400ms',
      animationTimingFunction: vars.easing.standard,
      animationIterationCount: 'infinite',
    },
  },
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      selectors: { '&[data-state="indeterminate"]::after': { animationDuration: '4200ms' } },
    },
  },
});

/**
 * The fill. Ark sets its `width` inline (as a percentage); we never set width here. Anchored at the
 * inline start so it grows from the right in RTL; with no width (indeterminate) it is empty.
 */
export const range = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  borderRadius: vars.radius.full,
  backgroundColor: fill,
  transitionProperty: 'width',
  transitionDuration: vars.duration.normal,
  transitionTimingFunction: vars.easing.standard,
});

export const tick = style({
  position: 'absolute',
  top: '-4px',
  bottom: '-4px',
  width: '2px',
  insetInlineStart: `clamp(0px, calc(${markerVar} - 1px), calc(100% - 2px))`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.fg,
  // Separates the tick from the fill and the track in both themes.
  boxShadow: `0 0 0 1px ${vars.color.canvas}`,
  pointerEvents: 'none',
});

export const markerLabel = style({
  display: 'block',
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'anywhere',
  selectors: {
    // From the tick towards the end…
    '&[data-align="start"]': { paddingInlineStart: markerVar, textAlign: 'start' },
    // …or, past the middle, ending at the tick, so the text never runs off the track.
    '&[data-align="end"]': { paddingInlineEnd: `calc(100% - ${markerVar})`, textAlign: 'end' },
  },
});
