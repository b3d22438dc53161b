import { Spinner } from '@client-portal/ui';
import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FullStatus, SessionGuard } from './auth/SessionGuard.js';
import { SignInPage } from './auth/SignInPage.js';
import { hasCompanyScope, useHomeGate, useProfile, useSession, useSigningOut } from './data/PortalData.js';
import { ErrorBoundary } from './embedding/ErrorBoundary.js';
import { Frame } from './frame/Frame.js';
import { useI18n } from './i18n/I18nProvider.js';
import { PortalRoutes, preloadPage } from './pages/PortalRoutes.js';
import { usePortal } from './PortalContext.js';
import { isFrameless, SIGN_IN_PATH } from './routing/nav.js';
import { StaffGate } from './staff/index.js';

/** Reports route changes to the host and product analytics, and identifies the signed-in user. */
function RouteReporter() {
  const [location] = useLocation();
  const search = useSearch();
  const { onNavigate, analytics } = usePortal();
  const session = useSession();
  const path = search ? `${location}?${search}` : location;
  useEffect(() => {
    onNavigate?.(path);
    analytics.pageview(path);
  }, [path, onNavigate, analytics]);
  const user = session.data;
  useEffect(() => {
    if (user) analytics.identify(user);
  }, [user, analytics]);
  return null;
}

/** "/" has no page of its own: signed-in users go to Home (when shown) or the Dashboard. */
function RootRedirect() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const session = useSession();
  const profile = useProfile();
  const home = useHomeGate();
  // Staff who have not chosen a company have no profile to wait for: the dashboard shows the picker.
  const settled = profile.status !== 'pending' || !hasCompanyScope(session.data);
  useEffect(() => {
    if (settled) navigate(home ? '/home' : '/dashboard', { replace: true });
  }, [settled, home, navigate]);
  return (
    <FullStatus>
      <Spinner size="lg" label={t('state.loading')} />
    </FullStatus>
  );
}

/** Calls onReady once, when the first real screen (frame or sign-in page) is on screen. */
export function useReadyOnce(ready: boolean) {
  const { onReady } = usePortal();
  const done = useRef(false);
  useEffect(() => {
    if (ready && !done.current) {
      done.current = true;
      onReady?.();
    }
  }, [ready, onReady]);
}

export function App() {
  const [location] = useLocation();
  const session = useSession();
  const [signingOut] = useSigningOut();
  const { t } = useI18n();
  const frameless = isFrameless(location);
  const onSignIn = location.toLowerCase().replace(/\/+$/, '') === SIGN_IN_PATH;
  // The page's code downloads while the session is checked (see preloadPage).
  useEffect(() => preloadPage(location), [location]);
  useReadyOnce(onSignIn || (session.status === 'success' && session.data !== null));
  return (
    <>
      <RouteReporter />
      {onSignIn ? (
        <ErrorBoundary where="page:sign-in">
          <SignInPage />
        </ErrorBoundary>
      ) : signingOut ? (
        <FullStatus>
          <Spinner size="lg" label={t('state.signingOut')} />
        </FullStatus>
      ) : frameless ? (
        <SessionGuard>
          <RootRedirect />
        </SessionGuard>
      ) : (
        <SessionGuard>
          <Frame>
            <StaffGate>
              <ErrorBoundary where={`page:${location}`} resetKey={location}>
                <PortalRoutes />
              </ErrorBoundary>
            </StaffGate>
          </Frame>
        </SessionGuard>
      )}
    </>
  );
}
