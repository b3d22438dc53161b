import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { tones } from '../../theme/tokens.js';
import type { Tone } from '../../theme/tokens.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  minWidth: 0,
  maxWidth: '100%',
  overflowWrap: 'anywhere',
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.fgMuted,
});

export const value = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space['1'],
  margin: 0,
  fontFamily: vars.font.heading,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.fg,
  fontVariantNumeric: 'tabular-nums',
  minWidth: 0,
});

export const valueSize = styleVariants({
  sm: { fontSize: vars.fontSize.xl },
  md: { fontSize: vars.fontSize['2xl'] },
  lg: { fontSize: vars.fontSize['3xl'] },
});

export const valueText = style({ minWidth: 0 });

export const unit = style({
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.regular,
  color: vars.color.fgMuted,
});

export const delta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space['1'],
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
});

export const deltaChange = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

/** Tone `fg` reaches AA on the canvas and surfaces; the arrow and text carry the direction. */
export const deltaTone = styleVariants(
  Object.fromEntries(tones.map((t) => [t, { color: vars.color.tone[t].fg }])) as Record<
    Tone,
    { color: string }
  >,
);

export const arrow = style({ display: 'inline-block', flexShrink: 0, width: '14px', height: '14px' });

export const period = style({ color: vars.color.fgMuted });

export const help = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.fgMuted,
});

export const skeletonValue = style({ display: 'block', paddingBlock: vars.space['1'] });
