import {
  type AiTool,
  type AiUsage,
  addDays,
  type DateRange,
  dateBuckets,
  type DoraMetrics,
  MAX_RANGE_DAYS,
  utcDay,
} from '@client-portal/api-client';
import {
  addReported,
  byToolOrder,
  distinctScopes,
  firstDayWithUse,
  onRecord,
  SURFACES,
  type Surface,
  surfacesOfDay,
} from '../../panels/ai-usage/usageFigures.js';

export type TrendGrain = 'week' | 'month';
export const TREND_GRAINS: readonly TrendGrain[] = ['week', 'month'];

/** The grain in the page's address (`?grain=month`); weeks by default and for anything else. */
export function grainOf(value: string | null): TrendGrain {
  return value === 'month' ? 'month' : 'week';
}

/** The address's query for a grain: the default (week) leaves it out. */
export function grainSearch(params: URLSearchParams, grain: TrendGrain): URLSearchParams {
  const next = new URLSearchParams(params);
  if (grain === 'week') next.delete('grain');
  else next.set('grain', grain);
  return next;
}

/**
 * The longest range the analytics routes accept (MAX_RANGE_DAYS, today included): the page asks for
 * the whole history the host keeps, not only the vendors' 28-day to 1-year windows.
 */
export function historyRange(now: Date): DateRange {
  const to = utcDay(now);
  return { from: addDays(to, -(MAX_RANGE_DAYS - 1)), to };
}

type Values = (number | null)[];

/** AI use and delivery on one axis: the same buckets (ISO weeks or months) for every series. */
export interface AdoptionTrend {
  /** First day of each bucket, from the first to the last bucket with any data. */
  labels: string[];
  /** Busiest day's active users in each bucket, every tool and project together. */
  activeUsers: Values;
  /** The same per tool, in the portal's tool order (only tools with data). */
  activeUsersByTool: { tool: AiTool; data: Values }[];
  /** Requests per surface in each bucket, every tool together (agent null where no tool reports it). */
  surfaces: Record<Surface, Values>;
  /** Accepted ÷ shown completions in each bucket, per tool that reports completions shown. */
  acceptanceByTool: { tool: AiTool; data: Values }[];
  /** Deployments in each bucket over the projects whose delivery answered; null without any. */
  deployments: Values;
  /** The first day any tool reported use (the start of the history kept), or null. */
  historySince: string | null;
}

interface ToolBuckets {
  users: Values;
  suggestions: Values;
  acceptances: Values;
}

/**
 * Puts the projects' AI usage answers (daily) and delivery answers (per bucket of `grain` over the
 * same range) on one axis. A scope shared by two projects counts once; a scope's days off record
 * (after its "complete through" day, before its first use) are gaps, not zeros; then the axis is
 * trimmed to the buckets that hold any data.
 */
