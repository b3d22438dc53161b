import { ErrorState, Spinner } from '@client-portal/ui';
import { type ReactNode, useEffect } from 'react';
import { isOffline, useSession } from '../data/PortalData';
import { useI18n } from '../i18n/I18nProvider';
import { usePortal } from '../PortalContext';
import * as styles from './auth.css';

/** The login URL with `returnTo` = where the visitor is now (path and query of the page). */
export function loginUrlFor(loginUrl: string): string {
  const here = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  const separator = loginUrl.includes('?') ? '&' : '?';
  return `${loginUrl}${separator}returnTo=${encodeURIComponent(here)}`;
}

/** Centred full-area status: loading, redirecting, offline. */
export function FullStatus({ children }: { children: ReactNode }) {
  return <div className={styles.fullStatus}>{children}</div>;
}

/**
 * Spec §6: only signed-in users reach the framed pages. Without a session (204) the visitor is
 * sent to the login URL with `returnTo`; while the session loads, a spinner; when the host cannot
 * be reached, an offline message with retry.
 */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const { loginUrl, onSignInRequired } = usePortal();
  const session = useSession();
  const signedOut = session.status === 'success' && session.data === null;

  useEffect(() => {
    if (!signedOut) return;
    const target = loginUrlFor(loginUrl);
    if (onSignInRequired) onSignInRequired(target);
    else window.location.assign(target);
  }, [signedOut, loginUrl, onSignInRequired]);

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
