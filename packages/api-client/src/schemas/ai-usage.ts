import { z } from 'zod';
import { analyticsRangeQuery, count, dateRangeSchema, isoDate, projectKeyParam, ratio } from './common.js';
import { named } from './registry.js';

export const AI_TOOLS = ['windsurf', 'copilot', 'cursor'] as const;
export type AiTool = (typeof AI_TOOLS)[number];

export const aiUsageQuerySchema = z.object({ jiraProjectKey: projectKeyParam, ...analyticsRangeQuery });

/**
 * One normalised day (research/delivery-analytics.md §2.5). A counter a tool does not report is
 * null, not 0: Windsurf has no "suggestions shown", so its acceptance rate cannot be computed.
 */
export const aiUsageDaySchema = named(
  'AiUsageDay',
  z.object({
    date: isoDate,
    activeUsers: count,
    suggestions: count
      .nullable()
      .describe('Completions shown; null for tools that do not report it (Windsurf).'),
    acceptances: count,
    linesSuggested: count.nullable(),
    linesAccepted: count,
    chatRequests: count,
    agentRequests: count
      .nullable()
      .describe('Agent (Cascade / agent mode) requests; null when not reported.'),
  }),
);

export const aiUsageBreakdownRowSchema = named(
  'AiUsageBreakdownRow',
  z.object({
    name: z.string().describe('Language, IDE or model name as the tool reports it.'),
    suggestions: count.nullable(),
    acceptances: count,
    linesAccepted: count,
  }),
);

export const aiToolUsageSchema = named(
  'AiToolUsage',
  z.object({
    tool: z.enum(AI_TOOLS),
    scope: z
      .object({
        kind: z.enum(['organisation', 'enterprise', 'team', 'group', 'emails']),
        name: z.string(),
      })
      .describe(
        'What the tool reports on (tools never report per Jira project; the host maps project → scope).',
      ),
    seats: count.nullable().describe('Licensed seats in the scope, when the tool reports them.'),
    dataThrough: isoDate.nullable().describe('Last complete day of data (tools publish with a delay).'),
    totals: z.object({
      activeUsers: count.describe('Distinct users active at least once in the range.'),
      suggestions: count.nullable(),
      acceptances: count,
      acceptanceRate: ratio
        .nullable()
        .describe('acceptances ÷ suggestions; null where suggestions are not reported.'),
      linesSuggested: count.nullable(),
      linesAccepted: count,
      chatRequests: count,
      agentRequests: count.nullable(),
    }),
    daily: z
      .array(aiUsageDaySchema)
      .describe('One row per day of the range, oldest first; days without use are zeros.'),
    breakdowns: z.object({
      language: z.array(aiUsageBreakdownRowSchema),
      ide: z.array(aiUsageBreakdownRowSchema),
      model: z.array(aiUsageBreakdownRowSchema),
    }),
  }),
);

/**
 * AI coding-assistant usage of a project. The path keeps the seed's name (/api/agents/windsurf)
 * but the body covers every configured tool. 404 means "no data" (the client returns null).
 */
export const aiUsageSchema = named(
  'AiUsage',
  z.object({
    jiraProjectKey: z.string(),
    range: dateRangeSchema,
    tools: z.array(aiToolUsageSchema).min(1),
  }),
);

export type AiUsageQuery = z.input<typeof aiUsageQuerySchema>;
export type AiUsageDay = z.infer<typeof aiUsageDaySchema>;
export type AiUsageBreakdownRow = z.infer<typeof aiUsageBreakdownRowSchema>;
export type AiToolUsage = z.infer<typeof aiToolUsageSchema>;
export type AiUsage = z.infer<typeof aiUsageSchema>;
