import type { DoraTier, ProjectAnalytics } from '@client-portal/api-client';
import { DEFAULT_DORA_BENCHMARK } from '@client-portal/api-client';
import { Badge, Card, EmptyState, ErrorState, SkeletonText, Stat, visuallyHidden } from '@client-portal/ui';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'wouter';
import { usePortalData } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import type { MessageKey } from '../../i18n/messages.en.js';
import * as styles from './dashboard.css.js';
import { formatHours, formatNumber, formatRate } from '../../lib/figures.js';

const TIER_TONE = { elite: 'success', high: 'accent', medium: 'warning', low: 'danger' } as const;
const TIER_LABEL: Record<DoraTier, MessageKey> = {
  elite: 'dashboard.tier.elite',
  high: 'dashboard.tier.high',
  medium: 'dashboard.tier.medium',
  low: 'dashboard.tier.low',
};

/**
 * The customer's visible projects side by side, each with its headline delivery figures over the
 * default range (the last 90 days) and the counts behind them, under the same definitions. A
 * project whose figures fail shows its own error; the others render.
 */
export function ProjectsOverview({
  projects,
  loading,
  error,
  onRetry,
}: {
  projects: readonly { jiraProjectKey: string; name: string }[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const { queries } = usePortalData();
  const results = useQueries({ queries: projects.map((p) => queries.projectAnalytics(p.jiraProjectKey)) });
  return (
    <section className={styles.section} aria-labelledby="dashboard-projects">
      <header>
        <h2 id="dashboard-projects" className={styles.sectionTitle}>
          {t('dashboard.projects.title')}
        </h2>
        <p className={styles.muted}>{t('dashboard.projects.lead')}</p>
      </header>
      {loading ? (
        <div aria-busy="true" className={styles.projects}>
          <Card>
            <SkeletonText lines={4} />
          </Card>
        </div>
      ) : error ? (
        <ErrorState
          size="sm"
          headingLevel={3}
          title={t('dashboard.projects.listError')}
          onRetry={onRetry}
          labels={{ retry: t('state.retry') }}
        />
      ) : projects.length === 0 ? (
        <EmptyState size="sm" headingLevel={3} title={t('dashboard.projects.empty')} />
      ) : (
        <ul className={styles.projects}>
          {projects.map((project, i) => {
            const result = results[i];
            return (
              <li key={project.jiraProjectKey}>
                <ProjectCard
                  name={project.name}
                  projectKey={project.jiraProjectKey}
                  data={result?.data}
                  loading={result?.isPending ?? true}
                  error={result?.error}
                  retrying={result?.isFetching ?? false}
                  onRetry={() => void result?.refetch()}
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function ProjectCard({
  name,
  projectKey,
  data,
  loading,
  error,
  retrying,
  onRetry,
}: {
  name: string;
  projectKey: string;
  data: ProjectAnalytics | undefined;
  loading: boolean;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t, locale } = useI18n();
  const noData = t('dashboard.figure.noData');
  const tier = data?.performanceTier ?? null;
  const open = (
    <Link href={`/services/projects?project=${encodeURIComponent(projectKey)}`}>
      {t('dashboard.projects.open')}
      <span className={visuallyHidden}>: {name}</span>
    </Link>
  );
  const body = loading ? (
    <div aria-busy="true">
      <SkeletonText lines={4} />
    </div>
  ) : error || !data ? (
    <ErrorState
      size="sm"
      headingLevel={4}
      title={t('dashboard.projects.error')}
      onRetry={onRetry}
      retrying={retrying}
      labels={{ retry: t('state.retry') }}
    />
  ) : (
    <div className={styles.figures}>
      <Stat
        size="sm"
        label={t('dashboard.figure.deployments')}
        value={formatNumber(data.dora.deploymentFrequency.perWeek, locale)}
        helpText={t('dashboard.figure.deploymentsCount', {
          count: formatNumber(data.dora.deploymentFrequency.deployments, locale),
        })}
      />
      <Stat
        size="sm"
        label={t('dashboard.figure.leadTime')}
        value={formatHours(data.dora.leadTimeForChanges.medianHours, locale) ?? noData}
        helpText={t('dashboard.figure.leadTimeCount', {
          count: formatNumber(data.dora.leadTimeForChanges.changes, locale),
        })}
      />
      <Stat
        size="sm"
        label={t('dashboard.figure.changeFailureRate')}
        value={formatRate(data.dora.changeFailureRate.rate, locale) ?? noData}
        helpText={t('dashboard.figure.changeFailureCount', {
          failed: formatNumber(data.dora.changeFailureRate.failedDeployments, locale),
          total: formatNumber(data.dora.changeFailureRate.deployments, locale),
        })}
      />
      <Stat
        size="sm"
        label={t('dashboard.figure.recovery')}
        value={formatHours(data.dora.failedDeploymentRecoveryTime.medianHours, locale) ?? noData}
        helpText={t('dashboard.figure.recoveryCount', {
          count: formatNumber(data.dora.failedDeploymentRecoveryTime.incidents, locale),
        })}
      />
    </div>
  );
  return (
    <Card
      as="article"
      title={name}
      headingLevel={3}
      description={
        tier ? (
          <Badge tone={TIER_TONE[tier]}>
            {t('dashboard.projects.tier', {
              tier: t(TIER_LABEL[tier]),
              year: DEFAULT_DORA_BENCHMARK.replace('dora-', ''),
            })}
          </Badge>
        ) : undefined
      }
      footer={open}
    >
      {body}
    </Card>
  );
}
