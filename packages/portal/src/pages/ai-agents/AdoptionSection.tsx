import type { AiUsage } from '@client-portal/api-client';
import { EmptyState, ErrorState, Icon, SkeletonText } from '@client-portal/ui';
import { Bot } from 'lucide-react';
import { useMemo } from 'react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { ToolsTable } from '../../panels/ai-usage/ToolsTable.js';
import { ToolFreshness, UsageHeadline } from '../../panels/ai-usage/UsageHeadline.js';
import { summariseTools, totalsOf } from '../../panels/ai-usage/usageFigures.js';
import * as styles from './AiAgentsPage.css.js';
import type { ProjectAdoption } from './useAdoption.js';

/** Every tool across the projects: headline figures, the per-tool table and each tool's freshness. */
export function AdoptionSection({ rows }: { rows: readonly ProjectAdoption[] }) {
  const { t } = useI18n();
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
        <UsageHeadline totals={totals} activeUsersHelp={t('aiAgents.activeUsersHelp')} />
        {summaries.length > 0 ? (
          <>
            <ToolsTable
              summaries={summaries}
              caption={t('aiAgents.tools.title')}
              fileName={['ai-assistants']}
              projectNames={names}
            />
            <ToolFreshness summaries={summaries} />
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
