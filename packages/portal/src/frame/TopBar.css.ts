import { vars } from '@client-portal/ui';
import { style } from '@vanilla-extract/css';
import { navSurfaceVar } from './NavList.css.js';
import { large, TOP_BAR_HEIGHT } from './Frame.css.js';

/**
 * On small screens a 60px bar replaces the navigation. Sticky rather than fixed: it stays
 * at the top while the page scrolls, without leaving the portal when it is embedded.
 */
export const bar = style({
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: vars.zIndex.sticky,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  blockSize: TOP_BAR_HEIGHT,
  flex: 'none',
  paddingInline: vars.space['3'],
  backgroundColor: vars.color.surface,
  borderBlockEndWidth: '1px',
  borderBlockEndStyle: 'solid',
  borderBlockEndColor: vars.color.border,
  '@container': { [large]: { display: 'none' } },
});

export const brand = style({
  display: 'flex',
  flex: '1 1 auto',
  minInlineSize: 0,
});

/** The drawer's navigation fills the drawer, so the pinned entry sits at its bottom. */
export const drawerNav = style({
  display: 'flex',
  flexDirection: 'column',
  minBlockSize: '100%',
  vars: { [navSurfaceVar]: vars.color.surfaceRaised },
});
