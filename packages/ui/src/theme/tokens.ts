/**
 * The raw design tokens. Everything visual in the kit resolves from here: the theme contract's
 * shape, both colour themes and the JS values (breakpoints, chart colours) that code needs.
 * Sizes are in px, never rem: a host page that sets `html { font-size: 10px }` must not shrink us.
 */

export const breakpoints = { base: 0, sm: 480, md: 768, lg: 992, xl: 1280, '2xl': 1536 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** `@media` query for "at least this breakpoint". */
export const mediaUp = (bp: Exclude<Breakpoint, 'base'>) => `screen and (min-width: ${breakpoints[bp]}px)`;

const px = (n: number) => `${n}px`;

export const space = {
  '0': px(0),
  '0.5': px(2),
  '1': px(4),
  '1.5': px(6),
  '2': px(8),
  '3': px(12),
  '4': px(16),
  '5': px(20),
  '6': px(24),
  '8': px(32),
  '10': px(40),
  '12': px(48),
  '16': px(64),
} as const;

/**
 * One family for body and headings (Lato), with Noto Sans Arabic for Arabic text: the fonts ship
 * with the package (fonts.css), one file per weight and script, each limited by `unicode-range`, so
 * each script draws from its own face and a page loads only the scripts it shows.
 */
const sans = "Lato, 'Noto Sans Arabic', 'Helvetica Neue', Arial, system-ui, sans-serif";
export const fontFamily = {
  body: sans,
  heading: sans,
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

export const fontSize = {
  xs: px(12),
  sm: px(14),
  md: px(16),
  lg: px(18),
  xl: px(20),
  '2xl': px(24),
  '3xl': px(30),
  '4xl': px(36),
} as const;

/** Only the weights whose font files ship: the kit sets no other. */
export const fontWeight = { regular: '400', bold: '700' } as const;
export const lineHeight = { tight: '1.25', normal: '1.5' } as const;

/**
 * The type ramp: the text levels of the portal, each a step apart in size so that a page title, a
 * section, a card's title, body text and a caption never read as the same level.
 */
export const typeRamp = {
  pageTitle: {
    fontSize: fontSize['3xl'],
    lineHeight: '1.2',
    fontWeight: fontWeight.bold,
    letterSpacing: '-0.01em',
  },
  sectionTitle: {
    fontSize: fontSize['2xl'],
    lineHeight: '1.25',
    fontWeight: fontWeight.bold,
    letterSpacing: '0',
  },
  cardTitle: { fontSize: fontSize.lg, lineHeight: '1.35', fontWeight: fontWeight.bold, letterSpacing: '0' },
  body: {
    fontSize: fontSize.md,
    lineHeight: lineHeight.normal,
    fontWeight: fontWeight.regular,
    letterSpacing: '0',
  },
  caption: { fontSize: fontSize.sm, lineHeight: '1.4', fontWeight: fontWeight.regular, letterSpacing: '0' },
} as const;
export type TypeLevel = keyof typeof typeRamp;

export const radii = { none: '0', sm: px(4), md: px(8), lg: px(12), xl: px(16), full: '9999px' } as const;

export const zIndex = {
  base: '0',
  raised: '10',
  sticky: '1100',
  overlay: '1300',
  modal: '1400',
  popover: '1500',
  toast: '1700',
  tooltip: '1800',
} as const;

export const motion = {
  duration: { fast: '120ms', normal: '200ms', slow: '320ms' },
  easing: { standard: 'cubic-bezier(0.2, 0, 0, 1)', emphasized: 'cubic-bezier(0.3, 0, 0, 1.2)' },
} as const;

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';
export const tones: readonly Tone[] = ['neutral', 'accent', 'success', 'warning', 'danger', 'info'];

interface ToneColours {
  /** Filled background (buttons, solid badges); `onSolid` text reaches AA on it. */
  solid: string;
  solidHover: string;
  onSolid: string;
  /** Tinted background (subtle badges, alerts); `fg` text reaches AA on it and on the canvas. */
  subtle: string;
  fg: string;
}

export interface ColourTokens {
  canvas: string;
  surface: string;
  surfaceRaised: string;
  subtle: string;
  muted: string;
  fg: string;
  fgMuted: string;
  fgSubtle: string;
  border: string;
  borderStrong: string;
  focusRing: string;
  backdrop: string;
  link: string;
  tone: Record<Tone, ToneColours>;
  /**
   * Categorical chart colours (`vars.color.chart['1']`…`['8']`), given to series in this order.
   * Their own hues, never a status tone's: blue, gold, raspberry, teal, violet, olive, indigo, and
   * wine (light) / plum (dark). Each reaches 3:1 on every background (WCAG 1.4.11), every pair stays
   * apart under protanopia, deuteranopia and tritanopia simulation, and none comes near a status
   * tone's solid colour; contrast.test.ts checks all three and explains the thresholds.
   */
  chart: ChartColours;
}

export type ChartColours = readonly [string, string, string, string, string, string, string, string];

/** Light colours; every text pair here was checked at WCAG AA (4.5:1), graphics at 3:1. */
export const lightColours: ColourTokens = {
  canvas: '#ffffff',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  subtle: '#f5f7fa',
  muted: '#e6eaf0',
  fg: '#111827',
  fgMuted: '#4b5563',
  fgSubtle: '#5f6b7a',
  border: '#d5dbe3',
  borderStrong: '#7b8594',
  focusRing: '#1d4ed8',
  backdrop: 'rgba(15, 23, 42, 0.55)',
  link: '#1d4ed8',
  tone: {
    neutral: {
      solid: '#374151',
      solidHover: '#1f2937',
      onSolid: '#ffffff',
      subtle: '#eef1f5',
      fg: '#374151',
    },
    accent: { solid: '#1d4ed8', solidHover: '#1e40af', onSolid: '#ffffff', subtle: '#e3ecfd', fg: '#1d4ed8' },
    success: {
      solid: '#15803d',
      solidHover: '#166534',
      onSolid: '#ffffff',
      subtle: '#e3f6ea',
      fg: '#166534',
    },
    warning: {
      solid: '#b45309',
      solidHover: '#92400e',
      onSolid: '#ffffff',
      subtle: '#fdf1dc',
      fg: '#92400e',
    },
    danger: { solid: '#b91c1c', solidHover: '#991b1b', onSolid: '#ffffff', subtle: '#fde8e8', fg: '#991b1b' },
    info: { solid: '#0369a1', solidHover: '#075985', onSolid: '#ffffff', subtle: '#e0f2fe', fg: '#075985' },
  },
  chart: [
    '#374bcd', // blue
    '#ab8114', // gold
    '#ac3c7e', // raspberry
    '#058ea2', // teal
    '#907cdd', // violet
    '#4c5004', // olive
    '#37275b', // indigo
    '#63002a', // wine
  ],
};

export const darkColours: ColourTokens = {
  canvas: '#0b1220',
  surface: '#111a2e',
  surfaceRaised: '#18233b',
  subtle: '#18233b',
  muted: '#243152',
  fg: '#f1f5f9',
  fgMuted: '#cbd5e1',
  fgSubtle: '#a3b1c6',
  border: '#2c3b5c',
  borderStrong: '#7d8ca8',
  focusRing: '#93c5fd',
  backdrop: 'rgba(2, 6, 23, 0.7)',
  link: '#93c5fd',
  tone: {
    neutral: {
      solid: '#cbd5e1',
      solidHover: '#e2e8f0',
      onSolid: '#0b1220',
      subtle: '#1e293b',
      fg: '#cbd5e1',
    },
    accent: { solid: '#93c5fd', solidHover: '#bfdbfe', onSolid: '#0b1220', subtle: '#172554', fg: '#93c5fd' },
    success: {
      solid: '#86efac',
      solidHover: '#bbf7d0',
      onSolid: '#052e16',
      subtle: '#052e16',
      fg: '#86efac',
    },
    warning: {
      solid: '#fcd34d',
      solidHover: '#fde68a',
      onSolid: '#422006',
      subtle: '#422006',
      fg: '#fcd34d',
    },
    danger: { solid: '#fca5a5', solidHover: '#fecaca', onSolid: '#450a0a', subtle: '#450a0a', fg: '#fca5a5' },
    info: { solid: '#7dd3fc', solidHover: '#bae6fd', onSolid: '#082f49', subtle: '#082f49', fg: '#7dd3fc' },
  },
  chart: [
    '#3aa0ff', // blue
    '#c58f55', // gold (tan)
    '#f666bf', // pink
    '#299a8d', // teal
    '#d7bbfc', // lavender
    '#737d2c', // olive
    '#4464e5', // indigo
    '#8a6092', // plum
  ],
};
