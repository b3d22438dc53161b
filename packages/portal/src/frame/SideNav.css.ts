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

/**
 * One left edge for the logo, the entries' icons and the profile's logo: the panel's 16px plus the
 * entries' 12px inner padding (28px), which the header and the profile entry take too.
 */
export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  paddingBlock: vars.space['6'],
  paddingInlineStart: `calc(${vars.space['4']} + ${vars.space['3']})`,
  paddingInlineEnd: vars.space['4'],
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

/** The customer's company under the logo, on the same left edge; one line, cut with an ellipsis. */
export const company = style({
  margin: 0,
  marginBlockStart: `calc(-1 * ${vars.space['3']})`,
  paddingBlockEnd: vars.space['4'],
  paddingInlineStart: `calc(${vars.space['4']} + ${vars.space['3']})`,
  paddingInlineEnd: vars.space['4'],
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  selectors: {
    [`${collapsed} &`]: {
      position: 'absolute',
      inlineSize: '1px',
      blockSize: '1px',
      padding: 0,
      margin: '-1px',
      clipPath: 'inset(50%)',
    },
  },
});
