import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  minWidth: 0,
  maxWidth: '100%',
});

/**
 * The scroll region: scrolls sideways when the columns don't fit, and (with `maxHeight`) vertically
 * under a sticky header. Focusable so keyboard users can scroll it.
 */
export const scroll = style({
  position: 'relative',
  maxWidth: '100%',
  maxHeight: 'var(--cp-table-max-height, none)',
  overflow: 'auto',
  overscrollBehaviorInline: 'contain',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});

export const table = style({
  width: '100%',
  minWidth: 'var(--cp-table-min-width, 0)',
  // Separate borders: collapsed borders belong to the table and would scroll away from a sticky header.
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.fg,
});

export const caption = style({
  captionSide: 'top',
  paddingBlock: vars.space['3'],
  paddingInline: vars.space['3'],
  textAlign: 'start',
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
});

export const headerCell = style({
  width: 'var(--cp-col-width, auto)',
  // Columns stop shrinking here and the region scrolls instead: cells wrap anywhere (below), so
  // without a floor a narrow container would squeeze words letter by letter.
  minWidth: 'var(--cp-col-min-width, var(--cp-col-width, var(--cp-table-col-min-width, 120px)))',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderBlockEnd: `1px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.subtle,
  color: vars.color.fgMuted,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'start',
  verticalAlign: 'bottom',
  // Headers wrap between words but never inside one: their words set each column's minimum width.
  overflowWrap: 'normal',
  selectors: {
    '&[aria-sort]': { padding: 0 },
  },
});

export const sticky = style({
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: vars.zIndex.raised,
});

export const sortButton = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['1'],
  width: '100%',
  minHeight: '40px',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  border: 0,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  fontWeight: 'inherit',
  textAlign: 'inherit',
  cursor: 'pointer',
  transitionProperty: 'background-color, color',
  transitionDuration: vars.duration.fast,
  selectors: {
    '&:hover': { backgroundColor: vars.color.muted, color: vars.color.fg },
    // Inset so the ring is not clipped by the scroll region.
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const sortIcon = style({
  flexShrink: 0,
  width: '14px',
  height: '14px',
  opacity: 0.6,
  selectors: { '[data-sorted] > &': { opacity: 1 } },
});

export const cell = style({
  paddingBlock: vars.space['3'],
  paddingInline: vars.space['3'],
  borderBlockEnd: `1px solid ${vars.color.border}`,
  textAlign: 'start',
  verticalAlign: 'top',
  fontWeight: vars.fontWeight.regular,
  // Long words, URLs and ids break anywhere instead of forcing the table wider.
  overflowWrap: 'anywhere',
  selectors: {
    'tr:last-child > &': { borderBlockEnd: 0 },
  },
});

export const rowHeaderCell = style({ fontWeight: vars.fontWeight.bold });

export const align = styleVariants({
  start: { textAlign: 'start' },
  center: { textAlign: 'center' },
  end: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
});

export const buttonAlign = styleVariants({
  start: { justifyContent: 'flex-start' },
  center: { justifyContent: 'center' },
  end: { justifyContent: 'flex-end' },
});

export const row = style({
  selectors: {
    '&:hover': { backgroundColor: vars.color.subtle },
    '&[aria-selected="true"]': { backgroundColor: vars.color.tone.accent.subtle },
    // Muted, not faded: fgSubtle keeps AA contrast, which opacity would lose.
    '&[aria-disabled]': { color: vars.color.fgSubtle },
  },
});

/** Native checkbox (the kit's reset removes its appearance), in the theme's accent. */
export const checkbox = style({
  appearance: 'auto',
  display: 'block',
  width: '16px',
  height: '16px',
  // Centred on the first line of text (14px × 1.5).
  marginBlock: '2.5px',
  marginInline: 0,
  accentColor: vars.color.tone.accent.solid,
});

export const skeletonCell = style({ verticalAlign: 'middle' });
/** Skeletons follow the column's alignment, so loading rows look like the data they stand for. */
export const skeletonAlign = styleVariants({
  start: {},
  center: { marginInline: 'auto' },
  end: { marginInlineStart: 'auto' },
});

/** Holds the empty and error states (they bring their own padding). */
export const emptyCell = style({ padding: vars.space['2'] });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  minWidth: 0,
});

export const summary = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
  fontVariantNumeric: 'tabular-nums',
});

/* Ark Pagination anatomy: root, prevTrigger, item, ellipsis, nextTrigger. */

export const pagerRoot = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['1'],
  minWidth: 0,
});

const pagerButton = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '32px',
  height: '32px',
  paddingInline: vars.space['2'],
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'transparent',
  borderRadius: vars.radius.md,
  backgroundColor: 'transparent',
  color: vars.color.fg,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  transitionProperty: 'background-color, border-color, color',
  transitionDuration: vars.duration.fast,
} as const;

export const pagerTrigger = style({
  ...pagerButton,
  borderColor: vars.color.border,
  selectors: {
    '&:hover:not([data-disabled])': {
      backgroundColor: vars.color.subtle,
      borderColor: vars.color.borderStrong,
    },
    '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const pagerItem = style({
  ...pagerButton,
  selectors: {
    '&:hover:not([data-selected])': { backgroundColor: vars.color.subtle },
    '&[data-selected]': {
      backgroundColor: vars.color.tone.accent.solid,
      borderColor: vars.color.tone.accent.solid,
      color: vars.color.tone.accent.onSolid,
      fontWeight: vars.fontWeight.bold,
    },
  },
});

export const pagerEllipsis = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '24px',
  height: '32px',
  color: vars.color.fgMuted,
});

export const chevron = style({
  width: '16px',
  height: '16px',
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
});
