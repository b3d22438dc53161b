import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
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

export default defineConfig({
  // Separate caches let several test runs share a checkout without corrupting each other's deps.
  ...(process.env.VITE_CACHE_DIR ? { cacheDir: process.env.VITE_CACHE_DIR } : {}),
  resolve: { conditions: shared.resolve.conditions },
  css: shared.css,
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
          // Simulated keyboard focus in play functions can race Ark's requestAnimationFrame focus
          // management on a loaded 2-core CI machine; one retry there keeps a real failure failing.
          retry: process.env.CI ? 1 : 0,
          browser: {
            enabled: true,
            headless: true,
            instances: [{ browser: 'chromium' }],
            provider: playwright({ launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS } }),
          },
        },
      },
    ],
  },
});
