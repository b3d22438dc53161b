import { scaleBand, scalePoint } from 'd3-scale';
import { describe, expect, it } from 'vitest';
import { darkColours, lightColours } from '../../theme/tokens.js';
import {
  CHART_COLOURS,
  baselineValue,
  computeDomain,
  createYScale,
  dataExtent,
  estimateTextWidth,
  hasData,
  isolate,
  labelInterval,
  nearestIndex,
  placeLabels,
  seriesStyle,
  stackSeries,
  thinIndices,
  toTableModel,
  truncateText,
  valueAt,
  yTickCount,
} from './scales.js';
import type { ChartData } from './scales.js';

const data = (labels: string[], ...series: (number | null)[][]): ChartData => ({
  labels,
  series: series.map((d, i) => ({ name: `S${i + 1}`, data: d })),
});

describe('valueAt', () => {
  it('returns finite numbers and null for gaps, NaN, Infinity and missing entries', () => {
    const s = { name: 'a', data: [1, null, Number.NaN, Number.POSITIVE_INFINITY, 0, -2] };
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => valueAt(s, i))).toEqual([1, null, null, null, 0, -2, null]);
  });
});

describe('hasData', () => {
  it('is false without labels, without series, or when every value is null', () => {
    expect(hasData(data([]))).toBe(false);
    expect(hasData(data([], [1, 2]))).toBe(false);
    expect(hasData(data(['a', 'b']))).toBe(false);
    expect(hasData(data(['a', 'b'], [null, null], [null]))).toBe(false);
  });
  it('is true with a single value, including 0', () => {
    expect(hasData(data(['a'], [0]))).toBe(true);
    expect(hasData(data(['a', 'b'], [null, null], [null, 3]))).toBe(true);
  });
  it('ignores values beyond the labels', () => {
    expect(hasData(data(['a'], [null, 5]))).toBe(false);
  });
});

describe('stackSeries', () => {
  it('stacks positives up and negatives down, independently, skipping nulls', () => {
    const d = data(['a', 'b', 'c'], [1, -2, null], [3, -1, 4], [null, 5, 2]);
    expect(stackSeries(d)).toEqual([
      [[0, 1], [0, -2], null],
      [
        [1, 4],
        [-2, -3],
        [0, 4],
      ],
      [null, [0, 5], [4, 6]],
    ]);
  });
  it('treats 0 as a (zero-height) positive segment', () => {
    expect(stackSeries(data(['a'], [0], [2]))).toEqual([[[0, 0]], [[0, 2]]]);
  });
  it('returns one entry per label even when series are shorter', () => {
    expect(stackSeries(data(['a', 'b'], [1]))).toEqual([[[0, 1], null]]);
  });
});

describe('dataExtent', () => {
  it('ignores nulls', () => {
    expect(dataExtent(data(['a', 'b', 'c'], [null, 4, 2], [null, -1, null]))).toEqual([-1, 4]);
  });
  it('uses stacked totals when stacked', () => {
    expect(dataExtent(data(['a', 'b'], [1, -2], [3, -1]), true)).toEqual([-3, 4]);
  });
  it('is null when there is nothing', () => {
    expect(dataExtent(data(['a'], [null]))).toBeNull();
    expect(dataExtent(data([]), true)).toBeNull();
  });
});

describe('computeDomain', () => {
  it('includes zero by default', () => {
    expect(computeDomain(data(['a', 'b'], [5, 9]))).toEqual([0, 9]);
    expect(computeDomain(data(['a', 'b'], [-5, -9]))).toEqual([-9, 0]);
    expect(computeDomain(data(['a', 'b'], [-5, 9]))).toEqual([-5, 9]);
  });
  it('can leave zero out', () => {
    expect(computeDomain(data(['a', 'b'], [5, 9]), { includeZero: false })).toEqual([5, 9]);
  });
  it('spans stacked totals', () => {
    expect(computeDomain(data(['a', 'b'], [1, 2], [3, 4]), { stacked: true })).toEqual([0, 6]);
  });
  it('falls back to [0, 1] with no data or all zeros', () => {
    expect(computeDomain(data(['a'], [null]))).toEqual([0, 1]);
    expect(computeDomain(data(['a', 'b'], [0, 0]))).toEqual([0, 1]);
  });
  it('pads a flat non-zero series when zero is left out (single point)', () => {
    expect(computeDomain(data(['a'], [50]), { includeZero: false })).toEqual([45, 55]);
  });
  it('applies full and partial overrides', () => {
    const d = data(['a', 'b'], [5, 9]);
    expect(computeDomain(d, { override: [0, 100] })).toEqual([0, 100]);
    expect(computeDomain(d, { override: [null, 20] })).toEqual([0, 20]);
    expect(computeDomain(d, { override: [2, undefined], includeZero: false })).toEqual([2, 9]);
  });
  it('keeps the fixed end when a partial override falls on the wrong side of the data', () => {
    const d = data(['a', 'b'], [5, 9]);
    expect(computeDomain(d, { override: [20, null] })).toEqual([20, 21]);
    expect(computeDomain(d, { override: [null, -3] })).toEqual([-4, -3]);
    expect(computeDomain(d, { override: [10, 0] })).toEqual([0, 10]);
  });
  it('ignores non-finite overrides', () => {
    expect(computeDomain(data(['a'], [3]), { override: [Number.NaN, Number.POSITIVE_INFINITY] })).toEqual([
      0, 3,
    ]);
  });
});

