import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../ClientPortal.js';
import { ENTRY_HREFS, frameMeta, frameReady, portalArgs } from './storySupport.js';

const base = frameMeta(375);
// A literal `parameters` beside the spread: Storybook's docs plugin adds the description below
// to it, and would otherwise add a `parameters` of its own that replaces the spread one.
/**
 * The frame on a small screen: a 375px "phone" on any window (the frame answers container queries,
 * so the box's width, not the window's, picks the layout). The box also contains fixed overlays.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Frame/Small screen',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const screenOf = (canvasElement: HTMLElement) => within(canvasElement).getByTestId('screen');
/** The top bar (the page's own <header> is a banner to testing-library too). */
const topBar = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getByRole('button', { name: /Open menu|فتح القائمة/ })
    .closest('header')!;
const edge = (el: Element) => el.getBoundingClientRect();

async function openDrawer(canvasElement: HTMLElement, name = 'Open menu') {
  const trigger = within(canvasElement).getByRole('button', { name });
  await userEvent.click(trigger);
  const drawer = await within(canvasElement).findByRole('dialog');
  return { trigger, drawer };
}
const drawerClosed = (canvasElement: HTMLElement) =>
  waitFor(() => expect(within(canvasElement).queryByRole('dialog')).toBeNull());

/** Which edge of the screen the drawer is against, and its 285px width. */
async function expectDrawerAt(canvasElement: HTMLElement, drawer: HTMLElement, side: 'left' | 'right') {
  const screen = edge(screenOf(canvasElement));
  const panel = edge(drawer);
  await expect(Math.round(panel.width)).toBe(285);
  if (side === 'left') await expect(Math.round(panel.left - screen.left)).toBe(0);
  else await expect(Math.round(screen.right - panel.right)).toBe(0);
}

/** Closed: the 60px top bar replaces the navigation; the page takes the whole width. */
export const Closed: Story = {
  args: portalArgs('small-closed'),
  play: async ({ canvasElement }) => {
    const { canvas, main } = await frameReady(canvasElement);
    const screen = edge(screenOf(canvasElement));
    const bar = topBar(canvasElement);
    await expect(Math.round(edge(bar).height)).toBe(60);
    await expect(Math.round(edge(bar).top - screen.top)).toBe(0);
    await expect(canvas.queryByRole('navigation', { name: 'Portal' })).toBeNull();
    await expect(Math.round(edge(main).width)).toBe(Math.round(screen.width));
    const trigger = within(bar).getByRole('button', { name: 'Open menu' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(within(bar).getByRole('link', { name: 'Client Portal' })).toBeVisible();
    await expect(within(bar).getByRole('button', { name: 'Display settings' })).toBeVisible();
    // The booking button stays inside the screen, at its right.
    const book = await canvas.findByRole('link', { name: /Book a meeting with my Account Manager/ });
    await expect(edge(book).right).toBeLessThanOrEqual(screen.right);
    await expect(screen.right - edge(book).right).toBeLessThan(40);
  },
};

/**
 * The drawer: opens from the left with the same menu, closes on Escape, on its close button and on
 * a route change (an entry followed), and returns focus to the menu button. The story ends open.
 */
export const DrawerTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('small-open'),
  play: async ({ canvasElement, args }) => {
    await frameReady(canvasElement);
    let { trigger, drawer } = await openDrawer(canvasElement);
    await expect(drawer).toHaveAccessibleName('Menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expectDrawerAt(canvasElement, drawer, 'left');
    const nav = within(drawer).getByRole('navigation', { name: 'Portal' });
    await waitFor(() => expect(within(nav).getAllByRole('listitem')).toHaveLength(10));
    const hrefs = within(nav)
      .getAllByRole('listitem')
      .map((li) => within(li).getAllByRole('link')[0]!.getAttribute('href'));
    await expect(hrefs).toEqual(ENTRY_HREFS);
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Maya Okafor' })).toBeVisible();

    // Escape closes and gives focus back to the menu button.
    await userEvent.keyboard('{Escape}');
    await drawerClosed(canvasElement);
    await waitFor(() => expect(trigger).toHaveFocus());

    // The close button closes.
    ({ drawer } = await openDrawer(canvasElement));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    await drawerClosed(canvasElement);

    // Following an entry changes the route, which closes the drawer.
    ({ drawer } = await openDrawer(canvasElement));
    await userEvent.click(within(drawer).getByRole('link', { name: 'Projects' }));
    await drawerClosed(canvasElement);
    await frameReady(canvasElement, 'Projects');
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/services/projects');

    // The current page's own entry closes it too.
    ({ drawer } = await openDrawer(canvasElement));
    await expect(within(drawer).getByRole('link', { name: 'Projects' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(drawer).getByRole('link', { name: 'Projects' }));
    await drawerClosed(canvasElement);

    // Keyboard: Enter on the menu button opens it with focus inside.
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    drawer = await within(canvasElement).findByRole('dialog');
    await waitFor(() => expect(drawer.contains(drawer.ownerDocument.activeElement)).toBe(true));
  },
};

/** Right to left: the drawer comes from the right. */
export const DrawerRightToLeftTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('small-rtl', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement, 'لوحة المعلومات');
    const { drawer } = await openDrawer(canvasElement, 'فتح القائمة');
    await expect(drawer).toHaveAccessibleName('القائمة');
    await expectDrawerAt(canvasElement, drawer, 'right');
    await expect(within(drawer).getByRole('button', { name: 'إغلاق القائمة' })).toBeVisible();
  },
};

/** Dark, on a small screen: the top bar and the page. */
export const Dark: Story = {
  args: portalArgs('small-dark', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    await expect(canvasElement.querySelector('[data-color-mode]')).toHaveAttribute('data-color-mode', 'dark');
    await expect(within(topBar(canvasElement)).getByRole('button', { name: 'Open menu' })).toBeVisible();
  },
};

/** Right to left on a small screen: the menu button at the right, the settings at the left. */
export const RightToLeft: Story = {
  args: portalArgs('small-rtl-closed', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement, 'لوحة المعلومات');
    const bar = topBar(canvasElement);
    const menu = within(bar).getByRole('button', { name: 'فتح القائمة' });
    await expect(edge(menu).left).toBeGreaterThan(edge(bar).left + edge(bar).width / 2);
  },
};

/** Dark, on a small screen, with the settings menu opened from the top bar. */
export const DarkSettingsTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('small-dark', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement);
    await userEvent.click(within(topBar(canvasElement)).getByRole('button', { name: 'Display settings' }));
    const menu = await canvas.findByRole('menu');
    const screen = edge(screenOf(canvasElement));
    await expect(edge(menu).right).toBeLessThanOrEqual(screen.right);
    await expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  },
};

/**
 * A tablet (900px): the mini rail, always — no top bar, no drawer and no switch to expand it for
 * good (hover and keyboard focus still open it over the page).
 */
export const Tablet: Story = {
  ...frameMeta(900),
  args: { ...frameMeta(900).args, ...portalArgs('tablet') },
  parameters: { ...frameMeta(900).parameters },
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Portal' });
    await waitFor(() => expect(Math.round(nav.getBoundingClientRect().width)).toBe(120));
    await expect(canvas.queryByRole('button', { name: 'Open menu' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Expand navigation|Collapse navigation/ })).toBeNull();
    const main = canvas.getByRole('main');
    await expect(
      Math.round(main.getBoundingClientRect().left - screenOf(canvasElement).getBoundingClientRect().left),
    ).toBe(120);
  },
};
