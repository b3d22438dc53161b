import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Button } from '../components/Button/index.js';
import { ThemeRoot, useTheme } from './ThemeRoot.js';
import type { ColorMode } from './colorMode.js';

const KEY = 'story:color-mode';

function ModeSwitcher() {
  const { mode, resolved, setMode, dir } = useTheme();
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <p data-testid="state">{`mode=${mode} resolved=${resolved} dir=${dir}`}</p>
      <fieldset style={{ display: 'flex', gap: 8 }}>
        <legend>Colour mode</legend>
        {(['light', 'dark', 'system'] as ColorMode[]).map((m) => (
          <Button
            key={m}
            variant={m === mode ? 'solid' : 'outline'}
            aria-pressed={m === mode}
            onClick={() => setMode(m)}
          >
            {m}
          </Button>
        ))}
      </fieldset>
    </div>
  );
}

/** A matchMedia stand-in whose `prefers-color-scheme: dark` answer a story can flip. */
function fakeSystemScheme(initialDark: boolean) {
  const original = window.matchMedia;
  let dark = initialDark;
  const listeners = new Set<() => void>();
  window.matchMedia = ((query: string) => {
    const isScheme = query.includes('prefers-color-scheme: dark');
    return {
      get matches() {
        return isScheme ? dark : original.call(window, query).matches;
      },
      media: query,
      addEventListener: (_: string, cb: () => void) => listeners.add(cb),
      removeEventListener: (_: string, cb: () => void) => listeners.delete(cb),
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return {
    set(next: boolean) {
      dark = next;
      for (const l of listeners) l();
    },
    restore: () => {
      window.matchMedia = original;
    },
  };
}

const meta = {
  title: 'Theme/ThemeRoot',
  component: ThemeRoot,
  // These stories render their own ThemeRoot inside the global one, to test it in isolation.
  args: { storageKey: KEY, children: <ModeSwitcher /> },
  beforeEach: () => {
    localStorage.removeItem(KEY);
    return () => localStorage.removeItem(KEY);
  },
} satisfies Meta<typeof ThemeRoot>;
export default meta;
type Story = StoryObj<typeof meta>;

const rootOf = (el: HTMLElement) => el.querySelector<HTMLElement>('[data-color-mode] [data-color-mode]')!;

/** Light by default, on the kit's root only, never on html or body. */
export const InitialLight: Story = {
  play: async ({ canvasElement }) => {
    const root = rootOf(canvasElement);
    await expect(root).toHaveAttribute('data-color-mode', 'light');
    await expect(document.documentElement).not.toHaveAttribute('data-color-mode');
    await expect(document.body).not.toHaveAttribute('data-color-mode');
    await expect(getComputedStyle(root).colorScheme).toBe('light');
  },
};

/** A chosen mode applies at once and is kept in storage. */
export const PersistsChosenModeTest: Story = {
  ...InitialLight,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement }) => {
    const root = rootOf(canvasElement);
    await expect(root).toHaveAttribute('data-color-mode', 'light');
    await userEvent.click(canvas.getByRole('button', { name: 'dark' }));
    await waitFor(() => expect(root).toHaveAttribute('data-color-mode', 'dark'));
    await expect(localStorage.getItem(KEY)).toBe('dark');
    // Applied on the kit's root only, never on html or body.
    await expect(document.documentElement).not.toHaveAttribute('data-color-mode');
    await expect(document.body).not.toHaveAttribute('data-color-mode');
    await expect(getComputedStyle(root).colorScheme).toBe('dark');
  },
};

export const RestoresStoredMode: Story = {
  beforeEach: () => localStorage.setItem(KEY, 'dark'),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(rootOf(canvasElement)).toHaveAttribute('data-color-mode', 'dark'));
  },
};

export const IgnoresCorruptStoredValue: Story = {
  beforeEach: () => localStorage.setItem(KEY, '"><script>'),
  play: async ({ canvasElement }) => {
    await expect(rootOf(canvasElement)).toHaveAttribute('data-color-mode', 'light');
  },
};

let scheme: ReturnType<typeof fakeSystemScheme> | undefined;

/** "System" with a light operating system. */
export const System: Story = {
  args: { defaultMode: 'system' },
  beforeEach: () => {
    scheme = fakeSystemScheme(false);
    return () => scheme?.restore();
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByTestId('state')).toHaveTextContent('mode=system resolved=light');
    await expect(rootOf(canvasElement)).toHaveAttribute('data-color-mode', 'light');
  },
};

/** "System" follows the operating system's scheme as it changes. */
export const SystemFollowsOsLiveTest: Story = {
  ...System,
  tags: ['!dev', '!autodocs', 'interaction'],
  beforeEach: () => {
    scheme = fakeSystemScheme(false);
    return () => scheme?.restore();
  },
  play: async ({ canvasElement, canvas }) => {
    const root = rootOf(canvasElement);
    await expect(canvas.getByTestId('state')).toHaveTextContent('mode=system resolved=light');
    scheme?.set(true);
    await waitFor(() => expect(root).toHaveAttribute('data-color-mode', 'dark'));
    scheme?.set(false);
    await waitFor(() => expect(root).toHaveAttribute('data-color-mode', 'light'));
  },
};

export const ArabicIsRightToLeft: Story = {
  args: { locale: 'ar' },
  play: async ({ canvasElement, canvas }) => {
    await expect(rootOf(canvasElement)).toHaveAttribute('dir', 'rtl');
    await expect(canvas.getByTestId('state')).toHaveTextContent('dir=rtl');
  },
};

export const Dark: Story = { args: { mode: 'dark' } };
