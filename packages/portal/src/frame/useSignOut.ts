import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRouter } from 'wouter';
import { currentReturnTo } from '../auth/login-url.js';
import { useSignInNavigation } from '../auth/useSignInNavigation.js';
import { queryKeys, usePortalData } from '../data/PortalData.js';
import { usePortal } from '../PortalContext.js';

/**
 * Ends the session, tells analytics and the host, and goes to sign in again (the portal's own
 * sign-in page, or the host's `loginUrl`) with the portal's start as `returnTo`. Nothing of the
 * session reaches the host after it has ended: on the portal's own sign-in page the framed page is
 * left first (its queries lose their observers; the sign-in page is told there is no session, in
 * the same render), then every request still in flight is cancelled, and only then is the session
 * ended. A page's request that arrived after it would be refused (401), which the browser logs as
 * an error. A host's `loginUrl` is left for only once the session has ended (leaving the page would
 * cancel the sign-out). The cache is emptied once the framed page is gone, so no framed page
 * re-renders without its data.
 */
export function useSignOut() {
  const { client } = usePortalData();
  const queryClient = useQueryClient();
  const { analytics, onSignOut, loginUrl } = usePortal();
  const { base } = useRouter();
  const signIn = useSignInNavigation();
  return useCallback(async () => {
    const returnTo = currentReturnTo(base, '/', '');
    const inPortal = loginUrl === null;
    if (inPortal) {
      signIn(returnTo);
      queryClient.setQueryData(queryKeys.session(), null);
    }
    await queryClient.cancelQueries();
    try {
      await client.signOut();
    } catch {
      // The session may already be gone (expired, revoked); leaving is still what the user asked for.
    }
    analytics.reset();
    if (!inPortal) signIn(returnTo);
    queryClient.clear();
    // Known now: there is no session (the sign-in page need not ask the host).
    queryClient.setQueryData(queryKeys.session(), null);
    onSignOut?.();
  }, [client, queryClient, analytics, onSignOut, base, signIn, loginUrl]);
}
