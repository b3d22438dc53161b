import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { StorybookConfig } from '@storybook/react-vite';
import { kitViteConfig } from '../scripts/vite-shared.mjs';

export default {
  stories: [
    '../packages/ui/src/foundations/Introduction.mdx',
    '../packages/*/src/**/*.mdx',
    '../packages/*/src/**/*.stories.@(ts|tsx)',
  ],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(config) {
    const shared = kitViteConfig();
    config.plugins = [...(config.plugins ?? []), vanillaExtractPlugin({ identifiers: 'debug' })];
    config.resolve = { ...config.resolve, conditions: shared.resolve.conditions };
    config.css = { ...config.css, postcss: shared.css.postcss };
    return config;
  },
} satisfies StorybookConfig;
