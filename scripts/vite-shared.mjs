// Vite settings shared by Storybook, vitest and the package builds, so that dev, tests and
// published output resolve and process CSS the same way.
import { defaultClientConditions } from 'vite';
import { hardenCss } from './harden-css.mjs';
import { LAYER_NAME } from './layer-name.mjs';

/** @param {{ layer?: string | null }} [options] layer: wrap kit CSS in this layer (dev); null in builds (finish-css wraps). */
export function kitViteConfig({ layer = LAYER_NAME } = {}) {
  return {
    resolve: { conditions: ['@client-portal/source', ...defaultClientConditions] },
    css: { postcss: { plugins: [hardenCss({ layer })] } },
  };
}

/**
 * Library build of a kit package: ESM with preserved modules (tree-shakeable), dependencies external,
 * one static CSS file (`styles.css`), no runtime CSS-in-JS. Used by packages/ui and packages/portal.
 * @param {{ entry: Record<string, string>, plugins?: any[] }} options
 */
export function kitLibraryConfig({ entry, plugins = [] }) {
  const shared = kitViteConfig({ layer: null });
  return {
    plugins,
    css: shared.css,
    build: {
      lib: { entry, formats: ['es'], cssFileName: 'styles' },
      minify: false,
      cssMinify: true,
      cssCodeSplit: false,
      sourcemap: true,
      emptyOutDir: true,
      rolldownOptions: {
        // Every bare import stays external: consumers' bundlers resolve and dedupe them.
        external: (id) =>
          !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id),
        output: { preserveModules: true, preserveModulesRoot: 'src', entryFileNames: '[name].js' },
        // Modules that render keep their "use client" directive (React Server Components frameworks
        // need it at the top of each client module); with preserved modules it is kept, so the
        // bundler's warning that it "may not be preserved" is noise.
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE' && /use client/.test(log.message)) return;
          handler(level, log);
        },
      },
    },
  };
}
