import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
/*
 * The panel slides with the `translate` property: zag owns `transform` (inline, for swipe-to-close).
 * `--cp-drawer-from` is the off-screen offset for the physical side zag resolved from `side` + dir.
 */
const slideIn = keyframes({ from: { translate: 'var(--cp-drawer-from) 0' }, to: { translate: '0 0' } });
const slideOut = keyframes({ from: { translate: '0 0' }, to: { translate: 'var(--cp-drawer-from) 0' } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  backgroundColor: vars.color.backdrop,
  selectors: {
    '&[data-state="open"]': {
      animationName: fadeIn,
      animationDuration: vars.duration.slow,
      animationTimingFunction: vars.easing.standard,
    },
    '&[data-state="closed"]': {
      animationName: fadeOut,
      animationDuration: vars.duration.normal,
      animationTimingFunction: vars.easing.standard,
    },
  },
});

/** Full-viewport layer holding the panel. zag sets `pointer-events` inline while closing. */
export const positioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  overflow: 'hidden',
});

export const content = recipe({
  base: {
    position: 'absolute',
    insetBlock: 0,
    display: 'flex',
    flexDirection: 'column',
    // `--cp-drawer-width` is set inline from the `width` prop.
    width: 'var(--cp-drawer-width, 285px)',
    maxWidth: `calc(100% - ${vars.space['12']})`,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.fg,
    boxShadow: vars.shadow.lg,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.md,
    lineHeight: vars.lineHeight.normal,
    textAlign: 'start',
    outline: 'none',
    touchAction: 'pan-y',
    vars: { '--cp-drawer-from': '-100%' },
    selectors: {
      '&[data-swipe-direction="right"]': { vars: { '--cp-drawer-from': '100%' } },
      // Snap back smoothly after a partial swipe; no transition while the finger is down.
      '&:not([data-swiping])': {
        transitionProperty: 'transform',
        transitionDuration: vars.duration.normal,
        transitionTimingFunction: vars.easing.standard,
      },
      '&[data-state="open"]': {
        animationName: slideIn,
        animationDuration: vars.duration.slow,
        animationTimingFunction: vars.easing.standard,
      },
      '&[data-state="closed"]': {
        animationName: slideOut,
        animationDuration: vars.duration.normal,
        animationTimingFunction: vars.easing.standard,
      },
    },
  },
  variants: {
    // Logical sides: start is the left in LTR and the right in RTL.
    side: {
      start: {
        insetInlineStart: 0,
        borderInlineEndWidth: '1px',
        borderInlineEndStyle: 'solid',
        borderInlineEndColor: vars.color.border,
      },
      end: {
        insetInlineEnd: 0,
        borderInlineStartWidth: '1px',
        borderInlineStartStyle: 'solid',
        borderInlineStartColor: vars.color.border,
      },
    },
  },
  defaultVariants: { side: 'start' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  paddingBlock: vars.space['4'],
  paddingInlineStart: vars.space['5'],
  paddingInlineEnd: vars.space['3'],
  borderBlockEndWidth: '1px',
  borderBlockEndStyle: 'solid',
  borderBlockEndColor: vars.color.border,
});

export const heading = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  flex: '1 1 auto',
  minWidth: 0,
  paddingBlockStart: vars.space['1'],
});

export const title = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
});

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
  overflowWrap: 'anywhere',
});

export const closeTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.md,
  color: vars.color.fgMuted,
  backgroundColor: 'transparent',
  cursor: 'pointer',
  transitionProperty: 'background-color, color',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: {
    '&:hover': { backgroundColor: vars.color.subtle, color: vars.color.fg },
  },
});

export const closeIcon = style({ width: '16px', height: '16px' });

export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space['5'],
  overflowWrap: 'anywhere',
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  paddingBlock: vars.space['4'],
  paddingInline: vars.space['5'],
  borderBlockStartWidth: '1px',
  borderBlockStartStyle: 'solid',
  borderBlockStartColor: vars.color.border,
});
