import { handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import {
  choose,
  customerFixtures,
  fixtures,
  frameMeta,
  openMenu,
  portalArgs,
  storageKey,
} from '../../frame/storySupport.js';

const base = frameMeta();
/**
 * Profile: the signed-in user's and their company's details, the portal's settings (the same
 * ones as the navigation's display menu) and signing out.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Profile settings',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const PATH = '/profile/settings';
const story = (name: string) => `profile-${name}`;
const at = (name: string, overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(story(name), { routing: { mode: 'memory', initialPath: PATH }, ...overrides });

const main = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('main'));

const region = (page: ReturnType<typeof within>, name: string) => within(page.getByRole('region', { name }));

/** Waits for the profile's details (the contact's name is shown). */
const detailsShown = async (canvasElement: HTMLElement, name = fixtures.profile.profile.contact.name) => {
  const page = await main(canvasElement);
  await page.findByText(name);
  return page;
};

const portalRoot = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-color-mode]')!;
const settingsButton = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('navigation', { name: 'Portal' })).getByRole('button', {
    name: 'Display settings',
  });

/** The demo contact and company, and the settings as the menu has them. */
export const Data: Story = {
  args: at('data'),
  play: async ({ canvasElement }) => {
    const page = await detailsShown(canvasElement);
    const { contact, company } = fixtures.profile.profile;
    const you = region(page, 'Your details');
    if (contact.email) await expect(you.getByRole('link', { name: contact.email })).toBeVisible();
    await expect(region(page, 'Your company').getByText(company.name)).toBeVisible();
    const settings = region(page, 'Portal settings');
    await expect(settings.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect(settings.getByRole('radio', { name: 'Default' })).toBeChecked();
    await expect(settings.getByRole('checkbox', { name: 'Compact navigation' })).not.toBeChecked();
    await expect(settings.getByText('English')).toBeVisible();
    await expect(region(page, 'Session').getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

/** The profile is still loading: skeletons in its cards, while the settings already work. */
export const Loading: Story = {
  args: at('loading'),
  parameters: { msw: { handlers: handlers({ profile: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    // The h1 is there while the page's chunk still loads ('Loading…'): wait for the page itself.
    await waitFor(() => expect(page.getAllByRole('status')[0]).toHaveTextContent('Loading your profile…'));
    await expect(await region(page, 'Portal settings').findByRole('radio', { name: 'Light' })).toBeChecked();
  },
};

/** A new contact with little in the CRM: the missing details say "Not given". */
export const Empty: Story = {
  args: at('empty'),
  parameters: { msw: { handlers: handlers({ profile: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const page = await detailsShown(canvasElement, 'Maya Okafor');
    await expect(region(page, 'Your details').getAllByText('Not given')).toHaveLength(2);
    await expect(region(page, 'Your company').getAllByText('Not given')).toHaveLength(1);
  },
};

/** The profile cannot be loaded: the page says so and offers a retry; the settings still work. */
export const LoadError: Story = {
  args: at('error'),
  parameters: { msw: { handlers: handlers({ profile: 'error' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(
      await page.findByRole('heading', { name: 'Your profile could not be loaded.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(region(page, 'Portal settings').getByRole('radio', { name: 'Dark' })).toBeEnabled();
  },
};

const LONG_NAME = 'Maximiliana-Konstantina Featherstonehaugh-Wolfeschlegelsteinhausenberger';
const long = customerFixtures({
  name: LONG_NAME,
  companyName: 'Internationale Logistik- und Speditionsgesellschaft Nordwind mbH & Co. KG',
});
long.profile.profile.contact.email =
  'maximiliana-konstantina.featherstonehaugh-wolfeschlegelsteinhausenberger@internationale-logistik.example';
long.profile.profile.contact.jobTitle =
  'Head of Enterprise Platform Procurement, Vendor Management and Partnerships';
long.profile.profile.company.domain =
  'www.internationale-logistik-und-speditionsgesellschaft-nordwind.example';

/** Long names, a long address and a long domain: they wrap, never overflow. */
export const LongContent: Story = {
  args: at('long'),
  parameters: { msw: { handlers: handlers({}, { fixtures: long }) } },
  play: async ({ canvasElement }) => {
    const page = await detailsShown(canvasElement, LONG_NAME);
    await expect(page.getByText(/Speditionsgesellschaft Nordwind mbH/)).toBeVisible();
  },
};

/** The dark colour mode: the "Dark" choice is the chosen one. */
export const Dark: Story = {
  args: at('dark', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    const page = await detailsShown(canvasElement);
    await expect(region(page, 'Portal settings').getByRole('radio', { name: 'Dark' })).toBeChecked();
  },
};

/** Arabic, right to left: the language shows in its own name. */
export const RightToLeft: Story = {
  args: at('rtl', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const page = await detailsShown(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'الملف الشخصي' })).toBeVisible();
    await expect(page.getByText('العربية')).toBeVisible();
  },
};

/** A phone (375 px): the cards stack, and the page never scrolls sideways. */
export const SmallScreen: Story = {
  ...frameMeta(375),
  args: { ...base.args, ...at('small') },
  parameters: { ...base.parameters, msw: { handlers: handlers({}, { fixtures: long }) } },
  play: async ({ canvasElement }) => {
    await detailsShown(canvasElement, LONG_NAME);
    const screen = within(canvasElement).getByTestId('screen');
    await waitFor(() => expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth));
  },
};

/**
 * The colour mode and contrast chosen on the page are the menu's: the portal changes, the menu
 * shows the new choice, and a choice in the menu shows on the page.
 */
export const ColourModeTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('colour'),
  play: async ({ canvasElement }) => {
    const page = await detailsShown(canvasElement);
    const settings = region(page, 'Portal settings');
    const root = portalRoot(canvasElement);
    await userEvent.click(settings.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(root).toHaveAttribute('data-color-mode', 'dark'));
    await expect(window.localStorage.getItem(storageKey(story('colour'), 'color-mode'))).toBe('dark');
    await userEvent.click(settings.getByRole('radio', { name: 'Bold' }));
    await waitFor(() => expect(root.firstElementChild).toHaveAttribute('data-contrast', 'bold'));

    const menu = await openMenu(canvasElement, settingsButton(canvasElement));
    const modes = within(menu).getByRole('group', { name: 'Colour mode' });
    const dark = within(modes).getByRole('menuitem', { name: 'Dark' });
    await expect(dark.querySelector('.lucide-check')).not.toBeNull();
    await choose(within(modes).getByRole('menuitem', { name: 'Light' }));
    await waitFor(() => expect(root).toHaveAttribute('data-color-mode', 'light'));
    await expect(settings.getByRole('radio', { name: 'Light' })).toBeChecked();
    await waitFor(() => expect(within(canvasElement).queryByRole('menu')).toBeNull());
  },
};

/** Compact navigation on the page is the navigation's own mini mode. */
export const MiniNavigationTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('mini'),
  play: async ({ canvasElement }) => {
    const page = await detailsShown(canvasElement);
    const nav = within(within(canvasElement).getByRole('navigation', { name: 'Portal' }));
    await expect(nav.getByRole('button', { name: 'Collapse navigation' })).toBeVisible();
    await userEvent.click(
      region(page, 'Portal settings').getByRole('checkbox', { name: 'Compact navigation' }),
    );
    await expect(await nav.findByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
    await expect(window.localStorage.getItem(storageKey(story('mini'), 'nav-mini'))).toBe('true');
  },
};

/** Signing out from the page: the session ends, the host is told, and sign-in is asked for. */
export const SignOutTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('sign-out', { loginUrl: '/login?from=portal' }),
  play: async ({ canvasElement, args }) => {
    const page = await detailsShown(canvasElement);
    await userEvent.click(region(page, 'Session').getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(args.onSignOut).toHaveBeenCalledTimes(1));
    await expect(args.onSignInRequired).toHaveBeenCalledWith('/login?from=portal&returnTo=%2F');
  },
};
