import { vars } from '@client-portal/ui';
import { createVar, fallbackVar, style } from '@vanilla-extract/css';

/**
 * Set on the side navigation while mini mode shows it collapsed (mini, not hovered, no keyboard
 * focus inside, no menu open): entries show their icon, the profile only its logo.
 */
export const collapsed = style({});
const whenCollapsed = `${collapsed} &`;

/** Visually hidden, still read: the entry keeps its full name when only its icon shows. */
const hiddenText = {
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const;

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  flex: '1 1 auto',
  minBlockSize: 0,
  margin: 0,
  padding: 0,
});

export const item = style({ display: 'flex', minInlineSize: 0 });

/** What the navigation is drawn on (the side panel's surface; the drawer's raised one). */
export const navSurfaceVar = createVar();
const navSurface = fallbackVar(navSurfaceVar, vars.color.surface);

/**
 * The last entry sits at the bottom of the navigation, 35px above its edge, and stays there when
 * the entries are taller than the screen and scroll (a short window): sticky, over the entries that
 * scroll beneath it, the 35px below it covered too.
 */
export const pinned = style([
  item,
  {
    position: 'sticky',
    insetBlockEnd: '35px',
    zIndex: 1,
    alignItems: 'center',
    gap: vars.space['1'],
    marginBlockStart: 'auto',
    marginBlockEnd: '35px',
    paddingBlockStart: vars.space['3'],
    borderBlockStartWidth: '1px',
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: vars.color.border,
    backgroundColor: navSurface,
    '::after': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      insetBlockStart: '100%',
      blockSize: '35px',
      backgroundColor: navSurface,
    },
  },
]);

export const link = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  flex: '1 1 auto',
  minInlineSize: 0,
  minBlockSize: '44px',
  paddingBlock: vars.space['2'],
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.md,
  color: vars.color.fgMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.regular,
  lineHeight: vars.lineHeight.tight,
  textDecorationLine: 'none',
  transitionProperty: 'background-color, color',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: {
    '&:hover': { backgroundColor: vars.color.subtle, color: vars.color.fg },
    '&[aria-current="page"]': {
      backgroundColor: vars.color.tone.accent.subtle,
      color: vars.color.tone.accent.fg,
      fontWeight: vars.fontWeight.bold,
    },
    [whenCollapsed]: { justifyContent: 'center', paddingInline: 0 },
  },
});

/** Navigation icons are 20px. */
export const icon = style({ flex: 'none', inlineSize: '20px', blockSize: '20px' });

export const label = style({
  flex: '1 1 auto',
  minInlineSize: 0,
  overflowWrap: 'anywhere',
  selectors: { [whenCollapsed]: hiddenText },
});

/** Its logo on the same left edge as the entries' icons (the link's 12px, like theirs). */
export const profileLink = style({
  minBlockSize: '56px',
  paddingInline: vars.space['3'],
});

/** The profile icon is 40px. */
export const logo = style({
  flex: 'none',
  inlineSize: '40px',
  blockSize: '40px',
  borderRadius: vars.radius.md,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  backgroundColor: vars.color.surface,
  objectFit: 'contain',
  overflow: 'hidden',
});

export const profileName = style([
  {
    flex: '1 1 auto',
    minInlineSize: 0,
    color: vars.color.fg,
    fontWeight: vars.fontWeight.bold,
    overflowWrap: 'anywhere',
    // Very long names take two lines at most; the whole name stays in the accessible name.
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    selectors: { [whenCollapsed]: hiddenText },
  },
]);

/** The settings button beside the pinned entry; hidden while collapsed (hover or focus shows it). */
export const aside = style({
  display: 'inline-flex',
  flex: 'none',
  selectors: { [whenCollapsed]: { display: 'none' } },
});
