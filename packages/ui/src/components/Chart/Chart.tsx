'use client';

/**
 * Shared internals of LineChart and BarChart: measuring, axes, grid, legend, hover tooltip, the
 * loading, empty and error states and the data-table alternative. The charts only draw their marks.
 */
import { scaleBand, scalePoint } from 'd3-scale';
import { forwardRef, useCallback, useId, useLayoutEffect, useMemo, useState } from 'react';
import type { CSSProperties, PointerEvent as ReactPointerEvent, ReactNode, Ref } from 'react';
import { useTheme } from '../../theme/ThemeRoot.js';
import { visuallyHidden } from '../../theme/root.css.js';
import { Button } from '../Button/index.js';
import { EmptyState } from '../EmptyState/index.js';
import { ErrorState } from '../ErrorState/index.js';
import { errorContent } from '../ErrorState/errorContent.js';
import type { ErrorInput } from '../ErrorState/errorContent.js';
import * as styles from './Chart.css.js';
import {
  baselineValue,
  computeDomain,
  createYScale,
  estimateTextWidth,
  hasData,
  isolate,
  labelInterval,
  nearestIndex,
  placeLabels,
  thinIndices,
  toTableModel,
  truncateText,
  valueAt,
  yTickCount,
} from './scales.js';
import type { ChartData, ChartYDomain, LinearScale } from './scales.js';

/** User-visible strings, overridable for i18n through the `labels` prop. */
export interface ChartLabels {
  /** The toggle under the chart that reveals the data table. */
  showTable: string;
  /** The same toggle while the table is shown. */
  hideTable: string;
  /** Shown instead of the chart when there are no labels or every value is null. */
  empty: string;
  /** Read by screen readers while `loading`. */
  loading: string;
  /** Table cell text for a null value. */
  noData: string;
  /** Header of the table's first column (the x labels). */
  labelColumn: string;
  /** Title of the error state (`error`). */
  error: string;
  /** The error state's retry button (`onRetry`). */
  retry: string;
  /** The error state's disclosure of an Error's message. */
  errorDetails: string;
}

export const defaultChartLabels: ChartLabels = {
  showTable: 'Show data table',
  hideTable: 'Hide data table',
  empty: 'No data to display',
  loading: 'Loading chart',
  noData: 'No data',
  labelColumn: 'Label',
  error: 'Could not load this chart',
  retry: 'Try again',
  errorDetails: 'Technical details',
};

export interface ChartBaseProps {
  /**
   * Required. The values, as the API sends them: `labels` (the x axis, in order) and `series` (each a
   * `name` and one value per label; `null` for no data). No labels, or only nulls, shows the empty
   * state.
   */
  data: ChartData;
  /**
   * Required. Accessible name of the chart, caption of its data table, and the lead of its loading,
   * empty and error messages (so it is clear which chart they are about).
   */
  title: string;
  /** A short summary of what the chart shows (its finding), read after the title; not shown on screen. */
  description?: string;
  /** Height of the drawing in px, x axis included (the legend and table toggle come below). Default 240. */
  height?: number;
  /**
   * Fix one or both ends of the y axis: `[0, 100]`, `[null, 10]` (a `null` end is computed). Default:
   * the axis fits the data and 0, rounded out to whole ticks.
   */
  yDomain?: ChartYDomain;
  /**
   * Appended to every formatted value (axis, tooltip, table), after `formatValue`: `'%'`, `' h'`
   * (include any space). Default none.
   */
  unit?: string;
  /** Formats each value (axis, tooltip, table). Default: `Intl.NumberFormat` for the ThemeRoot's locale. */
  formatValue?: (value: number) => string;
  /**
   * Formats each x label, given the label and its index (axis, tooltip, table). Default: the label as
   * it is. Long labels are shortened on the axis only.
   */
  formatLabel?: (label: string, index: number) => string;
  /** Shows a placeholder of the chart's height and marks the chart busy. Default false. */
  loading?: boolean;
  /**
   * Shows the kit's ErrorState instead of the chart: `true`, a message, or the caught Error (its
   * message goes under "Technical details"). Wins over `loading`; use `retrying` while retrying.
   */
  error?: ErrorInput;
  /** With `error`: shows a retry button. */
  onRetry?: () => void;
  /** With `error`: the retry is under way (the button is busy and ignores clicks). */
  retrying?: boolean;
  /**
   * What shows when there is nothing to draw (no labels, or every value `null`). Default: an
   * EmptyState titled `labels.empty` ("No data to display").
   */
  empty?: ReactNode;
  /**
   * Replaces any of the chart's strings, for translation: `showTable`, `hideTable`, `empty`,
   * `loading`, `noData`, `labelColumn`, `error`, `retry`, `errorDetails`. Default: the English
   * `defaultChartLabels`.
   */
  labels?: Partial<ChartLabels>;
  /** Width used before the container is measured (server render, first paint). Default 600. */
  initialWidth?: number;
  /**
   * The index of the x label whose hover tooltip (and guide) shows on first render, as if the pointer
   * were over it; the pointer moves it as usual. Default: none.
   */
  defaultActiveIndex?: number;
  /** Shows the data table on first render; its button hides it as usual. Default false. */
  defaultTableShown?: boolean;
  /** Extra class on the chart's root element. */
  className?: string;
  /** `id` of the chart's root element. */
  id?: string;
}

