import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const base = style({
  color: vars.color.link,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  // Long URLs and identifiers wrap anywhere instead of overflowing their container.
  overflowWrap: 'anywhere',
  wordBreak: 'normal',
  transitionProperty: 'text-decoration-color, text-decoration-thickness, color',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
});

export const link = styleVariants({
  /** Inside running text: always underlined, so it is not told apart by colour alone. */
  inline: [
    base,
    {
      textDecorationLine: 'underline',
      textDecorationThickness: '1px',
      textUnderlineOffset: '3px',
      selectors: { '&:hover': { textDecorationThickness: '2px' } },
    },
  ],
  /** On its own (a "View all" link, a list of links): bold, underlined on hover and focus. */
  standalone: [
    base,
    {
      display: 'inline-flex',
      alignItems: 'baseline',
      maxWidth: '100%',
      fontWeight: vars.fontWeight.bold,
      textDecorationLine: 'none',
      textUnderlineOffset: '3px',
      selectors: { '&:hover, &:focus-visible': { textDecorationLine: 'underline' } },
    },
  ],
});

export const text = style({ minWidth: 0 });

export const externalIcon = style({
  display: 'inline-block',
  width: '14px',
  height: '14px',
  marginInlineStart: vars.space['1'],
  verticalAlign: '-1px',
  flexShrink: 0,
  // The arrow points towards the end of the line.
  selectors: { '&:dir(rtl)': { transform: 'scaleX(-1)' } },
});
