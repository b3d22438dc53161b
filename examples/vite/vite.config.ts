import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The portal calls /api on the page's own origin: in development and preview, Vite passes those
// calls to the portal host (client-portal-host start, http://localhost:3000 by default). In
// production, route /api to the host the same way (a reverse proxy, or the host's router mounted
// into the site's own server).
const api = { '/api': { target: process.env.PORTAL_API_ORIGIN ?? 'http://localhost:3000' } };

export default defineConfig({
  plugins: [react()],
  server: { proxy: api },
  preview: { proxy: api },
});
