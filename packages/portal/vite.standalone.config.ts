import { resolve } from 'node:path';
import { defaultClientConditions, defineConfig } from 'vite';

const here = import.meta.dirname;

/**
 * The standalone portal the Express host serves at "/": a single-page app built from the package's
 * own published output (dist/index.js and dist/styles.css, so the app is exactly what consumers
 * get), React bundled in, hashed assets under /assets/ (the host caches them for a year), and the
 * lazily loaded PostHog in a chunk of its own. Run after the library build (see `build`).
 */
export default defineConfig({
  root: resolve(here, 'standalone'),
  // Relative references: the host serves one build at any base path (PORTAL_BASE_PATH) and makes
  // index.html's own references absolute (host-express portal/standalone.ts atBasePath).
  base: './',
  publicDir: resolve(here, 'standalone/public'),
  // Published output, not sources: no `@client-portal/source` condition, no vanilla-extract plugin.
  resolve: { conditions: [...defaultClientConditions] },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: resolve(here, 'dist/standalone'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Name PostHog's lazily loaded chunk after it (auditable; the e2e tests find it by name).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]posthog-js[\\/]/.test(id))
            ? 'assets/posthog-[hash].js'
            : 'assets/[name]-[hash].js',
      },
      onwarn(warning, warn) {
        // Ark UI's "use client" directives mean nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
