import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const shimmer = keyframes({
  from: { backgroundPosition: '100% 0' },
  to: { backgroundPosition: '0 0' },
});

/**
 * A placeholder block. Dimensions come from custom properties set inline by the component
 * (`--cp-skeleton-width` / `--cp-skeleton-height`), since every declaration here is !important.
 */
export const skeleton = style({
  display: 'block',
  flexShrink: 0,
  maxWidth: '100%',
  width: 'var(--cp-skeleton-width, 100%)',
  height: 'var(--cp-skeleton-height, 16px)',
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.muted,
  backgroundImage: `linear-gradient(90deg, ${vars.color.muted} 0%, ${vars.color.muted} 35%, ${vars.color.subtle} 50%, ${vars.color.muted} 65%, ${vars.color.muted} 100%)`,
  backgroundSize: '300% 100%',
  backgroundRepeat: 'no-repeat',
  animationName: shimmer,
  animationDuration: '1600ms',
  animationTimingFunction: 'linear',
  animationIterationCount: 'infinite',
  // Decorative motion: none at all for people who asked for less of it.
  '@media': { '(prefers-reduced-motion: reduce)': { animationName: 'none', backgroundImage: 'none' } },
});

export const shape = styleVariants({
  block: {},
  text: {
    height: 'var(--cp-skeleton-height, 12px)',
    marginBlock: vars.space['1'],
    borderRadius: vars.radius.sm,
  },
  circle: {
    width: 'var(--cp-skeleton-width, 40px)',
    height: 'var(--cp-skeleton-height, var(--cp-skeleton-width, 40px))',
    borderRadius: vars.radius.full,
  },
});

export const text = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['1'],
  width: 'var(--cp-skeleton-width, 100%)',
  maxWidth: '100%',
});