/** Everything a chart needs to draw its marks. Coordinates are in SVG pixels (physical, left = 0). */
export interface PlotContext {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  /** Centre x of each label (mirrored in RTL). */
  centers: number[];
  /** Distance between adjacent labels. */
  step: number;
  /** Left edge of each label's band (bars), and its width; 0 for point axes. */
  bandStarts: number[];
  bandwidth: number;
  y: LinearScale;
  /** Pixel y of the value bars and areas grow from (0, clamped into the domain). */
  baseline: number;
  rtl: boolean;
  /** Label index under the pointer, if any. */
  active: number | null;
  /** Prefix for SVG ids (patterns), unique per chart. */
  uid: string;
}

export interface ChartShellProps extends ChartBaseProps {
  xKind: 'point' | 'band';
  stacked?: boolean;
  /** SVG defs (patterns) for the marks and swatches. */
  defs?: (uid: string) => ReactNode;
  /** Legend/tooltip swatch for a series, drawn in a `swatchSize` SVG. */
  swatch: (seriesIndex: number, uid: string) => ReactNode;
  swatchSize: readonly [number, number];
  children: (ctx: PlotContext) => ReactNode;
}

const FONT_SIZE = 12;
const TICK_PAD = 8;
const LABEL_GAP = 8;
/**
 * Long x labels are cut to X_LABEL_MAX; when every label can get at least X_LABEL_MIN px, they are
 * cut to one step instead, so that all categories stay labelled (dense axes are thinned instead).
 */
const X_LABEL_MAX = 140;
const X_LABEL_MIN = 40;
const PLOT_TOP = 10;
const X_AXIS_HEIGHT = FONT_SIZE + 14;
const END_PAD = 12;

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');
const identity = (label: string) => label;
/** Largest of `values` (0 when empty); no spread, so thousands of labels are fine. */
const maxOf = (values: readonly number[]) => values.reduce((m, v) => Math.max(m, v), 0);

