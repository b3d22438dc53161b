import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { type PlaywrightBrowserProvider, playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import type { BrowserProviderOption } from 'vitest/node';
import { kitViteConfig } from './scripts/vite-shared.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const shared = kitViteConfig();

/**
 * Chromium for the storybook project, reduced motion on (the theme's durations are 0 then, so play
 * functions and axe see each overlay's end state, never a menu or tooltip half faded in; a story
 * whose subject is an animation, tag 'motion', turns it off for itself through the `motion`
 * command, .storybook/preview.tsx). When the test page goes away, vitest only says "Browser
 * connection was closed": this says why (a renderer crash, the page closed or navigated away, the
 * browser gone), so such a failure can be fixed at its cause.
 */
function chromium(): BrowserProviderOption {
  const option = playwright({
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    contextOptions: { reducedMotion: 'reduce' },
  });
  return {
    ...option,
    providerFactory(project) {
      const provider = option.providerFactory(project) as PlaywrightBrowserProvider;
      const openPage = provider.openPage.bind(provider);
      let closing = false;
      const close = provider.close.bind(provider);
      provider.close = () => {
        closing = true;
        return close();
      };
      provider.openPage = async (sessionId, url, options) => {
        await openPage(sessionId, url, options);
        const page = provider.getPage(sessionId);
        const say = (what: string) => {
          if (!closing) console.error(`[chromium] session ${sessionId}: ${what}`);
        };
        page.on('crash', () => say('the test page crashed (renderer process gone)'));
        page.on('close', () => say('the test page was closed'));
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame()) say(`the test page navigated to ${frame.url()}`);
        });
        page
          .context()
          .browser()
          ?.on('disconnected', () => say('the browser exited'));
      };
      return provider;
    },
  };
}

export default defineConfig({
  // Separate caches let several test runs share a checkout without corrupting each other's deps.
  ...(process.env.VITE_CACHE_DIR ? { cacheDir: process.env.VITE_CACHE_DIR } : {}),
  resolve: { conditions: shared.resolve.conditions },
  css: shared.css,
  test: {
    // Two workers on two cores: files run side by side (one at a time left a core idle). Three
    // overloaded the machine (load 15) and browser tests timed out.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          // Pure unit tests (no store, server or browser): one module graph per worker, no per-file
          // isolation — most of a small file's time was its own start-up and transforms. Files that
          // mock a module or stub a global restore it themselves (afterEach/afterAll).
          name: 'unit',
          environment: 'node',
          include: ['packages/{ui,portal,api-client}/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The host's tests: stores, HTTP, the CLI in child processes. One process per file.
          name: 'host',
          environment: 'node',
          include: ['packages/host-express/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Built output: the packages as published, the examples, the portal and Storybook in Chromium.
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          // A browser round trip on a machine loaded by the other projects: room, not a retry.
          // The demo data set seeded once for every e2e host of the run.
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        plugins: [
          vanillaExtractPlugin({ identifiers: 'debug' }),
          storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) }),
        ],
        optimizeDeps: {
          // Pre-bundled up front: a dependency discovered mid-run makes Vite reload and tests flake.
          include: [
            '@client-portal/ui > @vanilla-extract/recipes/createRuntimeFn',
            ...[
              'avatar',
              'dialog',
              'environment',
              'drawer',
              'locale',
              'menu',
              'pagination',
              'portal',
              'progress',
              'select',
              'tabs',
              'toast',
              'tooltip',
            ].map((part) => `@client-portal/ui > @ark-ui/react/${part}`),
            '@client-portal/ui > d3-scale',
            '@client-portal/ui > d3-shape',
            'msw-storybook-addon/csf3',
            'msw',
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
          ],
        },
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            instances: [{ browser: 'chromium' }],
            provider: chromium(),
            commands: {
              motion: async ({ page }, full: boolean) => {
                await page.emulateMedia({ reducedMotion: full ? 'no-preference' : 'reduce' });
              },
            },
          },
        },
      },
    ],
  },
});
