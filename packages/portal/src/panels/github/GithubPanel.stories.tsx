import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { withPortalData } from '../ai-usage/panelStories.js';
import { GithubPanel } from './GithubPanel.js';

/**
 * The project's GitHub organisations and repositories (fetched together), as the Projects page
 * shows them: each organisation with its share of the project's repositories, then the
 * repositories in a sortable, paged table with a CSV export. Driven by the contract's mocks.
 */
const meta = {
  title: 'Portal/Panels/GitHub',
  component: GithubPanel,
  decorators: [withPortalData],
  args: { projectKey: 'PORTAL' },
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof GithubPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const repositoriesShown = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const table = await canvas.findByRole('table', { name: /^Repositories \(/ });
  return { canvas, table };
};

/**
 * Two organisations and four repositories (one archived) of the Customer Portal project: the first
 * organisation with an image the host serves itself, the second drawn as its initials (GitHub's
 * own avatars never reach the browser).
 */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, table } = await repositoriesShown(canvasElement);
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    const organisations = canvas.getByRole('list', { name: 'Organisations' });
    const items = within(organisations).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    await expect(first.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\//);
    await expect(second.querySelector('img')).toBeNull();
    await expect(within(second).getByText('NL')).toBeVisible();
    // Nothing the panel shows is loaded from another site.
    for (const img of canvasElement.querySelectorAll('img')) {
      await expect(img.getAttribute('src')).toMatch(/^(data:|\/(?!\/))/);
    }
    await expect(canvas.getByRole('link', { name: /^portal-web/ })).toHaveAttribute(
      'href',
      'https://github.com/northwind/portal-web',
    );
    await expect(canvas.getByRole('button', { name: /^Download CSV: / })).toBeVisible();
  },
};

/** Both lists on their way: one skeleton for the panel, announced as busy. */
export const Loading: Story = {
  parameters: { msw: { handlers: handlers({ githubRepositories: 'loading' }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the project’s repositories…')).toBeVisible();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

/** A project with no organisation linked yet: what would bring repositories here. */
export const Empty: Story = {
  parameters: { msw: { handlers: handlers({ githubOrganisations: 'empty', githubRepositories: 'empty' }) } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No GitHub repositories are linked to this project yet.'),
    ).toBeVisible();
  },
};

/** A project key the customer cannot see (not among its visible projects): the same empty state. */
export const UnknownProject: Story = {
  args: { projectKey: 'NOPE' },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No GitHub repositories are linked to this project yet.'),
    ).toBeVisible();
  },
};

/** The repositories fail: the panel says so with a retry (the organisations alone would mislead). */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: handlers({ githubRepositories: 'error' }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The repositories could not be loaded.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Offline: the shared offline words instead of a server error. */
export const Offline: Story = {
  parameters: { msw: { handlers: handlers({ githubOrganisations: 'networkError' }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

const long = createPortalFixtures();
const base = long.github('9001');
long.github = (projectId: string) => {
  if (!base || projectId !== '9001') return null;
  const [org] = base.organisations;
  const [repo] = base.repositories;
  if (!org || !repo) return base;
  return {
    organisations: [
      {
        ...org,
        name: 'Northwind Logistics International Holdings — Platform Engineering and Developer Experience',
        repositoryCount: 23,
      },
    ],
    repositories: Array.from({ length: 23 }, (_, i) => ({
      ...repo,
      id: `long-${i}`,
      name:
        i === 0
          ? 'customer-portal-self-service-frontend-with-embedded-analytics-and-reporting'
          : `service-${String(i + 1).padStart(2, '0')}`,
      fullName: `${org.login}/service-${i + 1}`,
      description:
        i === 0
          ? 'The customer-facing portal: subscriptions, projects, delivery analytics, AI assistant usage, talent, documents and the knowledge base, embedded in the provider’s site.'
          : null,
      language: i % 4 === 0 ? null : repo.language,
      archived: i % 7 === 3,
    })),
  };
};

/** Many repositories (paged, ten at a time) and long names, which wrap instead of overflowing. */
export const LongContent: Story = {
  parameters: { msw: { handlers: handlers({}, { fixtures: long }) } },
  play: async ({ canvasElement }) => {
    const { canvas } = await repositoriesShown(canvasElement);
    await expect(canvas.getByRole('navigation', { name: /^Pages of/ })).toBeVisible();
    await expect(canvas.getAllByText('Not detected').length).toBeGreaterThan(0);
  },
};

/** The dark colour mode. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await repositoriesShown(canvasElement);
  },
};

/** Arabic, right to left. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('table', { name: /^المستودعات/ })).toBeVisible();
  },
};

/** A phone's width: the organisations stack and the table scrolls inside its own region. */
export const SmallScreen: Story = {
  parameters: { width: 375 },
  play: async ({ canvasElement }) => {
    await repositoriesShown(canvasElement);
    const main = canvasElement.querySelector('main') as HTMLElement;
    await waitFor(() => expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth + 1));
  },
};

/** Sorting by name, then exporting: the CSV has the table's rows in the order shown. */
export const SortAndExportTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement }) => {
    const { canvas, table } = await repositoriesShown(canvasElement);
    await userEvent.click(within(table).getByRole('button', { name: /Repository/ }));
    const saved: Blob[] = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:story';
    });
    try {
      const click = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = () => {};
      try {
        await userEvent.click(canvas.getByRole('button', { name: /^Download CSV: / }));
      } finally {
        HTMLAnchorElement.prototype.click = click;
      }
    } finally {
      URL.createObjectURL = create;
    }
    await expect(saved).toHaveLength(1);
    const text = (await saved[0]?.text())?.replace(/^\uFEFF/, '') ?? '';
    const lines = text.trim().split('\r\n');
    await expect(lines[0]).toBe(
      'Repository,Organisation,Language,Visibility,Archived,Open pull requests,Last push,Address',
    );
    const shown = within(table)
      .getAllByRole('rowheader')
      .map((cell) =>
        cell
          .querySelector('a')
          ?.textContent?.replace(/\(opens in a new tab\)/, '')
          .trim(),
      );
    await expect(lines.slice(1).map((line) => line.split(',')[0]?.split('/')[1])).toEqual(shown);
  },
};
