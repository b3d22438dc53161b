// A host page's own code: plain JavaScript, no React. Mounts the portal with memory routing, so the
// page's address never changes. Query: ?path=/dashboard&locale=en&isolation=shadow
import { mountClientPortal } from './client-portal.js';

const params = new URLSearchParams(window.location.search);
const element = document.getElementById('portal');
const navigations = [];
const portal = mountClientPortal(element, {
  routing: { mode: 'memory', initialPath: params.get('path') ?? '/dashboard' },
  locale: params.get('locale') ?? 'en',
  isolation: params.get('isolation') === 'shadow' ? 'shadow' : 'none',
  onNavigate: (path) => navigations.push(path),
  onReady: () => {
    document.body.dataset.portalReady = 'true';
  },
});
// Handles for the tests.
window.portal = portal;
window.portalNavigations = navigations;
window.mountClientPortal = mountClientPortal;
