import { typography, vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

export const page = style({
  display: 'grid',
  gap: vars.space['6'],
  alignContent: 'start',
});

export const title = style([
  typography.pageTitle,
  {
    margin: 0,
    color: vars.color.fg,
    overflowWrap: 'anywhere',
  },
]);

export const lead = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.md,
});