/** Width of an element, kept up to date with ResizeObserver; `fallback` until measured (and on the server). */
function useElementWidth(element: HTMLElement | null, fallback: number) {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    if (!element) return;
    const update = (w: number) => {
      if (w > 0) setWidth(Math.floor(w));
    };
    update(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) update(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

function setRef<T>(ref: Ref<T> | undefined, value: T) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

export const ChartShell = forwardRef<HTMLDivElement, ChartShellProps>(function ChartShell(
  {
    data,
    title,
    description,
    height = 240,
    yDomain,
    unit,
    formatValue,
    formatLabel = identity,
    loading = false,
    error,
    onRetry,
    retrying,
    empty: emptyContent,
    labels: labelOverrides,
    initialWidth = 600,
    className,
    id,
    xKind,
    stacked = false,
    defaultActiveIndex,
    defaultTableShown = false,
    defs,
    swatch,
    swatchSize,
    children,
  },
  ref,
) {
  const { dir, locale } = useTheme();
  const rtl = dir === 'rtl';
  const labels = { ...defaultChartLabels, ...labelOverrides };
  const uid = `cp-chart${useId().replace(/[^\w-]/g, '')}`;
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const rootRef = useCallback(
    (el: HTMLDivElement | null) => {
      setElement(el);
      setRef(ref, el);
    },
    [ref],
  );
  const width = useElementWidth(element, initialWidth);
  const [tableShown, setTableShown] = useState(defaultTableShown);
  const [active, setActive] = useState<number | null>(defaultActiveIndex ?? null);

  const numberFormat = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const format = useCallback(
    (v: number) => `${formatValue ? formatValue(v) : numberFormat.format(v)}${unit ?? ''}`,
    [formatValue, numberFormat, unit],
  );

  const empty = !hasData(data);
  const failure = errorContent(error);
  const failed = failure !== null;
  const n = data.labels.length;

  const layout = useMemo(() => {
    if (empty || loading || failed) return null;
    const plotTop = PLOT_TOP;
    const plotBottom = Math.max(plotTop + 20, height - X_AXIS_HEIGHT);
    const tickCount = yTickCount(plotBottom - plotTop);
    const domain = computeDomain(data, { stacked, override: yDomain });
    const y = createYScale(domain, [plotBottom, plotTop], tickCount, yDomain);
    const ticks = y.ticks(tickCount).map((value) => ({ value, text: format(value) }));
    const widest = maxOf(ticks.map((t) => estimateTextWidth(t.text, FONT_SIZE)));
    const yAxisWidth = Math.min(Math.ceil(widest) + TICK_PAD + 2, Math.floor(width * 0.4));
    const left = rtl ? END_PAD : yAxisWidth;
    const right = Math.max(left + 1, width - (rtl ? yAxisWidth : END_PAD));
    const range: [number, number] = rtl ? [right, left] : [left, right];
    const indices = data.labels.map((_, i) => i);

    let centers: number[];
    let bandStarts: number[];
    let bandwidth = 0;
    let step: number;
    if (xKind === 'band') {
      const x = scaleBand<number>().domain(indices).range(range).paddingInner(0.2).paddingOuter(0.1);
      bandwidth = x.bandwidth();
      step = x.step();
      bandStarts = indices.map((i) => x(i) ?? 0);
      centers = bandStarts.map((s) => s + bandwidth / 2);
    } else {
      const x = scalePoint<number>().domain(indices).range(range).padding(0.5);
      step = x.step();
      centers = indices.map((i) => x(i) ?? 0);
      bandStarts = centers;
    }

    const perStep = step - LABEL_GAP;
    const labelBudget = Math.min(
      right - left,
      perStep >= X_LABEL_MIN ? Math.min(X_LABEL_MAX, perStep) : X_LABEL_MAX,
    );
    const texts = data.labels.map((l, i) => truncateText(formatLabel(l, i), labelBudget, FONT_SIZE));
    const widths = texts.map((t) => estimateTextWidth(t, FONT_SIZE));
    const interval = labelInterval(step, maxOf(widths), LABEL_GAP);
    const xLabels = placeLabels(
      thinIndices(n, interval).map((index) => ({ index, x: centers[index] ?? 0, width: widths[index] ?? 0 })),
      0,
      width,
      LABEL_GAP,
    ).map((box) => ({ ...box, text: texts[box.index] ?? '' }));

    return {
      plot: { left, right, top: plotTop, bottom: plotBottom },
      y,
      ticks,
      centers,
      bandStarts,
      bandwidth,
      step,
      xLabels,
      baseline: y(baselineValue(y.domain())),
    };
  }, [empty, loading, failed, data, height, stacked, yDomain, format, width, rtl, xKind, formatLabel, n]);

  const table = useMemo(
    () => toTableModel(data, format, formatLabel, labels.noData),
    [data, format, formatLabel, labels.noData],
  );

  const activeIndex = active !== null && active < n ? active : null;
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!layout) return;
    const box = e.currentTarget.getBoundingClientRect();
    const x = e.clientX - box.left;
    const { left, right } = layout.plot;
    const slack = Math.max(layout.step / 2, 4);
    setActive(x < left - slack || x > right + slack ? null : nearestIndex(layout.centers, x));
  };

  const rootStyle = { [styles.cssVar.height]: `${height}px` } as CSSProperties;
  const rootClass = cx(styles.root, className);
  const descId = `${uid}-desc`;
  const tableId = `${uid}-table`;
  const captionId = `${uid}-caption`;

  // The chart's title leads the state's heading, so "which chart?" is answered when it is read.
  const titled = (text: string) => (
    <>
      <span className={visuallyHidden}>{`${title}: `}</span>
      {text}
    </>
  );

  if (failure) {
    return (
      <div ref={rootRef} id={id} className={rootClass} style={rootStyle}>
        <div className={styles.state}>
          <ErrorState
            size="sm"
            title={titled(labels.error)}
            message={failure.message}
            details={failure.details}
            onRetry={onRetry}
            retrying={retrying}
            labels={{ retry: labels.retry, details: labels.errorDetails }}
          />
        </div>
      </div>
    );
  }

  if (loading) {
    return (
      <div ref={rootRef} id={id} className={rootClass} style={rootStyle} aria-busy="true">
        <div className={styles.skeleton} aria-hidden="true" />
        <p className={visuallyHidden}>{`${title}: ${labels.loading}`}</p>
      </div>
    );
  }

  if (!layout) {
    return (
      <div ref={rootRef} id={id} className={rootClass} style={rootStyle}>
        <div className={styles.state}>
          {emptyContent ?? <EmptyState size="sm" title={titled(labels.empty)} />}
        </div>
      </div>
    );
  }

  const { plot, y, ticks, xLabels } = layout;
  const ctx: PlotContext = {
    width,
    height,
    plot,
    centers: layout.centers,
    step: layout.step,
    bandStarts: layout.bandStarts,
    bandwidth: layout.bandwidth,
    y,
    baseline: layout.baseline,
    rtl,
    active: activeIndex,
    uid,
  };
  const [swatchW, swatchH] = swatchSize;
  const renderSwatch = (si: number) => (
    <svg
      className={styles.swatch}
      width={swatchW}
      height={swatchH}
      viewBox={`0 0 ${swatchW} ${swatchH}`}
      aria-hidden="true"
    >
      {swatch(si, uid)}
    </svg>
  );
  const activeX = activeIndex !== null ? (layout.centers[activeIndex] ?? 0) : 0;
  const tipStyle = {
    [styles.cssVar.tipTop]: `${plot.top}px`,
    [styles.cssVar.tipLeft]: activeX <= width / 2 ? `${activeX + 12}px` : 'auto',
    [styles.cssVar.tipRight]: activeX <= width / 2 ? 'auto' : `${width - activeX + 12}px`,
  } as CSSProperties;
  const clipPad = 6;
  const tableElement = (
    <table className={styles.table}>
      <caption id={captionId} className={styles.caption}>
        {title}
      </caption>
      <thead>
        <tr>
          <th scope="col" className={styles.columnHeader}>
            {labels.labelColumn}
          </th>
          {table.columns.map((c, ci) => (
            <th key={ci} scope="col" className={styles.columnHeader}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, ri) => (
          <tr key={ri}>
            <th scope="row" className={styles.rowHeader}>
              {row.label}
            </th>
            {row.cells.map((cell, ci) => (
              <td key={ci} className={styles.valueCell}>
                <bdi>{cell}</bdi>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <div ref={rootRef} id={id} className={rootClass} style={rootStyle}>
      {/* Pointer-only enhancement: the same values are in the data table, reachable by keyboard. */}
      <div className={styles.plot} onPointerMove={onPointerMove} onPointerLeave={() => setActive(null)}>
        <svg
          className={styles.svg}
          role="img"
          aria-label={title}
          aria-describedby={description ? descId : undefined}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          data-part="chart"
        >
          <defs>
            {defs?.(uid)}
            <clipPath id={`${uid}-clip`}>
              <rect
                x={plot.left - clipPad}
                y={plot.top - clipPad}
                width={plot.right - plot.left + clipPad * 2}
                height={plot.bottom - plot.top + clipPad * 2}
              />
            </clipPath>
          </defs>
          <g data-part="grid">
            {ticks.map((t) => (
              <line
                key={t.value}
                className={styles.gridLine}
                x1={plot.left}
                x2={plot.right}
                y1={y(t.value)}
                y2={y(t.value)}
              />
            ))}
          </g>
          <g data-part="y-axis">
            {ticks.map((t) => (
              <text
                key={t.value}
                className={styles.yTick}
                x={rtl ? plot.right + TICK_PAD : plot.left - TICK_PAD}
                y={y(t.value)}
                dy="0.32em"
              >
                {isolate(t.text)}
              </text>
            ))}
          </g>
          <g data-part="x-axis">
            {xLabels.map((l) => (
              <text
                key={l.index}
                className={styles.xTick}
                x={l.x}
                y={plot.bottom + 8}
                dy="0.71em"
                data-index={l.index}
              >
                {isolate(l.text)}
              </text>
            ))}
          </g>
          {activeIndex !== null &&
            (xKind === 'band' ? (
              <rect
                className={styles.activeBand}
                x={(layout.bandStarts[activeIndex] ?? 0) - (layout.step - layout.bandwidth) / 2}
                y={plot.top}
                width={layout.step}
                height={plot.bottom - plot.top}
              />
            ) : (
              <line className={styles.guideLine} x1={activeX} x2={activeX} y1={plot.top} y2={plot.bottom} />
            ))}
          <line
            className={styles.axisLine}
            x1={plot.left}
            x2={plot.right}
            y1={layout.baseline}
            y2={layout.baseline}
          />
          <g clipPath={`url(#${uid}-clip)`} data-part="marks">
            {children(ctx)}
          </g>
        </svg>
        {activeIndex !== null && (
          <div className={styles.tooltip} style={tipStyle} aria-hidden="true" data-part="tooltip">
            <div className={styles.tooltipTitle}>
              {formatLabel(data.labels[activeIndex] ?? '', activeIndex)}
            </div>
            {data.series.map((s, si) => {
              const v = valueAt(s, activeIndex);
              return (
                <div key={si} className={styles.tooltipRow}>
                  {renderSwatch(si)}
                  <span className={styles.tooltipName}>{s.name}</span>
                  <bdi className={styles.tooltipValue}>{v === null ? labels.noData : format(v)}</bdi>
                </div>
              );
            })}
          </div>
        )}
      </div>
      {description && (
        <p id={descId} className={visuallyHidden}>
          {description}
        </p>
      )}
      {data.series.length > 1 && (
        <ul className={styles.legend} data-part="legend">
          {data.series.map((s, si) => (
            <li key={si} className={styles.legendItem}>
              {renderSwatch(si)}
              <span>{s.name}</span>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.toolbar}>
        <Button
          variant="ghost"
          tone="neutral"
          size="sm"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((v) => !v)}
        >
          {tableShown ? labels.hideTable : labels.showTable}
        </Button>
      </div>
      {/* Always in the accessibility tree; the button only reveals it visually. When shown it can
          scroll, so it becomes a named, focusable region (keyboard users must be able to scroll it). */}
      <section
        id={tableId}
        className={tableShown ? styles.tableWrap : visuallyHidden}
        aria-labelledby={tableShown ? captionId : undefined}
        tabIndex={tableShown ? 0 : undefined}
      >
        {tableElement}
      </section>
    </div>
  );
});