export function adoptionTrend(
  range: DateRange,
  grain: TrendGrain,
  usages: readonly AiUsage[],
  deliveries: readonly DoraMetrics[],
): AdoptionTrend {
  const buckets = dateBuckets(range, grain);
  const labels = buckets.map((b) => b.label);
  const bucketOf = (date: string): number => {
    // Buckets are sorted and cover the range: binary search on their first days.
    let lo = 0;
    let hi = buckets.length - 1;
    if (hi < 0 || date < range.from || date > range.to) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((buckets[mid]?.from ?? '') <= date) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const blank = (): Values => labels.map(() => null);

  // Per day over every distinct scope: active users (for the busiest day), per tool and in total.
  const dayUsers = new Map<string, number>();
  const dayToolUsers = new Map<AiTool, Map<string, number>>();
  const perTool = new Map<AiTool, ToolBuckets>();
  const surfaces: Record<Surface, Values> = { completions: blank(), chat: blank(), agent: blank() };
  let historySince: string | null = null;
  for (const { usage } of distinctScopes(usages)) {
    const first = firstDayWithUse(usage.daily);
    if (first && (!historySince || first < historySince)) historySince = first;
    const tool = perTool.get(usage.tool) ?? { users: blank(), suggestions: blank(), acceptances: blank() };
    perTool.set(usage.tool, tool);
    const toolDays = dayToolUsers.get(usage.tool) ?? new Map<string, number>();
    dayToolUsers.set(usage.tool, toolDays);
    for (const day of usage.daily) {
      if (!onRecord(usage, day.date, first)) continue;
      const i = bucketOf(day.date);
      if (i < 0) continue;
      dayUsers.set(day.date, (dayUsers.get(day.date) ?? 0) + day.activeUsers);
      toolDays.set(day.date, (toolDays.get(day.date) ?? 0) + day.activeUsers);
      tool.acceptances[i] = (tool.acceptances[i] ?? 0) + day.acceptances;
      tool.suggestions[i] = addReported(tool.suggestions[i] ?? null, day.suggestions);
      const values = surfacesOfDay(day);
      for (const surface of SURFACES) {
        surfaces[surface][i] = addReported(surfaces[surface][i] ?? null, values[surface]);
      }
    }
  }
  const peak = (days: Map<string, number>): Values => {
    const values = blank();
    for (const [date, users] of days) {
      const i = bucketOf(date);
      if (i >= 0) values[i] = Math.max(values[i] ?? 0, users);
    }
    return values;
  };
  const tools = byToolOrder([...perTool.entries()].map(([tool, b]) => ({ tool, ...b })));

  const byLabel = new Map(labels.map((label, i) => [label, i]));
  const deployments = blank();
  for (const delivery of deliveries) {
    delivery.labels.forEach((label, j) => {
      const i = byLabel.get(label);
      const value = delivery.series.deploymentFrequency[j];
      if (i !== undefined && value !== undefined) deployments[i] = (deployments[i] ?? 0) + value;
    });
  }

  const full: Omit<AdoptionTrend, 'historySince'> = {
    labels,
    activeUsers: peak(dayUsers),
    activeUsersByTool: tools.map((t) => ({
      tool: t.tool,
      data: peak(dayToolUsers.get(t.tool) ?? new Map()),
    })),
    surfaces,
    acceptanceByTool: tools
      .filter((t) => t.suggestions.some((v) => v !== null))
      .map((t) => ({
        tool: t.tool,
        data: t.suggestions.map((shown, i) =>
          shown === null || shown <= 0 ? null : Math.min(1, (t.acceptances[i] ?? 0) / shown),
        ),
      })),
    deployments,
  };
  return { ...trimToData(full), historySince };
}

/** Whether a bucket holds anything: use reported by any tool, or a deployment. */
function hasData(trend: Omit<AdoptionTrend, 'historySince'>, i: number): boolean {
  const positive = (v: number | null | undefined) => v !== null && v !== undefined && v > 0;
  return (
    positive(trend.activeUsers[i]) ||
    positive(trend.deployments[i]) ||
    SURFACES.some((s) => positive(trend.surfaces[s][i]))
  );
}

/** The axis from the first to the last bucket with data (nothing at all when none has any). */
export function trimToData<T extends Omit<AdoptionTrend, 'historySince'>>(trend: T): T {
  let first = -1;
  let last = -1;
  trend.labels.forEach((_, i) => {
    if (hasData(trend, i)) {
      if (first < 0) first = i;
      last = i;
    }
  });
  const cut = (values: Values) => (first < 0 ? [] : values.slice(first, last + 1));
  return {
    ...trend,
    labels: first < 0 ? [] : trend.labels.slice(first, last + 1),
    activeUsers: cut(trend.activeUsers),
    activeUsersByTool: trend.activeUsersByTool.map((t) => ({ ...t, data: cut(t.data) })),
    surfaces: {
      completions: cut(trend.surfaces.completions),
      chat: cut(trend.surfaces.chat),
      agent: cut(trend.surfaces.agent),
    },
    acceptanceByTool: trend.acceptanceByTool.map((t) => ({ ...t, data: cut(t.data) })),
    deployments: cut(trend.deployments),
  };
}
