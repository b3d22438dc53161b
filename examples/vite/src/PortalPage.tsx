import { ClientPortal } from '@client-portal/portal';
import '@client-portal/portal/styles.css';

/**
 * The portal under /portal. It keeps its own routes there (path routing with the base path), signs
 * visitors in on its own sign-in page at /portal/auth/signin, and calls the portal host's /api on
 * this origin (see vite.config.ts).
 */
export function PortalPage() {
  return (
    <ClientPortal
      routing={{ mode: 'path', basePath: '/portal' }}
      landmarks="region"
      label="Client portal"
      links={{
        privacyPolicy: 'https://www.example.com/privacy',
        website: 'https://www.example.com',
        contact: 'https://www.example.com/contact',
      }}
    />
  );
}
