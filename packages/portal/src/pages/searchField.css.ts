import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

// The search field of the knowledge base, the talent page and the staff company picker: a label, a row with the
// input (a magnifier inside, at its start) and its buttons, and a hint under it.

export const searchForm = style({ display: 'grid', gap: vars.space['1.5'], minWidth: 0 });

export const searchLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fg,
});

export const searchRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'center',
  minWidth: 0,
});

export const searchField = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  flex: '1 1 224px',
  minWidth: 0,
});

export const searchIcon = style({
  position: 'absolute',
  insetInlineStart: vars.space['3'],
  color: vars.color.fgMuted,
  pointerEvents: 'none',
});

export const searchInput = style({
  inlineSize: '100%',
  minWidth: 0,
  minBlockSize: '44px',
  paddingInlineStart: `calc(${vars.space['3']} + 16px + ${vars.space['2']})`,
  paddingInlineEnd: vars.space['3'],
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  color: vars.color.fg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&::placeholder': { color: vars.color.fgMuted },
    // The browser's own clear button duplicates ours.
    '&::-webkit-search-cancel-button': { appearance: 'none' },
  },
});

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.fgMuted });
