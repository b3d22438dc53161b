import type { ReactNode } from 'react';
import { noAnalytics } from '../analytics/posthog.js';
import { DEFAULT_LINKS } from '../config.js';
import { I18nProvider } from '../i18n/I18nProvider.js';
import type { Messages } from '../i18n/messages.en.js';
import { PortalContext, type PortalContextValue } from '../PortalContext.js';

/**
 * The portal's messages and options without the rest of <ClientPortal>, for stories of a part
 * (a boundary, a panel) inside the preview's themed root. Callbacks are the story's spies.
 */
export function PortalProviders({
  children,
  locale = 'en',
  messages,
  ...context
}: {
  children: ReactNode;
  locale?: string;
  messages?: Partial<Messages>;
} & Partial<PortalContextValue>) {
  const value: PortalContextValue = {
    loginUrl: null,
    apiLoginUrl: '/api/auth/login',
    signInMode: 'local',
    links: DEFAULT_LINKS,
    storageKeyPrefix: 'story-parts',
    analytics: noAnalytics,
    ...context,
    landmarks: context.landmarks ?? 'page',
  };
  return (
    <I18nProvider locale={locale} messages={messages}>
      <PortalContext.Provider value={value}>{children}</PortalContext.Provider>
    </I18nProvider>
  );
}
