import type { RequestList, RequestMeta } from '@client-portal/api-client/requests';
import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { frameMeta, iconBesideWords, portalArgs, renderPortal } from '../../frame/storySupport.js';

const base = frameMeta();
/**
 * The requests list inside the real portal (frame, data, router), answered by the contract's mock
 * API: mine or the company's, filtered and searched through the address, paged, in every state.
 * The mock caller is Northwind's company admin; member stories answer the meta with
 * `companyAdmin: false`. `parameters.screen` renders the portal in a box of that width (a phone).
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Requests/List',
  render: (args, { parameters }) => renderPortal(args, parameters.screen as number | undefined),
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const TITLE = 'Requests';
const fixtures = createPortalFixtures();
const requestsMeta: RequestMeta = fixtures.requests.meta();

const at = (story: string, path: string, overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(`requests-${story}`, { routing: { mode: 'memory', initialPath: path }, ...overrides });

/** A member, not the admin: no export, no settings. */
const asMember = http.get('*/api/requests/meta', () =>
  HttpResponse.json({ ...requestsMeta, companyAdmin: false }, { headers: { 'cache-control': 'no-store' } }),
);

/** A list page answered as given (long titles, more pages…). */
const listAnswer = (list: RequestList) =>
  http.get('*/api/requests', () => HttpResponse.json(list, { headers: { 'cache-control': 'no-store' } }));

async function frameReady(canvasElement: HTMLElement, heading = TITLE) {
  const main = await within(canvasElement).findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: heading });
  return { main, page: within(main) };
}

/** The table once its rows are there (the loading placeholder is another table, replaced). */
async function table(main: HTMLElement, name = 'Requests') {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = within(main).getByRole('table', { name });
    expect(within(found).getAllByRole('row').length).toBeGreaterThan(1);
  });
  return found as HTMLElement;
}

async function expectNoOverflow(canvasElement: HTMLElement, main: HTMLElement) {
  await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  const screen = within(canvasElement).queryByTestId('screen');
  if (screen) await expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth);
}

/** Mine: the requests the admin filed or takes part in, each with its status, due state and check-in. */
export const Mine: Story = {
  args: at('mine', '/requests'),
  play: async ({ canvasElement }) => {
    const { main, page } = await frameReady(canvasElement);
    const rows = await table(main);
    await expect(page.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true');
    const link = within(rows).getByRole('link', { name: 'Can we move the sprint review to Thursdays?' });
    await expect(link).toHaveAttribute('href', expect.stringMatching(/^\/requests\/NORTH-\d+$/));
    await expect(within(rows).getAllByText('Waiting for you').length).toBeGreaterThan(0);
    // The renewal check-in's next check-in, in the subscriptions' words (relative to today).
    await expect(within(rows).getByText(/^(In \d+ days?|\d+ days? ago)$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'New request' })).toBeEnabled();
    await expect(document.title).toMatch(/^Requests( · |$)/);
  },
};

/** The company's requests, as its admin sees them: every one, with the CSV export and the settings. */
export const CompanyAdmin: Story = {
  args: at('company', '/requests?scope=company'),
  play: async ({ canvasElement }) => {
    const { main, page } = await frameReady(canvasElement);
    const rows = await table(main);
    await expect(page.getByRole('tab', { name: 'Company' })).toHaveAttribute('aria-selected', 'true');
    await expect(within(rows).getByRole('link', { name: 'Invoice address change' })).toBeVisible();
    await expect(await page.findByText('Every request of your company.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Export CSV/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/requests/export.csv?scope=company'),
    );
    await iconBesideWords(page.getByRole('link', { name: /Export CSV/ }));
    await userEvent.click(page.getByText('Settings'));
    await expect(
      page.getByRole('radio', { name: 'The requester and the colleagues they add' }),
    ).toBeChecked();
  },
};

/** A member: the company tab holds theirs, those they take part in and shared ones; no export or settings. */
export const CompanyMember: Story = {
  args: at('member', '/requests?scope=company'),
  parameters: { msw: { handlers: [asMember, ...handlers()] } },
  play: async ({ canvasElement }) => {
    const { main, page } = await frameReady(canvasElement);
    await table(main);
    await expect(
      await page.findByText('Yours, those you take part in and those shared with the whole company.'),
    ).toBeVisible();
    await expect(page.queryByRole('link', { name: /Export CSV/ })).toBeNull();
    await expect(page.queryByText('Settings')).toBeNull();
  },
};

