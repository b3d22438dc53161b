/** The minimal shapes the rule reads, so callers can pass API rows or their own view models. */
interface KeyedAnalyticsProject {
  jiraProjectKey?: unknown;
}
interface KeyedCrmProject {
  jiraKey?: unknown;
}

const usableKey = (key: unknown): key is string => typeof key === 'string' && key.trim() !== '';

/**
 * An analytics project is visible only when its key is also the `jiraKey` of one of the
 * user's CRM projects. Empty and non-string keys are dropped, each key appears once, and the
 * result is sorted by key (code-unit order, so it is the same in every locale).
 */
export function visibleAnalyticsProjects<T extends KeyedAnalyticsProject>(
  analyticsProjects: readonly T[] | null | undefined,
  crmProjects: readonly KeyedCrmProject[] | null | undefined,
): Array<T & { jiraProjectKey: string }> {
  const crmKeys = new Set((crmProjects ?? []).map((p) => p.jiraKey).filter(usableKey));
  const byKey = new Map<string, T & { jiraProjectKey: string }>();
  for (const project of analyticsProjects ?? []) {
    const key = project.jiraProjectKey;
    if (usableKey(key) && crmKeys.has(key) && !byKey.has(key)) {
      byKey.set(key, project as T & { jiraProjectKey: string });
    }
  }
  return [...byKey.values()].sort((a, b) =>
    a.jiraProjectKey < b.jiraProjectKey ? -1 : a.jiraProjectKey > b.jiraProjectKey ? 1 : 0,
  );
}

/** The visible keys alone, in the same order. */
export function visibleAnalyticsProjectKeys(
  analyticsProjects: readonly KeyedAnalyticsProject[] | null | undefined,
  crmProjects: readonly KeyedCrmProject[] | null | undefined,
): string[] {
  return visibleAnalyticsProjects(analyticsProjects, crmProjects).map((p) => p.jiraProjectKey);
}
