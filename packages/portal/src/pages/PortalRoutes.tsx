import { Skeleton, visuallyHidden } from '@client-portal/ui';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useHomeGate, useProfile } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import type { MessageKey } from '../i18n/messages.en.js';
import { isActive, NAV_ENTRIES, type NavIcon } from '../routing/nav.js';
import { NotFoundPage, Page } from './Page.js';

const TITLES = {
  home: 'page.home.title',
  dashboard: 'page.dashboard.title',
  requests: 'page.requests.title',
  projects: 'page.projects.title',
  talent: 'page.talent.title',
  aiAgents: 'page.aiAgents.title',
  account: 'page.account.title',
  knowledgeBase: 'page.knowledgeBase.title',
  myTeams: 'page.myTeams.title',
  profile: 'page.profile.title',
} as const;

/**
 * The pages' leads, shown with the title while a page's code loads: the header the page will have
 * is on screen from the start and does not move when the page arrives (the lead is often the
 * largest text of the first screen, what Lighthouse's LCP waits for).
 */
const LEADS: Partial<Record<NavIcon, MessageKey>> = {
  dashboard: 'page.dashboard.lead',
  requests: 'page.requests.lead',
  projects: 'projects.lead',
  talent: 'page.talent.lead',
  aiAgents: 'aiAgents.lead',
  knowledgeBase: 'page.knowledgeBase.lead',
  myTeams: 'page.myTeams.lead',
  profile: 'page.profile.lead',
};

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Each page is its own chunk: the browser downloads a page's code when the page is first shown,
 * not with the frame (the first view's budget).
 */
const LOADERS: Record<NavIcon, () => PageModule> = {
  dashboard: () => import('./dashboard/DashboardPage.js'),
  requests: () => import('./requests/RequestsPage.js'),
  projects: () => import('./projects/ProjectsPage.js'),
  talent: () => import('./talent/TalentPage.js'),
  account: () => import('./account/AccountPage.js'),
  myTeams: () => import('./my-teams/MyTeamsPage.js'),
  profile: () => import('./profile-settings/ProfileSettingsPage.js'),
  knowledgeBase: () => import('./knowledge-base/KnowledgeBasePage.js'),
  aiAgents: () => import('./ai-agents/AiAgentsPage.js'),
  home: () => import('./home/HomePage.js'),
};

const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([id, load]) => [id, lazy(load)])) as Record<
  NavIcon,
  LazyExoticComponent<ComponentType>
>;

/**
 * Starts downloading the code of the page at `location` (a portal path), if it has one. The app
 * calls it as soon as it has mounted, so the page's chunk arrives while the session is still being
 * checked instead of after it (one round trip less before the page shows); the browser shares the
 * download with the page's own import.
 */
export function preloadPage(location: string): void {
  const entry = NAV_ENTRIES.find((e) => isActive(e, location));
  if (entry) void LOADERS[entry.id]().catch(() => {});
}

/** While a page's chunk loads: its title and a skeleton where its content will be. */
function PageLoading({ id }: { id: NavIcon }) {
  const { t } = useI18n();
  const lead = LEADS[id];
  return (
    <Page title={t(TITLES[id])} lead={lead ? t(lead) : undefined}>
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
            <Suspense fallback={<PageLoading id={entry.id} />}>
              {entry.id === 'home' ? (
                <HomeGate>
                  <Content />
                </HomeGate>
              ) : (
                <Content />
              )}
            </Suspense>
          </Route>
        );
      })}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
