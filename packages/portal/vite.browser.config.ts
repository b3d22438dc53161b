import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const here = import.meta.dirname;

/**
 * The browser build, for pages without a bundler: `dist/browser/client-portal.js`, one ES module
 * that exports `mountClientPortal`, with React and every dependency included (a page loads it with
 * `<script type="module">` from any static path or CDN), and its lazily loaded parts (PostHog, the
 * stylesheet for shadow isolation) as chunks next to it. Built from the package's own published
 * output (dist/index.js), so it is exactly what bundler users get. Run after the library build.
 */
export default defineConfig({
  plugins: [
    {
      name: 'client-portal-browser-types',
      // Types for `@client-portal/portal/browser` (TypeScript users of a page script).
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: 'client-portal.d.ts',
          source:
            "export { mountClientPortal } from '../index.js';\nexport type { ClientPortalProps, MountedPortal } from '../index.js';\n",
        });
      },
    },
  ],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: resolve(here, 'dist/browser'),
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    lib: {
      entry: resolve(here, 'browser/client-portal.js'),
      formats: ['es'],
      fileName: () => 'client-portal.js',
    },
    rolldownOptions: {
      output: { chunkFileNames: 'client-portal-[name]-[hash].js' },
      onwarn(warning, warn) {
        // "use client" means nothing in a bundle for the browser.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
