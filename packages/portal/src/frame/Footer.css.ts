import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { gutter } from './Frame.css.js';

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  columnGap: vars.space['6'],
  rowGap: vars.space['3'],
  paddingBlock: vars.space['5'],
  paddingInline: gutter,
  borderBlockStartWidth: '1px',
  borderBlockStartStyle: 'solid',
  borderBlockStartColor: vars.color.border,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const copyright = style({ margin: 0 });

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['5'],
  rowGap: vars.space['2'],
  margin: 0,
  padding: 0,
});
