'use client';

import { Progress as ArkProgress } from '@ark-ui/react/progress';
import { forwardRef, useId } from 'react';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { visuallyHidden } from '../../theme/root.css.js';
import type { Tone } from '../../theme/tokens.js';
import { clampPosition, clampProgress, markerAlign, percent } from './clamp.js';
import * as styles from './Progress.css.js';
import { CircleExclamationPoint, CircleCheck } from 'lucide-react';
import { Icon } from '../Icon/index.js';

export type ProgressTone = Tone;
export type ProgressSize = 'sm' | 'md' | 'lg';
/** How the work ended: `error` (it stopped with a failure) or `complete` (it is done). */
export type ProgressStatus = 'error' | 'complete';

export interface ProgressStatusLabels {
  error: string;
  complete: string;
}

export const defaultProgressStatusLabels: ProgressStatusLabels = { error: 'Failed', complete: 'Complete' };

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
  /**
   * How the work ended. `error`: a danger fill that stops where the work stopped, and the word
   * "Failed" with an icon; `complete`: a success fill and "Complete" with a check. The word is shown
   * beside the value and describes the progress bar, so the state never rests on colour alone.
   * Default: none (the bar just shows the value).
   */
  status?: ProgressStatus;
  /** The status words; translate them. Default "Failed" and "Complete". */
  statusLabels?: Partial<ProgressStatusLabels>;
}

const StatusIcon = ({ status }: { status: ProgressStatus }) => (
  <Icon
    icon={status === 'complete' ? CircleCheck : CircleExclamationPoint}
    size="sm"
    className={styles.statusIcon}
  />
);

const STATUS_TONE: Record<ProgressStatus, Tone> = { error: 'danger', complete: 'success' };

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
    status,
    statusLabels,
    className,
    style,
    ...rest
  },
  ref,
) {
  const id = useId();
  const labelId = `${id}-label`;
  const markerId = `${id}-marker`;
  const statusId = `${id}-status`;
  // A finished bar never shows the busy animation: without a value, it is empty.
  const clamped = clampProgress(value) ?? (status ? 0 : null);
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
      className={[styles.root({ tone: status ? STATUS_TONE[status] : tone, size }), className]
        .filter(Boolean)
        .join(' ')}
      data-status={status}
      style={{ ...inlineVars, ...style }}
      {...rest}
    >
      <div className={hideLabel && !showText ? visuallyHidden : styles.header}>
        <ArkProgress.Label className={hideLabel ? visuallyHidden : styles.label}>{label}</ArkProgress.Label>
        {status && (
          <span id={statusId} className={styles.status} data-status={status}>
            <StatusIcon status={status} />
            {{ ...defaultProgressStatusLabels, ...statusLabels }[status]}
          </span>
        )}
        {showText && <ArkProgress.ValueText className={styles.valueText}>{valueText}</ArkProgress.ValueText>}
      </div>
      <div className={styles.trackArea}>
        <ArkProgress.Track
          className={styles.track}
          aria-labelledby={labelId}
          aria-describedby={[status && statusId, marker && markerId].filter(Boolean).join(' ') || undefined}
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
