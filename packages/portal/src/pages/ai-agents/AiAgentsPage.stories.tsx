import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { choose, frameMeta, portalArgs } from '../../frame/storySupport.js';

const base = frameMeta();
/**
 * AI Agents: AI coding-assistant adoption across the customer's visible projects (per assistant and
 * surface, active users against seats, acceptance) over the whole history kept, beside the same
 * projects' deployments on one axis, with each assistant's data freshness. Driven by the contract's
 * mocks: Customer Portal uses all three assistants, Route Optimisation Engine only Copilot, Warehouse Mobile none.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/AI Agents',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const PATH = { routing: { mode: 'memory' as const, initialPath: '/services/ai-agents' } };
const args = (story: string, overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(story, { ...PATH, ...overrides });

const main = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('main'));

/** Waits for the projects table's rows, then for every project's row to settle. */
const projectsShown = async (
  canvasElement: HTMLElement,
  name = 'AI assistants and deployments per project',
) => {
  const page = await main(canvasElement);
  const table = await page.findByRole('table', { name });
  // Settled: every project's row shows its assistants, "not connected" or its failure.
  await waitFor(() => expect(table.querySelectorAll('[aria-busy="true"]')).toHaveLength(0));
  await waitFor(() => expect(canvasElement.querySelectorAll('main [aria-busy="true"]')).toHaveLength(0));
  return { page, table };
};

/** Every project answered: per-assistant figures, the trend charts and the projects side by side. */
export const Data: Story = {
  args: args('ai-agents-data'),
  play: async ({ canvasElement }) => {
    const { page, table } = await projectsShown(canvasElement);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Agents' })).toBeVisible();
    const tools = page.getByRole('table', { name: 'Per assistant, all projects' });
    await expect(within(tools).getAllByRole('row')).toHaveLength(4);
    // Windsurf reports no completions shown: its rate is "not reported", never 0 %.
    await expect(within(tools).getByText('Not reported by Windsurf')).toBeVisible();
    await expect(within(tools).getAllByText(/ of \d+ seats$/)).toHaveLength(3);
    // A project without AI data is "not connected", not an error.
    await expect(within(table).getByText('Not connected')).toBeVisible();
    await expect(within(table).queryByText('Could not be loaded')).toBeNull();
    await expect(page.getByRole('img', { name: 'Active AI users and deployments' })).toBeVisible();
    await expect(page.getByText(/^GitHub Copilot: data complete through/)).toBeVisible();
    await expect(page.getByText(/^AI use recorded since/)).toBeVisible();
  },
};

/** Loading: the page's title, then skeletons where the figures will be, announced as busy. */
export const Loading: Story = {
  args: args('ai-agents-loading'),
  parameters: { msw: { handlers: handlers({ projects: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'AI Agents' })).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('main [aria-busy="true"]').length).toBeGreaterThan(0),
    );
  },
};

