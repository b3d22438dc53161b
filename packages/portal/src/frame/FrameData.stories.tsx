import { handlers, scenario } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../ClientPortal.js';
import { DEFAULT_COMPANY_LOGO } from './defaultLogo.js';
import { customerFixtures, entriesOf, frameMeta, frameReady, portalArgs } from './storySupport.js';

const base = frameMeta();
// A literal `parameters` beside the spread: Storybook's docs plugin adds the description below
// to it, and would otherwise add a `parameters` of its own that replaces the spread one.
/** The frame with the customer's data in its different states: gate, logo, long names, loading, errors. */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Frame/Customer data',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const sideNav = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('navigation', { name: 'Portal' });

/** The profile entry's logo, once the profile has settled. */
const profileLogo = (nav: HTMLElement) =>
  waitFor(() => {
    const img = entriesOf(nav).at(-1)?.querySelector('img');
    if (!img) throw new Error('the profile is still loading');
    return img;
    // The slow scenario answers the profile 800ms after the session: well past waitFor's default 1s on a busy machine.
  });

const LONG_NAME =
  'Maximiliana-Konstantina Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft';

/** Home is shown: the contact's lifecycle stage is the configured one (the fixture's). */
export const HomeShown: Story = {
  args: portalArgs('home-shown'),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    const home = await within(nav).findByRole('link', { name: 'Home' });
    await expect(home).toHaveAttribute('href', '/home');
    await expect(entriesOf(nav)[0]).toContainElement(home);
    await expect(within(nav).getByRole('link', { name: 'Client Portal' })).toHaveAttribute('href', '/home');
  },
};

/** Home is hidden: another lifecycle stage. The logo then links to the Dashboard. */
export const HomeHidden: Story = {
  args: portalArgs('home-hidden'),
  parameters: {
    msw: { handlers: handlers({}, { fixtures: customerFixtures({ lifecycleStage: 'customer' }) }) },
  },
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    await expect((await profileLogo(nav)).dataset.logo).toBe('company');
    await expect(entriesOf(nav)).toHaveLength(9);
    await expect(within(nav).queryByRole('link', { name: 'Home' })).toBeNull();
    await expect(within(nav).getByRole('link', { name: 'Client Portal' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  },
};

/** A company without a logo: the default image. */
export const LogoFallback: Story = {
  args: portalArgs('logo-fallback'),
  parameters: {
    msw: { handlers: handlers({}, { fixtures: customerFixtures({ companyLogo: null }) }) },
  },
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const logo = await profileLogo(sideNav(canvasElement));
    await expect(logo).toHaveAttribute('src', DEFAULT_COMPANY_LOGO);
    await expect(logo).toHaveAttribute('alt', '');
    await expect(logo.getBoundingClientRect().width).toBe(40);
  },
};

/** A logo that cannot be shown (broken image data): the default image replaces it. */
export const BrokenLogo: Story = {
  args: portalArgs('logo-broken'),
  parameters: {
    msw: {
      handlers: handlers({}, { fixtures: customerFixtures({ companyLogo: 'data:image/png;base64,AAAA' }) }),
    },
  },
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    await waitFor(() => expect(entriesOf(nav).at(-1)?.querySelector('img')?.dataset.logo).toBe('default'));
  },
};

