import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';

const popIn = keyframes({
  from: { opacity: 0, scale: '0.98' },
  to: { opacity: 1, scale: '1' },
});
const popOut = keyframes({
  from: { opacity: 1, scale: '1' },
  to: { opacity: 0, scale: '0.98' },
});

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1.5'],
  width: '100%',
  minWidth: 0,
  fontFamily: vars.font.body,
  textAlign: 'start',
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
  selectors: { '&[data-disabled]': { color: vars.color.fgMuted } },
});

export const control = style({ position: 'relative', display: 'flex', minWidth: 0 });

export const trigger = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space['2'],
    width: '100%',
    minWidth: 0,
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: vars.color.borderStrong,
    borderRadius: vars.radius.md,
    backgroundColor: vars.color.surface,
    color: vars.color.fg,
    lineHeight: vars.lineHeight.tight,
    textAlign: 'start',
    cursor: 'pointer',
    transitionProperty: 'border-color, box-shadow',
    transitionDuration: vars.duration.fast,
    transitionTimingFunction: vars.easing.standard,
    selectors: {
      '&:hover:not([data-disabled])': { borderColor: vars.color.fg },
      '&[data-state="open"]': { borderColor: vars.color.tone.accent.solid },
      '&[data-invalid]': {
        borderColor: vars.color.tone.danger.solid,
        boxShadow: `inset 0 0 0 1px ${vars.color.tone.danger.solid}`,
      },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    size: {
      sm: { minHeight: '32px', paddingInline: vars.space['2'], fontSize: vars.fontSize.sm },
      md: { minHeight: '40px', paddingInline: vars.space['3'], fontSize: vars.fontSize.md },
    },
  },
  defaultVariants: { size: 'md' },
});

export const valueText = style({
  flex: '1 1 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '[data-placeholder-shown] > &': { color: vars.color.fgMuted } },
});

export const indicator = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.fgMuted,
  transitionProperty: 'rotate',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: { '&[data-state="open"]': { rotate: '180deg' } },
});

export const chevron = style({ width: '16px', height: '16px' });

export const helperText = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
  overflowWrap: 'anywhere',
});

export const errorText = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.tone.danger.fg,
  overflowWrap: 'anywhere',
});

/** zag sets the positioner's `position`, `top`, `left`, `transform`, `width`, `z-index` inline. */
export const positioner = style({});

export const content = recipe({
  base: {
    zIndex: vars.zIndex.popover,
    display: 'flex',
    flexDirection: 'column',
    maxHeight: 'min(320px, var(--available-height, 320px))',
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
  },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.sm },
      md: { fontSize: vars.fontSize.md },
    },
  },
  defaultVariants: { size: 'md' },
});

export const item = recipe({
  base: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space['2'],
    paddingBlock: vars.space['1.5'],
    paddingInline: vars.space['2'],
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    userSelect: 'none',
    selectors: {
      '&[data-highlighted]': { backgroundColor: vars.color.muted },
      '&[data-state="checked"]': { fontWeight: vars.fontWeight.bold },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    size: {
      sm: { minHeight: '32px' },
      md: { minHeight: '36px' },
    },
  },
  defaultVariants: { size: 'md' },
});

export const itemText = style({ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' });

export const itemIndicator = style({
  display: 'inline-flex',
  flexShrink: 0,
  color: vars.color.tone.accent.fg,
});

export const check = style({ width: '16px', height: '16px' });
