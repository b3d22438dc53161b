import { Route, Switch } from 'wouter';
import { NAV_ENTRIES } from '../routing/nav.js';
import { NotFoundPage, SectionPage } from './Page.js';

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

/** The framed pages: one per navigation entry (and anything below it), else "not found". */
export function PortalRoutes() {
  return (
    <Switch>
      {NAV_ENTRIES.map((entry) => (
        <Route key={entry.id} path={`${entry.layout}${entry.path}/*?`}>
          <SectionPage title={TITLES[entry.id]} />
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