/** Very long, unbroken names: the navigation and the page keep their widths. */
export const LongNames: Story = {
  args: portalArgs('long-names'),
  parameters: {
    msw: {
      handlers: handlers(
        {},
        {
          fixtures: customerFixtures({
            name: LONG_NAME,
            companyName: 'Internationale Logistik- und Speditionsgesellschaft Nordwind mbH & Co. KG',
          }),
        },
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    const profile = within(nav).getByRole('link', { name: LONG_NAME });
    const name = within(profile).getByText(LONG_NAME);
    // Two lines at most, inside the 290px navigation.
    const lineHeight = Number.parseFloat(getComputedStyle(name).lineHeight);
    await expect(name.getBoundingClientRect().height).toBeLessThanOrEqual(lineHeight * 2 + 1);
    await expect(Math.round(nav.getBoundingClientRect().width)).toBe(290);
    await expect(nav.scrollWidth).toBeLessThanOrEqual(nav.clientWidth);
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  },
};

/**
 * Loading: the session is known, the profile and the account manager are not yet. The frame is
 * there at once; the logo is a placeholder, the name comes from the session, Home waits for the gate.
 */
export const Loading: Story = {
  args: portalArgs('loading'),
  parameters: { msw: { handlers: scenario('loading') } },
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    const profile = within(nav).getByRole('link', { name: 'Maya Okafor' });
    await expect(profile.querySelector('img')).toBeNull();
    await expect(profile.querySelector('[data-shape]')).not.toBeNull();
    await expect(entriesOf(nav)).toHaveLength(9);
    await expect(canvas.queryByRole('link', { name: /Book a meeting with my Account Manager/ })).toBeNull();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
  },
};

/** Slow answers: the profile arrives after a while and the frame fills in (Home, logo, booking). */
export const SlowFillsInTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('slow'),
  parameters: { msw: { handlers: scenario('slow', {}, { slowMs: 800 }) } },
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    await expect(entriesOf(nav)).toHaveLength(9);
    await expect((await profileLogo(nav)).dataset.logo).toBe('company');
    await waitFor(() => expect(entriesOf(nav)).toHaveLength(10));
    await expect(
      await canvas.findByRole('link', { name: /Book a meeting with my Account Manager/ }),
    ).toBeVisible();
  },
};

/**
 * The API is down (every call but the session answers 500): the frame still renders and works;
 * the profile entry falls back to the default logo and the session's name, Home stays hidden
 * (the gate cannot pass) and there is no booking button.
 */
export const ApiDown: Story = {
  args: portalArgs('api-down'),
  parameters: { msw: { handlers: scenario('serverError') } },
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    await expect((await profileLogo(nav)).dataset.logo).toBe('default');
    await expect(within(nav).getByRole('link', { name: 'Maya Okafor' })).toBeVisible();
    await expect(entriesOf(nav)).toHaveLength(9);
    await expect(canvas.queryByRole('link', { name: /Book a meeting with my Account Manager/ })).toBeNull();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
  },
};

const BRAND_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" rx="18" fill="#0f766e"/><path d="M10 24 18 10l8 14z" fill="#fff"/></svg>',
)}`;

/**
 * The provider's brand (`brand={{ name, logo }}`): its mark and name at the top of the navigation
 * and its name in the footer's copyright line; the customer's company under it.
 */
export const ProviderBrand: Story = {
  args: portalArgs('brand', { brand: { name: 'Northwind Digital', logo: BRAND_LOGO } }),
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    const logo = within(nav).getByRole('link', { name: 'Northwind Digital' });
    await expect(logo.querySelector('img')).toHaveAttribute('src', BRAND_LOGO);
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent(
      /Northwind Digital\. All rights reserved\./,
    );
    const company = customerFixtures({}).profile.profile.company.name;
    await expect(await within(nav).findByText(company)).toBeVisible();
  },
};

/**
 * One left edge: the provider's mark, the entries' icons and the profile's logo start at the same
 * distance from the navigation's edge (28px).
 */
export const OneLeftEdgeTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('left-edge'),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    const left = nav.getBoundingClientRect().left;
    const mark = nav.querySelector('svg, img');
    const icon = within(nav).getByRole('link', { name: 'Dashboard' }).querySelector('svg');
    const profile = await profileLogo(nav);
    const offsets = [mark, icon, profile].map((el) =>
      Math.round((el?.getBoundingClientRect().left ?? 0) - left),
    );
    await expect(offsets).toEqual([28, 28, 28]);
  },
};
