import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../../type-ramp.js';

export const report = style({
  display: 'grid',
  gap: vars.space['6'],
  minWidth: 0,
});

export const stats = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 144px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A table or chart with its heading and export button. */
export const block = style({
  display: 'grid',
  gap: vars.space['3'],
  minWidth: 0,
});

export const blockHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const blockTitle = style({
  ...typeLevel('cardTitle'),
  margin: 0,
  color: vars.color.fg,
});

export const muted = style({
  color: vars.color.fgMuted,
});

export const note = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const freshness = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['1']} ${vars.space['4']}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const charts = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
  minWidth: 0,
});
