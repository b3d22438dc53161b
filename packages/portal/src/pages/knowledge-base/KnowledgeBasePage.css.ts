import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { typeLevel } from '../../type-ramp.js';

/** A column of the page's parts; nothing in it may be wider than the page (375px screens). */
export const stack = style({ display: 'grid', gap: vars.space['6'], minWidth: 0 });

export const controls = style({ display: 'grid', gap: vars.space['4'], minWidth: 0 });

export const categories = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  minWidth: 0,
});

/** A category name can be long: the button wraps its label instead of widening the page. */
export const categoryButton = style({
  maxWidth: '100%',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  textAlign: 'start',
  blockSize: 'auto',
  minBlockSize: '32px',
});

export const section = style({ display: 'grid', gap: vars.space['3'], minWidth: 0 });

export const sectionTitle = style({
  ...typeLevel('sectionTitle'),
  margin: 0,
  color: vars.color.fg,
  overflowWrap: 'anywhere',
  fontSize: vars.fontSize.xl,
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

/** The whole card is the article's link: the title's link covers it. */
export const card = style({ position: 'relative', blockSize: '100%' });

export const cardLink = style({
  color: vars.color.fg,
  textDecorationLine: 'none',
  overflowWrap: 'anywhere',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.lg },
    '&:hover': { color: vars.color.link, textDecorationLine: 'underline' },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
  minWidth: 0,
});

export const backLink = style({ justifySelf: 'start' });

/** The back arrow points to where "back" is: right in right-to-left layouts. */
export const backIcon = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });

export const skeletonCard = style({ display: 'grid', gap: vars.space['3'] });

export const moreList = style({
  display: 'grid',
  gap: vars.space['2'],
  margin: 0,
  paddingInlineStart: vars.space['5'],
  listStyle: 'disc',
  minWidth: 0,
});
