import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';

const popIn = keyframes({
  from: { opacity: 0, scale: '0.97' },
  to: { opacity: 1, scale: '1' },
});
const popOut = keyframes({
  from: { opacity: 1, scale: '1' },
  to: { opacity: 0, scale: '0.97' },
});

/** The chevron in the trigger; turns when the menu is open. */
export const indicator = style({
  display: 'inline-flex',
  transitionProperty: 'rotate',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: { '&[data-state="open"]': { rotate: '180deg' } },
});

export const chevron = style({ width: '16px', height: '16px' });

/** zag sets the positioner's `position`, `top`, `left`, `transform`, `min-width` and `z-index` inline. */
export const positioner = style({});

export const content = style({
  zIndex: vars.zIndex.popover,
  display: 'flex',
  flexDirection: 'column',
  minWidth: '180px',
  maxWidth: 'min(320px, var(--available-width, 320px))',
  maxHeight: 'min(420px, var(--available-height, 420px))',
  overflowY: 'auto',
  padding: vars.space['1'],
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.fg,
  boxShadow: vars.shadow.md,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  textAlign: 'start',
  outline: 'none',
  transformOrigin: 'var(--transform-origin)',
  selectors: {
    '&[data-state="open"]': {
      animationName: popIn,
      animationDuration: vars.duration.fast,
      animationTimingFunction: vars.easing.standard,
    },
    '&[data-state="closed"]': {
      animationName: popOut,
      animationDuration: vars.duration.fast,
      animationTimingFunction: vars.easing.standard,
    },
  },
});

export const item = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space['2'],
    minHeight: '36px',
    paddingBlock: vars.space['1.5'],
    paddingInline: vars.space['2'],
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    userSelect: 'none',
    outline: 'none',
    selectors: {
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    tone: {
      neutral: {
        color: vars.color.fg,
        selectors: { '&[data-highlighted]': { backgroundColor: vars.color.muted } },
      },
      danger: {
        color: vars.color.tone.danger.fg,
        selectors: { '&[data-highlighted]': { backgroundColor: vars.color.tone.danger.subtle } },
      },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export const itemIcon = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: '16px',
  height: '16px',
  alignItems: 'center',
  justifyContent: 'center',
});

export const itemText = style({ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' });

export const itemGroup = style({ display: 'flex', flexDirection: 'column' });

export const itemGroupLabel = style({
  paddingBlockStart: vars.space['2'],
  paddingBlockEnd: vars.space['1'],
  paddingInline: vars.space['2'],
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fgMuted,
  overflowWrap: 'anywhere',
});

export const separator = style({
  flexShrink: 0,
  height: '1px',
  marginBlock: vars.space['1'],
  marginInline: `calc(${vars.space['1']} * -1)`,
  backgroundColor: vars.color.border,
});
