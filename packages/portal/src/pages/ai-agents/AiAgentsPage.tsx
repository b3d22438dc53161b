import { EmptyState, Icon, Skeleton, visuallyHidden } from '@client-portal/ui';
import { Bot } from 'lucide-react';
import { useI18n } from '../../i18n/I18nProvider.js';
import { LoadError } from '../LoadError.js';
import { Page } from '../Page.js';
import { usePageTitle } from '../usePageTitle.js';
import { AdoptionSection } from './AdoptionSection.js';
import { ProjectsSection } from './ProjectsSection.js';
import { TrendSection } from './TrendSection.js';
import { useAdoption } from './useAdoption.js';
import { aiAgents } from '../../i18n/en/aiAgents.js';
import { aiUsage } from '../../i18n/en/aiUsage.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(aiAgents, aiUsage);

/**
 * AI Agents (`/services/ai-agents`): how the customer's teams use AI coding assistants across every
 * visible project — per tool and surface, active users against seats, acceptance — over the whole
 * history the host keeps, beside the same projects' deployments on one time axis, with each tool's
 * data freshness. A project without AI data is "not connected"; a project that fails to load is
 * left out of the totals and says so, and the others render.
 */
export default function AiAgentsPage() {
  const { t } = useI18n();
  const title = t('page.aiAgents.title');
  usePageTitle(title);
  const adoption = useAdoption();
  const { projects, rows } = adoption;
  let content: React.ReactNode;
  if (projects.isPending) {
    content = (
      <div aria-busy="true">
        <span className={visuallyHidden} role="status">
          {t('state.loading')}
        </span>
        <Skeleton height="320px" />
      </div>
    );
  } else if (projects.isError) {
    content = (
      <LoadError
        title={t('aiAgents.error.title')}
        message={t('aiAgents.error.body')}
        error={projects.error}
        onRetry={() => void projects.refetch()}
        retrying={projects.isFetching}
      />
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={Bot} size="lg" />}
        title={t('aiAgents.noProjects.title')}
        description={t('aiAgents.noProjects.body')}
      />
    );
  } else {
    content = (
      <>
        <AdoptionSection rows={rows} />
        <TrendSection adoption={adoption} />
        <ProjectsSection rows={rows} />
      </>
    );
  }
  return (
    <Page title={title} lead={t('aiAgents.lead')}>
      {content}
    </Page>
  );
}
