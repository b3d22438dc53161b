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
    chart: {
      '1': c.chart[0],
      '2': c.chart[1],
      '3': c.chart[2],
      '4': c.chart[3],
      '5': c.chart[4],
      '6': c.chart[5],
    },
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
