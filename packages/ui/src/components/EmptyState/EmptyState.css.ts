import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { typography } from '../../theme/typography.css.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
  minWidth: 0,
  maxWidth: '100%',
  marginInline: 'auto',
  textAlign: 'center',
  color: vars.color.fg,
  overflowWrap: 'anywhere',
});

export const size = styleVariants({
  sm: { paddingBlock: vars.space['4'], paddingInline: vars.space['3'], gap: vars.space['2'] },
  md: { paddingBlock: vars.space['10'], paddingInline: vars.space['4'] },
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '48px',
  height: '48px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.subtle,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize['2xl'],
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  maxWidth: '480px',
  minWidth: 0,
});

export const title = style([typography.cardTitle]);

export const description = style({
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.fgMuted,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['2'],
  maxWidth: '100%',
  marginBlockStart: vars.space['1'],
});
