'use client';

import {
  area as d3Area,
  line as d3Line,
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
} from 'd3-shape';
import { forwardRef } from 'react';
import * as styles from './Chart.css.js';
import { ChartShell } from './Chart.js';
import type { ChartBaseProps, PlotContext } from './Chart.js';
import { seriesStyle, valueAt } from './scales.js';
import type { ChartData } from './scales.js';

export interface LineChartProps extends ChartBaseProps {
  /** Fill the area between each line and the 0 baseline (tinted in the series' colour). Default false. */
  area?: boolean;
}

/** Marker shapes in series order (a cue besides colour and dash). */
const MARKER_SHAPES = [
  symbolCircle,
  symbolSquare,
  symbolTriangle,
  symbolDiamond,
  symbolCross,
  symbolStar,
  symbolWye,
];
const MARKER_SIZE = 44;
const ACTIVE_MARKER_SIZE = 110;
/** Below this spacing (px) between points, markers are drawn only for isolated points and the hovered one. */
const MARKER_MIN_STEP = 10;

const markerPath = (index: number, size: number) =>
  symbol(MARKER_SHAPES[seriesStyle(index).marker] ?? symbolCircle, size)() ?? '';

function LineSwatch({ index }: { index: number }) {
  const s = seriesStyle(index);
  return (
    <>
      <line
        className={[styles.line, styles.stroke[s.colour], styles.dash[s.dash]].join(' ')}
        x1={1}
        x2={27}
        y1={7}
        y2={7}
      />
      <path
        className={[styles.marker, styles.fill[s.colour]].join(' ')}
        d={markerPath(index, MARKER_SIZE)}
        transform="translate(14 7)"
      />
    </>
  );
}

function LineMarks({ ctx, data, area }: { ctx: PlotContext; data: ChartData; area: boolean }) {
  const indices = data.labels.map((_, i) => i);
  const x = (i: number) => ctx.centers[i] ?? 0;
  const showAll = ctx.step >= MARKER_MIN_STEP || indices.length === 1;
  return (
    <>
      {area &&
        data.series.map((s, si) => {
          const d = d3Area<number>()
            .defined((i) => valueAt(s, i) !== null)
            .x(x)
            .y0(ctx.baseline)
            .y1((i) => ctx.y(valueAt(s, i) ?? 0))(indices);
          return d ? (
            <path key={si} className={[styles.area, styles.fill[seriesStyle(si).colour]].join(' ')} d={d} />
          ) : null;
        })}
      {data.series.map((s, si) => {
        const st = seriesStyle(si);
        const d = d3Line<number>()
          .defined((i) => valueAt(s, i) !== null)
          .x(x)
          .y((i) => ctx.y(valueAt(s, i) ?? 0))(indices);
        return d ? (
          <path
            key={si}
            className={[styles.line, styles.stroke[st.colour], styles.dash[st.dash]].join(' ')}
            d={d}
            data-series={si}
          />
        ) : null;
      })}
      {data.series.map((s, si) => {
        const st = seriesStyle(si);
        const shape = markerPath(si, MARKER_SIZE);
        const activeShape = markerPath(si, ACTIVE_MARKER_SIZE);
        const markerClass = [styles.marker, styles.fill[st.colour]].join(' ');
        return (
          <g key={si} data-series={si}>
            {indices.map((i) => {
              const v = valueAt(s, i);
              if (v === null) return null;
              const isolated = valueAt(s, i - 1) === null && valueAt(s, i + 1) === null;
              const isActive = ctx.active === i;
              if (!showAll && !isolated && !isActive) return null;
              return (
                <path
                  key={i}
                  className={markerClass}
                  d={isActive ? activeShape : shape}
                  transform={`translate(${x(i)} ${ctx.y(v)})`}
                  data-point={i}
                />
              );
            })}
          </g>
        );
      })}
    </>
  );
}

/**
 * Lines over a categorical x axis (dates, weeks), one per series, with markers; nulls break the
 * line. Colour, dash pattern and marker shape distinguish series; a data table is the accessible
 * alternative.
 */
export const LineChart = forwardRef<HTMLDivElement, LineChartProps>(function LineChart(
  { area = false, ...props },
  ref,
) {
  return (
    <ChartShell
      ref={ref}
      {...props}
      xKind="point"
      swatchSize={[28, 14]}
      swatch={(si) => <LineSwatch index={si} />}
    >
      {(ctx) => <LineMarks ctx={ctx} data={props.data} area={area} />}
    </ChartShell>
  );
});
