import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css.js';
import { typography } from '../../theme/typography.css.js';

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    maxWidth: '100%',
    borderRadius: vars.radius.lg,
    borderWidth: '1px',
    borderStyle: 'solid',
    color: vars.color.fg,
    overflowWrap: 'anywhere',
  },
  variants: {
    variant: {
      outline: { backgroundColor: vars.color.surface, borderColor: vars.color.border },
      elevated: {
        backgroundColor: vars.color.surfaceRaised,
        borderColor: vars.color.border,
        boxShadow: vars.shadow.md,
      },
    },
    padding: {
      sm: { vars: { '--cp-card-pad': vars.space['3'] } },
      md: { vars: { '--cp-card-pad': vars.space['5'] } },
      lg: { vars: { '--cp-card-pad': vars.space['6'] } },
    },
  },
  defaultVariants: { variant: 'outline', padding: 'md' },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  paddingInline: 'var(--cp-card-pad)',
  paddingBlockStart: 'var(--cp-card-pad)',
});

export const headings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  flex: '1 1 200px',
  minWidth: 0,
});

export const title = style([
  typography.cardTitle,
  {
    color: vars.color.fg,
  },
]);

export const description = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.fgMuted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['2'],
  flexShrink: 0,
  maxWidth: '100%',
});

export const body = style({
  flex: '1 1 auto',
  minWidth: 0,
  padding: 'var(--cp-card-pad)',
  selectors: {
    // Header above: it already supplies the top padding gap.
    [`${header} + &`]: { paddingBlockStart: vars.space['3'] },
  },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  paddingInline: 'var(--cp-card-pad)',
  paddingBlock: vars.space['3'],
  borderBlockStart: `1px solid ${vars.color.border}`,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});
