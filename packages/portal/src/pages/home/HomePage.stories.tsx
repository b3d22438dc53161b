import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { customerFixtures, frameMeta, portalArgs } from '../../frame/storySupport.js';

const base = frameMeta();
/**
 * Home, for customers who pass the Home gate: a welcome, every section of the portal with what it
 * is for, and who to ask. Anyone else who opens /home is taken to the dashboard.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Home',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const atHome = (story: string, overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(story, { routing: { mode: 'memory', initialPath: '/home' }, ...overrides });

const main = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('main'));

/** Waits for the overview's steps (the page chunk has arrived). */
const stepsShown = async (canvasElement: HTMLElement) => {
  const page = await main(canvasElement);
  const steps = await page.findByRole('list');
  await waitFor(() => expect(within(steps).getAllByRole('link')).toHaveLength(9));
  return { page, steps };
};

/** The welcome with the contact's first name and company, the nine sections and the account manager. */
export const Data: Story = {
  args: atHome('home-data'),
  play: async ({ canvasElement }) => {
    const { page, steps } = await stepsShown(canvasElement);
    const fixtures = createPortalFixtures();
    const first = fixtures.profile.profile.contact.name.split(' ')[0] ?? '';
    await expect(page.getByText(new RegExp(`Welcome, ${first}\\.`))).toBeVisible();
    await expect(page.getByText(new RegExp(fixtures.profile.profile.company.name))).toBeVisible();
    await expect(within(steps).getByRole('link', { name: /^Talent/ })).toHaveAttribute(
      'href',
      '/services/talent?tab=Active',
    );
    await expect(
      await page.findByRole('link', { name: 'Book a meeting (opens in a new tab)' }),
    ).toBeVisible();
  },
};

/** A step is a link into its section: following one opens that page. */
export const FollowStepTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: atHome('home-follow'),
  play: async ({ canvasElement }) => {
    const { page, steps } = await stepsShown(canvasElement);
    await userEvent.click(within(steps).getByRole('link', { name: /^Knowledge Base/ }));
    await expect(await page.findByRole('heading', { level: 1, name: 'Knowledge Base' })).toBeVisible();
  },
};

/** While the account manager loads, a skeleton stands where the help card's text will be. */
export const Loading: Story = {
  args: atHome('home-loading'),
  parameters: { msw: { handlers: handlers({ accountManager: 'loading' }) } },
  play: async ({ canvasElement }) => {
    await stepsShown(canvasElement);
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('main [aria-busy="true"]').length).toBeGreaterThan(0),
    );
  },
};

const noManager = { ...customerFixtures({}), accountManager: { accountManager: null } };

/** No account manager yet: the help card says so and offers the knowledge base instead. */
export const NoAccountManager: Story = {
  args: atHome('home-no-manager'),
  parameters: { msw: { handlers: handlers({}, { fixtures: noManager }) } },
  play: async ({ canvasElement }) => {
    const { page } = await stepsShown(canvasElement);
    await expect(await page.findByText(/will be named here once one is assigned/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse the knowledge base' })).toBeVisible();
  },
};

/** The account manager cannot be loaded: the help card offers a retry; the overview still shows. */
export const AccountManagerError: Story = {
  args: atHome('home-error'),
  parameters: { msw: { handlers: handlers({ accountManager: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await stepsShown(canvasElement);
    await expect(await page.findByText('Your account manager could not be loaded.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A customer who does not pass the Home gate and types /home: the dashboard opens instead. */
export const NotForThisCustomer: Story = {
  args: atHome('home-gate'),
  parameters: {
    msw: { handlers: handlers({}, { fixtures: customerFixtures({ lifecycleStage: 'lead' }) }) },
  },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const nav = within(canvasElement).getAllByRole('navigation')[0];
    if (nav) await expect(within(nav).queryByRole('link', { name: 'Home' })).toBeNull();
  },
};

/** A long name and company name wrap instead of overflowing. */
export const LongContent: Story = {
  args: atHome('home-long'),
  parameters: {
    msw: {
      handlers: handlers(
        {},
        {
          fixtures: customerFixtures({
            name: 'Maximiliana-Konstantina Featherstonehaugh-Wolfeschlegel',
            companyName: 'Internationale Logistik- und Speditionsgesellschaft Nordwind mbH & Co. KG',
          }),
        },
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const { page } = await stepsShown(canvasElement);
    await expect(page.getByText(/Welcome, Maximiliana-Konstantina\./)).toBeVisible();
  },
};

/** The dark colour mode. */
export const Dark: Story = {
  args: atHome('home-dark', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await stepsShown(canvasElement);
  },
};

/** Arabic, right to left: the icons sit at the start (right) of each step. */
export const RightToLeft: Story = {
  args: atHome('home-rtl', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const { page } = await stepsShown(canvasElement);
    await expect(page.getByRole('heading', { level: 2, name: 'تعرّف على البوابة' })).toBeVisible();
  },
};

/** A phone (375 px): the steps stack in one column; the page never scrolls sideways. */
export const SmallScreen: Story = {
  ...frameMeta(375),
  args: { ...base.args, ...atHome('home-small') },
  parameters: { ...base.parameters },
  play: async ({ canvasElement }) => {
    await stepsShown(canvasElement);
    const screen = within(canvasElement).getByTestId('screen');
    await waitFor(() => expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth));
  },
};
