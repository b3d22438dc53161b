import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const base = style({
  color: vars.color.link,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  // Long URLs and identifiers wrap anywhere instead of overflowing their container.
  overflowWrap: 'anywhere',
  wordBreak: 'normal',
  transitionProperty: 'text-decoration-color, text-decoration-thickness, color, background-color',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: {
    // Pressed: a tint behind the text. The `data-*` hooks (zag's names) let a story show a state still.
    '&:is(:active, [data-active])': { backgroundColor: vars.color.subtle },
    // The kit's focus ring (the root's :focus-visible rule), also from the story hook.
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const link = styleVariants({
  /** Inside running text: always underlined, so it is not told apart by colour alone. */
  inline: [
    base,
    {
      textDecorationLine: 'underline',
      textDecorationThickness: '1px',
      textUnderlineOffset: '3px',
      selectors: { '&:is(:hover, [data-hover], :active, [data-active])': { textDecorationThickness: '2px' } },
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
      selectors: {
        '&:is(:hover, :focus-visible, :active, [data-hover], [data-focus-visible], [data-active])': {
          textDecorationLine: 'underline',
        },
      },
    },
  ],
});

export const text = style({ minWidth: 0 });

/** `iconStart`: beside the words, centred on them (icons are blocks in the kit). */
export const startIcon = style({
  display: 'inline-flex',
  alignSelf: 'center',
  verticalAlign: 'middle',
  flexShrink: 0,
  marginInlineEnd: vars.space['1.5'],
});

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
