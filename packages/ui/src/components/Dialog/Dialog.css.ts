import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const popIn = keyframes({
  from: { opacity: 0, scale: '0.96', translate: '0 8px' },
  to: { opacity: 1, scale: '1', translate: '0 0' },
});
const popOut = keyframes({
  from: { opacity: 1, scale: '1', translate: '0 0' },
  to: { opacity: 0, scale: '0.96', translate: '0 8px' },
});

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  backgroundColor: vars.color.backdrop,
  selectors: {
    '&[data-state="open"]': {
      animationName: fadeIn,
      animationDuration: vars.duration.normal,
      animationTimingFunction: vars.easing.standard,
    },
    '&[data-state="closed"]': {
      animationName: fadeOut,
      animationDuration: vars.duration.fast,
      animationTimingFunction: vars.easing.standard,
    },
  },
});

/** Full-viewport layer that centres the panel. zag sets `pointer-events` inline while closed. */
export const positioner = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space['4'],
  overflow: 'hidden',
});

export const content = recipe({
  base: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    width: '100%',
    maxHeight: '100%',
    minWidth: 0,
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: vars.color.border,
    borderRadius: vars.radius.lg,
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.fg,
    boxShadow: vars.shadow.lg,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.md,
    lineHeight: vars.lineHeight.normal,
    textAlign: 'start',
    outline: 'none',
    selectors: {
      '&[data-state="open"]': {
        animationName: popIn,
        animationDuration: vars.duration.normal,
        animationTimingFunction: vars.easing.standard,
      },
      '&[data-state="closed"]': {
        animationName: popOut,
        animationDuration: vars.duration.fast,
        animationTimingFunction: vars.easing.standard,
      },
    },
  },
  variants: {
    size: {
      sm: { maxWidth: '400px' },
      md: { maxWidth: '560px' },
      lg: { maxWidth: '800px' },
    },
  },
  defaultVariants: { size: 'md' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  paddingBlockStart: vars.space['5'],
  paddingBlockEnd: vars.space['3'],
  paddingInlineStart: vars.space['6'],
  paddingInlineEnd: vars.space['4'],
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
  fontSize: vars.fontSize.xl,
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

/** Takes the remaining height and scrolls, so the header and footer stay visible. */
export const body = style({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  paddingInline: vars.space['6'],
  paddingBlockEnd: vars.space['5'],
  overflowWrap: 'anywhere',
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  paddingBlock: vars.space['4'],
  paddingInline: vars.space['6'],
  borderBlockStartWidth: '1px',
  borderBlockStartStyle: 'solid',
  borderBlockStartColor: vars.color.border,
});
