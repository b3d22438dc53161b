import { Button, Card } from '@client-portal/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PortalProviders } from '../stories-support/PortalProviders.js';
import { ErrorBoundary } from './ErrorBoundary.js';

/**
 * The portal's boundaries keep a failure inside the part that failed: the page (or a panel) shows
 * an error with retry while the navigation around it keeps working, and the host's `onError`
 * hears which boundary caught it. A stand-in navigation (the kit's buttons) plays the frame here;
 * the error is what users see.
 */

/** What the failing parts do; reset before each story. */
const cause = { pageBroken: true, queryBroken: true, queryCalls: 0 };

function FlakyPage({ path }: { path: string }) {
  if (cause.pageBroken && path === '/dashboard') throw new Error('Dashboard failed to render');
  const title = path === '/dashboard' ? 'Dashboard' : 'Projects';
  return (
    <Card as="section" title={title}>
      <p>Page content for {path}.</p>
    </Card>
  );
}

function Portal({
  onError,
  locale = 'en',
}: {
  onError: (error: unknown, where: string) => void;
  locale?: string;
}) {
  const [path, setPath] = useState('/dashboard');
  const [clicks, setClicks] = useState(0);
  return (
    <PortalProviders onError={onError} locale={locale}>
      <div style={{ display: 'grid', gap: 16 }}>
        <nav aria-label="Portal" style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button variant="ghost" tone="neutral" onClick={() => setPath('/dashboard')}>
            Dashboard
          </Button>
          <Button variant="ghost" tone="neutral" onClick={() => setPath('/services/projects')}>
            Projects
          </Button>
          <Button variant="outline" tone="neutral" onClick={() => setClicks((n) => n + 1)}>
            {`Navigation clicks: ${clicks}`}
          </Button>
        </nav>
        <ErrorBoundary where={`page:${path}`} resetKey={path}>
          <FlakyPage path={path} />
        </ErrorBoundary>
      </div>
    </PortalProviders>
  );
}

const meta = {
  title: 'Portal/Embedding/ErrorBoundary',
  component: Portal,
  args: { onError: fn() },
  beforeEach: () => {
    cause.pageBroken = true;
    cause.queryBroken = true;
    cause.queryCalls = 0;
  },
} satisfies Meta<typeof Portal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A page throws: only the page area shows the error; the navigation still responds. */
export const PageFails: Story = {
  play: async ({ canvas, args }) => {
    const alert = await canvas.findByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(alert).toHaveTextContent(
      'This part of the portal could not be shown. The rest still works.',
    );
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(args.onError).toHaveBeenCalledWith(expect.any(Error), 'page:/dashboard');
    await expect(canvas.getByRole('navigation', { name: 'Portal' })).toBeVisible();
  },
};

export const PageFailsDark: Story = { ...PageFails, parameters: { theme: 'dark' } };

/** The navigation still responds, and the boundary keeps its error across unrelated re-renders. */
export const NavigationStillWorksTest: Story = {
  ...PageFails,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas } = context;
    await PageFails.play?.(context);
    const nav = canvas.getByRole('navigation', { name: 'Portal' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Navigation clicks: 0' }));
    await expect(within(nav).getByRole('button', { name: 'Navigation clicks: 1' })).toBeVisible();
    // The boundary keeps its error across unrelated re-renders.
    await expect(canvas.getByRole('alert')).toBeVisible();
  },
};

/** Retry renders the page again: still failing shows the error again; once fixed, the page. */
export const RetryRecoversTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    await canvas.findByRole('alert');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(args.onError).toHaveBeenCalledTimes(2));
    await expect(canvas.getByRole('alert')).toBeVisible();

    cause.pageBroken = false;
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(args.onError).toHaveBeenCalledTimes(2);
  },
};

/** Navigating to another page clears the caught error (the boundary is keyed by the route). */
export const NavigationResetsTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    await canvas.findByRole('alert');
    await userEvent.click(canvas.getByRole('button', { name: 'Projects' }));
    await expect(await canvas.findByRole('heading', { name: 'Projects' })).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** The fallback speaks the portal's language. */
export const Arabic: Story = {
  args: { locale: 'ar' },
  parameters: { dir: 'rtl', locale: 'ar' },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'حدث خطأ ما' })).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'حاول مرة أخرى' })).toBeVisible();
  },
};

function FlakyPanel() {
  const query = useQuery({
    queryKey: ['story', 'flaky-panel'],
    queryFn: async () => {
      cause.queryCalls += 1;
      if (cause.queryBroken) throw new Error('Failed to load DORA metrics');
      return 'Deployment frequency: 4 a week';
    },
    retry: false,
    throwOnError: true,
  });
  return <p>{query.data ?? 'Loading…'}</p>;
}

function PanelsPage({ onError }: { onError: (error: unknown, where: string) => void }) {
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <PortalProviders onError={onError}>
        <section aria-labelledby="panels-title" style={{ display: 'grid', gap: 16 }}>
          <h2 id="panels-title" style={{ fontSize: 20 }}>
            Delivery
          </h2>
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))', gap: 16 }}
          >
            <Card as="article" title="DORA metrics" headingLevel={3}>
              <ErrorBoundary where="panel:dora" compact>
                <FlakyPanel />
              </ErrorBoundary>
            </Card>
            <Card as="article" title="Repositories" headingLevel={3}>
              <ErrorBoundary where="panel:repositories" compact>
                <p>12 repositories</p>
              </ErrorBoundary>
            </Card>
          </div>
        </section>
      </PortalProviders>
    </QueryClientProvider>
  );
}

/** A panel's query fails: that panel alone shows a compact error; the page and the other panel stay. */
export const PanelQueryFails: Story = {
  render: (args) => <PanelsPage onError={args.onError} />,
  play: async ({ canvas, args }) => {
    const dora = canvas.getByRole('article', { name: 'DORA metrics' });
    const alert = await within(dora).findByRole('alert');
    await expect(alert).toHaveTextContent('Something went wrong');
    await expect(canvas.getByRole('heading', { name: 'Delivery' })).toBeVisible();
    await expect(
      within(canvas.getByRole('article', { name: 'Repositories' })).getByText('12 repositories'),
    ).toBeVisible();
    await expect(args.onError).toHaveBeenCalledWith(expect.any(Error), 'panel:dora');
    await expect(cause.queryCalls).toBe(1);
  },
};

export const PanelQueryFailsRightToLeft: Story = { ...PanelQueryFails, parameters: { dir: 'rtl' } };

/** Retry also resets the failed query, so it is fetched again; once it answers, the panel shows. */
export const PanelRetryTest: Story = {
  ...PanelQueryFails,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas } = context;
    await PanelQueryFails.play?.(context);
    const dora = canvas.getByRole('article', { name: 'DORA metrics' });
    cause.queryBroken = false;
    await userEvent.click(within(dora).getByRole('button', { name: 'Try again' }));
    await expect(await within(dora).findByText('Deployment frequency: 4 a week')).toBeVisible();
    await expect(cause.queryCalls).toBe(2);
  },
};
