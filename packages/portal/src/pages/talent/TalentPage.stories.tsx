import { handlers, routeHandler } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { frameMeta, portalArgs } from '../../frame/storySupport.js';
import { switchableRoute } from '../../stories-support/handlers.js';
import { LONG_NAME, longTalentFixtures, MANY } from './storyFixtures.js';

const base = frameMeta();
// A literal `parameters` beside the spread: Storybook's docs plugin adds the description below
// to it, and would otherwise add a `parameters` of its own that replaces the spread one.
/**
 * The Talent page inside the real portal (frame, data providers, router), answered by the
 * contract's mock API: who works with the customer now (Active), who did (Past) and who is
 * available (All), each searchable, filterable by specialization and paged, in every state.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Talent',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const TITLE = 'Talent';
const PATH = '/services/talent';
/** The page's chunk and data come after the frame; a loaded CI machine needs more than 1 s. */
const long = longTalentFixtures();
const withLong = handlers({}, { fixtures: long });

/** The portal's args at a Talent address. */
const at = (story: string, search = 'tab=Active', overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(`talent-${story}`, {
    routing: { mode: 'memory', initialPath: `${PATH}?${search}` },
    ...overrides,
  });

/** Waits for the frame and the page's h1. */
async function pageReady(canvasElement: HTMLElement, heading = TITLE) {
  const main = await within(canvasElement).findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: heading });
  return { main, page: within(main) };
}

/** Waits for the cards of the shown tab: `count` of them. */
async function cardsShown(main: HTMLElement, count: number) {
  await waitFor(() => expect(within(main).getAllByRole('article')).toHaveLength(count));
  return within(main).getAllByRole('article');
}

/** The names on the cards, in order. */
const names = (main: HTMLElement) =>
  within(main)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading', { level: 2 }).textContent);

/** Nothing in the page is wider than the page: no sideways scrolling, on a phone neither. */
async function expectNoOverflow(canvasElement: HTMLElement, main: HTMLElement) {
  await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  const screen = within(canvasElement).queryByTestId('screen');
  if (screen) await waitFor(() => expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth));
}

