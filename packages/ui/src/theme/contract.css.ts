import { createGlobalThemeContract } from '@vanilla-extract/css';
import {
  fontFamily,
  fontSize,
  fontWeight,
  lineHeight,
  motion,
  radii,
  space,
  tones,
  zIndex,
} from './tokens.js';
import type { Tone } from './tokens.js';

const nulls = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.keys(o).map((k) => [k, null])) as { [K in keyof T]: null };

const toneShape = { solid: null, solidHover: null, onSolid: null, subtle: null, fg: null };

/**
 * The theme contract: one typed shape, filled by each theme. Variable names carry a `cp-` prefix
 * so that a host can set them from plain CSS on the portal root (they are the public appearance API).
 */
export const vars = createGlobalThemeContract(
  {
    color: {
      canvas: null,
      surface: null,
      surfaceRaised: null,
      subtle: null,
      muted: null,
      fg: null,
      fgMuted: null,
      fgSubtle: null,
      border: null,
      borderStrong: null,
      focusRing: null,
      backdrop: null,
      link: null,
      tone: Object.fromEntries(tones.map((t) => [t, toneShape])) as Record<Tone, typeof toneShape>,
      // Categorical series colours, in the order series take them (see `chart` in tokens.ts).
      chart: { '1': null, '2': null, '3': null, '4': null, '5': null, '6': null, '7': null, '8': null },
    },
    space: nulls(space),
    font: { body: null, heading: null, mono: null },
    fontSize: nulls(fontSize),
    fontWeight: nulls(fontWeight),
    lineHeight: nulls(lineHeight),
    radius: nulls(radii),
    shadow: { sm: null, md: null, lg: null },
    zIndex: nulls(zIndex),
    duration: nulls(motion.duration),
    easing: nulls(motion.easing),
  },
  (_value: string | null, path: string[]) => `cp-${path.join('-').replace('.', '_')}`,
);

export const staticTokens = { space, fontFamily, fontSize, fontWeight, lineHeight, radii, zIndex, motion };
