import { type DateRange, DEFAULT_RANGE_DAYS, DORA_GRAINS, type DoraGrain } from '@client-portal/api-client';
import { Button, Select } from '@client-portal/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './DoraPanel.css.js';
import { formatDay } from './doraDates.js';
import {
  presetOf,
  presetRange,
  RANGE_LIMITS,
  RANGE_PRESETS,
  type RangePreset,
  rangeProblem,
} from './doraRange.js';

const CUSTOM = 'custom';

/**
 * The range and grain of the delivery figures: the last 30, 90, 180 or 365 days in one choice, or
 * a custom range within the API's limits (2000–2099, at most three years), and days, weeks or
 * months per bucket. `range` undefined is the default, the last 90 days.
 */
export function DoraRangeControls({
  range,
  shown,
  grain,
  today,
  onRangeChange,
  onGrainChange,
}: {
  range: DateRange | undefined;
  /** The range the figures cover now (the answer's), to start a custom range from. */
  shown: DateRange | undefined;
  grain: DoraGrain;
  /** Today as a UTC day: the end of every preset. */
  today: string;
  onRangeChange: (range: DateRange | undefined) => void;
  onGrainChange: (grain: DoraGrain) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const preset = presetOf(range, today);
  const [custom, setCustom] = useState(preset === CUSTOM);
  const start = range ?? shown;
  const [from, setFrom] = useState(start?.from ?? '');
  const [to, setTo] = useState(start?.to ?? '');
  const [problem, setProblem] = useState<ReturnType<typeof rangeProblem>>(null);

  // A range from outside (a link, "back") refills the fields.
  useEffect(() => {
    if (range) {
      setFrom(range.from);
      setTo(range.to);
      setCustom(presetOf(range, today) === CUSTOM);
    } else {
      setCustom(false);
    }
    setProblem(null);
  }, [range, today]);

  const choose = (value: string | null) => {
    if (value === CUSTOM) {
      setCustom(true);
      if (!from && start) setFrom(start.from);
      if (!to && start) setTo(start.to);
      return;
    }
    const days = Number(value) as RangePreset;
    if (!RANGE_PRESETS.includes(days)) return;
    setCustom(false);
    onRangeChange(days === DEFAULT_RANGE_DAYS ? undefined : presetRange(days, today));
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(from, to);
    setProblem(found);
    if (found === null) onRangeChange({ from, to });
  };

  const errorId = `${id}-error`;
  const problemText =
    problem === 'outside'
      ? t('dora.range.outside', {
          min: formatDay(RANGE_LIMITS.min, locale),
          max: formatDay(RANGE_LIMITS.max, locale),
        })
      : problem === 'tooLong'
        ? t('dora.range.tooLong', { days: RANGE_LIMITS.maxDays })
        : problem
          ? t(`dora.range.${problem}`)
          : null;

  return (
    <div className={styles.controls}>
      <div className={styles.control}>
        <Select
          label={t('dora.range.label')}
          value={custom ? CUSTOM : String(preset)}
          onValueChange={choose}
          items={[
            ...RANGE_PRESETS.map((days) => ({
              value: String(days),
              label: t('dora.range.preset', { days }),
            })),
            { value: CUSTOM, label: t('dora.range.custom') },
          ]}
        />
      </div>
      {custom ? (
        <form className={styles.custom} onSubmit={apply} noValidate aria-label={t('dora.range.custom')}>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>{t('dora.range.from')}</span>
            <input
              className={styles.dateInput}
              type="date"
              value={from}
              min={RANGE_LIMITS.min}
              max={RANGE_LIMITS.max}
              onChange={(e) => setFrom(e.target.value)}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem ? errorId : undefined}
            />
          </label>
          <label className={styles.field}>
            <span className={styles.fieldLabel}>{t('dora.range.to')}</span>
            <input
              className={styles.dateInput}
              type="date"
              value={to}
              min={RANGE_LIMITS.min}
              max={RANGE_LIMITS.max}
              onChange={(e) => setTo(e.target.value)}
              aria-invalid={problem !== null || undefined}
              aria-describedby={problem ? errorId : undefined}
            />
          </label>
          <Button type="submit" size="md" variant="outline">
            {t('dora.range.apply')}
          </Button>
          {problemText ? (
            <p id={errorId} className={styles.fieldError} role="alert">
              {problemText}
            </p>
          ) : null}
        </form>
      ) : null}
      <div className={styles.control}>
        <Select
          label={t('dora.grain.label')}
          value={grain}
          onValueChange={(value) => {
            const next = DORA_GRAINS.find((g) => g === value);
            if (next) onGrainChange(next);
          }}
          items={DORA_GRAINS.map((g) => ({ value: g, label: t(`dora.grain.${g}`) }))}
        />
      </div>
    </div>
  );
}
