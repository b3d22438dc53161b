'use client';

import { scaleBand } from 'd3-scale';
import { forwardRef } from 'react';
import type { CSSProperties } from 'react';
import * as styles from './Chart.css.js';
import { ChartShell } from './Chart.js';
import type { ChartBaseProps, PlotContext } from './Chart.js';
import { seriesStyle, stackSeries, valueAt } from './scales.js';
import type { ChartData } from './scales.js';

export interface BarChartProps extends ChartBaseProps {
  /**
   * Stack the series in one bar per label (negative values stack below 0) instead of grouping them
   * side by side; the y axis then fits the totals. Default false.
   */
  stacked?: boolean;
}

/** Fill patterns overlaid on bars of series 2+ (a cue besides colour): stripes, dots, cross-hatch, lines. */
function BarPatterns({ uid }: { uid: string }) {
  const common = { width: 6, height: 6, patternUnits: 'userSpaceOnUse' } as const;
  return (
    <>
      <pattern id={`${uid}-pattern-1`} {...common} patternTransform="rotate(45)">
        <line className={styles.patternInk} x1={3} y1={0} x2={3} y2={6} />
      </pattern>
      <pattern id={`${uid}-pattern-2`} {...common}>
        <circle className={styles.patternDot} cx={3} cy={3} r={1.25} />
      </pattern>
      <pattern id={`${uid}-pattern-3`} {...common} patternTransform="rotate(45)">
        <line className={styles.patternInk} x1={3} y1={0} x2={3} y2={6} />
        <line className={styles.patternInk} x1={0} y1={3} x2={6} y2={3} />
      </pattern>
      <pattern id={`${uid}-pattern-4`} {...common}>
        <line className={styles.patternInk} x1={0} y1={3} x2={6} y2={3} />
      </pattern>
    </>
  );
}

const patternStyle = (uid: string, pattern: number) =>
  ({ [styles.cssVar.pattern]: `url(#${uid}-pattern-${pattern})` }) as CSSProperties;

/** Bars narrower than this get no pattern overlay (it would only add noise). */
const PATTERN_MIN_WIDTH = 4;

function Bar({
  index,
  x,
  y,
  width,
  height,
  series,
  uid,
}: {
  x: number;
  y: number;
  width: number;
  height: number;
  series: number;
  uid: string;
  /** Label index, exposed as `data-bar` (tests, host styling hooks). */
  index?: number;
}) {
  const st = seriesStyle(series);
  return (
    <>
      <rect
        className={[styles.bar, styles.fill[st.colour]].join(' ')}
        data-bar={index}
        x={x}
        y={y}
        width={width}
        height={height}
      />
      {st.pattern > 0 && width >= PATTERN_MIN_WIDTH && height >= 2 && (
        <rect
          className={styles.barPattern}
          style={patternStyle(uid, st.pattern)}
          x={x}
          y={y}
          width={width}
          height={height}
        />
      )}
    </>
  );
}

function BarSwatch({ index, uid }: { index: number; uid: string }) {
  return <Bar x={0} y={0} width={14} height={14} series={index} uid={uid} />;
}

function BarMarks({ ctx, data, stacked }: { ctx: PlotContext; data: ChartData; stacked: boolean }) {
  const stacks = stacked ? stackSeries(data) : null;
  const seriesIndices = data.series.map((_, i) => i);
  const group = scaleBand<number>()
    .domain(seriesIndices)
    .range(ctx.rtl ? [ctx.bandwidth, 0] : [0, ctx.bandwidth])
    .paddingInner(seriesIndices.length > 1 ? 0.08 : 0);
  return (
    <>
      {data.series.map((s, si) => (
        <g key={si} data-series={si}>
          {data.labels.map((_, i) => {
            const v = valueAt(s, i);
            if (v === null) return null;
            let x: number;
            let w: number;
            let from: number;
            let to: number;
            if (stacks) {
              const seg = stacks[si]?.[i];
              if (!seg) return null;
              x = ctx.bandStarts[i] ?? 0;
              w = ctx.bandwidth;
              from = ctx.y(seg[0]);
              to = ctx.y(seg[1]);
            } else {
              x = (ctx.bandStarts[i] ?? 0) + (group(si) ?? 0);
              w = group.bandwidth();
              from = ctx.baseline;
              to = ctx.y(v);
            }
            let top = Math.min(from, to);
            let h = Math.abs(to - from);
            // A zero (or tiny) value is still data: show a hairline, unlike null which draws nothing.
            if (!stacks && h < 1) {
              h = 1;
              top = v >= 0 ? from - 1 : from;
            }
            if (w < 1) {
              x -= (1 - w) / 2;
              w = 1;
            }
            return <Bar key={i} index={i} x={x} y={top} width={w} height={h} series={si} uid={ctx.uid} />;
          })}
        </g>
      ))}
    </>
  );
}

/**
 * Bars over a categorical x axis: grouped side by side per label, or `stacked`. Colour and a fill
 * pattern distinguish series; nulls draw no bar; a data table is the accessible alternative.
 */
export const BarChart = forwardRef<HTMLDivElement, BarChartProps>(function BarChart(
  { stacked = false, ...props },
  ref,
) {
  return (
    <ChartShell
      ref={ref}
      {...props}
      xKind="band"
      stacked={stacked}
      defs={(uid) => <BarPatterns uid={uid} />}
      swatchSize={[14, 14]}
      swatch={(si, uid) => <BarSwatch index={si} uid={uid} />}
    >
      {(ctx) => <BarMarks ctx={ctx} data={props.data} stacked={stacked} />}
    </ChartShell>
  );
});
