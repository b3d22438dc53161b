import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './site.css';
import { Home } from './Home';
import { SiteLayout } from './SiteLayout';

const router = createBrowserRouter([
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <Home /> },
      // The portal owns everything under /portal: its pages, its sign-in page, its deep links. Loaded
      // with the route, so the site's other pages do not download it.
      { path: 'portal/*', lazy: async () => ({ Component: (await import('./PortalPage')).PortalPage }) },
    ],
  },
]);

const app = document.getElementById('app');
if (!app) throw new Error('#app is missing from index.html');
createRoot(app).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
