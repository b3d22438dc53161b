import * as z from 'zod/mini';
import { analyticsRangeQuery, count, dateRangeSchema, isoDateTime, ratio } from './common.js';
import { described, named } from './registry.js';
import { dateRangeCheck, projectKeyParam } from './request-rules.js';

/** The five DORA metrics (rework rate is the fifth since 2024), in the order the portal charts them. */
export const DORA_METRICS = [
  'deploymentFrequency',
  'leadTimeForChanges',
  'changeFailureRate',
  'failedDeploymentRecoveryTime',
  'reworkRate',
] as const;
export type DoraMetric = (typeof DORA_METRICS)[number];

export const DORA_GRAINS = ['day', 'week', 'month'] as const;
export type DoraGrain = (typeof DORA_GRAINS)[number];
/** The grain the portal shows when the address names none. */
export const DEFAULT_DORA_GRAIN: DoraGrain = 'week';

export const DORA_TIERS = ['elite', 'high', 'medium', 'low'] as const;

/** Report years whose performance tiers the answers can use; the first is the default. */
export const DORA_BENCHMARKS = ['dora-2023', 'dora-2021'] as const;
export type DoraBenchmark = (typeof DORA_BENCHMARKS)[number];
export const DEFAULT_DORA_BENCHMARK: DoraBenchmark = 'dora-2023';

export const doraTierSchema = named(
  'DoraTier',
  described(
    z.enum(DORA_TIERS),
    'DORA performance cluster of the report year in `performance.benchmark` (thresholds as in Apache DevLake). A hint, not a grade.',
  ),
);

export const doraBenchmarkSchema = named(
  'DoraBenchmark',
  described(
    z.enum(DORA_BENCHMARKS),
    'Which DORA report’s thresholds the tiers use: "dora-2023" (default) or "dora-2021".',
  ),
);

export const doraQuerySchema = z
  .object({
    projectKey: projectKeyParam,
    ...analyticsRangeQuery,
    grain: described(z.optional(z.enum(DORA_GRAINS)), 'Bucket size of the series. Default: week.'),
    benchmark: described(
      z.optional(z.enum(DORA_BENCHMARKS)),
      'Report year of the tiers: dora-2023 (default) or dora-2021.',
    ),
  })
  .check(dateRangeCheck);

const tier = described(z.nullable(doraTierSchema), 'Null when the range has no data for this metric.');
const hours = z.nullable(z.number().check(z.nonnegative()));

