import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const root = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  verticalAlign: 'middle',
  backgroundColor: vars.color.muted,
  color: vars.color.fg,
  fontFamily: vars.font.body,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  userSelect: 'none',
  // A hairline keeps light photos and the fallback distinct from the canvas in both themes.
  boxShadow: `inset 0 0 0 1px ${vars.color.border}`,
});

export const shape = styleVariants({
  round: { borderRadius: vars.radius.full },
  square: { borderRadius: vars.radius.md },
});

/** Squares in px; initials at ~40 % of the side. */
export const size = styleVariants({
  20: { width: '20px', height: '20px', fontSize: '9px' },
  24: { width: '24px', height: '24px', fontSize: '10px' },
  32: { width: '32px', height: '32px', fontSize: vars.fontSize.xs },
  40: { width: '40px', height: '40px', fontSize: vars.fontSize.sm },
  48: { width: '48px', height: '48px', fontSize: vars.fontSize.lg },
  64: { width: '64px', height: '64px', fontSize: vars.fontSize['2xl'] },
});

export const squareSmall = style({ borderRadius: vars.radius.sm });

export const image = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  borderRadius: 'inherit',
});

export const fallback = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  whiteSpace: 'nowrap',
  textTransform: 'none',
});

export const personIcon = style({ width: '60%', height: '60%', color: vars.color.fgMuted });
