import { handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../ClientPortal.js';
import { frameMeta, portalArgs } from '../frame/storySupport.js';
import {
  COMPANIES,
  GLOBEX,
  LONG_COMPANY,
  MANY_COMPANIES,
  NORTHWIND,
  staffBackend,
} from './staffStorySupport.js';

const base = frameMeta();
/**
 * Provider staff in the real portal: until they choose a company, a company picker (search by
 * name, a list the keyboard moves through) replaces the pages, and nothing asks a company-scoped
 * route (the mock host answers those 403, as the real one does, and counts them). Once a company is
 * chosen, exactly its users' pages, under the "acting for" bar with "Switch company" and "Stop acting".
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Staff/Company picker',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

/** A story's own mock host (its state is reset before each run). */
function backendStory(
  story: string,
  options: Parameters<typeof staffBackend>[0] = {},
  overrides: Partial<ClientPortalProps> = {},
) {
  const backend = staffBackend(options);
  return {
    backend,
    story: {
      args: portalArgs(`staff-${story}`, overrides),
      parameters: { msw: { handlers: [...backend.handlers, ...handlers()] } },
      beforeEach: () => backend.reset(),
    } satisfies Story,
  };
}

async function pickerReady(canvasElement: HTMLElement, heading = 'Choose a company') {
  const main = await within(canvasElement).findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: heading });
  return { main, page: within(main) };
}

const companyButtons = (main: HTMLElement) =>
  [...main.querySelectorAll<HTMLButtonElement>('button[data-company-id]')].map((b) => b.dataset.companyId);

async function listed(main: HTMLElement, count: number) {
  await waitFor(() => expect(companyButtons(main)).toHaveLength(count));
}

/** Nothing in the page is wider than the page: no sideways scrolling. */
async function expectNoOverflow(main: HTMLElement) {
  await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
}

const data = backendStory('data');
/** Signed in as staff, no company chosen: every company to act for, and not one 403 in the console. */
export const PickerData: Story = {
  ...data.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await pickerReady(canvasElement);
    await listed(main, COMPANIES.length);
    await expect(page.getByRole('status')).toHaveTextContent(`Companies: ${COMPANIES.length}`);
    await expect(page.getByRole('list', { name: 'Companies' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Globex Corporation/ })).toBeVisible();
    await expect(within(canvasElement).queryByRole('region', { name: /^Acting for/ })).toBeNull();
    await expect(data.backend.state.forbidden).toEqual([]);
  },
};

const loading = backendStory('loading', { list: 'loading' });
/** The list is on its way: placeholder rows, announced as loading. */
export const PickerLoading: Story = {
  ...loading.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await pickerReady(canvasElement);
    await expect(await page.findByText('Loading companies…')).toBeInTheDocument();
    await expect(main.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(loading.backend.state.forbidden).toEqual([]);
  },
};

const empty = backendStory('empty', { list: 'empty' });
/** No company to act for yet. */
export const PickerEmpty: Story = {
  ...empty.story,
  play: async ({ canvasElement }) => {
    const { page } = await pickerReady(canvasElement);
    await expect(await page.findByRole('heading', { name: 'No companies yet' })).toBeVisible();
  },
};

