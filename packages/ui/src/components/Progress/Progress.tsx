'use client';

import { Progress as ArkProgress } from '@ark-ui/react/progress';
import { forwardRef, useId } from 'react';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from '../../theme/root.css.js';
import type { Tone } from '../../theme/tokens.js';
import { clampPosition, clampProgress, markerAlign, percent } from './clamp.js';
import * as styles from './Progress.css.js';

export type ProgressTone = Tone;
export type ProgressSize = 'sm' | 'md' | 'lg';

export interface ProgressMarker {
  /** Where the tick sits on the track, 0–100 (clamped). */
  position: number;
  /** Shown under the tick and read as the progress bar's description, e.g. "Check-in: 60 days before the end". */
  label: string;
}

export interface ProgressProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dir' | 'defaultValue' | 'onChange'> {
  /** 0–100 (clamped). `null` shows an indeterminate (busy) bar. */
  value: number | null;
  /** What is progressing; the progress bar's accessible name. */
  label: ReactNode;
  /** Keep the label for screen readers only. Default false. */
  hideLabel?: boolean;
  /**
   * Replaces the formatted percentage ("40 %", in the locale's digits), e.g. "12 of 30 days".
   * A string is also given to assistive technology as `aria-valuetext`.
   */
  valueText?: ReactNode;
  /** Show the value text. Default true (it is never shown while indeterminate, unless `valueText` is set). */
  showValueText?: boolean;
  /** Fill colour. Default `accent`. */
  tone?: ProgressTone;
  /** Track thickness: sm 4 px, md 8 px (default), lg 12 px. */
  size?: ProgressSize;
  /** A tick on the track at a position, with a visible label that also describes the bar. */
  marker?: ProgressMarker;
}

/** A linear progress bar (Ark Progress) with an optional labelled marker; mirrors in RTL. */
export const Progress = forwardRef<HTMLDivElement, ProgressProps>(function Progress(
  {
    value,
    label,
    hideLabel = false,
    valueText,
    showValueText = true,
    tone = 'accent',
    size = 'md',
    marker,
    className,
    style,
    ...rest
  },
  ref,
) {
  const id = useId();
  const labelId = `${id}-label`;
  const markerId = `${id}-marker`;
  const clamped = clampProgress(value);
  const indeterminate = clamped === null;
  const markerPosition = marker ? percent(clampPosition(marker.position)) : undefined;
  const showText = valueText !== undefined ? showValueText : showValueText && !indeterminate;
  const inlineVars = (markerPosition ? { [styles.MARKER_PROPERTY]: markerPosition } : {}) as CSSProperties;

  return (
    <ArkProgress.Root
      ref={ref}
      value={clamped}
      min={0}
      max={100}
      formatOptions={{ style: 'percent', maximumFractionDigits: 0 }}
      ids={{ label: labelId }}
      className={[styles.root({ tone, size }), className].filter(Boolean).join(' ')}
      style={{ ...inlineVars, ...style }}
      {...rest}
    >
      <div className={hideLabel && !showText ? visuallyHidden : styles.header}>
        <ArkProgress.Label className={hideLabel ? visuallyHidden : styles.label}>{label}</ArkProgress.Label>
        {showText && <ArkProgress.ValueText className={styles.valueText}>{valueText}</ArkProgress.ValueText>}
      </div>
      <div className={styles.trackArea}>
        <ArkProgress.Track
          className={styles.track}
          aria-labelledby={labelId}
          aria-describedby={marker ? markerId : undefined}
          aria-valuetext={typeof valueText === 'string' ? valueText : undefined}
        >
          <ArkProgress.Range className={styles.range} />
        </ArkProgress.Track>
        {marker && <span className={styles.tick} aria-hidden="true" data-part="marker" />}
      </div>
      {marker && (
        <span id={markerId} className={styles.markerLabel} data-align={markerAlign(marker.position)}>
          {marker.label}
        </span>
      )}
    </ArkProgress.Root>
  );
});
