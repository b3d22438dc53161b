import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Deliberately plain: no vanilla-extract plugin, no source condition. The packages must work as
// published: ESM + a static stylesheet.
export default defineConfig({
  root: import.meta.dirname,
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    rolldownOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        layered: resolve(import.meta.dirname, 'custom-layer.html'),
      },
    },
  },
});
