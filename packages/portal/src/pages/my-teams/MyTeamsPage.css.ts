import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

export const groups = style({
  display: 'grid',
  gap: vars.space['6'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minWidth: 0,
});

/** People side by side while they fit, one a row on narrow screens. */
export const people = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 288px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const person = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'flex-start',
  minWidth: 0,
});

export const avatar = style({ flexShrink: 0 });

export const personText = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
});

export const nameLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
  margin: 0,
});

export const name = style({
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
  minWidth: 0,
});

export const detail = style({
  margin: 0,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

export const where = style([
  detail,
  {
    display: 'flex',
    gap: vars.space['1'],
    alignItems: 'flex-start',
  },
]);

export const whereIcon = style({
  flexShrink: 0,
  marginBlockStart: '0.15em',
});

export const loading = style({
  display: 'grid',
  gap: vars.space['4'],
});
