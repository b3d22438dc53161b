'use client';

import { Spinner, ThemeRoot } from '@client-portal/ui';
import { useMemo } from 'react';
import { createAnalytics } from './analytics/posthog.js';
import { App } from './App.js';
import { appearanceStyle } from './appearance.js';
import { FullStatus } from './auth/SessionGuard.js';
import { apiUrl, type ClientPortalOptions, DEFAULT_HOME_LIFECYCLE_STAGE, DEFAULT_LINKS } from './config.js';
import { PortalDataProvider } from './data/PortalData.js';
import { ShadowIsolation } from './embedding/ShadowIsolation.js';
import { useStoragePrefix } from './embedding/storagePrefix.js';
import { I18nProvider, useI18n } from './i18n/I18nProvider.js';
import { PortalContext, type PortalContextValue } from './PortalContext.js';
import * as styles from './portal.css.js';
import { PortalRouter } from './routing/PortalRouter.js';

export interface ClientPortalProps extends ClientPortalOptions {
  /**
   * Server rendering with path routing: the address of the request as the browser shows it, base
   * path included, with its query if it has one (`/portal/services/projects?tab=x`). The server then
   * renders that route, and the browser hydrates from the same address. Without it, the server
   * renders the portal's loading state and the browser its route; nothing reads `window` or
   * `location` on the server either way.
   */
  ssrPath?: string;
  /** Instead of leaving the page for `loginUrl` (a host with its own sign-in, stories). */
  onSignInRequired?: (loginUrl: string) => void;
}

/** Shown on a server and while hydrating when the route is not known there (no `ssrPath`). */
function Pending() {
  const { t } = useI18n();
  return (
    <FullStatus>
      <Spinner size="lg" label={t('state.loading')} />
    </FullStatus>
  );
}

/**
 * The customer portal, ready to drop into a React site: its own theme root (colour mode, theme
 * variables, direction, overlays), query cache, router and messages, so that nothing leaks into
 * the host page and two portals on one page stay independent.
 */
export function ClientPortal(props: ClientPortalProps) {
  const { isolation = 'none' } = props;
  if (isolation === 'shadow') {
    return (
      <ShadowIsolation>
        {(rootNode, ref) => <PortalRoot {...props} rootNode={rootNode} rootRef={ref} />}
      </ShadowIsolation>
    );
  }
  return <PortalRoot {...props} />;
}

function PortalRoot(
  props: ClientPortalProps & {
    rootNode?: () => ShadowRoot;
    /** The light-DOM element of a portal in a shadow root (its shadow host). */
    rootRef?: { current: HTMLElement | null };
  },
) {
  const {
    apiBaseUrl,
    getAccessToken,
    initialAnswers,
    apiClient,
    routing = { mode: 'path', basePath: '' },
    loginUrl,
    signInMode = 'local',
    appearance,
    colorScheme = 'light',
    storageKeyPrefix,
    locale = 'en',
    messages,
    brand,
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
    demoSignIns,
    rootNode,
    rootRef,
  } = props;

  const { prefix, ref } = useStoragePrefix(storageKeyPrefix, rootRef);
  const posthogKey = posthog?.key;
  const posthogHost = posthog?.host;
  const posthogOptOut = posthog?.optOut;
  const analytics = useMemo(
    () =>
      createAnalytics(
        posthogKey ? { key: posthogKey, host: posthogHost, optOut: posthogOptOut } : undefined,
        prefix,
      ),
    [posthogKey, posthogHost, posthogOptOut, prefix],
  );
  // The brand's name is the provider message every locale uses (logo text, copyright holder).
  const brandName = brand?.name?.trim();
  const catalogue = useMemo(
    () => (brandName ? { ...messages, 'frame.provider': brandName } : messages),
    [messages, brandName],
  );
  const brandLogo = brand?.logo;
  const privacyPolicy = links?.privacyPolicy;
  const website = links?.website;
  const contact = links?.contact;
  const context = useMemo<PortalContextValue>(
    () => ({
      loginUrl: loginUrl ?? null,
      apiLoginUrl: apiUrl(apiBaseUrl, '/api/auth/login'),
      signInMode,
      links: {
        privacyPolicy: privacyPolicy ?? DEFAULT_LINKS.privacyPolicy,
        website: website ?? DEFAULT_LINKS.website,
        contact: contact ?? DEFAULT_LINKS.contact,
      },
      storageKeyPrefix: prefix,
      analytics,
      landmarks,
      label,
      onReady,
      onNavigate,
      onError,
      onSignOut,
      onSignInRequired,
      demoSignIns,
      brandLogo,
    }),
    [
      loginUrl,
      apiBaseUrl,
      signInMode,
      privacyPolicy,
      website,
      contact,
      prefix,
      analytics,
      landmarks,
      label,
      onReady,
      onNavigate,
      onError,
      onSignOut,
      onSignInRequired,
      demoSignIns,
      brandLogo,
    ],
  );

  return (
    <ThemeRoot
      ref={ref}
      ownsContent
      locale={locale}
      defaultMode={colorScheme}
      storageKey={`${prefix}:color-mode`}
      className={[styles.portal, className].filter(Boolean).join(' ')}
      style={(mode) => appearanceStyle(appearance, mode)}
      {...(rootNode ? { rootNode } : {})}
    >
      <I18nProvider locale={locale} messages={catalogue}>
        <PortalContext.Provider value={context}>
          <PortalDataProvider
            apiBaseUrl={apiBaseUrl}
            getAccessToken={getAccessToken}
            initialAnswers={initialAnswers}
            apiClient={apiClient}
            homeLifecycleStage={homeLifecycleStage}
          >
            <PortalRouter routing={routing} ssrPath={ssrPath} pending={<Pending />}>
              <App />
            </PortalRouter>
          </PortalDataProvider>
        </PortalContext.Provider>
      </I18nProvider>
    </ThemeRoot>
  );
}
