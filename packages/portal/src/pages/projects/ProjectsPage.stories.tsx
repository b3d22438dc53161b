import { createPortalFixtures, handlers, routeHandler } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { frameMeta, portalArgs } from '../../frame/storySupport.js';

const base = frameMeta();
// Fixtures whose "now" is the story's: the range presets (which end today) and the sources'
// freshness are then about the same days as the data.
const live = createPortalFixtures({ now: new Date() });
const liveHandlers = (states: Parameters<typeof handlers>[0] = {}) => handlers(states, { fixtures: live });

/**
 * The Projects page inside the real portal, answered by the contract's mock API: a project picker
 * over the visible projects, the DORA panel for a range and grain (figures, tiers by report year,
 * change, counts, small-sample notes, charts, drill-down, sources' freshness), every state.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Projects',
  parameters: { ...base.parameters, msw: { handlers: liveHandlers() } },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const TITLE = 'Projects';
const PATH = '/services/projects';

const at = (story: string, search = '', overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(`projects-${story}`, {
    routing: { mode: 'memory', initialPath: search ? `${PATH}?${search}` : PATH },
    ...overrides,
  });

async function pageReady(canvasElement: HTMLElement, heading = TITLE) {
  const main = await within(canvasElement).findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: heading });
  return { main, page: within(main) };
}

/** Waits for the five metric cards. */
/** The five metric cards, once their answer is in (not the previous range's, shown faded meanwhile). */
async function metricsShown(main: HTMLElement) {
  await waitFor(() => {
    expect(within(main).getAllByRole('article')).toHaveLength(5);
    expect(main.querySelector('[aria-busy="true"]')).toBeNull();
  });
  return within(main).getAllByRole('article');
}

async function expectNoOverflow(canvasElement: HTMLElement, main: HTMLElement) {
  await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  const screen = within(canvasElement).queryByTestId('screen');
  if (screen) await waitFor(() => expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth));
}

/** The first visible project over the last 90 days: five metrics with figure, tier, change and counts. */
export const Data: Story = {
  args: at('data'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    const cards = await metricsShown(main);
    const dora = live.dora('PORTAL', {})!;
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveTextContent(
      'Customer Portal Rebuild (PORTAL)',
    );
    await expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Deployment frequency',
      'Lead time for changes',
      'Change failure rate',
      'Failed deployment recovery time',
      'Rework rate',
    ]);
    const cfr = page.getByRole('article', { name: 'Change failure rate' });
    const { failedDeployments, deployments } = dora.headline.changeFailureRate;
    await expect(cfr).toHaveTextContent(`${failedDeployments} of ${deployments} deployments failed`);
    await expect(cfr).toHaveTextContent(/· DORA 2023/);
    await expect(page.getByRole('article', { name: 'Lead time for changes' })).toHaveTextContent(
      `Median of ${dora.headline.leadTimeForChanges.changes} changes`,
    );
    await expect(page.getByRole('article', { name: 'Rework rate' })).toHaveTextContent(
      'DORA gives no tiers for rework rate',
    );
    await expect(page.getByText('Overall')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'When each source last delivered data' })).toBeVisible();
    await expect(page.getAllByText('Up to date').length).toBeGreaterThan(0);
    await expect(
      await page.findByRole('heading', { level: 2, name: 'GitHub organisations and repositories' }),
    ).toBeVisible();
    await expect(await page.findByRole('heading', { level: 2, name: 'AI coding assistants' })).toBeVisible();
    await expect(document.title).toMatch(/^Projects( · |$)/);
  },
};

/** A shared link: another project, monthly buckets and the 2021 tiers, all applied. */
export const SharedLink: Story = {
  args: at('link', 'project=ROUTE&grain=month&benchmark=2021'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await metricsShown(main);
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveTextContent('(ROUTE)');
    await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveTextContent('Month');
    await expect(page.getByRole('combobox', { name: 'Tiers by report' })).toHaveTextContent('DORA 2021');
    await waitFor(() => expect(page.getAllByText(/· DORA 2021/).length).toBeGreaterThan(0));
  },
};

