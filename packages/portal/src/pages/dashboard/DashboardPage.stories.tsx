import { ACTIVE_STAGE } from '@client-portal/api-client';
import { createPortalFixtures, handlers, routeHandler } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { frameMeta, portalArgs } from '../../frame/storySupport.js';

const base = frameMeta();
/**
 * The dashboard: active subscriptions per service group, the subscriptions with their terms and
 * renewal check-ins, the account manager and the visible projects' delivery figures side by side.
 * Each part loads and fails on its own.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Dashboard',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const main = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('main'));

/** Waits for the subscriptions table's rows (the page's data has arrived). */
const subscriptionsShown = async (canvasElement: HTMLElement) => {
  const page = await main(canvasElement);
  const table = await page.findByRole('table', { name: 'Active subscriptions' });
  await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  return { page, table };
};

/** Every part with data: the demo company's subscriptions, account manager and three projects. */
export const Data: Story = {
  args: portalArgs('dashboard-data'),
  play: async ({ canvasElement }) => {
    const { page, table } = await subscriptionsShown(canvasElement);
    // The type ramp's page title (30 px), not the reset's inherited size.
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(getComputedStyle(h1).fontSize).toBe('30px');
    const fixtures = createPortalFixtures();
    const active = fixtures.crm.hubspot.deals.filter((d) => d.stage === ACTIVE_STAGE);
    // Five a page: the first page's rows plus the header row.
    await expect(within(table).getAllByRole('row')).toHaveLength(Math.min(active.length, 5) + 1);
    const counts = page.getByRole('list', { name: 'Active subscriptions by service' });
    await expect(within(counts).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(counts).getByText(String(fixtures.crm.hubspot.premiumTeamsCount))).toBeVisible();
    await expect(await page.findByRole('heading', { name: 'Your account manager' })).toBeVisible();
    await expect(
      await page.findByRole('link', { name: 'Book a meeting (opens in a new tab)' }),
    ).toBeVisible();
    const projects = await page.findByRole('heading', { name: 'Delivery across your projects' });
    await expect(projects).toBeVisible();
    await waitFor(() => expect(page.getAllByText('Deployments per week')).toHaveLength(3));
    await expect(page.getAllByText(/deployments failed$/)).toHaveLength(3);
  },
};

