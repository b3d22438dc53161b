import type { AiUsage } from '@client-portal/api-client';
import { EmptyState, ErrorState, Icon, SkeletonText, Stat } from '@client-portal/ui';
import { Bot } from 'lucide-react';
import { useMemo } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import * as panel from '../../panels/ai-usage/AiUsagePanel.css.js';
import { ToolsTable } from '../../panels/ai-usage/ToolsTable.js';
import { summariseTools, TOOL_NAMES, totalsOf } from '../../panels/ai-usage/usageFigures.js';
import { acceptanceText, reportedText, throughText, usersText } from '../../panels/ai-usage/usageText.js';
import { formatNumber } from '../dashboard/figures.js';
import * as styles from './AiAgentsPage.css.js';
import type { ProjectAdoption } from './useAdoption.js';

/** Every tool across the projects: headline figures, the per-tool table and each tool's freshness. */
export function AdoptionSection({ rows }: { rows: readonly ProjectAdoption[] }) {
  const i18n = useI18n();
  const { t, locale } = i18n;
  const loading = rows.some((r) => r.usage.pending && !r.usage.error);
  const answers = rows.map((r) => r.usage.data).filter((u): u is AiUsage => Boolean(u));
  const summaries = useMemo(() => summariseTools(answers), [answers]);
  const totals = totalsOf(summaries);
  const failed = rows.filter((r) => r.usage.error);
  const names = useMemo(() => new Map(rows.map((r) => [r.project.jiraProjectKey, r.project.name])), [rows]);
  let body: React.ReactNode;
  if (loading) {
    body = (
      <div aria-busy="true">
        <SkeletonText lines={4} />
      </div>
    );
  } else if (summaries.length === 0 && failed.length === 0) {
    body = (
      <EmptyState
        size="sm"
        headingLevel={3}
        icon={<Icon icon={Bot} size="lg" />}
        title={t('aiAgents.notConnected.title')}
        description={t('aiUsage.empty.body')}
      />
    );
  } else {
    body = (
      <>
        <ul className={panel.stats} aria-label={t('aiUsage.stats')}>
          <li>
            <Stat
              size="sm"
              label={t('aiUsage.col.activeUsers')}
              value={usersText(i18n, totals.activeUsers, totals.seats)}
              helpText={t('aiAgents.activeUsersHelp')}
            />
          </li>
          <li>
            <Stat
              size="sm"
              label={t('aiUsage.col.acceptance')}
              value={acceptanceText(i18n, totals.acceptance)}
              helpText={t('aiUsage.acceptanceHelp')}
            />
          </li>
          <li>
            <Stat
              size="sm"
              label={t('aiUsage.col.completions')}
              value={formatNumber(totals.acceptances, locale)}
            />
          </li>
          <li>
            <Stat size="sm" label={t('aiUsage.col.chat')} value={formatNumber(totals.chatRequests, locale)} />
          </li>
          <li>
            <Stat size="sm" label={t('aiUsage.col.agent')} value={reportedText(i18n, totals.agentRequests)} />
          </li>
        </ul>
        {summaries.length > 0 ? (
          <>
            <ToolsTable
              summaries={summaries}
              caption={t('aiAgents.tools.title')}
              fileName={['ai-assistants']}
              projectNames={names}
            />
            <ul className={panel.freshness} aria-label={t('aiUsage.freshness')}>
              {summaries.map((s) => (
                <li key={s.tool}>
                  {t('aiUsage.freshnessOf', {
                    tool: TOOL_NAMES[s.tool],
                    date: throughText(i18n, s.dataThrough),
                  })}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  }
  return (
    <section className={styles.section} aria-labelledby="ai-agents-adoption">
      <header>
        <h2 id="ai-agents-adoption" className={styles.sectionTitle}>
          {t('aiAgents.adoption.title')}
        </h2>
        <p className={styles.muted}>{t('aiAgents.adoption.lead')}</p>
      </header>
      {failed.length > 0 ? (
        <ErrorState
          size="sm"
          headingLevel={3}
          title={t('aiAgents.partial.title')}
          message={t('aiAgents.partial.body', { projects: failed.map((r) => r.project.name).join(', ') })}
          onRetry={() => {
            for (const r of failed) r.retry();
          }}
          retrying={failed.some((r) => r.usage.fetching)}
          labels={{ retry: t('state.retry') }}
        />
      ) : null}
      {body}
    </section>
  );
}
