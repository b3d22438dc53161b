import { createVar, fallbackVar, keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';

/** Scale the list pops in from: 0.97 unless its component says otherwise. */
export const popFrom = createVar();

const popIn = keyframes({
  from: { opacity: 0, scale: fallbackVar(popFrom, '0.97') },
  to: { opacity: 1, scale: '1' },
});
const popOut = keyframes({
  from: { opacity: 1, scale: '1' },
  to: { opacity: 0, scale: fallbackVar(popFrom, '0.97') },
});

/** The chevron in a trigger that opens a floating list; turns while the list is open. */
export const triggerIndicator = style({
  display: 'inline-flex',
  flexShrink: 0,
  transitionProperty: 'rotate',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: { '&[data-state="open"]': { rotate: '180deg' } },
});

export const glyph = style({ width: '16px', height: '16px' });

/** zag sets the positioner's `position`, `top`, `left`, `transform`, `min-width`, `z-index` inline. */
export const positioner = style({});

/** The list's surface; its size limits and text size come from the component. */
export const content = style({
  zIndex: vars.zIndex.popover,
  display: 'flex',
  flexDirection: 'column',
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

/** A menu item or a select option: highlighted (pointer or keyboard), selected, disabled. */
export const item = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space['2'],
    paddingBlock: vars.space['1.5'],
    paddingInline: vars.space['2'],
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    userSelect: 'none',
    outline: 'none',
    selectors: {
      '&[data-state="checked"]': { fontWeight: vars.fontWeight.bold },
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
    size: {
      sm: { minHeight: '32px' },
      md: { minHeight: '36px' },
    },
  },
  defaultVariants: { tone: 'neutral', size: 'md' },
});

/** Decorative icon before an item's text. */
export const itemIcon = style({
  display: 'inline-flex',
  flexShrink: 0,
  width: '16px',
  height: '16px',
  alignItems: 'center',
  justifyContent: 'center',
});

export const itemText = style({ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' });

/** The check after a selected option's text. */
export const itemIndicator = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.tone.accent.fg,
});

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
