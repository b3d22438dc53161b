import type { Talent, Team } from '@client-portal/api-client';
import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { frameMeta, portalArgs } from '../../frame/storySupport.js';

const base = frameMeta();
/**
 * My Teams: the people working for the customer, by team or by project (a tab, kept in the query
 * string as `?group=`), each with their role, seniority, share of the week, location and local time.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/My Teams',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const PATH = '/services/my-teams';
const at = (story: string, overrides: Partial<ClientPortalProps> = {}, path = PATH) =>
  portalArgs(`my-teams-${story}`, { routing: { mode: 'memory', initialPath: path }, ...overrides });

const main = async (canvasElement: HTMLElement) => within(await within(canvasElement).findByRole('main'));

/** Waits for the groups (the teams have arrived) and returns the page and the groups' headings. */
const groupsShown = async (canvasElement: HTMLElement) => {
  const page = await main(canvasElement);
  const panel = await page.findByRole('tabpanel');
  const headings = await within(panel).findAllByRole('heading', { level: 2 });
  return { page, panel, names: headings.map((h) => h.textContent) };
};

const group = (panel: HTMLElement, name: string) => {
  const article = within(panel)
    .getAllByRole('article')
    .find((a) => within(a).queryByRole('heading', { name }));
  if (!article) throw new Error(`No group named ${name}`);
  return within(article);
};

/** The demo company's three teams: two active, one forming with nobody on it yet. */
export const Data: Story = {
  args: at('data'),
  play: async ({ canvasElement }) => {
    const { page, panel, names } = await groupsShown(canvasElement);
    await expect(page.getByRole('tab', { name: 'By team', selected: true })).toBeVisible();
    await expect(names).toEqual(['Portal Delivery', 'Routing Core', 'Mobile Pod']);
    const routing = group(panel, 'Routing Core');
    await expect(routing.getAllByRole('listitem')).toHaveLength(3);
    await expect(routing.getByText('Active')).toBeVisible();
    await expect(await routing.findByText(/Project: Route Optimisation Engine/)).toBeVisible();
    // Seniority, location and local time come from the talent working with the customer.
    await waitFor(() => expect(routing.getByText('Lisbon, Portugal')).toBeVisible());
    await expect(routing.getAllByText('Senior').length).toBeGreaterThan(0);
    await expect(routing.getAllByText(/^Local time /).length).toBe(3);
    await expect(routing.getByText(/50% of a full-time week/)).toBeVisible();
    await expect(group(panel, 'Mobile Pod').getByText('No one has joined this team yet.')).toBeVisible();
    await expect(group(panel, 'Mobile Pod').getByText('Forming')).toBeVisible();
  },
};

/** By project (`?group=project`): one group per project, each person with their team. */
export const ByProject: Story = {
  args: at('by-project', {}, `${PATH}?group=project`),
  play: async ({ canvasElement }) => {
    const { page, panel } = await groupsShown(canvasElement);
    await expect(page.getByRole('tab', { name: 'By project', selected: true })).toBeVisible();
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('heading', { level: 2 })
          .map((h) => h.textContent),
      ).toEqual(['Customer Portal Rebuild', 'Route Optimisation Engine', 'Warehouse Mobile App']),
    );
    await expect(group(panel, 'Route Optimisation Engine').getByText(/Teams: Routing Core/)).toBeVisible();
  },
};

