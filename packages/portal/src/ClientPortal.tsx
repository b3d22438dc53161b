'use client';

import { ThemeRoot } from '@client-portal/ui';
import { useMemo } from 'react';
import { createAnalytics } from './analytics/posthog.js';
import { App } from './App.js';
import { appearanceStyle } from './appearance.js';
import {
  apiUrl,
  type ClientPortalOptions,
  DEFAULT_HOME_LIFECYCLE_STAGE,
  DEFAULT_LINKS,
  DEFAULT_STORAGE_PREFIX,
} from './config.js';
import { PortalDataProvider } from './data/PortalData.js';
import { I18nProvider } from './i18n/I18nProvider.js';
import { PortalContext, type PortalContextValue } from './PortalContext.js';
import * as styles from './portal.css.js';
import { PortalRouter } from './routing/PortalRouter.js';

export interface ClientPortalProps extends ClientPortalOptions {
  /** Server rendering with path routing: the request's path (relative to `basePath`). */
  ssrPath?: string;
  /** Instead of leaving the page for the login URL (a host with its own sign-in, stories). */
  onSignInRequired?: (loginUrl: string) => void;
}

/**
 * The customer portal, ready to drop into a React site: its own theme root (colour mode, theme
 * variables, direction, overlays), query cache, router and messages, so that nothing leaks into
 * the host page and two portals on one page stay independent.
 */
export function ClientPortal(props: ClientPortalProps) {
  const {
    apiBaseUrl,
    getAccessToken,
    apiClient,
    routing = { mode: 'path', basePath: '' },
    loginUrl,
    signInMode = 'local',
    appearance,
    colorScheme = 'light',
    storageKeyPrefix = DEFAULT_STORAGE_PREFIX,
    locale = 'en',
    messages,
    posthog,
    links,
    homeLifecycleStage = DEFAULT_HOME_LIFECYCLE_STAGE,
    className,
    landmarks = 'page',
    label,
    ssrPath,
    onReady,
    onNavigate,
    onError,
    onSignOut,
    onSignInRequired,
  } = props;

  const posthogKey = posthog?.key;
  const posthogHost = posthog?.host;
  const posthogOptOut = posthog?.optOut;
  const analytics = useMemo(
    () =>
      createAnalytics(
        posthogKey ? { key: posthogKey, host: posthogHost, optOut: posthogOptOut } : undefined,
        storageKeyPrefix,
      ),
    [posthogKey, posthogHost, posthogOptOut, storageKeyPrefix],
  );
  const privacyPolicy = links?.privacyPolicy;
  const website = links?.website;
  const contact = links?.contact;
  const context = useMemo<PortalContextValue>(
    () => ({
      loginUrl: loginUrl ?? apiUrl(apiBaseUrl, '/api/auth/login'),
      signInMode,
      links: {
        privacyPolicy: privacyPolicy ?? DEFAULT_LINKS.privacyPolicy,
        website: website ?? DEFAULT_LINKS.website,
        contact: contact ?? DEFAULT_LINKS.contact,
      },
      storageKeyPrefix,
      analytics,
      landmarks,
      label,
      onReady,
      onNavigate,
      onError,
      onSignOut,
      onSignInRequired,
    }),
    [
      loginUrl,
      apiBaseUrl,
      signInMode,
      privacyPolicy,
      website,
      contact,
      storageKeyPrefix,
      analytics,
      landmarks,
      label,
      onReady,
      onNavigate,
      onError,
      onSignOut,
      onSignInRequired,
    ],
  );

  return (
    <ThemeRoot
      locale={locale}
      defaultMode={colorScheme}
      storageKey={`${storageKeyPrefix}:color-mode`}
      className={[styles.portal, className].filter(Boolean).join(' ')}
      style={(mode) => appearanceStyle(appearance, mode)}
    >
      <I18nProvider locale={locale} messages={messages}>
        <PortalContext.Provider value={context}>
          <PortalDataProvider
            apiBaseUrl={apiBaseUrl}
            getAccessToken={getAccessToken}
            apiClient={apiClient}
            homeLifecycleStage={homeLifecycleStage}
          >
            <PortalRouter routing={routing} ssrPath={ssrPath}>
              <App />
            </PortalRouter>
          </PortalDataProvider>
        </PortalContext.Provider>
      </I18nProvider>
    </ThemeRoot>
  );
}
