// The walk's table (walk.test.ts): one row per navigation entry, in the navigation's order, with
// what on the page shows that it has the signed-in customer's data, taken from the API's answers
// in the same session (walk-api.ts), not from hard-coded strings.
import type { MessageKey } from '../../packages/portal/src/i18n/messages.en';
import type { Answers } from './walk-api';

export interface WalkPage {
  /** Names the screenshots: `<width>-<mode>-<id>.png`. */
  id: string;
  /** The navigation entry's label (a message key). */
  nav: MessageKey;
  /** The entry's link text when it is not the label (Profile shows the signed-in user's name). */
  navName?: (answers: Answers) => string;
  /** The page's h1 (a message key). */
  title: MessageKey;
  /** Where the entry leads (pathname; the entry's query is not compared). */
  path: string;
  /** Only in the navigation of a customer who passes the Home gate (Acme: yes, Globex: no). */
  homeGate?: boolean;
  /**
   * The customer's data this page must show, from the API's answers: every string must be in the
   * page's main region once it settled. Absent while the page is a placeholder (see `todo`).
   */
  data?: (answers: Answers) => string[];
  /** A placeholder today: what `data` will check when the page lands. */
  todo?: string;
}

export const WALK: readonly WalkPage[] = [
  {
    id: 'home',
    nav: 'nav.home',
    title: 'page.home.title',
    path: '/home',
    homeGate: true,
    todo:
      'Home (issue 16 item 10): the onboarding overview links into the other pages; check the ' +
      'links lead to them and that the figures it summarises (active subscriptions, visible ' +
      'projects) are the ones /api/hubspot and /api/projects answer.',
  },
  {
    id: 'dashboard',
    nav: 'nav.dashboard',
    title: 'page.dashboard.title',
    path: '/dashboard',
    // The active subscriptions (stage 'Active'; five, one page of the table), the account manager,
    // and the visible projects with their delivery figures.
    data: (a) => [
      ...a.crm.deals.filter((deal) => deal.stage === 'Active').map((deal) => deal.dealName),
      ...(a.accountManager ? [a.accountManager.name, a.accountManager.email] : []),
      ...a.projects.map((project) => project.name),
    ],
  },
  {
    id: 'requests',
    nav: 'nav.requests',
    title: 'page.requests.title',
    path: '/requests',
    // The caller's own requests, newest due first: the first ones of the list.
    data: (a) => a.requests.slice(0, 3).flatMap((request) => [request.key, request.title]),
  },
  {
    id: 'projects',
    nav: 'nav.projects',
    title: 'page.projects.title',
    path: '/services/projects',
    todo:
      'Projects (issue 16 item 3): the picker lists the /api/projects names and the first is ' +
      'chosen (its key in the URL); the DORA panel shows /api/analytics/dora figures and counts ' +
      '("N of M deployments failed") for the chosen project and range; then switch project and ' +
      'range and see the URL and figures follow, and open one drill-down.',
  },
  {
    id: 'talent',
    nav: 'nav.talent',
    title: 'page.talent.title',
    path: '/services/talent',
    // tab=Active: the people working with the customer now (its talent associations).
    data: (a) => a.associations.filter((person) => person.status === 'Active').map((person) => person.name),
  },
  {
    id: 'ai-agents',
    nav: 'nav.aiAgents',
    title: 'page.aiAgents.title',
    path: '/services/ai-agents',
    todo:
      'AI Agents (issue 16 item 5): per tool (Windsurf, Copilot, Cursor) the usage of the ' +
      'customer’s projects as /api/agents/windsurf (and the other tools’ routes) answer it, beside ' +
      'the same projects’ delivery trend; a tool with no data is an explained empty state.',
  },
  {
    id: 'account',
    nav: 'nav.account',
    title: 'page.account.title',
    path: '/my-info/account',
    data: (a) => a.documents.map((document) => document.name),
  },
  {
    id: 'knowledge-base',
    nav: 'nav.knowledgeBase',
    title: 'page.knowledgeBase.title',
    path: '/knowledge-base',
    data: (a) => a.articles.map((article) => article.title),
  },
  {
    id: 'my-teams',
    nav: 'nav.myTeams',
    title: 'page.myTeams.title',
    path: '/services/my-teams',
    data: (a) => a.teams.flatMap((team) => [team.name, ...team.members.map((member) => member.name)]),
  },
  {
    id: 'profile',
    nav: 'nav.profile',
    navName: (a) => a.profile.contact.name,
    title: 'page.profile.title',
    path: '/profile/settings',
    data: (a) => [
      a.profile.contact.name,
      a.profile.contact.email,
      ...(a.profile.contact.jobTitle ? [a.profile.contact.jobTitle] : []),
      a.profile.company.name,
    ],
  },
];