/** The teams are still loading: a skeleton, announced as busy. */
export const Loading: Story = {
  args: at('loading'),
  parameters: { msw: { handlers: handlers({ teams: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('heading', { level: 1, name: 'My Teams' })).toBeVisible();
    // The h1 is there while the page's chunk still loads ('Loading…'): wait for the page itself.
    await waitFor(() => expect(page.getByRole('status')).toHaveTextContent('Loading your teams…'));
    await expect(canvasElement.querySelector('main [aria-busy="true"]')).not.toBeNull();
  },
};

/** Nobody works for the customer yet. */
export const Empty: Story = {
  args: at('empty'),
  parameters: { msw: { handlers: handlers({ teams: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('heading', { name: 'No teams yet' })).toBeVisible();
    await expect(page.queryByRole('tablist')).toBeNull();
  },
};

/** The teams cannot be loaded: the page says so and offers a retry. */
export const LoadError: Story = {
  args: at('error'),
  parameters: { msw: { handlers: handlers({ teams: 'error' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('heading', { name: 'Your teams could not be loaded.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Only the people's details fail: the teams show, without seniority and locations, and a retry. */
export const DetailsError: Story = {
  args: at('details-error'),
  parameters: { msw: { handlers: handlers({ talentAssociations: 'error' }) } },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByText('Seniority and locations could not be loaded.')).toBeVisible();
    const { names } = await groupsShown(canvasElement);
    await expect(names).toEqual(['Portal Delivery', 'Routing Core', 'Mobile Pod']);
    await expect(page.queryByText('Lisbon, Portugal')).toBeNull();
  },
};

const long = createPortalFixtures();
const pool: Talent[] = long.talentAssociations.talent;
const longTeams: Team[] = Array.from({ length: 7 }, (_, i) => ({
  id: `team_long_${i}`,
  name:
    i === 0
      ? 'Enterprise Platform Modernisation and Continuous Delivery Acceleration Programme Squad'
      : `Squad ${i + 1}`,
  serviceType: i % 2 ? 'Premium Teams' : 'Team Plans',
  dealId: null,
  jiraProjectKey: ['PORTAL', 'ROUTE', 'WMS', null][i % 4] ?? null,
  status: i === 6 ? 'ended' : 'active',
  startDate: null,
  endDate: null,
  members: Array.from({ length: 6 }, (_, j) => {
    const person = pool[(i + j) % pool.length] as Talent;
    return {
      talentId: person.id,
      name:
        i === 0 && j === 0
          ? 'Maximiliana-Konstantina Featherstonehaugh-Wolfeschlegelsteinhausenberger'
          : person.name,
      role:
        i === 0 && j === 0
          ? 'Principal Staff Engineer, Platform Reliability and Developer Experience'
          : person.role,
      photoUrl: person.photoUrl,
      allocationPercent: 100 - j * 10,
    };
  }),
}));
long.teams = { teams: longTeams };

/** Many teams of six, a long team name, a long person's name and role: they wrap, never overflow. */
export const LongContent: Story = {
  args: at('long'),
  parameters: { msw: { handlers: handlers({}, { fixtures: long }) } },
  play: async ({ canvasElement }) => {
    const { names } = await groupsShown(canvasElement);
    await expect(names).toHaveLength(7);
    await expect(within(canvasElement).getByText(/Featherstonehaugh/)).toBeVisible();
  },
};

/** The dark colour mode. */
export const Dark: Story = {
  args: at('dark', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await groupsShown(canvasElement);
  },
};

/** Arabic, right to left: the tabs, badges and the people's details run from the right. */
export const RightToLeft: Story = {
  args: at('rtl', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    await expect(await page.findByRole('tab', { name: 'حسب الفريق', selected: true })).toBeVisible();
    await groupsShown(canvasElement);
  },
};

/** A phone (375 px): one person a row, and the page never scrolls sideways. */
export const SmallScreen: Story = {
  ...frameMeta(375),
  args: { ...base.args, ...at('small', {}, `${PATH}?group=project`) },
  parameters: { ...base.parameters },
  play: async ({ canvasElement }) => {
    await groupsShown(canvasElement);
    const screen = within(canvasElement).getByTestId('screen');
    await waitFor(() => expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth));
  },
};

/** Switching to "By project" and back: the choice goes into the address, replacing it. */
export const GroupingTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('grouping'),
  play: async ({ canvasElement, args }) => {
    const { page } = await groupsShown(canvasElement);
    await userEvent.click(page.getByRole('tab', { name: 'By project' }));
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?group=project`));
    await expect(
      await page.findByRole('heading', { level: 2, name: 'Customer Portal Rebuild' }),
    ).toBeVisible();
    await userEvent.click(page.getByRole('tab', { name: 'By team' }));
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?group=team`));
    await expect(page.getByRole('heading', { level: 2, name: 'Routing Core' })).toBeVisible();
  },
};

let failing = true;
/** The teams fail, then "Try again" loads them. */
export const RetryTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('retry'),
  beforeEach: () => {
    failing = true;
  },
  parameters: {
    msw: {
      handlers: [
        http.get('*/api/teams', () =>
          failing
            ? HttpResponse.json({ title: 'Internal Server Error', status: 500 }, { status: 500 })
            : HttpResponse.json(createPortalFixtures().teams),
        ),
        ...handlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = await main(canvasElement);
    const retry = await page.findByRole('button', { name: 'Try again' });
    failing = false;
    await userEvent.click(retry);
    const { names } = await groupsShown(canvasElement);
    await expect(names).toEqual(['Portal Delivery', 'Routing Core', 'Mobile Pod']);
  },
};
