import { handlers, routeHandler } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { frameReady } from '../../frame/storySupport.js';
import { switchableRoute } from '../../stories-support/handlers.js';
import {
  ACCOUNT_PATH,
  AccountPortal,
  type AccountStoryArgs,
  catchDownloads,
  fixtures,
  manyDocumentsFixtures,
} from './accountStorySupport.js';

/**
 * Account (`/my-info/account?tab=documents`): the company's documents (sortable, paged, downloaded
 * through short-lived signed URLs) and its details from the profile and CRM, one tab each, inside
 * the real frame and driven by the contract's mock API.
 */
const meta: Meta<AccountStoryArgs> = {
  title: 'Portal/Pages/Account',
  render: (args) => <AccountPortal {...args} />,
  args: {
    initialPath: `${ACCOUNT_PATH}?tab=documents`,
    onNavigate: fn(),
    onError: fn(),
  },
  parameters: { bare: true, layout: 'fullscreen', msw: { handlers: handlers() } },
};
export default meta;
type Story = StoryObj<AccountStoryArgs>;

const COMPANY = `${ACCOUNT_PATH}?tab=company`;
const DOCUMENTS = fixtures.documents.documents;

/** The documents table, once its rows are there. */
async function documentsTable(canvasElement: HTMLElement, name = 'Your documents') {
  const { main } = await frameReady(canvasElement, 'Account');
  const table = await within(main).findByRole('table', { name });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return { main, table };
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** The documents tab: newest first, ten to a page, each row with its size, date and download. */
export const Documents: Story = {
  play: async ({ canvasElement }) => {
    const { main, table } = await documentsTable(canvasElement);
    await expect(within(main).getByRole('tab', { name: 'Documents' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10));
    const first = DOCUMENTS[0]!;
    const row = within(bodyRows(table)[0]!);
    await expect(row.getByRole('rowheader')).toHaveTextContent(first.name);
    await expect(row.getByRole('button', { name: `Download ${first.name}` })).toBeEnabled();
    await expect(within(table).getByRole('columnheader', { name: /Added/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(within(main).getByText('Showing 1–10 of 12')).toBeVisible();
    await expect(document.title).toMatch(/^Account( · |$)/);
  },
};

/** The company tab: the company (logo, website, customer number), the contact and the subscriptions. */
export const Company: Story = {
  args: { initialPath: COMPANY },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Account');
    await expect(within(main).getByRole('tab', { name: 'Company details' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await within(main).findByText('Northwind Logistics');
    const company = within(main).getByRole('region', { name: 'Company' });
    await expect(company.querySelector('img')).toHaveAttribute('data-logo', 'company');
    await expect(within(company).getByRole('link', { name: /northwind\.example/ })).toHaveAttribute(
      'href',
      'https://northwind.example/',
    );
    const contact = within(main).getByRole('region', { name: 'Your contact details' });
    await expect(within(contact).getByText('Head of Engineering')).toBeVisible();
    const subscriptions = within(main).getByRole('region', { name: 'Active subscriptions' });
    await within(subscriptions).findByText('Premium teams');
  },
};

/** Loading: the documents have not arrived; the table is busy and says so. */
export const Loading: Story = {
  parameters: { msw: { handlers: [routeHandler('documents', 'loading'), ...handlers()] } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Account');
    const table = await within(main).findByRole('table', { name: 'Your documents' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(within(main).getByRole('tabpanel')).toHaveAttribute('aria-busy', 'true');
    await expect(within(main).getByText('Loading your documents…')).toBeInTheDocument();
  },
};

/** Loading the company tab: skeletons in each card, and a status that says what is loading. */
export const CompanyLoading: Story = {
  args: { initialPath: COMPANY },
  parameters: { msw: { handlers: [routeHandler('crm', 'loading'), ...handlers()] } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Account');
    const subscriptions = within(main).getByRole('region', { name: 'Active subscriptions' });
    await expect(within(subscriptions).getByRole('status')).toHaveTextContent('Loading your subscriptions…');
    await within(main).findByText('Northwind Logistics');
  },
};

/** No documents yet: the empty state explains what will appear here. */
export const Empty: Story = {
  parameters: { msw: { handlers: handlers({ documents: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Account');
    await within(main).findByRole('heading', { level: 3, name: 'No documents yet' });
    await expect(within(main).queryByRole('button', { name: /^Download/ })).toBeNull();
  },
};

/** The documents could not be loaded: an error with a retry, inside the tab. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: handlers({ documents: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Account');
    await within(main).findByRole('heading', { name: 'Your documents could not be loaded' });
    await expect(within(main).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Partial failure: the documents fail, the company tab still shows everything it has. */
export const PartialFailure: Story = {
  args: { initialPath: COMPANY },
  parameters: { msw: { handlers: handlers({ documents: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Account');
    await within(main).findByText('Northwind Logistics');
    await within(main).findByText('Premium teams');
    await expect(within(main).queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** The subscriptions (CRM) fail: the company and contact details stay, the card offers a retry. */
export const SubscriptionsFail: Story = {
  args: { initialPath: COMPANY },
  parameters: { msw: { handlers: handlers({ crm: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Account');
    await within(main).findByText('Northwind Logistics');
    const subscriptions = within(main).getByRole('region', { name: 'Active subscriptions' });
    await within(subscriptions).findByText('Your subscriptions could not be loaded');
    await expect(within(subscriptions).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Sixty documents, some with very long names: names wrap, the table pages, nothing overflows. */
export const LongContent: Story = {
  parameters: { msw: { handlers: handlers({}, { fixtures: manyDocumentsFixtures() }) } },
  play: async ({ canvasElement }) => {
    const { main, table } = await documentsTable(canvasElement);
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10));
    await expect(within(main).getByText('Showing 1–10 of 60')).toBeVisible();
    await expect(within(main).getByRole('button', { name: 'Page 6' })).toBeVisible();
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  },
};

/** A 375px phone: the page never scrolls sideways; the table scrolls inside its own region. */
export const SmallScreen: Story = {
  args: { width: 375 },
  play: async ({ canvasElement }) => {
    const { main, table } = await documentsTable(canvasElement);
    const screen = within(canvasElement).getByTestId('screen');
    await expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth);
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
    const region = table.closest('section')!;
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
  },
};

/** Dark colour mode. */
export const Dark: Story = {
  args: { colorScheme: 'dark' },
  play: async ({ canvasElement }) => {
    await documentsTable(canvasElement);
  },
};

/** Arabic, right to left: the tabs, table and pager mirror; numbers and dates are localised. */
export const RightToLeft: Story = {
  args: { locale: 'ar' },
  parameters: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'الحساب');
    const table = await within(main).findByRole('table', { name: 'مستنداتك' });
    await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
    await expect(main.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    await expect(within(main).getByRole('tab', { name: 'المستندات' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** The company tab in Arabic. */
export const CompanyRightToLeft: Story = {
  args: { locale: 'ar', initialPath: COMPANY },
  parameters: { locale: 'ar' },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'الحساب');
    await within(main).findByText('Northwind Logistics');
  },
};

// Interaction tests: hidden from the sidebar and docs, run with the rest.

/** No tab in the address: documents. Switching tabs writes `?tab=` to the address, and back. */
export const SwitchTabTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { initialPath: ACCOUNT_PATH },
  play: async ({ canvasElement, args }) => {
    const { main } = await documentsTable(canvasElement);
    await userEvent.click(within(main).getByRole('tab', { name: 'Company details' }));
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(COMPANY));
    await within(main).findByText('Northwind Logistics');
    await userEvent.click(within(main).getByRole('tab', { name: 'Documents' }));
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(`${ACCOUNT_PATH}?tab=documents`));
    await expect(within(main).getByRole('tab', { name: 'Documents' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** Sorting by size (smallest first, then largest) and paging to the last page. */
export const SortAndPageTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement }) => {
    const { main, table } = await documentsTable(canvasElement);
    const bySize = [...DOCUMENTS].sort((a, b) => a.sizeBytes - b.sizeBytes);
    const sizeHeader = within(table).getByRole('columnheader', { name: /Size/ });
    await userEvent.click(within(sizeHeader).getByRole('button'));
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(within(bodyRows(table)[0]!).getByRole('rowheader')).toHaveTextContent(bySize[0]!.name);
    await userEvent.click(within(sizeHeader).getByRole('button'));
    await expect(sizeHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(within(bodyRows(table)[0]!).getByRole('rowheader')).toHaveTextContent(bySize.at(-1)!.name);
    await userEvent.click(within(main).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    await expect(within(main).getByText('Showing 11–12 of 12')).toBeVisible();
  },
};

/** A download asks for a signed URL and hands it to the browser; the page stays. */
export const DownloadTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement, args }) => {
    const { table } = await documentsTable(canvasElement);
    const downloads = catchDownloads(canvasElement);
    try {
      const first = DOCUMENTS[0]!;
      await userEvent.click(within(table).getByRole('button', { name: `Download ${first.name}` }));
      await waitFor(() => expect(downloads.hrefs).toHaveLength(1));
      await expect(downloads.hrefs[0]).toContain(`/api/files/${first.id}?`);
      await expect(args.onError).not.toHaveBeenCalled();
    } finally {
      downloads.stop();
    }
  },
};

/** While the signed URL is being made, that document's button is busy; the others are not. */
export const DownloadInProgressTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  parameters: { msw: { handlers: [routeHandler('signedUrl', 'loading'), ...handlers()] } },
  play: async ({ canvasElement }) => {
    const { table } = await documentsTable(canvasElement);
    const [first, second] = DOCUMENTS;
    const button = within(table).getByRole('button', { name: `Download ${first!.name}` });
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(within(table).getByRole('button', { name: `Download ${second!.name}` })).not.toHaveAttribute(
      'aria-busy',
    );
  },
};

/** A download that fails says so in a toast, reports to the host, and leaves the button ready. */
export const DownloadFailsTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  parameters: { msw: { handlers: [routeHandler('signedUrl', 'error'), ...handlers()] } },
  play: async ({ canvasElement, args }) => {
    const { table } = await documentsTable(canvasElement);
    const first = DOCUMENTS[0]!;
    const button = within(table).getByRole('button', { name: `Download ${first.name}` });
    await userEvent.click(button);
    const toast = await within(canvasElement).findByRole('alert');
    await expect(toast).toHaveTextContent('The download did not start');
    await expect(toast).toHaveTextContent(first.name);
    await expect(args.onError).toHaveBeenCalledWith(expect.anything(), 'mutation:signed-url');
    await expect(button).not.toHaveAttribute('aria-busy');
  },
};

const documentsOutage = switchableRoute('documents', 'serverError');

/** The documents fail, the host recovers, "Try again" loads them. */
export const RetryTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  parameters: { msw: { handlers: [documentsOutage.handler, ...handlers()] } },
  beforeEach: () => documentsOutage.reset(),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Account');
    const retry = await within(main).findByRole('button', { name: 'Try again' });
    documentsOutage.recover();
    await userEvent.click(retry);
    const table = within(main).getByRole('table', { name: 'Your documents' });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(10));
  },
};
