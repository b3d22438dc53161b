/**
 * Pure chart logic (no React, no DOM): data access with nulls, y domains, stacking, x-label thinning,
 * the data-table transform and per-series styling cues. Unit-tested in scales.test.ts.
 */
import { scaleLinear } from 'd3-scale';

/**
 * What the charts use of a linear scale. Declared here rather than as d3's `ScaleLinear` so that the
 * published types do not need `@types/d3-scale` in the consumer's project.
 */
export interface LinearScale {
  (value: number): number;
  domain(): number[];
  ticks(count?: number): number[];
}

/** One value of a series: a number, or `null` for no data. */
export type ChartValue = number | null;

/** One line or one set of bars. */
export interface ChartSeries {
  /** The series' name: in the legend (with two or more series), the tooltip and the table's column header. */
  name: string;
  /**
   * One value per label, in the labels' order. `null` (or a missing or non-finite value) means "no
   * data": a gap in the line, no bar, "No data" in the table. Never send `0` for unknown.
   */
  data: readonly ChartValue[];
}

/** The shape of the API's chart payloads (DORA metrics, AI usage). */
export interface ChartData {
  /**
   * The x-axis categories, in order (months, weeks, days), one per point or bar group. Thinned and
   * shortened on the axis when they do not fit; whole in the tooltip and the table.
   */
  labels: readonly string[];
  /**
   * The series, in order: the first takes the first palette colour, dash, marker and pattern, and so
   * on. More than one shows a legend.
   */
  series: readonly ChartSeries[];
}

/** `[min, max]`; a `null`/`undefined` end is computed from the data. */
export type ChartYDomain = readonly [min: number | null | undefined, max: number | null | undefined];

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The value of `series` at label `index`; null when missing, out of range or not a finite number. */
export function valueAt(series: ChartSeries, index: number): number | null {
  const v = series.data[index];
  return isFiniteNumber(v) ? v : null;
}

/** True when there is at least one label and one finite value to draw. */
export function hasData(data: ChartData): boolean {
  return (
    data.labels.length > 0 && data.series.some((s) => data.labels.some((_, i) => valueAt(s, i) !== null))
  );
}

/** A stacked segment `[from, to]` in data units, or null where the series has no value. */
export type StackSegment = readonly [from: number, to: number] | null;

/**
 * Diverging stack, in series order: positive values stack up from 0, negative values stack down
 * from 0, nulls take no space. Returns one array of segments per series, aligned with the labels.
 */
export function stackSeries(data: ChartData): StackSegment[][] {
  const n = data.labels.length;
  const up = new Array<number>(n).fill(0);
  const down = new Array<number>(n).fill(0);
  return data.series.map((s) =>
    data.labels.map((_, i): StackSegment => {
      const v = valueAt(s, i);
      if (v === null) return null;
      const acc = v >= 0 ? up : down;
      const from = acc[i] ?? 0;
      acc[i] = from + v;
      return [from, from + v];
    }),
  );
}

/** `[min, max]` of the values (or of the stacked totals), or null when there is nothing to draw. */
export function dataExtent(data: ChartData, stacked = false): [number, number] | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const take = (v: number) => {
    if (v < min) min = v;
    if (v > max) max = v;
  };
  if (stacked) {
    for (const segments of stackSeries(data)) {
      for (const seg of segments) if (seg) take(seg[1]);
    }
  } else {
    for (const s of data.series) {
      data.labels.forEach((_, i) => {
        const v = valueAt(s, i);
        if (v !== null) take(v);
      });
    }
  }
  return min <= max ? [min, max] : null;
}

export interface DomainOptions {
  stacked?: boolean;
  /** Extend the domain to 0 (bars always need it; default true). */
  includeZero?: boolean;
  override?: ChartYDomain;
}

/** The y domain before "nicing": data extent (nulls ignored), zero included, override ends applied. */
export function computeDomain(
  data: ChartData,
  { stacked = false, includeZero = true, override }: DomainOptions = {},
): [number, number] {
  const fixedMin = isFiniteNumber(override?.[0]) ? override[0] : null;
  const fixedMax = isFiniteNumber(override?.[1]) ? override[1] : null;
  let [min, max] = dataExtent(data, stacked) ?? [0, 1];
  if (includeZero) {
    min = Math.min(min, 0);
    max = Math.max(max, 0);
  }
  if (fixedMin !== null) min = fixedMin;
  if (fixedMax !== null) max = fixedMax;
  if (min > max) {
    // An override on one end fell on the wrong side of the data: keep the fixed end, flip the other.
    if (fixedMin !== null && fixedMax === null) max = min + 1;
    else if (fixedMax !== null && fixedMin === null) min = max - 1;
    else [min, max] = [max, min];
  }
  if (min === max) {
    const pad = Math.abs(min) * 0.1 || 1;
    if (fixedMax !== null && fixedMin === null) min -= pad;
    else if (fixedMin !== null && fixedMax === null) max += pad;
    else if (min === 0) max = 1;
    else {
      min -= pad;
      max += pad;
    }
  }
  return [min, max];
}

/** How many y ticks to aim for, from the plot height (about one per 40px). */
export const yTickCount = (plotHeight: number) => Math.max(2, Math.min(10, Math.round(plotHeight / 40)));

/**
 * The linear y scale: `domain` extended to nice round ticks, except at the ends the caller fixed.
 * `range` is `[bottom, top]` in pixels.
 */
