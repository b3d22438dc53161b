import { ClientPortal } from '@client-portal/portal';
import '@client-portal/portal/styles.css';

/**
 * Every address under /portal renders the portal (a Server Component file: the portal is a Client
 * Component of its own). It keeps its routes there, signs visitors in on its own sign-in page at
 * /portal/auth/signin, and calls the portal host's /api on this origin (see next.config.mjs). On the
 * server it renders its loading state; the browser takes over with the route.
 */
export default function PortalPage() {
  return (
    <ClientPortal routing={{ mode: 'path', basePath: '/portal' }} landmarks="region" label="Client portal" />
  );
}
