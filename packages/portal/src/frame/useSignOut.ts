import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRouter } from 'wouter';
import { currentReturnTo } from '../auth/login-url.js';
import { useSignInNavigation } from '../auth/useSignInNavigation.js';
import { queryKeys, usePortalData } from '../data/PortalData.js';
import { usePortal } from '../PortalContext.js';

/**
 * Ends the session, tells analytics and the host, and goes to sign in again (the portal's own
 * sign-in page, or the host's `loginUrl`) with the portal's start as `returnTo`. Every request still
 * in flight is cancelled first: one that reached the host after the session had ended would be
 * refused (401), which the browser logs as an error. The way to the sign-in page is taken once the
 * host has ended the session (before, the sign-in page would find it still there and lead back in;
 * a host's `loginUrl` left for earlier would cancel the sign-out) and before this portal's cache is
 * emptied, so no framed page re-renders without its data (and no guard sends the visitor to sign
 * in a second time).
 */
export function useSignOut() {
  const { client } = usePortalData();
  const queryClient = useQueryClient();
  const { analytics, onSignOut } = usePortal();
  const { base } = useRouter();
  const signIn = useSignInNavigation();
  return useCallback(async () => {
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
  }, [client, queryClient, analytics, onSignOut, base, signIn]);
}