const failing = backendStory('error', { list: 'error' });
/** The list could not be loaded: the error, with a retry. */
export const PickerError: Story = {
  ...failing.story,
  play: async ({ canvasElement }) => {
    const { page } = await pickerReady(canvasElement);
    await expect(
      await page.findByRole('heading', { name: 'The companies could not be loaded' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(failing.backend.state.forbidden).toEqual([]);
  },
};

const long = backendStory('long', { companies: MANY_COMPANIES });
/** 301 companies: the first 50 are listed and the count says how to find the rest; long names wrap. */
export const PickerLongList: Story = {
  ...long.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await pickerReady(canvasElement);
    await listed(main, 50);
    await expect(page.getByRole('status')).toHaveTextContent(
      'Companies: 301 The first 50 are shown; search to find the others.',
    );
    await userEvent.type(page.getByRole('searchbox', { name: 'Search companies' }), 'gesellschaft');
    await listed(main, 1);
    await expect(
      page.getByRole('button', { name: new RegExp(LONG_COMPANY.name.slice(0, 30)) }),
    ).toBeVisible();
    await expectNoOverflow(main);
  },
};

const noMatch = backendStory('no-match');
/** A search that finds nothing says so, with a way back to the whole list. */
export const PickerNoMatch: Story = {
  ...noMatch.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await pickerReady(canvasElement);
    await listed(main, COMPANIES.length);
    await userEvent.type(page.getByRole('searchbox', { name: 'Search companies' }), 'zzz');
    await expect(await page.findByRole('heading', { name: 'No company matches “zzz”' })).toBeVisible();
    await userEvent.click(page.getAllByRole('button', { name: 'Clear search' })[0]!);
    await listed(main, COMPANIES.length);
  },
};

const small = frameMeta(375);
const smallBackend = staffBackend({ companies: MANY_COMPANIES });
/** A phone (375 px): the search and the list fit; long names wrap; nothing scrolls sideways. */
export const PickerSmallScreen: Story = {
  ...small,
  args: { ...base.args, ...portalArgs('staff-small') },
  parameters: { ...base.parameters, msw: { handlers: [...smallBackend.handlers, ...handlers()] } },
  beforeEach: () => smallBackend.reset(),
  play: async ({ canvasElement }) => {
    const { main } = await pickerReady(canvasElement);
    await listed(main, 50);
    await expectNoOverflow(main);
  },
};

const dark = backendStory('dark', {}, { colorScheme: 'dark' });
/** Dark colour mode. */
export const PickerDark: Story = {
  ...dark.story,
  play: async ({ canvasElement }) => {
    const { main } = await pickerReady(canvasElement);
    await listed(main, COMPANIES.length);
  },
};

const rtl = backendStory('rtl', { companies: MANY_COMPANIES }, { locale: 'ar' });
/** Arabic, right to left. */
export const PickerRightToLeft: Story = {
  ...rtl.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await pickerReady(canvasElement, 'اختر شركة');
    await listed(main, 50);
    await expect(page.getByRole('searchbox', { name: 'ابحث عن الشركات' })).toBeVisible();
    await expect(getComputedStyle(main).direction).toBe('rtl');
    await expectNoOverflow(main);
  },
};

const acting = backendStory('acting', { actingFor: NORTHWIND });
/** Acting for a company: its dashboard under the bar that says whose portal this is. */
export const ActingFor: Story = {
  ...acting.story,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('region', { name: `Acting for ${NORTHWIND.name}` });
    await expect(within(bar).getByRole('button', { name: 'Switch company' })).toBeVisible();
    await expect(within(bar).getByRole('button', { name: 'Stop acting' })).toBeVisible();
    const main = await canvas.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Dashboard' });
    await within(main).findByRole('table', { name: 'Active subscriptions' });
    await expect(acting.backend.state.forbidden).toEqual([]);
  },
};

const actingSmall = staffBackend({ actingFor: LONG_COMPANY, companies: [...COMPANIES, LONG_COMPANY] });
/** The bar on a phone, with a very long company name: it wraps, its buttons stay reachable. */
export const ActingForSmallScreen: Story = {
  ...small,
  args: { ...base.args, ...portalArgs('staff-acting-small') },
  parameters: { ...base.parameters, msw: { handlers: [...actingSmall.handlers, ...handlers()] } },
  beforeEach: () => actingSmall.reset(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('region', { name: `Acting for ${LONG_COMPANY.name}` });
    await expect(within(bar).getByRole('button', { name: 'Stop acting' })).toBeVisible();
    const main = await canvas.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Dashboard' });
    await expectNoOverflow(main);
  },
};

const actingDark = backendStory('acting-dark', { actingFor: GLOBEX }, { colorScheme: 'dark' });
/** The bar in dark colour mode. */
export const ActingForDark: Story = {
  ...actingDark.story,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: `Acting for ${GLOBEX.name}` });
  },
};

const actingRtl = backendStory('acting-rtl', { actingFor: GLOBEX }, { locale: 'ar' });
/** The bar in Arabic. */
export const ActingForRightToLeft: Story = {
  ...actingRtl.story,
  play: async ({ canvasElement }) => {
    const bar = await within(canvasElement).findByRole('region', { name: `تعمل نيابةً عن ${GLOBEX.name}` });
    await expect(within(bar).getByRole('button', { name: 'تبديل الشركة' })).toBeVisible();
  },
};

