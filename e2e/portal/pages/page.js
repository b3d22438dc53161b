// A host page's own code: plain JavaScript, no React. Mounts the portal with memory routing, so the
// page's address never changes. Query: ?path=/dashboard&locale=en
import { mountClientPortal } from './client-portal.js';

const params = new URLSearchParams(window.location.search);
const element = document.getElementById('portal');
const navigations = [];
const portal = mountClientPortal(element, {
  routing: { mode: 'memory', initialPath: params.get('path') ?? '/dashboard' },
  locale: params.get('locale') ?? 'en',
  onNavigate: (path) => navigations.push(path),
  onReady: () => {
    document.body.dataset.portalReady = 'true';
  },
});
// Handles for the tests.
window.portal = portal;
window.portalNavigations = navigations;
