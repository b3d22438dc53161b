import { breakpoints, vars } from '@client-portal/ui';
import { createContainer, createVar, globalStyle, style } from '@vanilla-extract/css';

/**
 * The frame is a size container and its layout answers container queries, not media queries: the
 * portal may be embedded in a column of a host page, and what matters is the portal's own width (a
 * 700px-wide widget on a 1440px screen needs the small-screen layout). Standalone, the frame is as
 * wide as the window, so both readings agree there.
 */
export const frameContainer = createContainer('frame');

/**
 * Screens with the side navigation (no top bar): the portal is at least the kit's `md` breakpoint
 * (768px) wide. Below TABLET_MAX (tablets) the navigation is always the mini rail; from there on,
 * the user's mini/expanded setting applies.
 */
export const large = `${frameContainer} (min-width: ${breakpoints.md}px)`;
export const TABLET_MAX = 1024;
const tablet = `${frameContainer} (min-width: ${breakpoints.md}px) and (max-width: ${TABLET_MAX - 0.02}px)`;

/** Side navigation width: 290px expanded, 120px mini. */
export const NAV_EXPANDED = '290px';
export const NAV_MINI = '120px';
/** Height of the top bar that replaces the navigation on small screens. */
export const TOP_BAR_HEIGHT = '60px';

/** The width the side navigation takes from the content (the mini/expanded setting, not hover). */
export const navColumn = createVar();

/** Padding of the page and the footer, so both line up. */
export const gutter = createVar();

export const frame = style({
  vars: {
    [navColumn]: NAV_EXPANDED,
    [gutter]: vars.space['4'],
  },
  containerType: 'inline-size',
  containerName: frameContainer,
  position: 'relative',
  isolation: 'isolate',
  display: 'flex',
  flexDirection: 'column',
  // Standalone the frame fills the window; embedded it is at least one screen tall, like an app.
  minBlockSize: '100dvh',
  backgroundColor: vars.color.canvas,
  color: vars.color.fg,
  selectors: {
    '&[data-mini]': { vars: { [navColumn]: NAV_MINI } },
  },
});

/**
 * Contrast "bold": borders and secondary text take their strong variants. Set on the frame and on
 * the portal root above it (through :has), so the drawer, menus and tooltips, which portal into the
 * root's overlay layer, follow too. Only theme variables change; the portal root is ours, not the host's.
 */
const boldContrast = {
  [vars.color.border]: vars.color.borderStrong,
  [vars.color.fgMuted]: vars.color.fg,
  [vars.color.fgSubtle]: vars.color.fg,
};
globalStyle(`${frame}[data-contrast="bold"]`, { vars: boldContrast });
globalStyle(`[data-color-mode]:has(> ${frame}[data-contrast="bold"])`, { vars: boldContrast });

export const skipLink = style({
  position: 'absolute',
  insetBlockStart: vars.space['2'],
  insetInlineStart: vars.space['2'],
  zIndex: vars.zIndex.popover,
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['4'],
  borderRadius: vars.radius.md,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.link,
  boxShadow: vars.shadow.md,
  fontWeight: vars.fontWeight.bold,
  textDecorationLine: 'underline',
  selectors: {
    // Visually hidden until focused (the kit's visuallyHidden, which cannot be undone on focus).
    '&:not(:focus)': {
      inlineSize: '1px',
      blockSize: '1px',
      padding: 0,
      margin: '-1px',
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
      borderWidth: 0,
    },
  },
});

/**
 * Holds the side navigation on large screens. Absolute in the frame (not fixed to the viewport), so
 * an embedded portal's navigation stays inside the portal and scrolls away with it; the panel
 * inside is sticky, which keeps it in view while the page scrolls, as a fixed one would standalone.
 */
export const rail = style({
  display: 'none',
  '@container': {
    [large]: {
      display: 'block',
      position: 'absolute',
      insetBlock: 0,
      insetInlineStart: 0,
      inlineSize: navColumn,
      zIndex: vars.zIndex.sticky,
    },
    // Before script has measured the frame (server-rendered HTML), tablets already get the rail's width.
    [tablet]: { vars: { [navColumn]: NAV_MINI } },
  },
});

export const content = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 0 auto',
  minInlineSize: 0,
  '@container': {
    [`${frameContainer} (min-width: ${breakpoints.sm}px)`]: { vars: { [gutter]: vars.space['6'] } },
    [large]: {
      marginInlineStart: navColumn,
      transitionProperty: 'margin-inline-start',
      transitionDuration: vars.duration.normal,
      transitionTimingFunction: vars.easing.standard,
      vars: { [gutter]: vars.space['8'] },
    },
    [tablet]: { vars: { [navColumn]: NAV_MINI } },
  },
});

export const main = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 0 auto',
  minInlineSize: 0,
  padding: gutter,
  selectors: {
    // Focused by the skip link only; the ring would frame the whole page.
    '&:focus': { outline: 'none' },
  },
});

/**
 * The page itself: grows so that the booking button and the footer sit at the bottom, and is at
 * least one screen tall, so the footer starts below the first screen: a page whose content arrives
 * after its skeleton grows without pushing anything the user is looking at (no layout shift).
 */
export const page = style({
  flex: '1 0 auto',
  minInlineSize: 0,
  minBlockSize: '100dvh',
});
