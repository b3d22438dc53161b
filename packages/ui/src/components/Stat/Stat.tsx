'use client';

import type { ReactNode } from 'react';
import type { Tone } from '../../theme/tokens.js';
import { visuallyHidden } from '../../theme/root.css.js';
import { Button } from '../Button/index.js';
import { WarningIcon } from '../ErrorState/ErrorState.js';
import { errorContent } from '../ErrorState/errorContent.js';
import type { ErrorInput } from '../ErrorState/errorContent.js';
import { Skeleton } from '../Skeleton/index.js';
import * as styles from './Stat.css.js';
import { isMissingValue } from './missingValue.js';
import { ArrowDown, ArrowUp, type LucideIcon, Minus } from 'lucide-react';
import { Icon } from '../Icon/index.js';

export type StatDirection = 'up' | 'down' | 'flat';
export type StatSize = 'sm' | 'md' | 'lg';

export interface StatDelta {
  /** Required. The change, formatted by the caller: `'12%'`, `'+€1,200'`. */
  value: ReactNode;
  /**
   * Required. `up` · `down` · `flat`: picks the arrow, the word read before the change ("up 12%") and
   * the default tone.
   */
  direction: StatDirection;
  /**
   * Whether the change is good or bad: `neutral` · `accent` · `success` · `warning` · `danger` ·
   * `info`. Default: up → `success`, down → `danger`, flat → `neutral`; pass e.g. `'success'` for
   * costs going down.
   */
  tone?: Tone;
  /** Comparison shown after the change in muted text, e.g. "from previous period". Default none. */
  period?: ReactNode;
}

export interface StatLabels {
  /** Spoken before the change, so the direction is never conveyed by colour or arrow alone. */
  up: string;
  /** Spoken before a fall. */
  down: string;
  /** Spoken before a `flat` change. */
  flat: string;
  /** Announced instead of the value while loading. */
  loading: string;
  /** Read for the dash shown when there is no value. */
  noValue: string;
  /** Shown with `error` (unless it is a message of its own). */
  error: string;
  /** The retry button (`onRetry`). */
  retry: string;
}

export const defaultStatLabels: StatLabels = {
  up: 'up',
  down: 'down',
  flat: 'unchanged',
  loading: 'Loading',
  noValue: 'No data',
  error: 'Could not load',
  retry: 'Try again',
};

export interface StatProps {
  /** Required. What the figure is ("Open cases"), shown above the value (the `<dt>` of the stat). */
  label: ReactNode;
  /**
   * The figure, formatted by the caller. A missing value (`undefined`, `null`, `''`, `false`, NaN,
   * ±Infinity) shows a dash, read as `labels.noValue`, without the unit.
   */
  value?: ReactNode;
  /** Shown after the value in smaller type (`'hrs'`, `'%'`, `'cases'`). */
  unit?: ReactNode;
  /**
   * The change against a previous period, under the value: `{ value, direction, tone?, period? }`,
   * read as e.g. "up 12% from previous period". Not shown with `error`. Default none.
   */
  delta?: StatDelta;
  /** A line of muted text at the bottom: what the figure counts, or how it is worked out. Default none. */
  helpText?: ReactNode;
  /** Shows skeletons for the value and the delta and marks the stat busy. Default false. */
  loading?: boolean;
  /**
   * The value failed to load: a dash, and `labels.error` (or the message given) in place of the
   * change. `true`, a message, or the caught Error (not shown: there is no room for details). Wins
   * over `loading`.
   */
  error?: ErrorInput;
  /** With `error`: shows a small retry button. */
  onRetry?: () => void;
  /** With `error`: the retry is under way (the button is busy and ignores clicks). */
  retrying?: boolean;
  /** Size of the value: `sm` · `md` (default) · `lg`. The label, change and help text keep their size. */
  size?: StatSize;
  /**
   * Replaces any of the stat's strings, for translation: the spoken direction (`up`, `down`,
   * `flat`), `loading`, `noValue`, `error`, `retry`. Default: the English `defaultStatLabels`.
   */
  labels?: Partial<StatLabels>;
  /** Extra class on the stat's root element (a `<dl>`). */
  className?: string;
  /** `id` of the stat's root element. */
  id?: string;
}

const defaultTone: Record<StatDirection, Tone> = { up: 'success', down: 'danger', flat: 'neutral' };

const ARROWS: Record<StatDirection, LucideIcon> = { up: ArrowUp, down: ArrowDown, flat: Minus };

function Arrow({ direction }: { direction: StatDirection }) {
  return <Icon icon={ARROWS[direction]} size={14} className={styles.arrow} />;
}

/**
 * A key figure: label, value (with unit), change against a previous period and help text. The change
 * is read as e.g. "up 12% from previous period": the direction is in the text, not only in colour.
 */
export function Stat({
  label,
  value,
  unit,
  delta,
  helpText,
  loading: loadingProp = false,
  error,
  onRetry,
  retrying,
  size = 'md',
  labels: labelOverrides,
  className,
  id,
}: StatProps) {
  const labels = { ...defaultStatLabels, ...labelOverrides };
  const tone = delta ? (delta.tone ?? defaultTone[delta.direction]) : 'neutral';
  const failure = errorContent(error);
  const loading = loadingProp && !failure;
  const missing = isMissingValue(value);
  return (
    <dl
      id={id}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      className={[styles.root, className].filter(Boolean).join(' ')}
    >
      <dt className={styles.label}>{label}</dt>
      <dd
        className={[styles.value, styles.valueSize[size]].join(' ')}
        aria-hidden={failure ? true : undefined}
      >
        {failure ? (
          '—'
        ) : loading ? (
          <>
            <span className={styles.skeletonValue}>
              <Skeleton width={120} height={size === 'lg' ? 32 : size === 'md' ? 26 : 20} />
            </span>
            <span className={visuallyHidden}>{labels.loading}</span>
          </>
        ) : missing ? (
          <span className={styles.valueText}>
            <span aria-hidden="true">—</span>
            <span className={visuallyHidden}>{labels.noValue}</span>
          </span>
        ) : (
          <>
            <span className={styles.valueText}>{value}</span>
            {unit != null && <span className={styles.unit}>{unit}</span>}
          </>
        )}
      </dd>
      {failure && (
        <dd className={[styles.delta, styles.deltaTone.danger].join(' ')} data-error="">
          <span className={styles.deltaChange}>
            <WarningIcon className={styles.arrow} />
            {failure.message ?? labels.error}
          </span>
          {onRetry && (
            <Button size="sm" variant="outline" tone="neutral" loading={retrying} onClick={() => onRetry()}>
              {labels.retry}
            </Button>
          )}
        </dd>
      )}
      {delta &&
        !failure &&
        (loading ? (
          <dd className={styles.delta}>
            <Skeleton shape="text" width={140} />
          </dd>
        ) : (
          <dd className={styles.delta} data-direction={delta.direction} data-tone={tone}>
            <span className={[styles.deltaChange, styles.deltaTone[tone]].join(' ')}>
              <Arrow direction={delta.direction} />
              <span className={visuallyHidden}>{`${labels[delta.direction]} `}</span>
              <span>{delta.value}</span>
            </span>
            {delta.period != null && (
              <>
                {' '}
                <span className={styles.period}>{delta.period}</span>
              </>
            )}
          </dd>
        ))}
      {helpText != null && <dd className={styles.help}>{helpText}</dd>}
    </dl>
  );
}
