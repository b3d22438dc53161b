import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

const here = import.meta.dirname;

/**
 * Writes `<file>.br` (brotli at its highest quality, 11) beside each script and stylesheet of the
 * build, for the host to send to browsers that accept brotli (host-express portal/standalone.ts).
 * Compressing at request time uses quality 4, whose output is no smaller than gzip's; quality 11 is
 * too slow to run per request but free once at build time: 13% less JavaScript and 17% less CSS
 * than gzip (portal README, "What the browser downloads").
 */
function precompress(): Plugin {
  return {
    name: 'client-portal:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(file)) continue;
        const path = join(dir, file);
        const source = readFileSync(path);
        const params = {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        };
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params }));
      }
    },
  };
}

/**
 * Writes `page-preloads.json`: for each lazily loaded chunk (a page, the requests beside one, an
 * overlay: a dynamic entry, by its name), the files the browser needs to show it beyond what
 * index.html already loads — its chunk and its static imports.
 * The host lists them in the page it serves as `<link rel="modulepreload">` (host-express
 * portal/standalone.ts), so the page's code downloads beside the entry's instead of after the entry
 * has run and asked for it.
 */
function pagePreloads(): Plugin {
  return {
    name: 'client-portal:page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
      };
      const upFront = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, upFront);
      const pages: Record<string, string[]> = {};
      for (const chunk of chunks) {
        if (!chunk.isDynamicEntry) continue;
        const files = new Set<string>();
        closure(chunk.fileName, files);
        pages[chunk.name] = [...files].filter((file) => !upFront.has(file));
      }
      this.emitFile({ type: 'asset', fileName: 'page-preloads.json', source: JSON.stringify(pages) });
    },
  };
}

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
  plugins: [precompress(), pagePreloads()],
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
