import { createContext, useContext } from 'react';
import { useI18n } from './i18n/I18nProvider.js';
import type { MessageKey } from './i18n/messages.en.js';
import type { PortalAnalytics } from './analytics/posthog.js';
import type { DemoSignIns, PortalCallbacks, PortalLinks } from './config.js';

/** Options resolved once per portal, for the frame and pages. */
export interface PortalContextValue extends PortalCallbacks {
  /** The host's `loginUrl`; null: the portal's own sign-in page. */
  loginUrl: string | null;
  /** The host's `/api/auth/login`, where single sign-on starts. */
  apiLoginUrl: string;
  signInMode: 'local' | 'sso';
  links: PortalLinks;
  storageKeyPrefix: string;
  analytics: PortalAnalytics;
  landmarks: 'page' | 'region';
  /** The host's name for the portal, if it gave one (else the `portal.label` message). */
  label?: string | undefined;
  /** Demo accounts to list on the sign-in page (a host running demo data). */
  demoSignIns?: DemoSignIns | undefined;
  /** The provider's mark (PortalBrand.logo); undefined: the portal's own. */
  brandLogo?: string | undefined;
  /** Instead of leaving the page for the login URL (stories, hosts with their own sign-in). */
  onSignInRequired?: ((loginUrl: string) => void) | undefined;
}

export const PortalContext = createContext<PortalContextValue | null>(null);

export function usePortal(): PortalContextValue {
  const ctx = useContext(PortalContext);
  if (!ctx) throw new Error('usePortal() outside <ClientPortal>');
  return ctx;
}

/**
 * The accessible name of one of the portal's landmarks: the message alone, or in `region` mode
 * prefixed with the portal's name, so two portals on one page have distinct landmarks.
 */
export function useLandmarkName(key: MessageKey): string {
  const { t } = useI18n();
  const { landmarks, label } = usePortal();
  if (landmarks !== 'region') return t(key);
  return t('landmark.scoped', { portal: label ?? t('portal.label'), name: t(key) });
}
