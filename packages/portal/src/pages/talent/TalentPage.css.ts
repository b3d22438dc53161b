import { typography, vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

/** A column of the panel's parts; nothing in it may be wider than the page (375px screens). */
export const stack = style({ display: 'grid', gap: vars.space['5'], minWidth: 0 });

export const tabs = style({ minWidth: 0 });

/** Search beside the specialization filter; they stack when there is no room. */
export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space['4'],
  minWidth: 0,
});

export const searchArea = style({ flex: '2 1 256px', minWidth: 0 });

export const filter = style({ flex: '1 1 192px', minWidth: 0, maxInlineSize: '100%' });

export const summary = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

/** The list starts here after a page change, so it is scrolled to and focused (not in the tab order). */
export const results = style({
  display: 'grid',
  gap: vars.space['4'],
  minWidth: 0,
  scrollMarginBlockStart: vars.space['4'],
  selectors: { '&:focus': { outline: 'none' } },
});

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 288px), 1fr))',
  gap: vars.space['4'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minWidth: 0,
});

export const cardItem = style({ display: 'grid', minWidth: 0 });

export const card = style({ blockSize: '100%', minWidth: 0 });

/** Photo beside name and role. */
export const person = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minWidth: 0,
});

export const personText = style({ display: 'grid', gap: vars.space['0.5'], minWidth: 0 });

export const name = style([
  typography.sectionTitle,
  { margin: 0, fontSize: vars.fontSize.lg, color: vars.color.fg, overflowWrap: 'anywhere' },
]);

export const role = style({ margin: 0, color: vars.color.fgMuted, overflowWrap: 'anywhere' });

export const cardBody = style({ display: 'grid', gap: vars.space['3'], minWidth: 0 });

export const level = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['1']} ${vars.space['2']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
});

export const badges = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1.5'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minWidth: 0,
});

export const specializations = style({
  display: 'grid',
  gap: vars.space['1.5'],
  justifyItems: 'start',
  minWidth: 0,
});

export const more = style({ marginInlineStart: `calc(-1 * ${vars.space['2']})` });

/** A long specialization wraps inside its badge instead of widening the card. */
export const badge = style({ maxInlineSize: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' });

export const details = style({ display: 'grid', gap: vars.space['1.5'], margin: 0, minWidth: 0 });

export const detail = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
  minWidth: 0,
});

/** The icon keeps its size beside a value that wraps over several lines. */
export const detailTerm = style({ display: 'flex', flexShrink: 0, marginBlockStart: '2px' });

export const detailValue = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere', color: vars.color.fg });

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
});

export const pagerStatus = style({ fontSize: vars.fontSize.sm, color: vars.color.fgMuted });

/** Previous and next point the way the text runs: mirrored in right-to-left layouts. */
export const directional = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });

export const skeletonCard = style({
  display: 'grid',
  gap: vars.space['3'],
  padding: vars.space['5'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const skeletonPerson = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] });
