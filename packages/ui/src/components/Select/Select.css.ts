import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';
import { popFrom } from '../FloatingList/FloatingList.css.js';

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

/** The trigger's chevron (it turns with the floating list's `triggerIndicator`), quieter than the value. */
export const indicator = style({ color: vars.color.fgMuted });

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

/** The select's limits on the floating list; its text follows the field's size. */
export const content = recipe({
  base: {
    maxHeight: 'min(320px, var(--available-height, 320px))',
    vars: { [popFrom]: '0.98' },
  },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.sm },
      md: { fontSize: vars.fontSize.md },
    },
  },
  defaultVariants: { size: 'md' },
});

/** The list's "Loading…" or "No options" row: laid out like an option, but quiet and not choosable. */
export const status = style({ cursor: 'default', color: vars.color.fgMuted });
