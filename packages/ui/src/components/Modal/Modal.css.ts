import { createVar, fallbackVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import type { StyleRule } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

/*
 * One modal anatomy, two placements: `center` (Dialog: a card in the middle of the viewport) and
 * `edge` (Drawer: a full-height panel against a side). The placement sets the panel's geometry, its
 * spacing and its motion; everything else is the same.
 */

/** Off-screen offset an edge panel slides from: -100% (the left) unless its component says otherwise. */
export const slideFrom = createVar();

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const popIn = keyframes({
  from: { opacity: 0, scale: '0.96', translate: '0 8px' },
  to: { opacity: 1, scale: '1', translate: '0 0' },
});
const popOut = keyframes({
  from: { opacity: 1, scale: '1', translate: '0 0' },
  to: { opacity: 0, scale: '0.96', translate: '0 8px' },
});
// The edge panel slides with `translate`: Ark's Drawer owns `transform` (inline, for swipe-to-close).
const slideIn = keyframes({
  from: { translate: `${fallbackVar(slideFrom, '-100%')} 0` },
  to: { translate: '0 0' },
});
const slideOut = keyframes({
  from: { translate: '0 0' },
  to: { translate: `${fallbackVar(slideFrom, '-100%')} 0` },
});

/** Enter and exit animations: centre placement normal in, fast out; edge placement a step slower. */
const motion = (enter: string, exit: string, slower: boolean) => ({
  selectors: {
    '&[data-state="open"]': {
      animationName: enter,
      animationDuration: slower ? vars.duration.slow : vars.duration.normal,
      animationTimingFunction: vars.easing.standard,
    },
    '&[data-state="closed"]': {
      animationName: exit,
      animationDuration: slower ? vars.duration.normal : vars.duration.fast,
      animationTimingFunction: vars.easing.standard,
    },
  },
});

/** A part's class for each placement: what both share, plus what each adds. */
const byPlacement = (shared: StyleRule, center: StyleRule, edge: StyleRule) => {
  const base = style(shared);
  return styleVariants({ center: [base, center], edge: [base, edge] });
};

export const backdrop = byPlacement(
  { position: 'fixed', inset: 0, zIndex: vars.zIndex.modal, backgroundColor: vars.color.backdrop },
  motion(fadeIn, fadeOut, false),
  motion(fadeIn, fadeOut, true),
);

/** Full-viewport layer holding the panel. zag sets `pointer-events` inline while closed or closing. */
export const positioner = byPlacement(
  { position: 'fixed', inset: 0, zIndex: vars.zIndex.modal, overflow: 'hidden' },
  { display: 'flex', alignItems: 'center', justifyContent: 'center', padding: vars.space['4'] },
  {},
);

export const content = byPlacement(
  {
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: vars.color.surfaceRaised,
    color: vars.color.fg,
    boxShadow: vars.shadow.lg,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.md,
    lineHeight: vars.lineHeight.normal,
    textAlign: 'start',
    outline: 'none',
  },
  // A card; its width cap comes from the component (Dialog's `size`).
  {
    position: 'relative',
    width: '100%',
    maxHeight: '100%',
    minWidth: 0,
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: vars.color.border,
    borderRadius: vars.radius.lg,
    ...motion(popIn, popOut, false),
  },
  // A full-height panel; its side, width and border come from the component (Drawer's `side`, `width`).
  { position: 'absolute', insetBlock: 0, ...motion(slideIn, slideOut, true) },
);

export const header = byPlacement(
  { display: 'flex', alignItems: 'flex-start', gap: vars.space['3'] },
  {
    paddingBlockStart: vars.space['5'],
    paddingBlockEnd: vars.space['3'],
    paddingInlineStart: vars.space['6'],
    paddingInlineEnd: vars.space['4'],
  },
  {
    paddingBlock: vars.space['4'],
    paddingInlineStart: vars.space['5'],
    paddingInlineEnd: vars.space['3'],
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: vars.color.border,
  },
);

export const heading = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  flex: '1 1 auto',
  minWidth: 0,
  paddingBlockStart: vars.space['1'],
});

export const title = byPlacement(
  {
    fontFamily: vars.font.heading,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    color: vars.color.fg,
    overflowWrap: 'anywhere',
  },
  { fontSize: vars.fontSize.xl },
  { fontSize: vars.fontSize.lg },
);

export const description = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.fgMuted,
  overflowWrap: 'anywhere',
});

export const closeTrigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  borderRadius: vars.radius.md,
  color: vars.color.fgMuted,
  backgroundColor: 'transparent',
  cursor: 'pointer',
  transitionProperty: 'background-color, color',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: {
    '&:hover': { backgroundColor: vars.color.subtle, color: vars.color.fg },
  },
});

export const closeIcon = style({ width: '16px', height: '16px' });

/** Takes the remaining height and scrolls, so the header and footer stay visible. */
export const body = byPlacement(
  {
    flex: '1 1 auto',
    minHeight: 0,
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    overflowWrap: 'anywhere',
  },
  { paddingInline: vars.space['6'], paddingBlockEnd: vars.space['5'] },
  { padding: vars.space['5'] },
);

export const footer = byPlacement(
  {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'flex-end',
    gap: vars.space['2'],
    paddingBlock: vars.space['4'],
    borderBlockStartWidth: '1px',
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: vars.color.border,
  },
  { paddingInline: vars.space['6'] },
  { paddingInline: vars.space['5'] },
);
