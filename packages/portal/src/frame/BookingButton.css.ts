import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';

const SIZE = '56px';

/**
 * The floating button's slot, last in <main>: sticky to the bottom of the screen while the page is
 * longer than it, and at the end of the page otherwise, so it never covers the page's last lines
 * or the footer, and never floats outside an embedded portal (a fixed button would sit over the
 * host's page). It takes the inline end: the right in LTR, the left in RTL.
 */
export const slot = style({
  position: 'sticky',
  insetBlockEnd: vars.space['6'],
  zIndex: vars.zIndex.raised,
  display: 'flex',
  justifyContent: 'flex-end',
  flex: 'none',
  blockSize: SIZE,
  marginBlockStart: vars.space['6'],
  pointerEvents: 'none',
});

export const button = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  inlineSize: SIZE,
  blockSize: SIZE,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.tone.accent.solid,
  color: vars.color.tone.accent.onSolid,
  boxShadow: vars.shadow.lg,
  pointerEvents: 'auto',
  transitionProperty: 'background-color, scale',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: {
    '&:hover': { backgroundColor: vars.color.tone.accent.solidHover, scale: '1.05' },
    '&:focus-visible': { outlineOffset: '3px' },
  },
});

export const icon = style({ inlineSize: '24px', blockSize: '24px' });
