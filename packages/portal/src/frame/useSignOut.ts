import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { flushSync } from 'react-dom';
import { useRouter } from 'wouter';
import { currentReturnTo } from '../auth/login-url.js';
import { useSignInNavigation } from '../auth/useSignInNavigation.js';
import { queryKeys, usePortalData, useSigningOut } from '../data/PortalData.js';
import { usePortal } from '../PortalContext.js';

/**
 * Ends the session, tells analytics and the host, and goes to sign in again (the portal's own
 * sign-in page, or the host's `loginUrl`) with the portal's start as `returnTo`.
 *
 * First the portal's pages are taken off screen (a "Signing out…" status replaces them, committed
 * at once) and every request in flight is cancelled: a request that reached the host after the
 * session had ended would be refused (401), which the browser logs as an error — and a page still
 * mounted starts new ones (a panel whose code arrives, a section that mounts late). The way to the
 * sign-in page is taken once the host has ended the session (before, the sign-in page would find it
 * still there and lead back in; a host's `loginUrl` left for earlier would cancel the sign-out),
 * then this portal's cache is emptied and the session is known to be gone.
 */
export function useSignOut() {
  const { client } = usePortalData();
  const queryClient = useQueryClient();
  const { analytics, onSignOut } = usePortal();
  const { base } = useRouter();
  const signIn = useSignInNavigation();
  const [, setSigningOut] = useSigningOut();
  return useCallback(async () => {
    flushSync(() => setSigningOut(true));
    try {
      await queryClient.cancelQueries();
      try {
        await client.signOut();
      } catch {
        // The session may already be gone (expired, revoked); leaving is still what the user asked for.
      }
      analytics.reset();
      signIn(currentReturnTo(base, '/', ''));
      queryClient.clear();
      // Known now: there is no session (the sign-in page need not ask the host).
      queryClient.setQueryData(queryKeys.session(), null);
      onSignOut?.();
    } finally {
      setSigningOut(false);
    }
  }, [client, queryClient, analytics, onSignOut, base, signIn, setSigningOut]);
}
