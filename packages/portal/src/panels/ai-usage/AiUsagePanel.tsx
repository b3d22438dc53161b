import { Card, EmptyState, Icon, Skeleton, SkeletonText } from '@client-portal/ui';
import { useQuery } from '@tanstack/react-query';
import { Bot } from 'lucide-react';
import { usePortalData } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { LoadError } from '../../pages/LoadError.js';
import * as styles from './AiUsagePanel.css.js';
import { AiUsageReport } from './AiUsageReport.js';
import { aiUsage } from '../../i18n/en/aiUsage.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(aiUsage);

/**
 * AI coding-assistant usage of one project (Windsurf, GitHub Copilot, Cursor): per tool, active
 * users against seats, acceptance where the tool reports it, each surface, a daily trend, the
 * language / IDE / model breakdowns and how far each tool's data goes; every table and chart can be
 * exported as CSV. A project without AI data (404) gets an explained empty state, not an error.
 * Without `from` / `to` the API's default range applies (the last 90 days).
 */
export function AiUsagePanel({ projectKey, from, to }: { projectKey: string; from?: string; to?: string }) {
  const { t } = useI18n();
  const { queries } = usePortalData();
  const usage = useQuery(
    queries.aiUsage({
      jiraProjectKey: projectKey,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    }),
  );
  const title = t('aiUsage.title');
  let body: React.ReactNode;
  if (usage.isPending) {
    body = (
      <div aria-busy="true" className={styles.report}>
        <span className={styles.note}>{t('aiUsage.loading')}</span>
        <SkeletonText lines={2} />
        <Skeleton height="240px" />
      </div>
    );
  } else if (usage.isError) {
    body = (
      <LoadError
        title={t('aiUsage.error.title')}
        message={t('aiUsage.error.body')}
        error={usage.error}
        onRetry={() => void usage.refetch()}
        retrying={usage.isFetching}
      />
    );
  } else if (usage.data === null) {
    body = (
      <EmptyState
        size="sm"
        headingLevel={3}
        icon={<Icon icon={Bot} size="lg" />}
        title={t('aiUsage.empty.title')}
        description={t('aiUsage.empty.body')}
      />
    );
  } else {
    body = <AiUsageReport usage={usage.data} />;
  }
  return (
    <Card as="section" title={title} headingLevel={2} description={t('aiUsage.lead')}>
      {body}
    </Card>
  );
}
