import type { AiTool } from '@client-portal/api-client';
import {
  summariseTools,
  throughSpan,
  type ToolSummary,
  totalsOf,
  type UsageTotals,
} from '../../panels/ai-usage/usageFigures.js';
import type { ProjectAdoption } from './useAdoption.js';

/** A project's row on the AI Agents page. */
export interface ProjectLine {
  key: string;
  name: string;
  /** loading · error (its AI usage failed) · notConnected (no AI data: 404) · connected. */
  status: 'loading' | 'error' | 'notConnected' | 'connected';
  tools: AiTool[];
  /** The tool when there is exactly one (acceptance then says which tool does not report it). */
  onlyTool: AiTool | undefined;
  totals: UsageTotals | null;
  /** Deployments over the range; null while loading or when its delivery failed. */
  deployments: number | null;
  dataThrough: ToolSummary['dataThrough'];
}

export function projectLine({ project, usage, delivery }: ProjectAdoption): ProjectLine {
  const base = {
    key: project.jiraProjectKey,
    name: project.name,
    deployments: delivery.data?.headline.deploymentFrequency.deployments ?? null,
  };
  if (usage.error) {
    return { ...base, status: 'error', tools: [], onlyTool: undefined, totals: null, dataThrough: null };
  }
  if (usage.data === undefined) {
    return { ...base, status: 'loading', tools: [], onlyTool: undefined, totals: null, dataThrough: null };
  }
  if (usage.data === null) {
    return {
      ...base,
      status: 'notConnected',
      tools: [],
      onlyTool: undefined,
      totals: null,
      dataThrough: null,
    };
  }
  const summaries = summariseTools([usage.data]);
  const tools = summaries.map((s) => s.tool);
  const through = throughSpan(summaries.map((s) => s.dataThrough));
  return {
    ...base,
    status: 'connected',
    tools,
    onlyTool: tools.length === 1 ? tools[0] : undefined,
    totals: totalsOf(summaries),
    dataThrough: through,
  };
}
