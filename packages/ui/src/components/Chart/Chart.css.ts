import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css.js';
import type { ChartColourKey } from './scales.js';

/**
 * Dynamic values are custom properties set inline (see CONTRIBUTING) and read here with var():
 * the chart height on the root; the tooltip position (physical, like SVG coordinates); a bar's
 * pattern overlay `url(#id)`.
 */
export const cssVar = {
  height: '--cp-chart-height',
  tipLeft: '--cp-chart-tip-left',
  tipRight: '--cp-chart-tip-right',
  tipTop: '--cp-chart-tip-top',
  pattern: '--cp-chart-pattern',
} as const;
const heightVar = `var(${cssVar.height}, 240px)`;
const tipLeftVar = `var(${cssVar.tipLeft}, auto)`;
const tipRightVar = `var(${cssVar.tipRight}, auto)`;
const tipTopVar = `var(${cssVar.tipTop}, 0px)`;
const patternVar = `var(${cssVar.pattern}, none)`;

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['2'],
  width: '100%',
  minWidth: 0,
});

export const plot = style({ position: 'relative', width: '100%', height: heightVar });

export const svg = style({ display: 'block', overflow: 'hidden', userSelect: 'none' });

const axisText = style({
  fill: vars.color.fgMuted,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.regular,
});
/** Logical anchor: "end" is the plot side of the y axis in both directions (SVG honours `direction`). */
export const yTick = style([axisText, { textAnchor: 'end' }]);
export const xTick = style([axisText, { textAnchor: 'middle' }]);

export const gridLine = style({ stroke: vars.color.border, strokeWidth: 1, shapeRendering: 'crispEdges' });
export const axisLine = style({
  stroke: vars.color.borderStrong,
  strokeWidth: 1,
  shapeRendering: 'crispEdges',
});
export const guideLine = style({
  stroke: vars.color.borderStrong,
  strokeWidth: 1,
  strokeDasharray: '3 3',
  pointerEvents: 'none',
});
export const activeBand = style({ fill: vars.color.muted, opacity: 0.6, pointerEvents: 'none' });

const colourKeys: ChartColourKey[] = ['1', '2', '3', '4', '5', '6', '7', '8'];
const byColour = <T extends object>(make: (c: string) => T) =>
  Object.fromEntries(colourKeys.map((k) => [k, make(vars.color.chart[k])])) as Record<ChartColourKey, T>;

export const stroke = styleVariants(byColour((c) => ({ stroke: c })));
export const fill = styleVariants(byColour((c) => ({ fill: c })));

export const line = style({
  fill: 'none',
  strokeWidth: 2,
  strokeLinejoin: 'round',
  strokeLinecap: 'butt',
  pointerEvents: 'none',
});
/** Dash patterns per series (solid, dashed, dotted, dash-dot, long dash): colour is never the only cue. */
export const dash = ['none', '7 4', '2 3', '9 3 2 3', '14 4'].map((d) => style({ strokeDasharray: d }));

export const area = style({ fillOpacity: 0.16, stroke: 'none', pointerEvents: 'none' });
export const marker = style({ stroke: vars.color.canvas, strokeWidth: 1, pointerEvents: 'none' });

export const bar = style({ stroke: 'none', shapeRendering: 'crispEdges' });
export const barPattern = style({ fill: patternVar, stroke: 'none', pointerEvents: 'none' });
export const patternInk = style({ stroke: vars.color.canvas, strokeWidth: 1.5, fill: 'none' });
export const patternDot = style({ fill: vars.color.canvas, stroke: 'none' });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space['4'],
  rowGap: vars.space['1'],
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.tight,
  color: vars.color.fg,
});
export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1.5'],
  minWidth: 0,
  overflowWrap: 'anywhere',
});
export const swatch = style({ display: 'block', flexShrink: 0, overflow: 'visible' });

export const toolbar = style({ display: 'flex', justifyContent: 'flex-end' });

export const tooltip = style({
  position: 'absolute',
  top: tipTopVar,
  left: tipLeftVar,
  right: tipRightVar,
  zIndex: vars.zIndex.raised,
  display: 'grid',
  gap: vars.space['1'],
  minWidth: '120px',
  maxWidth: '260px',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
  boxShadow: vars.shadow.md,
  color: vars.color.fg,
  fontSize: vars.fontSize.xs,
  lineHeight: vars.lineHeight.tight,
  pointerEvents: 'none',
});
export const tooltipTitle = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });
export const tooltipRow = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: vars.space['1.5'],
});
export const tooltipName = style({ overflowWrap: 'anywhere' });
export const tooltipValue = style({ fontVariantNumeric: 'tabular-nums', fontWeight: vars.fontWeight.bold });

export const tableWrap = style({
  maxHeight: '320px',
  overflow: 'auto',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: vars.color.border,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
});
export const table = style({
  width: '100%',
  // Separate borders: with collapsed borders, sticky header cells lose theirs while scrolling.
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.fg,
  fontVariantNumeric: 'tabular-nums',
});
export const caption = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  textAlign: 'start',
  fontWeight: vars.fontWeight.bold,
  captionSide: 'top',
});
const cell = {
  padding: `${vars.space['1.5']} ${vars.space['3']}`,
  borderBlockStartWidth: '1px',
  borderBlockStartStyle: 'solid',
  borderBlockStartColor: vars.color.border,
} as const;
export const columnHeader = style({
  ...cell,
  position: 'sticky',
  top: 0,
  backgroundColor: vars.color.subtle,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'end',
  selectors: { '&:first-child': { textAlign: 'start' } },
});
export const rowHeader = style({ ...cell, fontWeight: vars.fontWeight.regular, textAlign: 'start' });
export const valueCell = style({ ...cell, textAlign: 'end', whiteSpace: 'nowrap' });

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.55 } });

export const skeleton = style({
  position: 'relative',
  height: heightVar,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.subtle,
  backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent 47px, ${vars.color.muted} 47px, ${vars.color.muted} 48px)`,
  animationName: pulse,
  animationDuration: '1.6s',
  animationTimingFunction: 'ease-in-out',
  animationIterationCount: 'infinite',
  '@media': { '(prefers-reduced-motion: reduce)': { animationName: 'none' } },
});

/** Holds the empty and error states at the chart's height, so the page does not jump. */
export const state = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  minHeight: heightVar,
});