/**
 * Headline values over the whole range, each with the counts behind it and its tier. Durations
 * are hours (2 decimals), rates 0–1 (4 decimals).
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
      medianDeploymentDaysPerSixMonths: described(
        z.number().check(z.nonnegative()),
        'Tier input of the 2021 thresholds: the same per half-year (January–June, July–December).',
      ),
      tier,
    }),
    leadTimeForChanges: z.object({
      medianHours: described(
        hours,
        'Median first commit → production deployment, per pull request deployed in the range.',
      ),
      changes: described(
        count,
        'The median’s sample: pull requests deployed in the range with a positive lead time.',
      ),
      changesWaiting: described(
        count,
        'Pull requests merged in the range and not deployed yet (no lead time until they are).',
      ),
      tier,
    }),
    changeFailureRate: z.object({
      rate: described(z.nullable(ratio), 'Deployments with at least one attributed incident ÷ deployments.'),
      failedDeployments: described(count, 'Deployments of the range with at least one attributed incident.'),
      deployments: count,
      incidents: described(
        z.object({
          attributed: described(count, 'Attributed to a deployment (explicitly or by the window rule).'),
          unattributed: described(count, 'No deployment found: not counted as a change failure.'),
          excluded: described(count, 'Marked "not a change failure": never attributed.'),
        }),
        'Incidents opened in the range, by attribution.',
      ),
      tier,
    }),
    failedDeploymentRecoveryTime: z.object({
      medianHours: described(
        hours,
        'Median incident opened → resolved, over change-caused incidents resolved in the range.',
      ),
      incidents: described(count, 'The median’s sample: attributed incidents resolved in the range.'),
      tier,
    }),
    reworkRate: described(
      z.object({
        rate: described(z.nullable(ratio), 'Rework deployments ÷ deployments; null without deployments.'),
        reworkDeployments: described(count, 'Deployments of the range that are hotfixes or ship a revert.'),
        deployments: count,
      }),
      'DORA’s fifth metric (2024): the share of deployments that were unplanned fixes. No tiers.',
    ),
  }),
);

const change = described(
  z.object({
    previous: described(z.nullable(z.number()), 'The figure over the previous range; null without data.'),
    absolute: described(
      z.nullable(z.number()),
      'This range’s figure minus the previous one, in the figure’s unit; null when either is null.',
    ),
    relative: described(
      z.nullable(z.number()),
      'The difference as a share of the previous figure (0.25 = 25 % more); null when that is null or 0.',
    ),
  }),
  'One figure against the previous range.',
);

export const doraComparisonSchema = named(
  'DoraComparison',
  described(
    z.object({
      range: described(dateRangeSchema, 'The previous range: as many days, ending the day before `from`.'),
      deploymentFrequency: described(change, 'Deployments per week.'),
      leadTimeForChanges: described(change, 'Median hours.'),
      changeFailureRate: described(change, 'Rate (absolute: difference in rate, 0.01 = 1 point).'),
      failedDeploymentRecoveryTime: described(change, 'Median hours.'),
      reworkRate: described(change, 'Rate.'),
    }),
    'Period over period: the same roll-up over the previous range of equal length.',
  ),
);

export const doraSourceSchema = named(
  'DoraSource',
  described(
    z.object({
      kind: described(
        z.enum(['deployments', 'changes', 'incidents', 'pushes']),
        'Which events it delivered (pushes: the commit order that links pull requests to deployments).',
      ),
      source: described(
        z.string(),
        'What delivered them: "ingest" (the ingestion API), "github" (webhooks), "jira", "seed" (demo data)…',
      ),
      lastDeliveredAt: described(isoDateTime, 'When this source last delivered an event of this kind.'),
    }),
    'When one source last delivered data for the project.',
  ),
);

const perBucket = <T extends z.core.$ZodType>(item: T, what: string) => described(z.array(item), what);

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
            deploymentFrequency: perBucket(count, 'Deployments per bucket.'),
            leadTimeForChanges: perBucket(hours, 'Median hours per bucket.'),
            changeFailureRate: perBucket(z.nullable(ratio), 'Rate per bucket; null without deployments.'),
            failedDeploymentRecoveryTime: perBucket(
              hours,
              'Median hours per bucket; null without resolved incidents.',
            ),
            reworkRate: perBucket(z.nullable(ratio), 'Rework rate per bucket; null without deployments.'),
          }),
          'One value per label for each metric (arrays have the length of `labels`).',
        ),
        counts: described(
          z.object({
            changes: perBucket(count, 'Sample of each bucket’s lead-time median.'),
            incidents: perBucket(count, 'Sample of each bucket’s recovery-time median.'),
            failedDeployments: perBucket(count, 'Deployments with an attributed incident, per bucket.'),
            reworkDeployments: perBucket(count, 'Rework deployments, per bucket.'),
          }),
          'The counts behind each bucket’s figures (deployments are `series.deploymentFrequency`).',
        ),
        headline: doraHeadlineSchema,
        comparison: described(
          z.nullable(doraComparisonSchema),
          'Null when the previous range would start before year 0.',
        ),
        sources: described(
          z.array(doraSourceSchema),
          'Per kind of event and source, when it last delivered data for the project (newest first).',
        ),
        performance: z.object({
          tier: described(
            tier,
            'Overall: the lowest tier among metrics with data (conservative); null without data.',
          ),
          benchmark: doraBenchmarkSchema,
        }),
      })
      .check(
        z.superRefine((m, ctx) => {
          const arrays: [string[], readonly unknown[]][] = [
            ...DORA_METRICS.map((key): [string[], readonly unknown[]] => [['series', key], m.series[key]]),
            ...Object.entries(m.counts).map(([key, values]): [string[], readonly unknown[]] => [
              ['counts', key],
              values,
            ]),
          ];
          for (const [path, values] of arrays) {
            if (values.length !== m.labels.length) {
              ctx.addIssue({ code: 'custom', path, message: 'must have one value per label' });
            }
          }
        }),
      ),
    'DORA metrics of one project for a range and grain, with the counts behind every figure.',
  ),
);

export type DoraTier = z.infer<typeof doraTierSchema>;
export type DoraQuery = z.input<typeof doraQuerySchema>;
export type DoraHeadline = z.infer<typeof doraHeadlineSchema>;
export type DoraComparison = z.infer<typeof doraComparisonSchema>;
export type DoraSource = z.infer<typeof doraSourceSchema>;
export type DoraMetrics = z.infer<typeof doraMetricsSchema>;