export function createYScale(
  domain: readonly [number, number],
  range: readonly [number, number],
  tickCount: number,
  override?: ChartYDomain,
): LinearScale {
  const scale = scaleLinear().domain(domain).range(range);
  const fixedMin = isFiniteNumber(override?.[0]);
  const fixedMax = isFiniteNumber(override?.[1]);
  if (!(fixedMin && fixedMax)) {
    const [niceMin, niceMax] = scale.copy().nice(tickCount).domain() as [number, number];
    scale.domain([fixedMin ? domain[0] : niceMin, fixedMax ? domain[1] : niceMax]);
  }
  return scale;
}

/** The y value that bars and areas grow from: 0, clamped into the domain. */
export function baselineValue(domain: readonly number[]): number {
  const lo = Math.min(...domain);
  const hi = Math.max(...domain);
  return Math.min(hi, Math.max(lo, 0));
}

// ---------------------------------------------------------------------------------------------
// Text measurement without a DOM (server-safe, deterministic): a slightly generous estimate of the
// body font's advance widths, so labels placed with it do not collide.

const NARROW = new Set([...' .,:;!|\'"()[]{}ijlftI/-']);
const WIDE_LATIN = new Set([...'MWmw@%']);

/** Estimated rendered width of `text` in px at `fontSize`. */
export function estimateTextWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x2000 && code <= 0x200f) em += code <= 0x200a ? 0.3 : 0;
    else if ((code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xffdc) || code >= 0x1f300)
      em += 1;
    else if (NARROW.has(ch)) em += 0.32;
    else if (WIDE_LATIN.has(ch)) em += 0.92;
    else if (ch >= 'A' && ch <= 'Z') em += 0.72;
    else em += 0.6;
  }
  return em * fontSize;
}

/** `text` cut with an ellipsis so that its estimated width is at most `maxWidth`. */
export function truncateText(text: string, maxWidth: number, fontSize: number): string {
  if (estimateTextWidth(text, fontSize) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 1 && estimateTextWidth(`${chars.join('').trimEnd()}…`, fontSize) > maxWidth)
    chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Show every n-th x label so that labels `labelWidth` wide, `step` px apart, keep `gap` px apart. */
export function labelInterval(step: number, labelWidth: number, gap = 8): number {
  if (!(step > 0)) return 1;
  return Math.max(1, Math.ceil((labelWidth + gap) / step));
}

/** The label indices kept when showing every `interval`-th of `count` labels, starting at the first. */
export function thinIndices(count: number, interval: number): number[] {
  const every = Math.max(1, Math.floor(interval));
  const out: number[] = [];
  for (let i = 0; i < count; i += every) out.push(i);
  return out;
}

export interface LabelBox {
  index: number;
  /** Centre x in px. */
  x: number;
  width: number;
}

/**
 * Final x-label placement: centres are clamped so each label stays inside `[min, max]`, then, in
 * visual order, any label that would come closer than `gap` to the previous kept one is dropped.
 * The result never overlaps, whatever the direction of the axis.
 */
export function placeLabels(boxes: readonly LabelBox[], min: number, max: number, gap = 8): LabelBox[] {
  const clamped = boxes.map((b) => {
    const half = b.width / 2;
    const x = max - min < b.width ? (min + max) / 2 : Math.min(max - half, Math.max(min + half, b.x));
    return { ...b, x };
  });
  clamped.sort((a, b) => a.x - b.x);
  const kept: LabelBox[] = [];
  let right = Number.NEGATIVE_INFINITY;
  for (const b of clamped) {
    if (b.x - b.width / 2 >= right + gap) {
      kept.push(b);
      right = b.x + b.width / 2;
    }
  }
  return kept;
}

/** Index of the position nearest to `x` (pointer hit-testing); -1 for no positions. */
export function nearestIndex(positions: readonly number[], x: number): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  positions.forEach((p, i) => {
    const d = Math.abs(p - x);
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}

// ---------------------------------------------------------------------------------------------
// Data table

export interface ChartTableModel {
  /** Column headers after the label column: the series names. */
  columns: string[];
  rows: { label: string; cells: string[] }[];
}

/** One row per label, one cell per series; nulls become `noData`. */
export function toTableModel(
  data: ChartData,
  formatValue: (value: number) => string,
  formatLabel: (label: string, index: number) => string,
  noData: string,
): ChartTableModel {
  return {
    columns: data.series.map((s) => s.name),
    rows: data.labels.map((label, i) => ({
      label: formatLabel(label, i),
      cells: data.series.map((s) => {
        const v = valueAt(s, i);
        return v === null ? noData : formatValue(v);
      }),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Series styling by index: a palette colour (the theme's `chart` colours, never a status tone) plus
// non-colour cues. Cycle lengths are coprime (8 colours, 5 dashes/patterns, 7 markers) so that the
// combination stays unique well beyond eight series.

export const CHART_COLOURS = 8;
export const DASHES = 5;
export const MARKERS = 7;
export const PATTERNS = 5;

export type ChartColourKey = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';

export interface SeriesStyle {
  colour: ChartColourKey;
  /** Index into the dash patterns (0 = solid). */
  dash: number;
  /** Index into the marker shapes (0 = circle). */
  marker: number;
  /** Index into the bar fill patterns (0 = plain). */
  pattern: number;
}

export function seriesStyle(index: number): SeriesStyle {
  const i = Math.max(0, Math.floor(index));
  return {
    colour: String((i % CHART_COLOURS) + 1) as ChartColourKey,
    dash: i % DASHES,
    marker: i % MARKERS,
    pattern: i % PATTERNS,
  };
}

/** Unicode first-strong isolate: numbers like "-5" keep their sign on the left inside RTL text. */
export const isolate = (text: string) => `\u2068${text}\u2069`;
