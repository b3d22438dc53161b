import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

export const panel = style({
  display: 'grid',
  gap: vars.space['4'],
  minWidth: 0,
  containerType: 'inline-size',
});

export const filters = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(176px, 1fr))',
  alignItems: 'end',
});

export const count = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
});

export const item = style({
  display: 'grid',
  gap: vars.space['1.5'],
  inlineSize: '100%',
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.fg,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, background: vars.color.subtle },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-disabled="true"]': { cursor: 'progress' },
  },
});

export const line = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['1']} ${vars.space['2']}`,
  fontSize: vars.fontSize.sm,
  minWidth: 0,
});

export const key = style({ fontFamily: vars.font.mono, color: vars.color.fgMuted });

export const title = style({
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.md,
});

export const company = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.fgMuted });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
});

export const skeletonRow = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