/** Who works with the customer now, by name: photo, role, seniority, skills, place, project and since when. */
export const Active: Story = {
  args: at('active'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 5);
    await expect(names(main)).toEqual([
      'Ana Ferreira',
      'Kwame Mensah',
      'Lucía Gómez',
      'Priya Raman',
      'Tomasz Nowak',
    ]);
    await expect(page.getByRole('tab', { name: /^Active/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /^Past/ })).toHaveTextContent('3');
    await expect(page.getByRole('tab', { name: /^Available/ })).toHaveTextContent('8');
    const ana = page.getByRole('article', { name: 'Ana Ferreira' });
    await expect(ana).toHaveTextContent('Senior Backend Engineer');
    await expect(within(ana).getByText('Seniority: Senior')).toBeInTheDocument();
    await expect(
      within(within(ana).getByRole('list', { name: 'Specializations of Ana Ferreira' })).getAllByRole(
        'listitem',
      ).length,
    ).toBeGreaterThan(1);
    await expect(ana).toHaveTextContent('Lisbon, Portugal');
    await expect(ana).toHaveTextContent(/local time/);
    await expect(ana).toHaveTextContent(/Since [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(page.getByRole('status')).toHaveTextContent('Showing 1–5 of 5');
    await expect(page.getByRole('combobox', { name: 'Specialization' })).toHaveTextContent(
      'All specializations',
    );
    await expect(page.queryByRole('navigation', { name: 'Pages of talent' })).toBeNull();
    await expect(document.title).toMatch(/^Talent( · |$)/);
  },
};

/** Who worked with the customer before, with the period they did. */
export const Past: Story = {
  args: at('past', 'tab=Past'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 3);
    await expect(page.getByRole('tab', { name: /^Past/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getAllByRole('article')[0]).toHaveTextContent(/[A-Z][a-z]{2} \d{1,2}, \d{4} – /);
  },
};

/** Everyone available to join (the All tab): no project or period, their place and local time. */
export const Available: Story = {
  args: at('all', 'tab=All'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 8);
    await expect(page.getByRole('tab', { name: /^Available/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('article', { name: 'Sofia Rossi' })).toHaveTextContent('Principal');
    await expect(page.getByRole('article', { name: 'Sofia Rossi' })).not.toHaveTextContent('Since');
  },
};

/** A shared link with a filter and a search: both are applied and shown. */
export const FilteredLink: Story = {
  args: at('filtered', 'tab=All&specialization=Kubernetes&q=dublin'),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 1);
    await expect(page.getByRole('article')).toHaveAccessibleName('Liam O’Connor');
    await expect(page.getByRole('combobox', { name: 'Specialization' })).toHaveTextContent('Kubernetes');
    await expect(page.getByRole('searchbox', { name: 'Search talent' })).toHaveValue('dublin');
  },
};

/** Loading: card placeholders, busy, with a status saying what loads. */
export const Loading: Story = {
  args: at('loading'),
  parameters: { msw: { handlers: handlers({ talentAssociations: 'loading', talent: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    const status = await page.findByText('Loading talent…');
    await expect(status).toHaveAttribute('role', 'status');
    await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

/** Nobody works with the customer: says so, and leads to the available talent. */
export const Empty: Story = {
  args: at('empty'),
  parameters: { msw: { handlers: handlers({ talentAssociations: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    await page.findByRole('heading', { level: 2, name: 'Nobody is working with you right now' });
    await expect(page.getByRole('button', { name: 'See available talent' })).toBeVisible();
    await expect(page.queryByRole('searchbox')).toBeNull();
  },
};

/** Nobody is available right now. */
export const EmptyAvailable: Story = {
  args: at('empty-all', 'tab=All'),
  parameters: { msw: { handlers: handlers({ talent: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    await page.findByRole('heading', { level: 2, name: 'No talent is available right now' });
  },
};

/** A search and filter nobody matches: says so, with a way to clear them. */
export const NoMatch: Story = {
  args: at('no-match', 'tab=Active&specialization=Figma&q=lisbon'),
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    await page.findByRole('heading', { level: 2, name: 'Nobody matches your filters' });
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Specialization' })).toHaveTextContent('Figma');
  },
};

/** The associations could not be loaded: the error says so and offers to try again. */
export const LoadFailed: Story = {
  args: at('error'),
  parameters: { msw: { handlers: handlers({ talentAssociations: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent('Your team could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** The available talent could not be loaded (the host is unreachable): the offline message. */
export const Offline: Story = {
  args: at('offline', 'tab=All'),
  parameters: { msw: { handlers: handlers({ talent: 'networkError' }) } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    await expect(await page.findByRole('alert')).toHaveTextContent('You appear to be offline');
  },
};

/** The associations fail but the available talent loads: its tab still shows how many there are. */
export const PartialFailure: Story = {
  args: at('partial'),
  parameters: { msw: { handlers: [routeHandler('talentAssociations', 'error'), ...handlers()] } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    await page.findByRole('alert');
    await waitFor(() => expect(page.getByRole('tab', { name: /^Available/ })).toHaveTextContent('8'));
    await expect(page.getByRole('tab', { name: /^Active/ })).not.toHaveTextContent(/\d/);
  },
};

/** Thirty people, one with a very long name, role, place and 24 specializations: paged, wrapped. */
export const LongContent: Story = {
  args: at('long'),
  parameters: { msw: { handlers: withLong } },
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 12);
    const card = page.getByRole('article', { name: LONG_NAME });
    await expect(card).toBeVisible();
    await expect(within(card).getAllByRole('listitem')).toHaveLength(8);
    await expect(within(card).getByRole('button', { name: 'Show 16 more' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(page.getByRole('status')).toHaveTextContent(`Showing 1–12 of ${MANY}`);
    const pager = page.getByRole('navigation', { name: 'Pages of talent' });
    await expect(pager).toHaveTextContent('Page 1 of 3');
    await expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expectNoOverflow(canvasElement, main);
  },
};

/** A reload on the last page stays there. */
export const LastPage: Story = {
  args: at('last-page', 'tab=Active&page=3'),
  parameters: { msw: { handlers: withLong } },
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, MANY - 24);
    await expect(page.getByRole('status')).toHaveTextContent(`Showing 25–${MANY} of ${MANY}`);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  },
};

const small = frameMeta(375);

/** A phone (375 px): controls and cards stack, long details wrap; nothing scrolls sideways. */
export const SmallScreen: Story = {
  ...small,
  args: { ...base.args, ...at('small') },
  parameters: { ...base.parameters, msw: { handlers: withLong } },
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 12);
    await expect(page.getByRole('article', { name: LONG_NAME })).toBeVisible();
    await expectNoOverflow(canvasElement, main);
  },
};

/** Dark colour mode. */
export const Dark: Story = {
  args: at('dark', 'tab=Active', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    const { main } = await pageReady(canvasElement);
    await cardsShown(main, 5);
  },
};

/** Arabic, right to left: the tabs, search icon and pager arrows follow the direction. */
export const RightToLeft: Story = {
  args: at('rtl', 'tab=Active', { locale: 'ar' }),
  parameters: { msw: { handlers: withLong } },
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement, 'المواهب');
    await cardsShown(main, 12);
    await expect(page.getByRole('tab', { name: /^الحاليون/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('searchbox', { name: 'البحث في المواهب' })).toBeVisible();
    await expect(getComputedStyle(main).direction).toBe('rtl');
    const next = page.getByRole('button', { name: 'الصفحة التالية' });
    const arrow = next.querySelector('svg');
    await expect(arrow && getComputedStyle(arrow).transform).not.toBe('none');
    await expectNoOverflow(canvasElement, main);
  },
};

// Interaction tests: hidden from the sidebar and docs, run with the rest.

const interaction = ['!dev', '!autodocs', 'interaction'];

/** Switching tabs lists each tab's people, and the address follows (replacing the entry). */
export const SwitchTabTest: Story = {
  tags: interaction,
  args: at('switch'),
  play: async ({ canvasElement, args }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 5);
    await userEvent.click(page.getByRole('tab', { name: /^Available/ }));
    await cardsShown(main, 8);
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?tab=All`));
    await userEvent.click(page.getByRole('tab', { name: /^Past/ }));
    await cardsShown(main, 3);
    await userEvent.click(page.getByRole('tab', { name: /^Active/ }));
    await cardsShown(main, 5);
  },
};

/** Choosing a specialization filters the list and goes into the address; "All" shows everyone. */
export const FilterTest: Story = {
  tags: interaction,
  args: at('filter', 'tab=All'),
  play: async ({ canvasElement, args }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 8);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(page.getByRole('combobox', { name: 'Specialization' }));
    let list = await body.findByRole('listbox');
    await userEvent.click(within(list).getByRole('option', { name: 'Python' }));
    await cardsShown(main, 1);
    await expect(page.getByRole('article')).toHaveAccessibleName('Sofia Rossi');
    await waitFor(() =>
      expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?tab=All&specialization=Python`),
    );
    await userEvent.click(page.getByRole('combobox', { name: 'Specialization' }));
    list = await body.findByRole('listbox');
    await userEvent.click(within(list).getByRole('option', { name: 'All specializations' }));
    await cardsShown(main, 8);
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  },
};

/** Typing filters at once; the address follows after a pause; nothing found offers to clear. */
export const SearchTest: Story = {
  tags: interaction,
  args: at('search'),
  play: async ({ canvasElement, args }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 5);
    const field = page.getByRole('searchbox', { name: 'Search talent' });
    await userEvent.type(field, 'lisbon');
    await cardsShown(main, 1);
    await expect(page.getByRole('article')).toHaveAccessibleName('Ana Ferreira');
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?tab=Active&q=lisbon`));
    await userEvent.clear(field);
    await userEvent.type(field, 'nobody like this{Enter}');
    await page.findByRole('heading', { level: 2, name: 'Nobody matches your filters' });
    await userEvent.click(page.getByRole('button', { name: 'Clear filters' }));
    await cardsShown(main, 5);
    await expect(page.getByRole('searchbox', { name: 'Search talent' })).toHaveValue('');
  },
};

/** Next and Previous page through the list; the page goes into the address; a search starts over. */
export const PagingTest: Story = {
  tags: interaction,
  args: at('paging'),
  parameters: { msw: { handlers: withLong } },
  play: async ({ canvasElement, args }) => {
    const { main, page } = await pageReady(canvasElement);
    await cardsShown(main, 12);
    const first = names(main);
    await userEvent.click(page.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(page.getByRole('status')).toHaveTextContent(`Showing 13–24 of ${MANY}`));
    await expect(names(main)).not.toEqual(first);
    await expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?tab=Active&page=2`);
    await userEvent.click(page.getByRole('button', { name: 'Next page' }));
    await cardsShown(main, MANY - 24);
    await userEvent.click(page.getByRole('button', { name: 'Previous page' }));
    await cardsShown(main, 12);
    await expect(page.getByRole('navigation', { name: 'Pages of talent' })).toHaveTextContent('Page 2 of 3');
    await userEvent.type(page.getByRole('searchbox', { name: 'Search talent' }), 'ana');
    await waitFor(() => expect(page.getByRole('status')).toHaveTextContent(/^Showing 1–/));
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith(`${PATH}?tab=Active&q=ana`));
  },
};

/** A long list of specializations unfolds and folds again; the filtered one is always shown. */
export const SpecializationsTest: Story = {
  tags: interaction,
  args: at('specializations', 'tab=Active&specialization=Event-driven%20systems'),
  parameters: { msw: { handlers: withLong } },
  play: async ({ canvasElement }) => {
    const { page } = await pageReady(canvasElement);
    const card = await page.findByRole('article', { name: LONG_NAME });
    const list = within(card).getByRole('list', { name: `Specializations of ${LONG_NAME}` });
    await expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Event-driven systems');
    await userEvent.click(within(card).getByRole('button', { name: 'Show 16 more' }));
    await expect(within(list).getAllByRole('listitem')).toHaveLength(24);
    const fewer = within(card).getByRole('button', { name: 'Show fewer' });
    await expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(fewer);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(8);
  },
};

/** "See available talent" on an empty Active tab opens the All tab. */
export const SeeAvailableTest: Story = {
  tags: interaction,
  args: at('see-available'),
  parameters: { msw: { handlers: handlers({ talentAssociations: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await userEvent.click(await page.findByRole('button', { name: 'See available talent' }));
    await cardsShown(main, 8);
    await expect(page.getByRole('tab', { name: /^Available/ })).toHaveAttribute('aria-selected', 'true');
  },
};

/** The associations fail, the available talent still works on its own tab. */
export const PartialFailureTest: Story = {
  tags: interaction,
  args: at('partial-switch'),
  parameters: { msw: { handlers: [routeHandler('talentAssociations', 'error'), ...handlers()] } },
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    await page.findByRole('alert');
    await userEvent.click(page.getByRole('tab', { name: /^Available/ }));
    await cardsShown(main, 8);
    await expect(page.queryByRole('alert')).toBeNull();
  },
};

const failingAssociations = switchableRoute('talentAssociations', 'serverError');

/** "Try again" after a failed load asks again and shows the people. */
export const RetryTest: Story = {
  tags: interaction,
  args: at('retry'),
  parameters: { msw: { handlers: [failingAssociations.handler, ...handlers()] } },
  beforeEach: () => failingAssociations.reset(),
  play: async ({ canvasElement }) => {
    const { main, page } = await pageReady(canvasElement);
    const alert = await page.findByRole('alert');
    failingAssociations.recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await cardsShown(main, 5);
    await expect(failingAssociations.calls).toBeGreaterThan(1);
  },
};
