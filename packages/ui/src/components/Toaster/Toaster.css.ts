import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import type { Tone } from '../../theme/tokens.js';
import type { ToastStatus } from './placement.js';

/**
 * What Ark/zag set inline, and we therefore never set here (every declaration of ours is
 * `!important`, see CONTRIBUTING):
 * - group: position, top/bottom, inset-inline-start/end, display, flex-direction, align-items,
 *   pointer-events, z-index and the --gap / --first-height / --viewport-offset-* variables;
 * - toast root: position, top/bottom, pointer-events and --x/--y/--opacity/--scale/--z-index/
 *   --height/--initial-height/--offset/--lift… variables;
 * - the ghost elements inside the root (not styled at all).
 * The root's `height` is never set either: zag measures the toast by writing `height: auto` inline.
 * We *read* the variables Ark exposes for its stacking motion (translate, scale, opacity, z-index).
 */
export const group = style({
  // Over-constrained when centred (both insets set inline): auto margins centre it.
  width: 'min(380px, calc(100vw - 32px))',
  marginInline: 'auto',
});

const statusTone: Record<ToastStatus, Tone> = {
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'danger',
  loading: 'accent',
};

export const root = style({
  width: '100%',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  paddingBlock: vars.space['3'],
  paddingInlineStart: vars.space['3'],
  paddingInlineEnd: vars.space['2'],
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderInlineStartWidth: '4px',
  borderInlineStartColor: vars.color.tone.info.solid,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.fg,
  boxShadow: vars.shadow.lg,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  overflowWrap: 'anywhere',
  // Ark's stacking motion: read its variables, never set them.
  translate: 'var(--x) var(--y)',
  scale: 'var(--scale)',
  zIndex: 'var(--z-index)',
  opacity: 'var(--opacity)',
  willChange: 'translate, opacity, scale',
  transitionProperty: 'translate, scale, opacity, box-shadow',
  transitionDuration: vars.duration.slow,
  transitionTimingFunction: 'cubic-bezier(0.21, 1.02, 0.73, 1)',
  selectors: {
    '&[data-state="closed"]': {
      transitionTimingFunction: 'cubic-bezier(0.06, 0.71, 0.55, 1)',
    },
    ...Object.fromEntries(
      (Object.keys(statusTone) as ToastStatus[]).map((s) => [
        `&[data-type="${s}"]`,
        { borderInlineStartColor: vars.color.tone[statusTone[s]].solid },
      ]),
    ),
  },
});

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '20px',
  height: '20px',
  marginBlockStart: '1px',
  color: vars.color.tone.info.fg,
});
for (const s of Object.keys(statusTone) as ToastStatus[]) {
  globalStyle(`${root}[data-type="${s}"] ${icon}`, { color: vars.color.tone[statusTone[s]].fg });
}
globalStyle(`${icon} > svg`, { width: '20px', height: '20px' });

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['0.5'],
  flex: '1 1 auto',
  minWidth: 0,
  paddingBlock: vars.space['0.5'],
});

export const title = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.fg,
});

export const description = style({ color: vars.color.fgMuted });

export const action = style({ marginBlockStart: vars.space['2'] });

export const close = style({ marginBlock: `calc(-1 * ${vars.space['1']})` });