/** Per-project answers still on their way: the project list is there, the figures are skeletons. */
export const LoadingFigures: Story = {
  args: args('ai-agents-loading-figures'),
  parameters: { msw: { handlers: handlers({ aiUsage: 'loading', dora: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    const table = await page.findByRole('table', { name: 'AI assistants and deployments per project' });
    await expect(within(table).getAllByText('Loading…').length).toBeGreaterThan(0);
    await expect(canvasElement.querySelectorAll('main [aria-busy="true"]').length).toBeGreaterThan(0);
  },
};

/** A customer without analytics projects: what would bring data here. */
export const Empty: Story = {
  args: args('ai-agents-empty'),
  parameters: { msw: { handlers: handlers({ projects: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(
      await page.findByRole('heading', { name: 'None of your projects has analytics yet.' }),
    ).toBeVisible();
  },
};

/** No project has an AI assistant connected (every answer 404): explained, and delivery still shows. */
export const NotConnected: Story = {
  args: args('ai-agents-not-connected'),
  parameters: { msw: { handlers: handlers({ aiUsage: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { page, table } = await projectsShown(canvasElement);
    await expect(
      page.getByRole('heading', { name: 'No AI assistant has been connected to your projects yet' }),
    ).toBeVisible();
    await expect(within(table).getAllByText('Not connected')).toHaveLength(3);
    await expect(page.queryByText('Some projects could not be loaded')).toBeNull();
    await expect(page.getByRole('img', { name: 'Active AI users and deployments' })).toBeVisible();
  },
};

/** The project list cannot be loaded: the page says so and offers a retry. */
export const LoadFailed: Story = {
  args: args('ai-agents-error'),
  parameters: { msw: { handlers: handlers({ projects: 'error' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByText('Your projects could not be loaded.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** One project's AI usage fails: it says so in its row (with its own retry); the others render. */
export const PartialFailure: Story = {
  args: args('ai-agents-partial'),
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/agents/windsurf', ({ request }) =>
          new URL(request.url).searchParams.get('jiraProjectKey') === 'ROUTE'
            ? HttpResponse.json({ title: 'Internal Server Error', status: 500 }, { status: 500 })
            : undefined,
        ),
        ...handlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { page, table } = await projectsShown(canvasElement);
    await expect(await page.findByText('Some projects could not be loaded')).toBeVisible();
    await expect(page.getByText('The totals and charts leave out: Route Optimisation Engine.')).toBeVisible();
    await expect(within(table).getByText('Could not be loaded')).toBeVisible();
    await expect(
      within(table).getByRole('button', { name: /^Try again\s*:\s*Route Optimisation Engine$/ }),
    ).toBeVisible();
    const tools = page.getByRole('table', { name: 'Per assistant, all projects' });
    await expect(within(tools).getAllByRole('row')).toHaveLength(4);
  },
};

const long = createPortalFixtures();
long.projects.data = long.projects.data.map((p, i) => ({
  ...p,
  name:
    i === 0
      ? 'Customer self-service portal modernisation with the enterprise integration programme and its platform team'
      : `${p.name} — international rollout across every regional warehouse and distribution centre`,
}));

/** Long project names wrap in the table and the notes; nothing scrolls the page sideways. */
export const LongContent: Story = {
  args: args('ai-agents-long'),
  parameters: { msw: { handlers: handlers({}, { fixtures: long }) } },
  play: async ({ canvasElement }) => {
    const { table } = await projectsShown(canvasElement);
    await expect(within(table).getByText(/modernisation with the enterprise/)).toBeVisible();
    const root = canvasElement.querySelector('main') as HTMLElement;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};

/** The dark colour mode. */
export const Dark: Story = {
  args: args('ai-agents-dark', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await projectsShown(canvasElement);
  },
};

/** Arabic, right to left: the charts' axes and the tables run from the right. */
export const RightToLeft: Story = {
  args: args('ai-agents-rtl', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const { table } = await projectsShown(canvasElement, 'مساعدو الذكاء الاصطناعي وعمليات النشر لكل مشروع');
    await expect(await within(table).findByText('غير مربوط')).toBeVisible();
  },
};

/** A phone (375 px): sections stack, tables scroll inside their own region, the page never sideways. */
export const SmallScreen: Story = {
  ...frameMeta(375),
  args: { ...base.args, ...args('ai-agents-small') },
  parameters: { ...base.parameters },
  play: async ({ canvasElement }) => {
    await projectsShown(canvasElement);
    const screen = within(canvasElement).getByTestId('screen');
    await waitFor(() => expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth));
  },
};

/** A link with `?grain=month`: the page opens on months. */
export const MonthsFromAddress: Story = {
  args: args('ai-agents-months', {
    routing: { mode: 'memory', initialPath: '/services/ai-agents?grain=month' },
  }),
  play: async ({ canvasElement }) => {
    const { page } = await projectsShown(canvasElement);
    await expect(page.getByRole('img', { name: 'Requests by surface per month' })).toBeVisible();
  },
};

/** Months instead of weeks: the axis changes for every chart; the CSV export follows. */
export const GrainTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: args('ai-agents-grain'),
  play: async ({ canvasElement }) => {
    const { page } = await projectsShown(canvasElement);
    await expect(page.getByRole('img', { name: 'Requests by surface per week' })).toBeVisible();
    await userEvent.click(page.getByRole('combobox', { name: 'Group by' }));
    const option = await within(canvasElement).findByRole('option', { name: 'Month' });
    await choose(option);
    // Until the list has faded out, axe (after the play function) sees its half-transparent options.
    await waitFor(() => expect(within(canvasElement).queryByRole('listbox')).toBeNull());
    await expect(await page.findByRole('img', { name: 'Requests by surface per month' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Download CSV: Requests by surface per month' }),
    ).toBeVisible();
  },
};