/** Filters from the address: waiting for you, company-wide; "Clear filters" goes back to all. */
export const Filtered: Story = {
  args: at('filtered', '/requests?scope=company&status=waiting_for_you'),
  play: async ({ canvasElement }) => {
    const { main, page } = await frameReady(canvasElement);
    const rows = await table(main);
    await waitFor(() => expect(within(rows).getAllByRole('row')).toHaveLength(3));
    await expect(within(rows).queryByText('Closed')).toBeNull();
    await userEvent.click(page.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(within(rows).getAllByRole('row').length).toBeGreaterThan(3));
  },
};

/** Search by key or title, from the address. */
export const Search: Story = {
  args: at('search', '/requests?scope=company&q=android'),
  play: async ({ canvasElement }) => {
    const { main, page } = await frameReady(canvasElement);
    const rows = await table(main);
    await expect(page.getByRole('searchbox', { name: 'Search by key or title' })).toHaveValue('android');
    await waitFor(() => expect(within(rows).getAllByRole('row')).toHaveLength(2));
  },
};

/** Nothing matches the filters: said so, with a way to clear them. */
export const NoResults: Story = {
  args: at('no-results', '/requests?q=zzzz%20qqqq'),
  play: async ({ canvasElement }) => {
    const { page } = await frameReady(canvasElement);
    await page.findByRole('heading', { level: 2, name: 'No requests match these filters' });
    await expect(page.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  },
};

/** No requests at all yet: what requests are for, and the way to file the first. */
export const Empty: Story = {
  args: at('empty', '/requests'),
  parameters: { msw: { handlers: handlers({ requests: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await frameReady(canvasElement);
    await page.findByRole('heading', { level: 2, name: 'No requests yet' });
    await expect(page.getAllByRole('button', { name: 'New request' })).toHaveLength(2);
  },
};

/** Loading: the table's placeholders, busy, with a status that says what loads. */
export const Loading: Story = {
  args: at('loading', '/requests'),
  parameters: { msw: { handlers: handlers({ requests: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await frameReady(canvasElement);
    const status = await page.findByText('Loading requests…');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

/** The list could not be loaded: the error says so and offers to try again. */
export const LoadFailed: Story = {
  args: at('error', '/requests'),
  parameters: { msw: { handlers: handlers({ requests: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await frameReady(canvasElement);
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent('The requests could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

const LONG_TITLE =
  'Please extend the Platform Squad’s plan by two engineers for the carrier-API migration, including weekend on-call cover during the cut-over in April and a handover to our own operations team afterwards';
const longList = (): RequestList => {
  const list = fixtures.requests.list({ scope: 'company', page: '1', pageSize: '20' });
  return {
    ...list,
    items: list.items.map((item, i) =>
      i % 2 === 0
        ? {
            ...item,
            title: `${LONG_TITLE} (${item.key})`,
            typeLabel: `${item.typeLabel} with a long configured name`,
          }
        : item,
    ),
    hasMore: true,
  };
};

/** Long titles wrap within their column (three lines at most); another page follows. */
export const LongContent: Story = {
  args: at('long', '/requests?scope=company'),
  parameters: { msw: { handlers: [listAnswer(longList()), ...handlers()] } },
  play: async ({ canvasElement }) => {
    const { main, page } = await frameReady(canvasElement);
    await table(main);
    await expectNoOverflow(canvasElement, main);
    const pager = page.getByRole('navigation', { name: 'Pages of requests' });
    await expect(within(pager).getByRole('button', { name: 'Next' })).toBeEnabled();
    await expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
  },
};

/** On a phone: the actions and filters stack; the table scrolls inside its own box, not the page. */
export const SmallScreen: Story = {
  args: at('small', '/requests?scope=company'),
  parameters: { screen: 375 },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement);
    await table(main);
    await expectNoOverflow(canvasElement, main);
  },
};

/** Dark colour mode. */
export const Dark: Story = {
  args: at('dark', '/requests?scope=company', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement);
    await table(main);
  },
};

/** Arabic, right to left: labels, badges and the pager follow the direction. */
export const RightToLeft: Story = {
  args: at('rtl', '/requests?scope=company', { locale: 'ar' }),
  parameters: { msw: { handlers: [listAnswer(longList()), ...handlers()] } },
  play: async ({ canvasElement }) => {
    const { main, page } = await frameReady(canvasElement, 'الطلبات');
    await table(main, 'الطلبات');
    await expect(page.getByRole('tab', { name: 'الشركة' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'التالي' })).toBeEnabled();
  },
};