describe('createYScale', () => {
  it('nices an automatic domain and maps bottom-up', () => {
    const y = createYScale([0, 9.3], [200, 0], 5);
    expect(y.domain()).toEqual([0, 10]);
    expect(y(0)).toBe(200);
    expect(y(10)).toBe(0);
    expect(y.ticks(5)).toEqual([0, 2, 4, 6, 8, 10]);
  });
  it('keeps fixed ends exactly', () => {
    expect(createYScale([0, 97], [100, 0], 5, [0, 97]).domain()).toEqual([0, 97]);
    expect(createYScale([3, 97], [100, 0], 5, [3, null]).domain()).toEqual([3, 100]);
  });
  it('handles negative domains', () => {
    expect(createYScale([-7, 12], [100, 0], 5).domain()).toEqual([-10, 15]);
  });
});

describe('yTickCount / baselineValue', () => {
  it('aims for a tick every ~40px, within 2..10', () => {
    expect(yTickCount(200)).toBe(5);
    expect(yTickCount(20)).toBe(2);
    expect(yTickCount(2000)).toBe(10);
  });
  it('clamps 0 into the domain', () => {
    expect(baselineValue([-5, 10])).toBe(0);
    expect(baselineValue([20, 80])).toBe(20);
    expect(baselineValue([-80, -20])).toBe(-20);
  });
});

describe('text estimates', () => {
  it('grows with length and treats wide scripts as wider', () => {
    expect(estimateTextWidth('', 12)).toBe(0);
    expect(estimateTextWidth('abcd', 12)).toBeGreaterThan(estimateTextWidth('ab', 12));
    expect(estimateTextWidth('MMMM', 12)).toBeGreaterThan(estimateTextWidth('iiii', 12));
    expect(estimateTextWidth('日本語', 12)).toBe(36);
  });
  it('is conservative enough for digits (Lato advances are ~0.58em)', () => {
    expect(estimateTextWidth('1,000', 12)).toBeGreaterThanOrEqual(4 * 0.58 * 12);
  });
  it('truncates with an ellipsis within the budget', () => {
    const long = 'Platform engineering and developer experience';
    const cut = truncateText(long, 100, 12);
    expect(cut.endsWith('…')).toBe(true);
    expect(estimateTextWidth(cut, 12)).toBeLessThanOrEqual(100);
    expect(truncateText('Short', 100, 12)).toBe('Short');
  });
  it('always keeps at least one character', () => {
    expect(truncateText('Wonderful', 1, 12)).toBe('W…');
  });
  it('isolates text for bidi', () => {
    expect(isolate('-5')).toBe('\u2068-5\u2069');
  });
});

