import type { AiUsage } from '@client-portal/api-client';
import { BarChart, type ChartData, LineChart, Tabs } from '@client-portal/ui';
import { useMemo } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as styles from './AiUsagePanel.css.js';
import { BreakdownTable } from './BreakdownTable.js';
import { ChartBlock } from './ChartBlock.js';
import { ToolsTable } from './ToolsTable.js';
import { ToolFreshness, UsageHeadline } from './UsageHeadline.js';
import {
  type BreakdownDimension,
  dailyTrend,
  SURFACES,
  summariseTools,
  TOOL_NAMES,
  totalsOf,
} from './usageFigures.js';
import { axisDay, dayText } from './usageText.js';

const DIMENSIONS: readonly BreakdownDimension[] = ['language', 'ide', 'model'];

/** One project's AI usage answer: headline, tools, daily trends and breakdowns. */
export function AiUsageReport({ usage }: { usage: AiUsage }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const summaries = useMemo(() => summariseTools([usage]), [usage]);
  const totals = totalsOf(summaries);
  const trend = useMemo(() => dailyTrend(usage), [usage]);
  const key = usage.jiraProjectKey;
  const range = `${usage.range.from}_${usage.range.to}`;
  const surfaceName = {
    completions: t('aiUsage.surface.completions'),
    chat: t('aiUsage.surface.chat'),
    agent: t('aiUsage.surface.agent'),
  };
  const usersChart: ChartData = {
    labels: trend.labels,
    series: trend.users.map((u) => ({ name: TOOL_NAMES[u.tool], data: u.data })),
  };
  const surfacesChart: ChartData = {
    labels: trend.labels,
    series: SURFACES.filter((s) => trend.surfaces[s].some((v) => v !== null)).map((s) => ({
      name: surfaceName[s],
      data: trend.surfaces[s],
    })),
  };
  return (
    <div className={styles.report}>
      <p className={styles.note}>
        {t('aiUsage.range', { from: dayText(locale, usage.range.from), to: dayText(locale, usage.range.to) })}
      </p>
      <UsageHeadline totals={totals} activeUsersHelp={t('aiUsage.activeUsersHelp')} />
      <ToolsTable
        summaries={summaries}
        caption={t('aiUsage.tools.title')}
        fileName={[key, 'ai-tools', range]}
      />
      <ToolFreshness summaries={summaries} />
      <div className={styles.charts}>
        <ChartBlock
          title={t('aiUsage.trend.users')}
          labelHeader={t('aiUsage.col.day')}
          fileName={[key, 'ai-active-users', range]}
          data={usersChart}
          formatLabel={axisDay(locale)}
          render={(props) => <LineChart {...props} yDomain={[0, null]} />}
        />
        <ChartBlock
          title={t('aiUsage.trend.surfaces')}
          labelHeader={t('aiUsage.col.day')}
          fileName={[key, 'ai-surfaces', range]}
          data={surfacesChart}
          formatLabel={axisDay(locale)}
          render={(props) => <BarChart {...props} stacked />}
        />
      </div>
      <div className={styles.block}>
        <h3 className={styles.blockTitle}>{t('aiUsage.breakdown.title')}</h3>
        <Tabs
          listLabel={t('aiUsage.breakdown.title')}
          defaultValue="language"
          items={DIMENSIONS.map((dimension) => ({
            value: dimension,
            label: t(`aiUsage.breakdown.${dimension}`),
            content: (
              <BreakdownTable
                usage={usage}
                dimension={dimension}
                fileName={[key, `ai-${dimension}`, range]}
              />
            ),
          }))}
        />
      </div>
    </div>
  );
}
