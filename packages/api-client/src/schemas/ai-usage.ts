import * as z from 'zod/mini';
import { analyticsRangeQuery, count, dateRangeSchema, isoDate, ratio } from './common.js';
import { described, named } from './registry.js';
import { dateRangeCheck, projectKeyParam } from './request-rules.js';

export const AI_TOOLS = ['windsurf', 'copilot', 'cursor'] as const;
export type AiTool = (typeof AI_TOOLS)[number];

export const aiUsageQuerySchema = z
  .object({ jiraProjectKey: projectKeyParam, ...analyticsRangeQuery })
  .check(dateRangeCheck);

/**
 * One day of a tool's usage, in the same fields for Windsurf, Copilot and Cursor. A counter a tool
 * does not report is null, not 0: Windsurf has no "suggestions shown", so its acceptance rate cannot
 * be computed; a surface a tool does not report (chat for a Windsurf `emails` scope, the CLI outside
 * Copilot) is null too, never "nobody used it".
 */
export const aiUsageDaySchema = named(
  'AiUsageDay',
  z.object({
    date: isoDate,
    activeUsers: count,
    suggestions: described(
      z.nullable(count),
      'Completions shown; null for tools that do not report it (Windsurf).',
    ),
    acceptances: count,
    linesSuggested: z.nullable(count),
    linesAccepted: count,
    chatRequests: described(
      z.nullable(count),
      'Chat requests; null when the tool does not report chat for this scope.',
    ),
    agentRequests: described(
      z.nullable(count),
      'Agent (Cascade / agent mode) requests; null when not reported.',
    ),
    cliRequests: described(
      z.nullable(count),
      'CLI / terminal requests; null when not reported (only GitHub Copilot reports them today).',
    ),
  }),
);

export const aiUsageBreakdownRowSchema = named(
  'AiUsageBreakdownRow',
  z.object({
    name: described(z.string(), 'Language, IDE or model name as the tool reports it.'),
    suggestions: z.nullable(count),
    acceptances: count,
    linesAccepted: count,
  }),
);

export const aiToolUsageSchema = named(
  'AiToolUsage',
  z.object({
    tool: z.enum(AI_TOOLS),
    scope: described(
      z.object({
        kind: z.enum(['organisation', 'enterprise', 'team', 'group', 'emails']),
        name: z.string(),
      }),
      'What the tool reports on (tools never report per Jira project; the host maps project → scope).',
    ),
    seats: described(z.nullable(count), 'Licensed seats in the scope, when the tool reports them.'),
    dataThrough: described(z.nullable(isoDate), 'Last complete day of data (tools publish with a delay).'),
    totals: z.object({
      activeUsers: described(count, 'Distinct users active at least once in the range.'),
      suggestions: z.nullable(count),
      acceptances: count,
      acceptanceRate: described(
        z.nullable(ratio),
        'acceptances ÷ suggestions; null where suggestions are not reported.',
      ),
      linesSuggested: z.nullable(count),
      linesAccepted: count,
      chatRequests: described(
        z.nullable(count),
        'Chat requests; null when the tool does not report chat for this scope.',
      ),
      agentRequests: z.nullable(count),
      cliRequests: described(
        z.nullable(count),
        'CLI / terminal requests; null when not reported (only GitHub Copilot reports them today).',
      ),
    }),
    daily: described(
      z.array(aiUsageDaySchema),
      'One row per day of the range, oldest first; days without use are zeros (null where not reported).',
    ),
    breakdowns: z.object({
      language: z.array(aiUsageBreakdownRowSchema),
      ide: z.array(aiUsageBreakdownRowSchema),
      model: z.array(aiUsageBreakdownRowSchema),
    }),
  }),
);

/**
 * AI coding-assistant usage of a project. The path keeps the original portal's name (/api/agents/windsurf)
 * but the body covers every configured tool. 404 means "no data" (the client returns null).
 */
export const aiUsageSchema = named(
  'AiUsage',
  z.object({
    jiraProjectKey: z.string(),
    range: dateRangeSchema,
    tools: z.array(aiToolUsageSchema).check(z.minLength(1)),
  }),
);

export type AiUsageQuery = z.input<typeof aiUsageQuerySchema>;
export type AiUsageDay = z.infer<typeof aiUsageDaySchema>;
export type AiUsageBreakdownRow = z.infer<typeof aiUsageBreakdownRowSchema>;
export type AiToolUsage = z.infer<typeof aiToolUsageSchema>;
export type AiUsage = z.infer<typeof aiUsageSchema>;
