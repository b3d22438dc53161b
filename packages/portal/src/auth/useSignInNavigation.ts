import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { usePortal } from '../PortalContext.js';
import { SIGN_IN_PATH } from '../routing/nav.js';
import { loginUrlFor } from './login-url.js';

/**
 * Sends a visitor without a session to sign in, then back to `returnTo` (an address on the host,
 * base path included). By default that is the portal's own sign-in page, reached inside the
 * portal's router, so it works wherever the portal is mounted (`<basePath>/auth/signin`, or the
 * memory route) and the page never reloads. A host that set `loginUrl` signs in elsewhere: the
 * browser leaves for it, or `onSignInRequired` is called with the address instead. Either way the
 * current history entry is replaced, so Back leads to the page before the portal rather than to a
 * page that redirects again.
 */
export function useSignInNavigation(): (returnTo: string) => void {
  const { loginUrl, onSignInRequired } = usePortal();
  const [, navigate] = useLocation();
  return useCallback(
    (returnTo: string) => {
      if (loginUrl === null) {
        navigate(`${SIGN_IN_PATH}?returnTo=${encodeURIComponent(returnTo)}`, { replace: true });
        return;
      }
      const target = loginUrlFor(loginUrl, returnTo);
      if (onSignInRequired) onSignInRequired(target);
      else window.location.replace(target);
    },
    [loginUrl, onSignInRequired, navigate],
  );
}