/** A link to a project that is not the customer's, with a broken range: the defaults, and a word why. */
export const UnknownProjectLink: Story = {
  args: at('unknown', 'project=OTHER&from=2026-02-30&to=2026-01-01&grain=year'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await metricsShown(main);
    await expect(page.getByText(/asked for project “OTHER”/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Project' })).toHaveTextContent('(PORTAL)');
    await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveTextContent('Last 90 days');
    await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveTextContent('Week');
  },
};

/** Sources silent for months (the fixtures' own clock): each marked stale, with the threshold said. */
export const StaleSources: Story = {
  args: at('stale'),
  parameters: { msw: { handlers: handlers() } },
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await metricsShown(main);
    await expect(page.getByText(/has delivered nothing for more than 3 days/)).toBeVisible();
    await expect(page.getAllByText('Stale').length).toBeGreaterThan(0);
  },
};

/** A quiet project: figures that rest on fewer than five events say so, with the threshold. */
export const SmallSample: Story = {
  args: at('small-sample', 'project=WMS'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await metricsShown(main);
    const incidents = live.dora('WMS', {})!.headline.failedDeploymentRecoveryTime.incidents;
    const recovery = page.getByRole('article', { name: 'Failed deployment recovery time' });
    await expect(recovery).toHaveTextContent(`Median of ${incidents} incidents`);
    if (incidents > 0 && incidents < 5) {
      await expect(recovery).toHaveTextContent(`Only ${incidents} in the sample: with fewer than 5`);
    }
  },
};

/** Loading: skeletons where the figures will be, announced. */
export const Loading: Story = {
  args: at('loading'),
  parameters: { msw: { handlers: liveHandlers({ dora: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    const status = await page.findByText('Loading delivery figures…');
    await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
    await expect(page.getByRole('combobox', { name: 'Project' })).toBeVisible();
  },
};

/** The project list itself still loading. */
export const LoadingProjects: Story = {
  args: at('loading-projects'),
  parameters: { msw: { handlers: liveHandlers({ analyticsProjects: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    await expect(await page.findByText('Loading your projects…')).toHaveAttribute('role', 'status');
  },
};

/** No project with analytics: says so, and who can set it up. */
export const NoProjects: Story = {
  args: at('no-projects'),
  parameters: { msw: { handlers: liveHandlers({ analyticsProjects: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    await page.findByRole('heading', { level: 2, name: 'No projects with delivery analytics yet' });
    await expect(page.queryByRole('combobox', { name: 'Project' })).toBeNull();
  },
};

/** A project with nothing in the range: an explained empty state, the controls and sources stay. */
export const NoDataInRange: Story = {
  args: at('no-data'),
  parameters: { msw: { handlers: liveHandlers({ dora: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    await page.findByRole('heading', { level: 3, name: 'No delivery data in this range' });
    await expect(page.getByText(/arrived for Customer Portal Rebuild in/)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Date range' })).toBeVisible();
  },
};

/** The project list fails: the error, with a retry. */
export const LoadFailed: Story = {
  args: at('error'),
  parameters: { msw: { handlers: liveHandlers({ analyticsProjects: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent('Your projects could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** The DORA answer fails: its error and retry; the picker, controls and the rest of the page stay. */
export const PartialFailure: Story = {
  args: at('partial'),
  parameters: { msw: { handlers: [routeHandler('dora', 'error'), ...liveHandlers()] } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent('The delivery figures could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(page.getByRole('combobox', { name: 'Project' })).toBeVisible();
    await expect(
      await page.findByRole('heading', { level: 2, name: 'GitHub organisations and repositories' }),
    ).toBeVisible();
    await expect(await page.findByRole('heading', { level: 2, name: 'AI coding assistants' })).toBeVisible();
  },
};

const today = new Date().toISOString().slice(0, 10);
const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

/** A year by week from a link: 53 buckets per chart, long counts; nothing wider than the page. */
export const LongContent: Story = {
  args: at('long', `from=${yearAgo}&to=${today}`),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await metricsShown(main);
    await expect(page.getByRole('combobox', { name: 'Date range' })).toHaveTextContent('Last 365 days');
    await expect(page.getByText(/deployments in 365 days$/)).toBeVisible();
    await expectNoOverflow(canvasElement, main);
  },
};

const small = frameMeta(375);

/** A phone (375 px): controls and cards stack; nothing scrolls sideways. */
export const SmallScreen: Story = {
  ...small,
  args: { ...base.args, ...at('small') },
  parameters: { ...base.parameters, msw: { handlers: liveHandlers() } },
  play: async ({ canvasElement }) => {
    const { main } = await pageReady(canvasElement);
    await metricsShown(main);
    await expectNoOverflow(canvasElement, main);
  },
};

/** Dark colour mode. */
export const Dark: Story = {
  args: at('dark', '', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    const { main } = await pageReady(canvasElement);
    await metricsShown(main);
  },
};

/** Arabic, right to left. */
export const RightToLeft: Story = {
  args: at('rtl', '', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement, 'المشاريع');
    await metricsShown(main);
    await expect(page.getByRole('heading', { level: 3, name: 'معدل فشل التغييرات' })).toBeVisible();
    await expect(getComputedStyle(main).direction).toBe('rtl');
    await expectNoOverflow(canvasElement, main);
  },
};

// Interaction tests: hidden from the sidebar and docs, run with the rest.
const interaction = ['!dev', '!autodocs', 'interaction'];

/** From a figure to the incidents behind it: a dialog with a tab per list, each incident's reason. */
export const DrillDownTest: Story = {
  tags: interaction,
  args: at('drill'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await metricsShown(main);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      page.getByRole('button', { name: 'What’s behind this figure: Change failure rate' }),
    );
    const dialog = await body.findByRole('dialog', { name: 'Change failure rate: what’s behind it' });
    const tabs = within(dialog).getByRole('tablist', { name: 'Lists behind the figure' });
    await expect(within(tabs).getAllByRole('tab')).toHaveLength(2);
    const deployments = await within(dialog).findByRole('table', { name: 'Deployments' });
    await waitFor(() => expect(within(deployments).getAllByRole('row').length).toBeGreaterThan(1));
    await userEvent.click(within(tabs).getByRole('tab', { name: 'Incidents' }));
    const incidents = await within(dialog).findByRole('table', { name: 'Incidents' });
    await waitFor(() =>
      expect(within(incidents).getAllByText(/^(Counted|Not counted):/).length).toBeGreaterThan(0),
    );
    await expect(within(dialog).getByRole('button', { name: 'Download CSV: Incidents' })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** Choosing a project, a preset range and a grain: each goes into the address. */
export const ControlsTest: Story = {
  tags: interaction,
  args: at('controls'),
  play: async ({ canvasElement, args }) => {
    const { main, page } = await pageReady(canvasElement);
    await metricsShown(main);
    const body = within(canvasElement.ownerDocument.body);
    const choose = async (combobox: string, option: string) => {
      await userEvent.click(page.getByRole('combobox', { name: combobox }));
      const list = await body.findByRole('listbox');
      await userEvent.click(within(list).getByRole('option', { name: option }));
      await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    };
    await choose('Project', 'Warehouse Mobile App (WMS)');
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?project=WMS`));
    await choose('Group by', 'Month');
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?project=WMS&grain=month`));
    await choose('Date range', 'Last 30 days');
    await waitFor(() =>
      expect(args.onNavigate).toHaveBeenLastCalledWith(
        expect.stringMatching(
          /^\/services\/projects\?project=WMS&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d&grain=month$/,
        ),
      ),
    );
    await choose('Tiers by report', 'DORA 2021');
    await waitFor(() =>
      expect(args.onNavigate).toHaveBeenLastCalledWith(expect.stringMatching(/benchmark=2021$/)),
    );
    await metricsShown(main);
  },
};

/** A custom range the API would refuse says why, and changes nothing. */
export const CustomRangeTest: Story = {
  tags: interaction,
  args: at('custom'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await metricsShown(main);
    await userEvent.click(page.getByRole('combobox', { name: 'Date range' }));
    const list = await within(canvasElement.ownerDocument.body).findByRole('listbox');
    await userEvent.click(within(list).getByRole('option', { name: 'Custom range' }));
    const from = page.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2020-01-01');
    await userEvent.click(page.getByRole('button', { name: 'Apply' }));
    await expect(await page.findByRole('alert')).toHaveTextContent('A range can span at most 1096 days.');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
  },
};
