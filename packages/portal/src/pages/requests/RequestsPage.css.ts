import { vars } from '@client-portal/ui';
import { globalStyle, style } from '@vanilla-extract/css';

// The requests list and the new-request form. Nothing in them may be wider than the page (375px).

export const stack = style({ display: 'grid', gap: vars.space['5'], minWidth: 0 });

/** What holds the table must not grow with it (it scrolls in its own box). */
export const tabs = style({ minWidth: 0 });

/** The page's actions (new request, export, settings), wrapping when there is no room. */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space['3'],
  minWidth: 0,
});

/** Filters side by side, stacking on a phone. */
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 176px), 1fr))',
  alignItems: 'end',
  gap: vars.space['3'],
  minWidth: 0,
  margin: 0,
  padding: 0,
  border: 0,
});

export const muted = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

/** A long title wraps (at most three lines in the list), never widens the table. */
export const title = style({
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
  color: vars.color.link,
  fontWeight: vars.fontWeight.bold,
});

export const cellStack = style({ display: 'grid', gap: vars.space['1'], justifyItems: 'start' });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
});

/** Settings and disclosures: a summary line that opens a small panel. */
export const disclosure = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  minWidth: 0,
});

export const summary = style({
  cursor: 'pointer',
  fontWeight: vars.fontWeight.bold,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});

/** A group of choices (radio buttons, checkboxes), each on its own line. */
export const choices = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  fontWeight: vars.fontWeight.bold,
  marginBlockEnd: vars.space['2'],
});

export const choice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  minBlockSize: '24px',
  overflowWrap: 'anywhere',
});

/** The radio or checkbox of a choice: native, in the accent (the kit's reset removes its appearance). */
globalStyle(`${choice} > input`, {
  appearance: 'auto',
  flex: 'none',
  width: '16px',
  height: '16px',
  // Centred on the first line of text.
  marginBlock: '3px',
  marginInline: 0,
  accentColor: vars.color.tone.accent.solid,
});

export const form = style({ display: 'grid', gap: vars.space['6'], minWidth: 0, maxInlineSize: '720px' });

export const field = style({ display: 'grid', gap: vars.space['1.5'], minWidth: 0 });

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fg,
});

export const input = style({
  inlineSize: '100%',
  minWidth: 0,
  minBlockSize: '44px',
  boxSizing: 'border-box',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  color: vars.color.fg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.tone.danger.solid },
  },
});

export const textarea = style([input, { minBlockSize: '144px', resize: 'vertical' }]);

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.tone.danger.fg });

/** A type to choose: a card-like radio, its label and what it needs. */
export const typeCards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 208px), 1fr))',
  gap: vars.space['3'],
});

export const typeCard = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.tone.accent.solid,
      boxShadow: `inset 0 0 0 1px ${vars.color.tone.accent.solid}`,
    },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const dropZone = style({
  display: 'grid',
  gap: vars.space['2'],
  justifyItems: 'start',
  padding: vars.space['4'],
  border: `2px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  selectors: {
    '&[data-dragging="true"]': { borderColor: vars.color.tone.accent.solid, background: vars.color.subtle },
  },
});

export const fileList = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const fileRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  overflowWrap: 'anywhere',
  minWidth: 0,
});

/** The knowledge base's answers to what is being typed. */
export const suggestions = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  borderInlineStart: `4px solid ${vars.color.tone.info.solid}`,
  background: vars.color.subtle,
  borderRadius: vars.radius.sm,
});

export const linkList = style({
  display: 'grid',
  gap: vars.space['1.5'],
  margin: 0,
  paddingInlineStart: vars.space['5'],
});

/** An arrow that points the reading direction's way. */
export const directional = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });
