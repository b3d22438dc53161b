import {
  BookOpen,
  Bot,
  FileText,
  FolderKanban,
  House,
  LayoutDashboard,
  type LucideIcon,
  MessageCircle,
  Settings2,
  Users,
  UsersRound,
} from 'lucide-react';
import type { NavIcon } from '../routing/nav.js';

/**
 * Each navigation entry's icon: the navigation and Home's overview use the same one, so a section
 * looks the same wherever it is offered. Profile has none in the navigation (its entry shows the
 * user's avatar); Home's overview uses the settings icon (the settings menu's) for it.
 */
export const NAV_ICONS: Record<NavIcon, LucideIcon> = {
  home: House,
  dashboard: LayoutDashboard,
  // The floating booking button's speech bubble (already on every page, so no icon is added to the
  // first view): requests are the conversation with the service team.
  requests: MessageCircle,
  projects: FolderKanban,
  talent: Users,
  aiAgents: Bot,
  account: FileText,
  knowledgeBase: BookOpen,
  myTeams: UsersRound,
  profile: Settings2,
};
