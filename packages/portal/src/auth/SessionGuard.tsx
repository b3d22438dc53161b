import { ErrorState, Spinner } from '@client-portal/ui';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useRouter, useSearch } from 'wouter';
import { isOffline, useSession } from '../data/PortalData.js';
import { useI18n } from '../i18n/I18nProvider.js';
import * as styles from './auth.css.js';
import { currentReturnTo } from './login-url.js';
import { useSignInNavigation } from './useSignInNavigation.js';

/** Centred full-area status: loading, redirecting, offline. */
export function FullStatus({ children }: { children: ReactNode }) {
  return <div className={styles.fullStatus}>{children}</div>;
}

/**
 * Only signed-in users reach the framed pages. Without a session (204) the visitor is sent to sign
 * in with `returnTo` (see useSignInNavigation); while the session loads, a spinner; when the host
 * cannot be reached, an offline message with retry.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const signIn = useSignInNavigation();
  const session = useSession();
  const { base } = useRouter();
  const [location] = useLocation();
  const search = useSearch();
  const returnTo = currentReturnTo(base, location, search);
  const signedOut = session.status === 'success' && session.data === null;

  useEffect(() => {
    if (signedOut) signIn(returnTo);
  }, [signedOut, signIn, returnTo]);

  if (session.status === 'pending') {
    return (
      <FullStatus>
        <Spinner size="lg" label={t('state.loading')} />
      </FullStatus>
    );
  }
  if (session.status === 'error') {
    const offline = isOffline(session.error);
    return (
      <FullStatus>
        <ErrorState
          headingLevel={2}
          title={offline ? t('state.offline.title') : t('state.error.title')}
          message={offline ? t('state.offline.body') : t('state.error.body')}
          labels={{ retry: t('state.retry') }}
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        />
      </FullStatus>
    );
  }
  if (signedOut) {
    return (
      <FullStatus>
        <Spinner size="lg" label={t('state.redirecting')} />
      </FullStatus>
    );
  }
  return <>{children}</>;
}