// Interaction tests: hidden from the sidebar and docs, run with the rest.
const interaction = ['!dev', '!autodocs', 'interaction'];

const flow = backendStory('flow');
/**
 * Choose with the keyboard, switch to another company, go back, stop: each step shows the right
 * company, and no company-scoped request was ever made without one.
 */
export const ChooseSwitchStopTest: Story = {
  ...flow.story,
  tags: interaction,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const { main, page } = await pickerReady(canvasElement);
    await listed(main, COMPANIES.length);
    // Search, then Enter picks the one match.
    const search = page.getByRole('searchbox', { name: 'Search companies' });
    await userEvent.type(search, 'northw{Enter}');
    const bar = await canvas.findByRole('region', { name: `Acting for ${NORTHWIND.name}` });
    await waitFor(() => expect(bar).toHaveFocus());
    await within(main).findByRole('table', { name: 'Active subscriptions' });
    await expect(flow.backend.state.actAs).toEqual([NORTHWIND.id]);

    // Switch: the picker, with the current company marked; arrows move through the list.
    await userEvent.click(within(bar).getByRole('button', { name: 'Switch company' }));
    await pickerReady(canvasElement);
    await waitFor(() => expect(page.getByRole('searchbox', { name: 'Search companies' })).toHaveFocus());
    await expect(page.getByRole('button', { name: `Back to ${NORTHWIND.name}` })).toBeVisible();
    await expect(main.querySelector('[aria-current="true"]')?.getAttribute('data-company-id')).toBe(
      NORTHWIND.id,
    );
    await userEvent.keyboard('{ArrowDown}');
    await expect(document.activeElement?.getAttribute('data-company-id')).toBe('acme');
    await userEvent.keyboard('{ArrowDown}');
    await expect(document.activeElement?.getAttribute('data-company-id')).toBe(GLOBEX.id);
    await userEvent.keyboard('{Enter}');
    const globex = await canvas.findByRole('region', { name: `Acting for ${GLOBEX.name}` });
    await within(main).findByRole('table', { name: 'Active subscriptions' });
    await expect(canvas.queryByRole('region', { name: `Acting for ${NORTHWIND.name}` })).toBeNull();

    // Stop: back to the picker, without the bar.
    await userEvent.click(within(globex).getByRole('button', { name: 'Stop acting' }));
    await pickerReady(canvasElement);
    await waitFor(() => expect(canvas.queryByRole('region', { name: /^Acting for/ })).toBeNull());
    await expect(flow.backend.state.actAs).toEqual([NORTHWIND.id, GLOBEX.id, null]);
    await expect(flow.backend.state.forbidden).toEqual([]);
  },
};

const cancel = backendStory('cancel', { actingFor: NORTHWIND });
/** "Switch company", then "Back to …": the same company's pages again, with no request to the host. */
export const SwitchAndGoBackTest: Story = {
  ...cancel.story,
  tags: interaction,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('region', { name: `Acting for ${NORTHWIND.name}` });
    await userEvent.click(within(bar).getByRole('button', { name: 'Switch company' }));
    const { page } = await pickerReady(canvasElement);
    await userEvent.click(page.getByRole('button', { name: `Back to ${NORTHWIND.name}` }));
    const main = await canvas.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(bar).toHaveFocus());
    await expect(cancel.backend.state.actAs).toEqual([]);
  },
};

const otherTab = backendStory(
  'other-tab',
  { actingFor: NORTHWIND },
  { routing: { mode: 'memory', initialPath: '/my-info/account?tab=company' } },
);
/**
 * Another tab of the browser (same session) switched to Globex: when staff come back to this tab,
 * the bar and the page follow, and Northwind's details are gone, not shown under Globex's name.
 */
export const SwitchedInAnotherTabTest: Story = {
  ...otherTab.story,
  tags: interaction,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: `Acting for ${NORTHWIND.name}` });
    const main = await canvas.findByRole('main');
    await within(main).findByText(NORTHWIND.name, { selector: 'p' });
    otherTab.backend.state.companyId = GLOBEX.id;
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    await canvas.findByRole('region', { name: `Acting for ${GLOBEX.name}` });
    await within(main).findByText(GLOBEX.name, { selector: 'p' });
    await expect(within(main).queryByText(NORTHWIND.name)).toBeNull();
    await expect(otherTab.backend.state.forbidden).toEqual([]);
  },
};
