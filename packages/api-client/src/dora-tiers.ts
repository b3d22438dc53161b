import type { DoraTier } from './schemas/dora.js';

/**
 * DORA 2023 performance tiers, with the thresholds Apache DevLake encodes for them. One implementation
 * for the host's numbers, the mocks and any provider backend.
 */
export const DORA_2023 = {
  /** Median deployment days per week ≥ 5 → elite, ≥ 1 → high; per month ≥ 1 → medium. */
  deploymentFrequency: { eliteDaysPerWeek: 5, highDaysPerWeek: 1, mediumDaysPerMonth: 1 },
  /** Hours, exclusive upper bounds: < 1 day, < 1 week, < 30 days. */
  leadTimeForChanges: { elite: 24, high: 24 * 7, medium: 24 * 30 },
  /** Rates, inclusive upper bounds: ≤ 5 %, ≤ 10 %, ≤ 15 %. */
  changeFailureRate: { elite: 0.05, high: 0.1, medium: 0.15 },
  /** Hours, exclusive upper bounds: < 1 hour, < 1 day, < 1 week. */
  failedDeploymentRecoveryTime: { elite: 1, high: 24, medium: 24 * 7 },
} as const;

const below = (value: number, t: { elite: number; high: number; medium: number }): DoraTier =>
  value < t.elite ? 'elite' : value < t.high ? 'high' : value < t.medium ? 'medium' : 'low';

/** Null without deployments: "none recorded" more often means "not connected" than "low". */
export function deploymentFrequencyTier(input: {
  deployments: number;
  medianDeploymentDaysPerWeek: number;
  medianDeploymentDaysPerMonth: number;
}): DoraTier | null {
  const t = DORA_2023.deploymentFrequency;
  if (input.deployments === 0) return null;
  if (input.medianDeploymentDaysPerWeek >= t.eliteDaysPerWeek) return 'elite';
  if (input.medianDeploymentDaysPerWeek >= t.highDaysPerWeek) return 'high';
  if (input.medianDeploymentDaysPerMonth >= t.mediumDaysPerMonth) return 'medium';
  return 'low';
}

export function leadTimeTier(medianHours: number | null): DoraTier | null {
  return medianHours === null ? null : below(medianHours, DORA_2023.leadTimeForChanges);
}

export function changeFailureRateTier(rate: number | null): DoraTier | null {
  if (rate === null) return null;
  const t = DORA_2023.changeFailureRate;
  return rate <= t.elite ? 'elite' : rate <= t.high ? 'high' : rate <= t.medium ? 'medium' : 'low';
}

export function recoveryTimeTier(medianHours: number | null): DoraTier | null {
  return medianHours === null ? null : below(medianHours, DORA_2023.failedDeploymentRecoveryTime);
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
