import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../ClientPortal.js';
import { choose, frameMeta, frameReady, openMenu, portalArgs, storageKey } from './storySupport.js';

const base = frameMeta();
// A literal `parameters` beside the spread: Storybook's docs plugin adds the description below
// to it, and would otherwise add a `parameters` of its own that replaces the spread one.
/** The frame's display settings (colour mode, contrast) and sign-out, from the navigation's menu. */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Frame/Settings',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const portalRoot = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-color-mode]')!;
const settingsButton = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('navigation', { name: 'Portal' })).getByRole('button', {
    name: 'Display settings',
  });
const checked = (item: HTMLElement) => item.querySelector('.lucide-check') !== null;
const menuClosed = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(canvasElement).queryByRole('menu')).toBeNull());
const variable = (el: Element, name: string) => getComputedStyle(el).getPropertyValue(name).trim();

/** Dark colour scheme from the host. */
export const Dark: Story = {
  args: portalArgs('dark', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    await expect(portalRoot(canvasElement)).toHaveAttribute('data-color-mode', 'dark');
  },
};

/** From dark, switching to light and back in the settings menu is kept in localStorage. */
export const ColourModeSwitchTest: Story = {
  ...Dark,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const root = portalRoot(canvasElement);
    await expect(root).toHaveAttribute('data-color-mode', 'dark');
    let menu = await openMenu(canvasElement, settingsButton(canvasElement));
    const modes = within(menu).getByRole('group', { name: 'Colour mode' });
    await expect(
      within(modes)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Light', 'Dark', 'System']);
    await expect(checked(within(modes).getByRole('menuitem', { name: 'Dark' }))).toBe(true);
    await choose(within(modes).getByRole('menuitem', { name: 'Light' }));
    await waitFor(() => expect(root).toHaveAttribute('data-color-mode', 'light'));
    await expect(window.localStorage.getItem(storageKey('dark', 'color-mode'))).toBe('light');

    menu = await openMenu(canvasElement, settingsButton(canvasElement));
    await choose(within(menu).getByRole('menuitem', { name: 'Dark' }));
    await waitFor(() => expect(root).toHaveAttribute('data-color-mode', 'dark'));
    await expect(window.localStorage.getItem(storageKey('dark', 'color-mode'))).toBe('dark');
    await menuClosed(canvasElement);
  },
};

/** "System" follows the operating system's scheme. */
export const SystemColourModeTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('system'),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const menu = await openMenu(canvasElement, settingsButton(canvasElement));
    await choose(within(menu).getByRole('menuitem', { name: 'System' }));
    const system = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    await waitFor(() => expect(portalRoot(canvasElement)).toHaveAttribute('data-color-mode', system));
    await expect(window.localStorage.getItem(storageKey('system', 'color-mode'))).toBe('system');
    await menuClosed(canvasElement);
  },
};

/** Contrast "bold": stronger borders and secondary text, in the frame and in its overlays. */
export const ContrastBoldTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('bold'),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const root = portalRoot(canvasElement);
    const frame = root.firstElementChild!;
    const strong = variable(root, '--cp-color-borderStrong');
    const normal = variable(root, '--cp-color-border');
    await expect(normal).not.toBe(strong);
    await expect(frame).toHaveAttribute('data-contrast', 'default');

    const menu = await openMenu(canvasElement, settingsButton(canvasElement));
    const contrast = within(menu).getByRole('group', { name: 'Contrast' });
    await expect(checked(within(contrast).getByRole('menuitem', { name: 'Default' }))).toBe(true);
    await choose(within(contrast).getByRole('menuitem', { name: 'Bold' }));
    await waitFor(() => expect(frame).toHaveAttribute('data-contrast', 'bold'));
    await expect(window.localStorage.getItem(storageKey('bold', 'contrast'))).toBe('bold');
    // Borders and muted text take their strong values, on the root too (menus, the drawer, tooltips).
    await expect(variable(frame, '--cp-color-border')).toBe(strong);
    await expect(variable(root, '--cp-color-border')).toBe(strong);
    await expect(variable(root, '--cp-color-fgMuted')).toBe(variable(root, '--cp-color-fg'));
    const projects = within(canvasElement).getByRole('link', { name: 'Projects' });
    await waitFor(() => expect(getComputedStyle(projects).color).toBe(getComputedStyle(root).color));

    const again = await openMenu(canvasElement, settingsButton(canvasElement));
    await expect(checked(within(again).getByRole('menuitem', { name: 'Bold' }))).toBe(true);
    await userEvent.keyboard('{Escape}');
    await menuClosed(canvasElement);
  },
};

/** Kept from an earlier visit: the portal opens with bold contrast. */
export const ContrastBoldStored: Story = {
  args: portalArgs('bold-stored'),
  beforeEach: () => {
    window.localStorage.setItem(storageKey('bold-stored', 'contrast'), 'bold');
  },
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const root = portalRoot(canvasElement);
    await expect(root.firstElementChild).toHaveAttribute('data-contrast', 'bold');
    await expect(variable(root, '--cp-color-border')).toBe(variable(root, '--cp-color-borderStrong'));
  },
};

/** Sign-out ends the session, tells the host, then goes to the host's own login URL (`loginUrl`). */
export const SignOutTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('sign-out', { loginUrl: '/login?from=portal' }),
  play: async ({ canvasElement, args }) => {
    await frameReady(canvasElement);
    const menu = await openMenu(canvasElement, settingsButton(canvasElement));
    await choose(within(menu).getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(args.onSignOut).toHaveBeenCalledTimes(1));
    await expect(args.onSignInRequired).toHaveBeenCalledWith('/login?from=portal&returnTo=%2F');
    await menuClosed(canvasElement);
  },
};
