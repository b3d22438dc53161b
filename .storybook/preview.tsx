import type { Decorator, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { ThemeRoot } from '@client-portal/ui';
import '@client-portal/ui/fonts.css';

/**
 * Every story renders inside the kit's ThemeRoot. Stories pick their state through parameters:
 *   theme: 'light' | 'dark'   dir: 'ltr' | 'rtl'   locale: 'en' | 'ar' | 'de'   width: px (narrow container)
 *   bare: true — no decorator root (the story renders a whole <ClientPortal>)
 * and the toolbar globals override theme and direction while browsing.
 */
const withThemeRoot: Decorator = (Story, { parameters, globals }) => {
  // Portal stories bring their own root (<ClientPortal> is a ThemeRoot with its own landmarks).
  if (parameters.bare) return <Story />;
  const theme = (globals.theme as string | undefined) || (parameters.theme as string | undefined) || 'light';
  const dir = (globals.dir as string | undefined) || (parameters.dir as string | undefined);
  const locale = (parameters.locale as string | undefined) ?? (dir === 'rtl' ? 'ar' : 'en');
  const width = parameters.width as number | undefined;
  return (
    <ThemeRoot
      mode={theme === 'dark' ? 'dark' : 'light'}
      locale={locale}
      dir={dir === 'rtl' ? 'rtl' : dir === 'ltr' ? 'ltr' : undefined}
      style={{ padding: 16, minHeight: parameters.layout === 'fullscreen' ? '100vh' : undefined }}
    >
      <main style={width ? { width, maxWidth: '100%', outline: '1px dashed #7b8594' } : undefined}>
        <Story />
      </main>
    </ThemeRoot>
  );
};

export default {
  decorators: [withThemeRoot],
  loaders: [mswLoader()],
  globalTypes: {
    theme: {
      description: 'Colour mode',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['', 'light', 'dark'], dynamicTitle: true },
    },
    dir: {
      description: 'Direction',
      toolbar: { title: 'Direction', icon: 'transfer', items: ['', 'ltr', 'rtl'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: '', dir: '' },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    controls: { expanded: true },
  },
  tags: ['autodocs'],
} satisfies Preview;
