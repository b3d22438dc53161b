import * as z from 'zod/mini';
import { analyticsRangeQuery, count, dateRangeSchema, ratio } from './common.js';
import { described, named } from './registry.js';
import { dateRangeCheck, projectKeyParam } from './request-rules.js';

/** The four DORA keys, in the order the portal charts them. */
export const DORA_METRICS = [
  'deploymentFrequency',
  'leadTimeForChanges',
  'changeFailureRate',
  'failedDeploymentRecoveryTime',
] as const;
export type DoraMetric = (typeof DORA_METRICS)[number];

export const DORA_GRAINS = ['day', 'week', 'month'] as const;
export type DoraGrain = (typeof DORA_GRAINS)[number];

export const DORA_TIERS = ['elite', 'high', 'medium', 'low'] as const;

export const doraTierSchema = named(
  'DoraTier',
  described(
    z.enum(DORA_TIERS),
    'DORA 2023 performance cluster (thresholds as in Apache DevLake). A hint, not a grade.',
  ),
);

export const doraQuerySchema = z
  .object({
    projectKey: projectKeyParam,
    ...analyticsRangeQuery,
    grain: described(z.optional(z.enum(DORA_GRAINS)), 'Bucket size of the series. Default: week.'),
  })
  .check(dateRangeCheck);

const tier = described(z.nullable(doraTierSchema), 'Null when the range has no data for this metric.');

/**
 * Headline values over the whole range, each with its tier. Durations are hours (fractional);
 * rates are 0–1. DORA 2023 definitions as in Apache DevLake: lead and recovery times are medians,
 * tiers are DevLake's 2023 thresholds.
 */
export const doraHeadlineSchema = named(
  'DoraHeadline',
  z.object({
    deploymentFrequency: z.object({
      deployments: described(count, 'Successful production deployments finished in the range.'),
      perWeek: described(
        z.number().check(z.nonnegative()),
        'Deployments per week (mean over the range), for display.',
      ),
      medianDeploymentDaysPerWeek: described(
        z.number().check(z.nonnegative()),
        'Tier input: median days with a deployment per week.',
      ),
      medianDeploymentDaysPerMonth: described(
        z.number().check(z.nonnegative()),
        'Tier input: the same per month.',
      ),
      tier,
    }),
    leadTimeForChanges: z.object({
      medianHours: described(
        z.nullable(z.number().check(z.nonnegative())),
        'Median first commit → production deployment, per change.',
      ),
      changes: described(count, 'Changes (merged pull requests) deployed in the range.'),
      tier,
    }),
    changeFailureRate: z.object({
      rate: described(z.nullable(ratio), 'Deployments with at least one attributed incident ÷ deployments.'),
      failedDeployments: count,
      deployments: count,
      tier,
    }),
    failedDeploymentRecoveryTime: z.object({
      medianHours: described(
        z.nullable(z.number().check(z.nonnegative())),
        'Median incident opened → resolved, over change-caused incidents resolved in the range.',
      ),
      incidents: count,
      tier,
    }),
  }),
);

export const doraMetricsSchema = named(
  'DoraMetrics',
  described(
    z
      .object({
        projectKey: z.string(),
        range: dateRangeSchema,
        grain: z.enum(DORA_GRAINS),
        labels: described(
          z.array(z.string()),
          'First day (YYYY-MM-DD) of each bucket inside the range; weeks start on Monday.',
        ),
        series: described(
          z.object({
            deploymentFrequency: described(z.array(count), 'Deployments per bucket.'),
            leadTimeForChanges: described(
              z.array(z.nullable(z.number().check(z.nonnegative()))),
              'Median hours per bucket.',
            ),
            changeFailureRate: described(
              z.array(z.nullable(ratio)),
              'Rate per bucket; null without deployments.',
            ),
            failedDeploymentRecoveryTime: described(
              z.array(z.nullable(z.number().check(z.nonnegative()))),
              'Median hours per bucket; null without resolved incidents.',
            ),
          }),
          'One value per label for each metric (arrays have the length of `labels`).',
        ),
        headline: doraHeadlineSchema,
        performance: z.object({
          tier: described(
            tier,
            'Overall: the lowest tier among metrics with data (conservative); null without data.',
          ),
          benchmark: described(z.literal('dora-2023'), 'Which report’s thresholds the tiers use.'),
        }),
      })
      .check(
        z.superRefine((m, ctx) => {
          for (const key of DORA_METRICS) {
            if (m.series[key].length !== m.labels.length) {
              ctx.addIssue({
                code: 'custom',
                path: ['series', key],
                message: 'must have one value per label',
              });
            }
          }
        }),
      ),
    'DORA metrics of one project for a range and grain.',
  ),
);

export type DoraTier = z.infer<typeof doraTierSchema>;
export type DoraQuery = z.input<typeof doraQuerySchema>;
export type DoraHeadline = z.infer<typeof doraHeadlineSchema>;
export type DoraMetrics = z.infer<typeof doraMetricsSchema>;
