import { utcDay } from '@client-portal/api-client';
import { EmptyState, Icon, Select, Skeleton, visuallyHidden } from '@client-portal/ui';
import { FolderKanban } from 'lucide-react';
import { lazy, Suspense, useMemo } from 'react';
import { useVisibleProjects } from '../../data/PortalData.js';
import { useI18n } from '../../i18n/I18nProvider.js';
import { AiUsagePanel } from '../../panels/ai-usage/AiUsagePanel.js';
import { DoraPanel } from '../../panels/dora/DoraPanel.js';
import { DoraRangeControls } from '../../panels/dora/DoraRangeControls.js';
import { presetRange } from '../../panels/dora/doraRange.js';
import { GithubPanel } from '../../panels/github/GithubPanel.js';
import { LoadError } from '../LoadError.js';
import { Page } from '../Page.js';
import { usePageTitle } from '../usePageTitle.js';
import * as styles from './ProjectsPage.css.js';
import { chooseProject } from './projectsAddress.js';
import { useProjectsAddress } from './useProjectsAddress.js';
import { projects } from '../../i18n/en/projects.js';
import { addEnglish } from '../../i18n/english.js';

addEnglish(projects);

// The project's open requests: the requests' code loads after the delivery figures.
const ProjectRequests = lazy(() =>
  import('../requests/related/RelatedRequests.js').then((m) => ({ default: m.ProjectRequests })),
);

/**
 * Projects (`/services/projects?project=KEY`): one of the customer's visible projects at a time
 * (the first by default), its delivery figures for a range and grain, and below them the
 * project's code and AI-assistant panels. Project, range, grain and report year live in the
 * address, so a reload or a shared link shows the same view; anything in it the customer may not
 * see, or the API would refuse, falls back to the default.
 */
export default function ProjectsPage() {
  const { t } = useI18n();
  const title = t('page.projects.title');
  usePageTitle(title);
  const address = useProjectsAddress();
  const visible = useVisibleProjects();
  const keys = useMemo(() => visible.projects.map((p) => p.jiraProjectKey), [visible.projects]);
  const chosen = chooseProject(address.project, keys);
  const project = visible.projects.find((p) => p.jiraProjectKey === chosen.key);
  const today = utcDay(new Date());

  let content: React.ReactNode;
  if (visible.isPending) {
    content = (
      <div aria-busy="true" className={styles.stack}>
        <span className={visuallyHidden} role="status">
          {t('projects.loading')}
        </span>
        <Skeleton height="88px" />
        <Skeleton height="320px" />
      </div>
    );
  } else if (visible.error) {
    content = (
      <LoadError
        title={t('projects.error')}
        message={t('projects.error.body')}
        error={visible.error}
        onRetry={visible.refetch}
        retrying={false}
      />
    );
  } else if (!project) {
    content = (
      <EmptyState
        headingLevel={2}
        icon={<Icon icon={FolderKanban} size="lg" />}
        title={t('projects.empty.title')}
        description={t('projects.empty.body')}
      />
    );
  } else {
    const key = project.jiraProjectKey;
    content = (
      <>
        <fieldset className={styles.toolbar}>
          <legend className={visuallyHidden}>{t('projects.controls')}</legend>
          <div className={styles.picker}>
            <Select
              label={t('projects.picker')}
              value={key}
              onValueChange={(value) => {
                if (value) address.setProject(value);
              }}
              items={visible.projects.map((p) => ({
                value: p.jiraProjectKey,
                label: t('projects.option', { name: p.name, key: p.jiraProjectKey }),
              }))}
            />
          </div>
          <DoraRangeControls
            range={address.range}
            shown={address.range ?? presetRange(90, today)}
            grain={address.grain}
            today={today}
            onRangeChange={address.setRange}
            onGrainChange={address.setGrain}
          />
        </fieldset>
        {chosen.unknown ? (
          <p className={styles.notice} role="status">
            {t('projects.unknown', { requested: address.project ?? '', project: project.name })}
          </p>
        ) : null}
        <DoraPanel
          key={key}
          projectKey={key}
          projectName={project.name}
          range={address.range}
          grain={address.grain}
          benchmark={address.benchmark}
          onBenchmarkChange={address.setBenchmark}
        />
        {/* The project's code and AI assistants: panels of their own, each titled, under a rule. */}
        <div className={styles.more}>
          <Suspense fallback={null}>
            <ProjectRequests projectKey={key} />
          </Suspense>
          <GithubPanel projectKey={key} />
          <AiUsagePanel projectKey={key} {...(address.range ?? {})} />
        </div>
      </>
    );
  }
  return (
    <Page title={title} lead={t('projects.lead')}>
      {content}
    </Page>
  );
}
