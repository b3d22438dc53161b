import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { NAV_EXPANDED, NAV_MINI } from './Frame.css.js';
import { collapsed } from './NavList.css.js';

/**
 * The navigation panel, sticky inside the frame's rail: it stays in view while the page scrolls and
 * is never taller than the screen (nor than the portal, when embedded in something shorter). In mini
 * mode the rail stays 120px and the expanded panel (hover, keyboard focus) lies over the content.
 */
export const panel = style({
  position: 'sticky',
  insetBlockStart: 0,
  display: 'flex',
  flexDirection: 'column',
  inlineSize: NAV_EXPANDED,
  blockSize: '100dvh',
  maxBlockSize: '100%',
  overflow: 'hidden',
  backgroundColor: vars.color.surface,
  borderInlineEndWidth: '1px',
  borderInlineEndStyle: 'solid',
  borderInlineEndColor: vars.color.border,
  transitionProperty: 'inline-size, box-shadow',
  transitionDuration: vars.duration.normal,
  transitionTimingFunction: vars.easing.standard,
  selectors: {
    [`&${collapsed}`]: { inlineSize: NAV_MINI },
    [`&[data-mini]:not(${collapsed})`]: { boxShadow: vars.shadow.lg },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  paddingBlock: vars.space['6'],
  paddingInline: vars.space['4'],
  selectors: { [`${collapsed} &`]: { paddingInline: vars.space['3'] } },
});

export const entries = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 auto',
  minBlockSize: 0,
  overflowY: 'auto',
  overflowX: 'hidden',
  paddingInline: vars.space['4'],
  selectors: { [`${collapsed} &`]: { paddingInline: vars.space['6'] } },
});
