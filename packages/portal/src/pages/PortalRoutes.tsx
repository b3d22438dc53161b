import { Skeleton, visuallyHidden } from '@client-portal/ui';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useHomeGate, useProfile } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import { NAV_ENTRIES, type NavIcon } from '../routing/nav.js';
import { NotFoundPage, Page, SectionPage } from './Page.js';

const TITLES = {
  home: 'page.home.title',
  dashboard: 'page.dashboard.title',
  projects: 'page.projects.title',
  talent: 'page.talent.title',
  aiAgents: 'page.aiAgents.title',
  account: 'page.account.title',
  knowledgeBase: 'page.knowledgeBase.title',
  myTeams: 'page.myTeams.title',
  profile: 'page.profile.title',
} as const;

/**
 * The pages built so far, each its own chunk: the browser downloads a page's code when the page is
 * first shown, not with the frame (the first view's budget).
 */
const PAGES: Partial<Record<NavIcon, LazyExoticComponent<ComponentType>>> = {
  dashboard: lazy(() => import('./dashboard/DashboardPage.js')),
  projects: lazy(() => import('./projects/ProjectsPage.js')),
  talent: lazy(() => import('./talent/TalentPage.js')),
  account: lazy(() => import('./account/AccountPage.js')),
  myTeams: lazy(() => import('./my-teams/MyTeamsPage.js')),
  profile: lazy(() => import('./profile-settings/ProfileSettingsPage.js')),
  knowledgeBase: lazy(() => import('./knowledge-base/KnowledgeBasePage.js')),
  aiAgents: lazy(() => import('./ai-agents/AiAgentsPage.js')),
  home: lazy(() => import('./home/HomePage.js')),
};

/** While a page's chunk loads: its title and a skeleton where its content will be. */
function PageLoading({ id }: { id: NavIcon }) {
  const { t } = useI18n();
  return (
    <Page title={t(TITLES[id])}>
      <div aria-busy="true">
        <span className={visuallyHidden} role="status">
          {t('state.loading')}
        </span>
        <Skeleton height="192px" />
      </div>
    </Page>
  );
}

/**
 * Home is for customers who pass the Home gate; anyone else who reaches its address (typed, or a
 * link) goes to the dashboard, as the navigation's "/" does. Until the profile has answered, the
 * page's loading state shows.
 */
function HomeGate({ children }: { children: ReactNode }) {
  const profile = useProfile();
  const home = useHomeGate();
  if (profile.isPending && !profile.error) return <PageLoading id="home" />;
  return home ? children : <Redirect to="/dashboard" replace />;
}

/** The framed pages: one per navigation entry (and anything below it), else "not found". */
export function PortalRoutes() {
  return (
    <Switch>
      {NAV_ENTRIES.map((entry) => {
        const Content = PAGES[entry.id];
        return (
          <Route key={entry.id} path={`${entry.layout}${entry.path}/*?`}>
            {Content ? (
              <Suspense fallback={<PageLoading id={entry.id} />}>
                {entry.id === 'home' ? (
                  <HomeGate>
                    <Content />
                  </HomeGate>
                ) : (
                  <Content />
                )}
              </Suspense>
            ) : (
              <SectionPage title={TITLES[entry.id]} />
            )}
          </Route>
        );
      })}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
