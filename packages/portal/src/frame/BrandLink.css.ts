import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { collapsed } from './NavList.css.js';

export const link = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minInlineSize: 0,
  borderRadius: vars.radius.md,
  color: vars.color.fg,
  textDecorationLine: 'none',
});

/** The mark: all a collapsed mini navigation shows of the logo. A provider's image keeps its shape. */
export const mark = style({
  flex: 'none',
  inlineSize: '36px',
  blockSize: '36px',
  borderRadius: vars.radius.md,
  objectFit: 'contain',
  color: vars.color.tone.accent.solid,
});

export const markLetter = style({ stroke: vars.color.tone.accent.onSolid });

export const wordmark = style({
  minInlineSize: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  // Collapsed, only the mark shows; the name stays the link's accessible name.
  selectors: {
    [`${collapsed} &`]: {
      position: 'absolute',
      inlineSize: '1px',
      blockSize: '1px',
      margin: '-1px',
      clipPath: 'inset(50%)',
    },
  },
});