describe('x-label thinning', () => {
  it('computes the smallest interval that leaves the gap', () => {
    expect(labelInterval(50, 30)).toBe(1);
    expect(labelInterval(10, 30)).toBe(4);
    expect(labelInterval(10, 32, 8)).toBe(4);
    expect(labelInterval(0, 30)).toBe(1);
    expect(labelInterval(Number.NaN, 30)).toBe(1);
  });
  it('keeps every n-th index from the first', () => {
    expect(thinIndices(10, 3)).toEqual([0, 3, 6, 9]);
    expect(thinIndices(3, 1)).toEqual([0, 1, 2]);
    expect(thinIndices(0, 2)).toEqual([]);
    expect(thinIndices(4, 0)).toEqual([0, 1, 2, 3]);
  });
  it('never overlaps for 365 daily labels at several widths (LTR and RTL)', () => {
    const labels = Array.from({ length: 365 }, (_, i) =>
      new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
    );
    for (const width of [280, 320, 600, 1200]) {
      for (const rtl of [false, true]) {
        const x = scalePoint<number>()
          .domain(labels.map((_, i) => i))
          .range(rtl ? [width, 40] : [40, width])
          .padding(0.5);
        const w = Math.max(...labels.map((l) => estimateTextWidth(l, 12)));
        const interval = labelInterval(x.step(), w);
        const boxes = thinIndices(labels.length, interval).map((index) => ({
          index,
          x: x(index) ?? 0,
          width: estimateTextWidth(labels[index] ?? '', 12),
        }));
        const placed = placeLabels(boxes, 0, width);
        expect(placed.length).toBeGreaterThan(1);
        expect(placed.length).toBeLessThan(365);
        for (let i = 1; i < placed.length; i++) {
          const a = placed[i - 1]!;
          const b = placed[i]!;
          expect(b.x - b.width / 2).toBeGreaterThanOrEqual(a.x + a.width / 2 + 8);
        }
        for (const b of placed) {
          expect(b.x - b.width / 2).toBeGreaterThanOrEqual(0);
          expect(b.x + b.width / 2).toBeLessThanOrEqual(width);
        }
      }
    }
  });
  it('clamps edge labels inside the bounds and drops a neighbour that then collides', () => {
    const placed = placeLabels(
      [
        { index: 0, x: 5, width: 40 },
        { index: 1, x: 40, width: 40 },
        { index: 2, x: 100, width: 40 },
      ],
      0,
      200,
    );
    expect(placed.map((b) => b.index)).toEqual([0, 2]);
    expect(placed[0]!.x).toBe(20);
  });
  it('centres a label wider than the whole axis', () => {
    expect(placeLabels([{ index: 0, x: 3, width: 500 }], 0, 100)[0]!.x).toBe(50);
  });
  it('returns labels in visual (left-to-right) order for a mirrored axis', () => {
    const placed = placeLabels(
      [
        { index: 0, x: 300, width: 20 },
        { index: 1, x: 200, width: 20 },
        { index: 2, x: 100, width: 20 },
      ],
      0,
      400,
    );
    expect(placed.map((b) => b.index)).toEqual([2, 1, 0]);
  });
});

describe('d3 scales used by the charts', () => {
  it('a reversed band scale mirrors positions and keeps a positive bandwidth (RTL bars)', () => {
    const ltr = scaleBand<number>().domain([0, 1, 2]).range([0, 300]).paddingInner(0.2);
    const rtl = ltr.copy().range([300, 0]);
    expect(rtl.bandwidth()).toBeCloseTo(ltr.bandwidth());
    expect(rtl(0)! + rtl.bandwidth()).toBeCloseTo(300 - ltr(0)!);
    expect(rtl(0)!).toBeGreaterThan(rtl(2)!);
  });
  it('a point scale centres a single label', () => {
    expect(scalePoint<number>().domain([0]).range([0, 100]).padding(0.5)(0)).toBe(50);
  });
});

describe('nearestIndex', () => {
  it('finds the closest position, in either direction', () => {
    expect(nearestIndex([10, 20, 30], 24)).toBe(1);
    expect(nearestIndex([30, 20, 10], 12)).toBe(2);
    expect(nearestIndex([], 5)).toBe(-1);
  });
});

describe('toTableModel', () => {
  it('builds one row per label and one cell per series, formatting values and marking gaps', () => {
    const d = data(['jan', 'feb', 'mar'], [1, null, 3.5], [10, 20]);
    const model = toTableModel(
      d,
      (v) => `${v.toFixed(1)} h`,
      (l, i) => `${i + 1}:${l.toUpperCase()}`,
      'No data',
    );
    expect(model.columns).toEqual(['S1', 'S2']);
    expect(model.rows).toEqual([
      { label: '1:JAN', cells: ['1.0 h', '10.0 h'] },
      { label: '2:FEB', cells: ['No data', '20.0 h'] },
      { label: '3:MAR', cells: ['3.5 h', 'No data'] },
    ]);
  });
  it('is empty for empty data', () => {
    expect(toTableModel(data([]), String, String, '-')).toEqual({ columns: [], rows: [] });
  });
});

describe('seriesStyle', () => {
  it('gives series the palette in order, one colour each for the first eight', () => {
    const styles = Array.from({ length: 9 }, (_, i) => seriesStyle(i));
    expect(styles.map((s) => s.colour)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '1']);
    expect(new Set(styles.slice(0, 7).map((s) => s.marker)).size).toBe(7);
    expect(styles[0]).toEqual({ colour: '1', dash: 0, marker: 0, pattern: 0 });
  });
  it('cycles through every colour of the theme palette', () => {
    expect(CHART_COLOURS).toBe(lightColours.chart.length);
    expect(CHART_COLOURS).toBe(darkColours.chart.length);
  });
  it('keeps the combination of cues unique for many series', () => {
    const keys = Array.from({ length: 30 }, (_, i) => {
      const s = seriesStyle(i);
      return `${s.colour}/${s.dash}/${s.marker}`;
    });
    expect(new Set(keys).size).toBe(30);
    const bars = Array.from({ length: 30 }, (_, i) => {
      const s = seriesStyle(i);
      return `${s.colour}/${s.pattern}`;
    });
    expect(new Set(bars).size).toBe(30);
  });
});
