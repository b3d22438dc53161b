import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import { slideFrom } from '../Modal/Modal.css.js';

/** What the edge panel adds for Ark's Drawer: its width, and swiping it closed. */
export const panel = style({
  // `--cp-drawer-width` is set inline from the `width` prop.
  width: 'var(--cp-drawer-width, 285px)',
  maxWidth: `calc(100% - ${vars.space['12']})`,
  touchAction: 'pan-y',
  selectors: {
    // zag resolves the physical side from `side` + dir; the panel slides in from there.
    '&[data-swipe-direction="right"]': { vars: { [slideFrom]: '100%' } },
    // Snap back smoothly after a partial swipe; no transition while the finger is down.
    '&:not([data-swiping])': {
      transitionProperty: 'transform',
      transitionDuration: vars.duration.normal,
      transitionTimingFunction: vars.easing.standard,
    },
  },
});

// Logical sides: start is the left in LTR and the right in RTL.
export const side = styleVariants({
  start: {
    insetInlineStart: 0,
    borderInlineEndWidth: '1px',
    borderInlineEndStyle: 'solid',
    borderInlineEndColor: vars.color.border,
  },
  end: {
    insetInlineEnd: 0,
    borderInlineStartWidth: '1px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: vars.color.border,
  },
});
