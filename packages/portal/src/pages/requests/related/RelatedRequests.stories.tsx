import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../../ClientPortal.js';
import { frameMeta, portalArgs, renderPortal } from '../../../frame/storySupport.js';

const base = frameMeta();
/**
 * Requests where what they concern is shown, inside the real portal and its mock API: the open
 * requests about a subscription on the dashboard (with "Request a change"), about a project on the
 * project page, and the talent requests of a person's project on their card ("Request a
 * replacement"). Each loads after its page, from one shared list of open requests.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Requests/Where they belong',
  render: (args, { parameters }) => renderPortal(args, parameters.screen as number | undefined),
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const fixtures = createPortalFixtures();
/** The subscription Northwind's change of hours (and renewal check-in) are about. */
const deal = fixtures.crm.hubspot.deals.find((d) => d.stage === 'Active' && d.hours !== null)!;

const at = (story: string, path: string, overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(`related-${story}`, { routing: { mode: 'memory', initialPath: path }, ...overrides });

async function pageReady(canvasElement: HTMLElement, heading: string) {
  const main = await within(canvasElement).findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: heading });
  return within(main);
}

/** The dashboard: each subscription row offers "Request a change"; one has open requests. */
export const Dashboard: Story = {
  args: at('dashboard', '/dashboard'),
  play: async ({ canvasElement }) => {
    const page = await pageReady(canvasElement, 'Dashboard');
    const change = await page.findByRole('link', { name: `Request a change to ${deal.dealName}` });
    await expect(change).toHaveAttribute(
      'href',
      `/requests/new?type=change_of_scope&subscriptionId=${encodeURIComponent(deal.id)}`,
    );
    const open = await page.findByRole('link', { name: /^Open requests: \d+$/ });
    await expect(open).toHaveAttribute(
      'href',
      `/requests?scope=company&subscriptionId=${encodeURIComponent(deal.id)}`,
    );
  },
};

/** The project page: the project's open requests and the way to file one about it. */
export const Project: Story = {
  args: at('project', '/services/projects?project=WMS'),
  play: async ({ canvasElement }) => {
    const page = await pageReady(canvasElement, 'Projects');
    const section = await page.findByRole('region', { name: 'Requests about this project' });
    await within(section).findByRole('link', { name: 'Replacement for the Android engineer leaving in May' });
    await expect(
      within(section).getByRole('link', { name: 'New request about this project' }),
    ).toHaveAttribute('href', '/requests/new?projectId=9003');
  },
};

/** A project without open requests says so. */
export const ProjectWithout: Story = {
  args: at('project-none', '/services/projects?project=PORTAL'),
  play: async ({ canvasElement }) => {
    const page = await pageReady(canvasElement, 'Projects');
    await page.findByText('No open requests about this project.');
  },
};

/** The talent page: an engineer's card offers "Request a replacement" for their project. */
export const Talent: Story = {
  args: at('talent', '/services/talent?tab=Active'),
  play: async ({ canvasElement }) => {
    const page = await pageReady(canvasElement, 'Talent');
    await waitFor(() =>
      expect(page.getAllByRole('link', { name: 'Request a replacement' }).length).toBeGreaterThan(0),
    );
    const links = page.getAllByRole('link', { name: 'Request a replacement' });
    await expect(links.map((a) => a.getAttribute('href'))).toContain(
      '/requests/new?type=talent_request&projectId=9003',
    );
  },
};

/** The open requests could not be loaded: the pages still work, the project says so. */
export const LoadFailed: Story = {
  args: at('failed', '/services/projects?project=WMS'),
  parameters: { msw: { handlers: handlers({ requests: 'error' }) } },
  play: async ({ canvasElement }) => {
    const page = await pageReady(canvasElement, 'Projects');
    await page.findByText('The requests could not be loaded.');
  },
};

/** Arabic, right to left, on the dashboard. */
export const RightToLeft: Story = {
  args: at('rtl', '/dashboard', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const page = await pageReady(canvasElement, 'لوحة المعلومات');
    await page.findAllByRole('link', { name: new RegExp(`^طلب تغيير على ${deal.dealName}$`) });
  },
};
