import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css.js';
import {
  darkColours,
  fontFamily,
  fontSize,
  fontWeight,
  lightColours,
  lineHeight,
  motion,
  radii,
  space,
  zIndex,
} from './tokens.js';
import type { ColourTokens } from './tokens.js';

/** Resolver: raw tokens → the values the contract needs, for one colour set. */
const resolve = (c: ColourTokens, shadowInk: string) => ({
  color: {
    ...c,
    chart: Object.fromEntries(c.chart.map((colour, i) => [String(i + 1), colour])) as Record<
      keyof (typeof vars)['color']['chart'],
      string
    >,
  },
  space,
  font: fontFamily,
  fontSize,
  fontWeight,
  lineHeight,
  radius: radii,
  shadow: {
    sm: `0 1px 2px ${shadowInk}`,
    md: `0 4px 12px ${shadowInk}`,
    lg: `0 12px 32px ${shadowInk}`,
  },
  zIndex,
  duration: motion.duration,
  easing: motion.easing,
});

export const lightTheme = createTheme(vars, resolve(lightColours, 'rgba(15, 23, 42, 0.12)'), 'light');
export const darkTheme = createTheme(vars, resolve(darkColours, 'rgba(0, 0, 0, 0.5)'), 'dark');
