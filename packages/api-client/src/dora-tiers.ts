import type { DoraBenchmark, DoraTier } from './schemas/dora.js';

/** Hours, exclusive upper bounds of elite, high and medium (low is everything above). */
interface HourBounds {
  elite: number;
  high: number;
  medium: number;
}

/** One report year's thresholds, as Apache DevLake encodes them (its `dora_benchmarks` table). */
export interface DoraThresholds {
  /**
   * Deployment frequency from the median number of days with a deployment per week, month or
   * half-year of the range. Elite and high are `≥ days per week` (high from days per month in
   * 2021); medium is `≥ days per month` (2023) or `≥ days per half-year` (2021).
   */
  deploymentFrequency: {
    eliteDaysPerWeek: number;
    high: { per: 'week' | 'month'; days: number };
    medium: { per: 'month' | 'halfYear'; days: number };
  };
  leadTimeForChanges: HourBounds;
  /** Rates, inclusive upper bounds. */
  changeFailureRate: { elite: number; high: number; medium: number };
  failedDeploymentRecoveryTime: HourBounds;
}

const DAY = 24;

/**
 * DORA 2023 (the default): on demand (≥ 5 deployment days a week) / weekly / monthly; lead time
 * < 1 day, < 1 week, < 30 days; change failure rate ≤ 5 %, ≤ 10 %, ≤ 15 %; recovery < 1 hour,
 * < 1 day, < 1 week.
 */
export const DORA_2023 = {
  deploymentFrequency: {
    eliteDaysPerWeek: 5,
    high: { per: 'week', days: 1 },
    medium: { per: 'month', days: 1 },
  },
  leadTimeForChanges: { elite: DAY, high: 7 * DAY, medium: 30 * DAY },
  changeFailureRate: { elite: 0.05, high: 0.1, medium: 0.15 },
  failedDeploymentRecoveryTime: { elite: 1, high: DAY, medium: 7 * DAY },
} as const satisfies DoraThresholds;

/**
 * DORA 2021: on demand / between daily and monthly (≥ 1 deployment day a month) / between monthly
 * and every six months (≥ 1 a half-year); lead time < 1 hour, < 1 week, < 6 months (180 days);
 * change failure rate ≤ 15 %, ≤ 20 %, ≤ 30 %; time to restore < 1 hour, < 1 day, < 1 week.
 */
export const DORA_2021 = {
  deploymentFrequency: {
    eliteDaysPerWeek: 5,
    high: { per: 'month', days: 1 },
    medium: { per: 'halfYear', days: 1 },
  },
  leadTimeForChanges: { elite: 1, high: 7 * DAY, medium: 180 * DAY },
  changeFailureRate: { elite: 0.15, high: 0.2, medium: 0.3 },
  failedDeploymentRecoveryTime: { elite: 1, high: DAY, medium: 7 * DAY },
} as const satisfies DoraThresholds;

export const DORA_THRESHOLDS: Readonly<Record<DoraBenchmark, DoraThresholds>> = {
  'dora-2023': DORA_2023,
  'dora-2021': DORA_2021,
};

/** The tier inputs of deployment frequency: medians of deployment days per week, month, half-year. */
export interface DeploymentDays {
  deployments: number;
  medianDeploymentDaysPerWeek: number;
  medianDeploymentDaysPerMonth: number;
  /** Needed by the 2021 thresholds only; 0 when not given. */
  medianDeploymentDaysPerSixMonths?: number;
}

const below = (value: number, t: HourBounds): DoraTier =>
  value < t.elite ? 'elite' : value < t.high ? 'high' : value < t.medium ? 'medium' : 'low';

/** The four tier rules of one report year. Tiers are hints, not grades (dora.dev). */
export interface DoraTierRules {
  /** Null without deployments: "none recorded" more often means "not connected" than "low". */
  deploymentFrequency(input: DeploymentDays): DoraTier | null;
  leadTimeForChanges(medianHours: number | null): DoraTier | null;
  changeFailureRate(rate: number | null): DoraTier | null;
  failedDeploymentRecoveryTime(medianHours: number | null): DoraTier | null;
}

export function tierRules(benchmark: DoraBenchmark): DoraTierRules {
  const t = DORA_THRESHOLDS[benchmark];
  const daysPer = (input: DeploymentDays, per: 'week' | 'month' | 'halfYear') =>
    per === 'week'
      ? input.medianDeploymentDaysPerWeek
      : per === 'month'
        ? input.medianDeploymentDaysPerMonth
        : (input.medianDeploymentDaysPerSixMonths ?? 0);
  return {
    deploymentFrequency(input) {
      const df = t.deploymentFrequency;
      if (input.deployments === 0) return null;
      if (input.medianDeploymentDaysPerWeek >= df.eliteDaysPerWeek) return 'elite';
      if (daysPer(input, df.high.per) >= df.high.days) return 'high';
      if (daysPer(input, df.medium.per) >= df.medium.days) return 'medium';
      return 'low';
    },
    leadTimeForChanges: (hours) => (hours === null ? null : below(hours, t.leadTimeForChanges)),
    changeFailureRate(rate) {
      if (rate === null) return null;
      const c = t.changeFailureRate;
      return rate <= c.elite ? 'elite' : rate <= c.high ? 'high' : rate <= c.medium ? 'medium' : 'low';
    },
    failedDeploymentRecoveryTime: (hours) =>
      hours === null ? null : below(hours, t.failedDeploymentRecoveryTime),
  };
}

const TIERS_2023 = tierRules('dora-2023');

/** DORA 2023 deployment frequency tier (see `tierRules` for another report year). */
export function deploymentFrequencyTier(input: DeploymentDays): DoraTier | null {
  return TIERS_2023.deploymentFrequency(input);
}

export function leadTimeTier(medianHours: number | null): DoraTier | null {
  return TIERS_2023.leadTimeForChanges(medianHours);
}

export function changeFailureRateTier(rate: number | null): DoraTier | null {
  return TIERS_2023.changeFailureRate(rate);
}

export function recoveryTimeTier(medianHours: number | null): DoraTier | null {
  return TIERS_2023.failedDeploymentRecoveryTime(medianHours);
}

const ORDER: readonly DoraTier[] = ['low', 'medium', 'high', 'elite'];

/** Overall tier: the lowest among metrics with data (DORA defines no overall score; this is conservative). */
export function overallTier(tiers: ReadonlyArray<DoraTier | null>): DoraTier | null {
  const known = tiers.filter((t): t is DoraTier => t !== null);
  if (known.length === 0) return null;
  return ORDER[Math.min(...known.map((t) => ORDER.indexOf(t)))] ?? null;
}

/** Lower median (the value at rank ⌈n/2⌉), as DevLake computes it; null for no values. */
export function lowerMedian(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1] ?? null;
}
