import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePortalData } from '../data/PortalData.js';
import { usePortal } from '../PortalContext.js';

/**
 * Ends the session, forgets everything this portal cached, tells analytics and the host, then leaves
 * for the login URL (or hands it to `onSignInRequired`, for hosts and stories that stay on the page).
 */
export function useSignOut() {
  const { client } = usePortalData();
  const queryClient = useQueryClient();
  const { analytics, onSignOut, loginUrl, onSignInRequired } = usePortal();
  return useCallback(async () => {
    try {
      await client.signOut();
    } catch {
      // The session may already be gone (expired, revoked); leaving is still what the user asked for.
    }
    queryClient.clear();
    analytics.reset();
    onSignOut?.();
    if (onSignInRequired) onSignInRequired(loginUrl);
    else window.location.assign(loginUrl);
  }, [client, queryClient, analytics, onSignOut, loginUrl, onSignInRequired]);
}