/** Everything still loading: skeletons where each part will be, announced as busy. */
export const Loading: Story = {
  args: portalArgs('dashboard-loading'),
  parameters: { msw: { handlers: handlers({ crm: 'loading', accountManager: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('main [aria-busy="true"]').length).toBeGreaterThan(0),
    );
  },
};

const empty = createPortalFixtures();
empty.crm.hubspot.deals = [];
empty.crm.hubspot.premiumTeamsCount = 0;
empty.crm.hubspot.staffAugCount = 0;
empty.crm.hubspot.analyticsCount = 0;
empty.crm.hubspot.projects = [];
empty.accountManager = { accountManager: null };

/** A company with nothing yet: no active subscription, no account manager, no analytics project. */
export const Empty: Story = {
  args: portalArgs('dashboard-empty'),
  parameters: { msw: { handlers: handlers({}, { fixtures: empty }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByText('You have no active subscriptions.')).toBeVisible();
    await expect(await page.findByText('No account manager is assigned to you yet.')).toBeVisible();
    await expect(await page.findByText('None of your projects has delivery analytics yet.')).toBeVisible();
  },
};

/** The CRM cannot be reached: the counts and the table say so and offer a retry; the rest renders. */
export const CrmError: Story = {
  args: portalArgs('dashboard-error'),
  parameters: { msw: { handlers: handlers({ crm: 'error' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await waitFor(() =>
      expect(page.getAllByText('Your subscriptions could not be loaded.').length).toBeGreaterThan(0),
    );
    await expect(page.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
    await expect(await page.findByRole('heading', { name: 'Your account manager' })).toBeVisible();
  },
};

/**
 * The profile fails while the CRM answers (they are asked for together): the subscriptions are not
 * shown without a profile that loaded — the page says they could not be loaded and offers a retry.
 */
export const ProfileError: Story = {
  args: portalArgs('dashboard-profile-error'),
  parameters: { msw: { handlers: handlers({ profile: 'error' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await waitFor(() =>
      expect(page.getAllByText('Your subscriptions could not be loaded.').length).toBeGreaterThan(0),
    );
    // The CRM answered, but none of its subscriptions is shown.
    for (const deal of createPortalFixtures().crm.hubspot.deals) {
      await expect(page.queryByText(deal.dealName)).toBeNull();
    }
    await expect(page.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  },
};

/** One project's figures fail and the account manager cannot be loaded: the other parts render. */
export const PartialFailure: Story = {
  args: portalArgs('dashboard-partial'),
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/analytics/projects/ROUTE', () =>
          HttpResponse.json({ title: 'Internal Server Error', status: 500 }, { status: 500 }),
        ),
        routeHandler('accountManager', 'error'),
        ...handlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { page } = await subscriptionsShown(canvasElement);
    await expect(
      await page.findByText('The delivery figures of this project could not be loaded.'),
    ).toBeVisible();
    await waitFor(() => expect(page.getAllByText('Deployments per week')).toHaveLength(2));
    await expect(await page.findByText('Your account manager could not be loaded.')).toBeVisible();
  },
};

const long = createPortalFixtures();
long.crm.hubspot.deals = Array.from({ length: 23 }, (_, i) => ({
  id: `long-${i}`,
  dealName:
    i === 0
      ? 'Enterprise platform modernisation programme with dedicated premium engineering squad and on-call support'
      : `Subscription ${i + 1}`,
  serviceType: i % 3 === 0 ? 'Premium Teams' : i % 3 === 1 ? 'Staff Augmentation' : 'Analytics',
  stage: ACTIVE_STAGE,
  startDate: '2025-01-01',
  endDate: `2026-${String((i % 12) + 1).padStart(2, '0')}-28`,
  hours: 160 * (i + 1),
}));
if (long.accountManager.accountManager) {
  long.accountManager.accountManager.name = 'Maximiliana-Konstantina Featherstonehaugh-Wolfeschlegel';
  long.accountManager.accountManager.title =
    'Principal Account Director, Enterprise Delivery and Partnerships';
}

/** Many subscriptions (paged, five at a time) and long names, which wrap instead of overflowing. */
export const LongContent: Story = {
  args: portalArgs('dashboard-long'),
  parameters: { msw: { handlers: handlers({}, { fixtures: long }) } },
  play: async ({ canvasElement }) => {
    const { page } = await subscriptionsShown(canvasElement);
    await expect(page.getByRole('navigation', { name: /^Pages of/ })).toBeVisible();
    await expect(await page.findByText(/Featherstonehaugh/)).toBeVisible();
  },
};

/** The dark colour mode. */
export const Dark: Story = {
  args: portalArgs('dashboard-dark', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await subscriptionsShown(canvasElement);
  },
};

/** Arabic, right to left: the columns and the progress bars run from the right. */
export const RightToLeft: Story = {
  args: portalArgs('dashboard-rtl', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('table', { name: 'الاشتراكات النشطة' })).toBeVisible();
    // The table's range and pager speak Arabic too (the kit's own words are English).
    await expect(await page.findByText(/^عرض 1–\d+ من \d+$/)).toBeVisible();
    await expect(page.getByRole('navigation', { name: /^صفحات/ })).toBeVisible();
  },
};

/** A phone (375 px): the parts stack, and the page itself never scrolls sideways. */
export const SmallScreen: Story = {
  ...frameMeta(375),
  args: { ...base.args, ...portalArgs('dashboard-small') },
  parameters: { ...base.parameters },
  play: async ({ canvasElement }) => {
    await subscriptionsShown(canvasElement);
    const screen = within(canvasElement).getByTestId('screen');
    await waitFor(() => expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth));
  },
};

/** Sorting the subscriptions by name, then retrying a failed part. */
export const SortAndRetryTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('dashboard-sort'),
  play: async ({ canvasElement }) => {
    const { table } = await subscriptionsShown(canvasElement);
    const header = within(table).getByRole('button', { name: /Subscription/ });
    await userEvent.click(header);
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent ?? '');
    await waitFor(() => expect(names()).toEqual([...names()].sort((a, b) => a.localeCompare(b))));
  },
};
