import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

export const muted = style({
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
});

/** The documents panel: the table scrolls sideways inside its own region, never the page. */
export const documents = style({
  display: 'grid',
  minWidth: 0,
});

export const fileName = style({
  display: 'flex',
  gap: vars.space['2'],
  alignItems: 'flex-start',
  minWidth: 0,
});

export const fileIcon = style({
  flexShrink: 0,
  marginBlockStart: '0.15em',
  color: vars.color.fgMuted,
});

export const fileText = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
});

/** Long file names wrap anywhere rather than widening the column. */
export const fileTitle = style({
  overflowWrap: 'anywhere',
});

/** Cards side by side while they fit, stacked on narrow screens. */
export const cards = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 288px), 1fr))',
  alignItems: 'start',
});

export const companyHead = style({
  display: 'flex',
  gap: vars.space['3'],
  alignItems: 'center',
  minWidth: 0,
  marginBlockEnd: vars.space['4'],
});

export const logo = style({
  flexShrink: 0,
  inlineSize: 48,
  blockSize: 48,
  borderRadius: vars.radius.md,
  objectFit: 'contain',
});

export const companyName = style({
  margin: 0,
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  overflowWrap: 'anywhere',
  minWidth: 0,
});

export const facts = style({
  display: 'grid',
  gap: vars.space['3'],
  margin: 0,
});

export const fact = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
});

export const factValue = style({
  margin: 0,
  overflowWrap: 'anywhere',
});

export const factLink = style({
  overflowWrap: 'anywhere',
});

export const loadingFacts = style({
  display: 'grid',
  gap: vars.space['3'],
});
