import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const fadeIn = keyframes({
  from: { opacity: 0, scale: '0.96' },
  to: { opacity: 1, scale: '1' },
});
const fadeOut = keyframes({
  from: { opacity: 1, scale: '1' },
  to: { opacity: 0, scale: '0.96' },
});

/**
 * Positioner: zag sets `position`, `top`, `left`, `transform`, `min-width` and `z-index`
 * (from `--z-index`) inline, so none of those are set here.
 */
export const positioner = style({});

export const content = style({
  vars: {
    // Read by zag's arrow styles (custom properties are never set inline on the content).
    '--arrow-size': '10px',
    '--arrow-background': vars.color.surfaceRaised,
  },
  zIndex: vars.zIndex.tooltip,
  maxWidth: '280px',
  paddingBlock: vars.space['1.5'],
  paddingInline: vars.space['2'],
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.fg,
  boxShadow: vars.shadow.md,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  lineHeight: vars.lineHeight.normal,
  textAlign: 'start',
  overflowWrap: 'anywhere',
  transformOrigin: 'var(--transform-origin)',
  selectors: {
    '&[data-state="open"]': {
      animationName: fadeIn,
      animationDuration: vars.duration.fast,
      animationTimingFunction: vars.easing.standard,
    },
    '&[data-state="closed"]': {
      animationName: fadeOut,
      animationDuration: vars.duration.fast,
      animationTimingFunction: vars.easing.standard,
    },
  },
});

/** Arrow and tip: zag sets size, position, transform and background inline; only the border is ours. */
export const arrow = style({});

/**
 * The tip is a square rotated by zag so that its top and left edges face outwards whatever the
 * placement; those two borders are physical on purpose (the rotation is physical too).
 */
export const arrowTip = style({
  borderTopWidth: '1px',
  borderLeftWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
});
