import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

export const panel = style({
  display: 'grid',
  gap: vars.space['4'],
  maxInlineSize: '720px',
  minInlineSize: 0,
});

export const back = style({ justifySelf: 'start' });

export const count = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

export const list = style({
  display: 'grid',
  margin: 0,
  padding: vars.space['1'],
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minInlineSize: 0,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  inlineSize: '100%',
  minBlockSize: '52px',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.fg,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.subtle },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[aria-disabled="true"]': { cursor: 'default' },
    '&[aria-disabled="true"]:hover': { background: 'transparent' },
    '&[aria-current="true"]': { background: vars.color.tone.accent.subtle },
  },
});

export const name = style({
  display: 'grid',
  flex: '1 1 auto',
  minInlineSize: 0,
  fontWeight: vars.fontWeight.bold,
  overflowWrap: 'anywhere',
});

export const id = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.fgMuted,
  fontFamily: vars.font.mono,
});

export const trailing = style({ flex: 'none', display: 'flex', alignItems: 'center', gap: vars.space['2'] });

export const skeletonRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minBlockSize: '52px',
  paddingInline: vars.space['3'],
});

/** "Back" points the way the page reads. */
export const backIcon = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });
