import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['4'],
  minWidth: 0,
  width: '100%',
});

/** The tablist scrolls sideways when the tabs do not fit; the indicator scrolls with them. */
export const list = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'stretch',
  gap: vars.space['1'],
  minWidth: 0,
  overflowX: 'auto',
  overflowY: 'hidden',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'thin',
  // The track line under all tabs, drawn inside so that it scrolls with them.
  boxShadow: `inset 0 -1px 0 ${vars.color.border}`,
});

export const trigger = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  flexShrink: 0,
  minHeight: '44px',
  paddingInline: vars.space['3'],
  paddingBlock: vars.space['2'],
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  color: vars.color.fgMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  transitionProperty: 'color, background-color',
  transitionDuration: vars.duration.fast,
  transitionTimingFunction: vars.easing.standard,
  selectors: {
    '&:hover:not([data-disabled])': { color: vars.color.fg, backgroundColor: vars.color.subtle },
    '&[data-selected]': { color: vars.color.fg },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    // The list clips overflow, so the focus ring is drawn inside the tab.
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '20px',
  height: '20px',
  paddingInline: vars.space['1.5'],
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.muted,
  color: vars.color.fg,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  selectors: {
    [`${trigger}[data-selected] &`]: {
      backgroundColor: vars.color.tone.accent.solid,
      color: vars.color.tone.accent.onSolid,
    },
  },
});

/**
 * The selected-tab bar. Ark sets `position`, `left`, the transition and `--left/--width/--height`
 * inline; we only read `--width` and set what Ark leaves alone (the transition's duration and easing
 * go through Ark's own `--transition-*` hooks).
 */
export const indicator = style({
  vars: {
    '--transition-duration': vars.duration.normal,
    '--transition-timing-function': vars.easing.standard,
  },
  bottom: 0,
  width: 'var(--width)',
  height: '3px',
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  backgroundColor: vars.color.tone.accent.solid,
  pointerEvents: 'none',
  '@media': {
    '(prefers-reduced-motion: reduce)': { vars: { '--transition-duration': '0ms' } },
  },
});

export const content = style({
  minWidth: 0,
  borderRadius: vars.radius.sm,
  overflowWrap: 'anywhere',
});

export const label = style({ minWidth: 0 });
