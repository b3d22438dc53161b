import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../../type-ramp.js';

export const sectionTitle = style({
  ...typeLevel('sectionTitle'),
  margin: 0,
  color: vars.color.fg,
});

export const section = style({
  display: 'grid',
  gap: vars.space['4'],
});

/** The steps: as many columns of at least 240 px as fit; one on a phone. */
export const steps = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  counterReset: 'step',
});

/** A step is one link: the whole card is the target, its focus ring the card's outline. */
export const step = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space['3'],
  alignItems: 'start',
  height: '100%',
  boxSizing: 'border-box',
  padding: vars.space['4'],
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.fg,
  textDecoration: 'none',
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.tone.accent.solid, boxShadow: vars.shadow.sm },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

export const stepIcon = style({
  display: 'grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: vars.radius.md,
  background: vars.color.tone.accent.subtle,
  color: vars.color.tone.accent.fg,
});

export const stepTitle = style({
  ...typeLevel('body'),
  display: 'block',
  fontWeight: vars.fontWeight.bold,
  margin: 0,
});

export const stepBody = style({
  display: 'block',
  margin: 0,
  marginBlockStart: vars.space['1'],
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

export const manager = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['4'],
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const managerText = style({
  margin: 0,
  color: vars.color.fgMuted,
  minWidth: 0,
  overflowWrap: 'anywhere',
});
