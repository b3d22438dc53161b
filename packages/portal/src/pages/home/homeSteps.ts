import type { MessageKey } from '../../i18n/messages.en.js';
import { hrefOf, NAV_ENTRIES, type NavIcon } from '../../routing/nav.js';

/** A step of Home's overview: a section of the portal, what it is for, where it is. */
export interface HomeStep {
  id: NavIcon;
  href: string;
  title: MessageKey;
  body: MessageKey;
}

/** What a new customer does first, in that order; every entry of the navigation but Home itself. */
const ORDER: readonly Exclude<NavIcon, 'home'>[] = [
  'dashboard',
  'requests',
  'projects',
  'myTeams',
  'talent',
  'aiAgents',
  'account',
  'knowledgeBase',
  'profile',
];

const BODY: Record<Exclude<NavIcon, 'home'>, MessageKey> = {
  dashboard: 'home.step.dashboard',
  requests: 'home.step.requests',
  projects: 'home.step.projects',
  myTeams: 'home.step.myTeams',
  talent: 'home.step.talent',
  aiAgents: 'home.step.aiAgents',
  account: 'home.step.account',
  knowledgeBase: 'home.step.knowledgeBase',
  profile: 'home.step.profile',
};

/** Home's steps, each linking to its navigation entry's address (with the entry's query). */
export function homeSteps(): HomeStep[] {
  return ORDER.map((id) => {
    const entry = NAV_ENTRIES.find((e) => e.id === id);
    if (!entry) throw new Error(`no navigation entry ${id}`);
    return { id, href: hrefOf(entry), title: entry.label, body: BODY[id] };
  });
}
