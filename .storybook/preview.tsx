import { SCENARIOS, type ScenarioName, scenario } from '@client-portal/api-client/mocks';
import { breakpoints, ThemeRoot } from '@client-portal/ui';
import type { Decorator, Loader, Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import type { ReactNode } from 'react';
import { configure } from 'storybook/test';
import '@client-portal/ui/fonts.css';

// A story's play function waits for what the mock API's answer renders (findBy…, waitFor) up to
// 20 s, one timeout for every story instead of testing-library's 1 s or a guess per file: long
// enough for the session's retries (ky once, TanStack Query twice with 1 s and 2 s back-off), and
// for a lazily loaded page that Vite transforms on first request while CI's two cores run the node
// tests beside the stories. A waiting story that passes takes no longer for it.
configure({ asyncUtilTimeout: 20_000 });

/**
 * Every story renders inside the kit's ThemeRoot, or (parameters.bare) as a whole <ClientPortal>
 * that is its own root. Stories pick their state through parameters:
 *   theme: 'light' | 'dark'   dir: 'ltr' | 'rtl'   locale: 'en' | 'ar' | 'de'   width: px (narrow container)
 * and the toolbar overrides them while browsing, on every story, portal stories included:
 *   Theme (light, dark, side by side), Direction, Locale, Viewport (the kit's breakpoints) and,
 *   for stories that talk to the mock API, API scenario.
 */
type Mode = 'light' | 'dark';

interface Look {
  mode: Mode;
  dir: 'ltr' | 'rtl' | undefined;
  locale: string;
}

const chosen = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The toolbar's choice, else the story's parameters, else the defaults. */
function lookOf(parameters: Record<string, unknown>, globals: Record<string, unknown>) {
  const theme = chosen(globals.theme) ?? chosen(parameters.theme) ?? 'light';
  const dir = (chosen(globals.dir) ?? chosen(parameters.dir)) as Look['dir'];
  const locale = chosen(globals.locale) ?? chosen(parameters.locale) ?? (dir === 'rtl' ? 'ar' : 'en');
  return { theme, dir, locale };
}

/** A kit story: inside a ThemeRoot of the chosen look, in a container of the story's width. */
function kitRoot(look: Look, parameters: Record<string, unknown>, story: ReactNode, inDocs: boolean) {
  const width = parameters.width as number | undefined;
  // A full-screen story fills the canvas; on a docs page, among other stories, it takes its height.
  const fill = parameters.layout === 'fullscreen' && !inDocs;
  return (
    <ThemeRoot
      mode={look.mode}
      locale={look.locale}
      dir={look.dir}
      style={{ padding: 16, minHeight: fill ? '100vh' : undefined }}
    >
      <main style={width ? { width, maxWidth: '100%', outline: '1px dashed #7b8594' } : undefined}>
        {story}
      </main>
    </ThemeRoot>
  );
}

const withToolbar: Decorator = (Story, { parameters, globals, args, viewMode }) => {
  const { theme, dir, locale } = lookOf(parameters, globals);
  const modes: Mode[] = theme === 'side-by-side' ? ['light', 'dark'] : [theme === 'dark' ? 'dark' : 'light'];
  const render = (mode: Mode) => {
    const look: Look = { mode, dir, locale };
    if (!parameters.bare) return kitRoot(look, parameters, <Story />, viewMode === 'docs');
    // A whole portal is its own ThemeRoot: the toolbar reaches it through its props. A colour mode
    // chosen in the toolbar wins over one the portal kept from an earlier visit.
    const overrides: Record<string, unknown> = {};
    if (chosen(globals.theme)) {
      overrides.colorScheme = mode;
      const prefix = (args.storageKeyPrefix as string | undefined) ?? 'client-portal';
      window.localStorage.removeItem(`${prefix}:color-mode`);
    }
    if (chosen(globals.locale) || chosen(globals.dir) || chosen(parameters.locale)) overrides.locale = locale;
    return <Story args={{ ...args, ...overrides }} />;
  };
  if (modes.length === 1) return render(modes[0] as Mode);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', minHeight: '100vh' }}>
      {modes.map((mode) => (
        <div key={mode} style={{ minWidth: 0 }}>
          {render(mode)}
        </div>
      ))}
    </div>
  );
};

/**
 * The toolbar's API scenario, for stories that talk to the mock API (they have `parameters.msw`):
 * the scenario's handlers go in front of the story's own, after mswLoader set those up.
 */
const withScenario: Loader = async (context) => {
  const name = chosen(context.globals.scenario) as ScenarioName | undefined;
  const worker = (context as unknown as { msw?: { use(...handlers: unknown[]): void } }).msw;
  if (name && name in SCENARIOS && context.parameters.msw && worker) worker.use(...scenario(name));
  return {};
};

/**
 * Tests run with reduced motion (vitest's browser context and the built-Storybook pass emulate
 * `prefers-reduced-motion: reduce`), so every story is checked in its end state. A story whose
 * subject is an animation (a skeleton's shimmer, a drawer's slide) carries the tag 'motion': under
 * vitest it turns full motion on for itself through the config's `motion` command, and back off
 * after. Outside vitest (browsing Storybook) nothing changes.
 */
const withMotion: Preview['beforeEach'] = async ({ tags }) => {
  const runner = (
    window as unknown as {
      __vitest_browser_runner__?: {
        commands: { triggerCommand(name: string, args: unknown[]): Promise<void> };
      };
    }
  ).__vitest_browser_runner__;
  if (!runner || !tags.includes('motion')) return;
  await runner.commands.triggerCommand('motion', [true]);
  return () => runner.commands.triggerCommand('motion', [false]);
};

/** The kit's breakpoints as viewports, plus a phone below the first one. */
const VIEWPORTS = {
  phone: { name: 'Phone (375)', styles: { width: '375px', height: '740px' }, type: 'mobile' },
  ...Object.fromEntries(
    Object.entries(breakpoints)
      .filter(([, px]) => px > 0)
      .map(([name, px]) => [
        name,
        {
          name: `${name} (${px})`,
          styles: { width: `${px}px`, height: '900px' },
          type: px < 992 ? (px < 768 ? 'mobile' : 'tablet') : 'desktop',
        },
      ]),
  ),
};

export default {
  decorators: [withToolbar],
  loaders: [mswLoader(), withScenario],
  beforeEach: withMotion,
  globalTypes: {
    theme: {
      description: 'Colour mode',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: '', title: "Story's own" },
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'side-by-side', title: 'Light and dark side by side' },
        ],
        dynamicTitle: true,
      },
    },
    dir: {
      description: 'Direction',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: '', title: "Story's own" },
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: '', title: "Story's own" },
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
          { value: 'ar', title: 'العربية (right to left)' },
        ],
        dynamicTitle: true,
      },
    },
    scenario: {
      description: 'API scenario (stories that use the mock API)',
      toolbar: {
        title: 'API',
        icon: 'database',
        items: [
          { value: '', title: "Story's own" },
          { value: 'signedIn', title: 'Data' },
          { value: 'loading', title: 'Loading (never answers)' },
          { value: 'newCustomer', title: 'Empty (a new customer)' },
          { value: 'serverError', title: 'Error (500 everywhere)' },
          { value: 'partialAnalytics', title: 'Partial failure (some analytics fail)' },
          { value: 'slow', title: 'Slow (2 s per call)' },
          { value: 'offline', title: 'Offline (network errors)' },
          { value: 'signedOut', title: 'Signed out' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: '', dir: '', locale: '', scenario: '' },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    controls: { expanded: true },
    viewport: { options: VIEWPORTS },
  },
  tags: ['autodocs'],
} satisfies Preview;
