import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../../type-ramp.js';

export const body = style({
  display: 'grid',
  gap: vars.space['5'],
  minWidth: 0,
});

export const organisations = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const organisation = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'center',
  minWidth: 0,
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const organisationText = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const muted = style({
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const repoName = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const heading = style({
  ...typeLevel('cardTitle'),
  margin: 0,
  color: vars.color.fg,
});
