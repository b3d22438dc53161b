import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: vars.radius.full,
  borderStyle: 'solid',
  borderColor: 'currentColor',
  borderInlineEndColor: 'transparent',
  animationName: spin,
  animationDuration: '700ms',
  animationTimingFunction: 'linear',
  animationIterationCount: 'infinite',
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2100ms' } },
});

export const size = styleVariants({
  sm: { width: '14px', height: '14px', borderWidth: '2px' },
  md: { width: '20px', height: '20px', borderWidth: '2px' },
  lg: { width: '32px', height: '32px', borderWidth: '3px' },
});
