import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../type-ramp.js';

export const page = style({
  display: 'grid',
  gap: vars.space['6'],
  alignContent: 'start',
});

export const title = style({
  ...typeLevel('pageTitle'),
  margin: 0,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
});

export const lead = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.md,
});
