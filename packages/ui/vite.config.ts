import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig } from 'vite';
import { kitLibraryConfig } from '../../scripts/vite-shared.mjs';

export default defineConfig(
  kitLibraryConfig({
    entry: { index: 'src/index.ts' },
    plugins: [vanillaExtractPlugin({ identifiers: ({ hash }) => `cp-${hash}` })],
  }),
);
