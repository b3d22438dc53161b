import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../../type-ramp.js';

export const section = style({
  display: 'grid',
  gap: vars.space['4'],
  minWidth: 0,
});

export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'end',
  justifyContent: 'space-between',
});

export const sectionTitle = style({
  ...typeLevel('sectionTitle'),
  margin: 0,
  color: vars.color.fg,
});

export const muted = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const grain = style({
  minWidth: '176px',
});

export const tools = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  alignItems: 'center',
});

export const failed = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
});

export const projectName = style({
  display: 'grid',
  gap: vars.space['0.5'],
  minWidth: 0,
  overflowWrap: 'anywhere',
});
