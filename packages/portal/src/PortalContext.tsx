import { createContext, useContext } from 'react';
import type { PortalAnalytics } from './analytics/posthog';
import type { PortalCallbacks, PortalLinks } from './config';

/** Options resolved once per portal, for the frame and pages. */
export interface PortalContextValue extends PortalCallbacks {
  loginUrl: string;
  signInMode: 'local' | 'sso';
  links: PortalLinks;
  storageKeyPrefix: string;
  analytics: PortalAnalytics;
  /** Instead of leaving the page for the login URL (stories, hosts with their own sign-in). */
  onSignInRequired?: ((loginUrl: string) => void) | undefined;
}

export const PortalContext = createContext<PortalContextValue | null>(null);

export function usePortal(): PortalContextValue {
  const ctx = useContext(PortalContext);
  if (!ctx) throw new Error('usePortal() outside <ClientPortal>');
  return ctx;
}
