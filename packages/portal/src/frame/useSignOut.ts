import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRouter } from 'wouter';
import { currentReturnTo } from '../auth/login-url.js';
import { useSignInNavigation } from '../auth/useSignInNavigation.js';
import { queryKeys, usePortalData } from '../data/PortalData.js';
import { usePortal } from '../PortalContext.js';

/**
 * Ends the session, tells analytics and the host, and goes to sign in again (the portal's own
 * sign-in page, or the host's `loginUrl`) with the portal's start as `returnTo`. The way to the
 * sign-in page is taken before this portal's cache is emptied, so no framed page re-renders without
 * its data (and no guard sends the visitor to sign in a second time).
 */
export function useSignOut() {
  const { client } = usePortalData();
  const queryClient = useQueryClient();
  const { analytics, onSignOut } = usePortal();
  const { base } = useRouter();
  const signIn = useSignInNavigation();
  return useCallback(async () => {
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
