import type { MessageKey } from '../i18n/messages.en.js';

export type NavIcon =
  | 'home'
  | 'dashboard'
  | 'requests'
  | 'projects'
  | 'talent'
  | 'aiAgents'
  | 'account'
  | 'knowledgeBase'
  | 'myTeams'
  | 'profile';

/** A navigation entry: the link is `layout + path`, plus its query. */
export interface NavEntry {
  id: NavIcon;
  label: MessageKey;
  path: string;
  layout: string;
  query: string;
}

/** The navigation entries, in order. The last entry (Profile) is pinned to the bottom of the navigation. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { id: 'home', label: 'nav.home', path: '/home', layout: '', query: '' },
  { id: 'dashboard', label: 'nav.dashboard', path: '/dashboard', layout: '', query: '' },
  { id: 'requests', label: 'nav.requests', path: '/requests', layout: '', query: '' },
  { id: 'projects', label: 'nav.projects', path: '/projects', layout: '/services', query: '' },
  { id: 'talent', label: 'nav.talent', path: '/talent', layout: '/services', query: 'tab=Active' },
  { id: 'aiAgents', label: 'nav.aiAgents', path: '/ai-agents', layout: '/services', query: '' },
  { id: 'account', label: 'nav.account', path: '/account', layout: '/my-info', query: 'tab=documents' },
  { id: 'knowledgeBase', label: 'nav.knowledgeBase', path: '/knowledge-base', layout: '', query: '' },
  { id: 'myTeams', label: 'nav.myTeams', path: '/my-teams', layout: '/services', query: '' },
  { id: 'profile', label: 'nav.profile', path: '/settings', layout: '/profile', query: '' },
];

/** The entry's link, relative to the portal's base path. */
export function hrefOf(entry: NavEntry): string {
  return `${entry.layout}${entry.path}${entry.query ? `?${entry.query}` : ''}`;
}

/**
 * An entry is active when the current path contains the entry's path, both lower-cased,
 * the query ignored.
 */
export function isActive(entry: NavEntry, currentPath: string): boolean {
  const path = (currentPath.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return path.includes(entry.path.toLowerCase());
}

/** Paths rendered without the frame: the root path and the sign-in page. */
export const SIGN_IN_PATH = '/auth/signin';
export function isFrameless(currentPath: string): boolean {
  const path = (currentPath.split(/[?#]/, 1)[0] ?? '/').replace(/\/+$/, '') || '/';
  return path === '/' || path.toLowerCase() === SIGN_IN_PATH;
}

/** The entries to show: Home only when the gate passes. */
export function visibleEntries(homeVisible: boolean): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => entry.id !== 'home' || homeVisible);
}
