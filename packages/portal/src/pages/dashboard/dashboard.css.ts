import { mediaUp, vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../../type-ramp.js';

export const counts = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 192px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** The counts beside the account manager on wide screens, stacked on narrow ones. */
export const top = style({
  display: 'grid',
  gap: vars.space['6'],
  alignItems: 'start',
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [mediaUp('xl')]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(256px, 320px)' },
  },
});

export const term = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: '160px',
});

export const muted = style({
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const manager = style({
  display: 'grid',
  gap: vars.space['4'],
  justifyItems: 'start',
});

export const managerHead = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'center',
  minWidth: 0,
});

export const managerName = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const contacts = style({
  display: 'grid',
  gap: vars.space['1'],
  margin: 0,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const projects = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const figures = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  margin: 0,
});

export const section = style({
  display: 'grid',
  gap: vars.space['4'],
});

export const sectionTitle = style({
  ...typeLevel('sectionTitle'),
  margin: 0,
  color: vars.color.fg,
});
