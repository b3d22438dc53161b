import { isRequestError } from '@client-portal/api-client';
import { handlers, scenario } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClientPortal, type ClientPortalProps } from './ClientPortal.js';
import {
  countRequests,
  requestLog,
  sessionAfterSignIn,
  sessionUntilSignOut,
  switchableRoute,
} from './stories-support/handlers.js';
import { clearPortalStorage, portalRoot, portalRoots } from './stories-support/portal-dom.js';

/**
 * The whole portal as a host embeds it: memory routing (the Storybook address never changes) and
 * `onSignInRequired` instead of leaving the page. The plays rely on what any frame shows — the
 * page's one h1, status and alert regions, buttons by name — never on the frame's internals.
 */
const PREFIX = 'story-portal';

const meta = {
  title: 'Portal/ClientPortal',
  component: ClientPortal,
  args: {
    routing: { mode: 'memory', initialPath: '/dashboard' },
    storageKeyPrefix: PREFIX,
    onSignInRequired: fn(),
    onReady: fn(),
    onNavigate: fn(),
    onError: fn(),
  },
  parameters: { bare: true, msw: { handlers: scenario('signedIn') } },
  beforeEach: () => clearPortalStorage(PREFIX),
} satisfies Meta<typeof ClientPortal>;
export default meta;
type Story = StoryObj<typeof meta>;

const pageHeading = (canvasElement: HTMLElement, name: string) =>
  within(canvasElement).findByRole('heading', { level: 1, name });

const signedInLog = requestLog(['session', 'profile']);

/**
 * A signed-in customer on the dashboard: the page renders and the host hears about it. The
 * session and profile are each asked for once, however many parts of the portal use them.
 */
export const SignedIn: Story = {
  parameters: { msw: { handlers: [...signedInLog.handlers, ...scenario('signedIn')] } },
  beforeEach: () => signedInLog.reset(),
  play: async ({ canvasElement, args }) => {
    await expect(await pageHeading(canvasElement, 'Dashboard')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(signedInLog.entries.filter((id) => id === 'session')).toHaveLength(1);
    await expect(signedInLog.entries.filter((id) => id === 'profile').length).toBeLessThanOrEqual(1);
    await waitFor(() => expect(args.onReady).toHaveBeenCalledTimes(1));
    await expect(args.onNavigate).toHaveBeenCalledWith('/dashboard');
    await expect(args.onSignInRequired).not.toHaveBeenCalled();
    await expect(args.onError).not.toHaveBeenCalled();
    const root = portalRoot(canvasElement);
    await expect(root).toHaveAttribute('lang', 'en');
    await expect(root).toHaveAttribute('dir', 'ltr');
    await expect(root).toHaveAttribute('data-color-mode', 'light');
    // The portal never touches the host document.
    await expect(document.documentElement).not.toHaveAttribute('data-color-mode');
    await expect(document.body).not.toHaveAttribute('dir');
  },
};

const signedOutLog = requestLog(['session', 'profile', 'crm']);

/**
 * Without a session (204) the guard sends the visitor to the login URL with returnTo =
 * the portal's current path and query; nothing of the portal is shown meanwhile.
 */
export const SignedOut: Story = {
  args: { routing: { mode: 'memory', initialPath: '/services/talent?tab=Active' } },
  parameters: { msw: { handlers: [...signedOutLog.handlers, ...scenario('signedOut')] } },
  beforeEach: () => signedOutLog.reset(),
  play: async ({ canvas, args }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Sign in to your portal' }),
    ).toBeVisible();
    // The portal's own sign-in page, inside the portal, with the way back.
    await expect(args.onNavigate).toHaveBeenLastCalledWith(
      `/auth/signin?returnTo=${encodeURIComponent('/services/talent?tab=Active')}`,
    );
    // Loading chain: nothing after the session is asked for without a user.
    await expect(signedOutLog.entries).toEqual(['session']);
    await expect(args.onSignInRequired).not.toHaveBeenCalled();
    await expect(args.onReady).toHaveBeenCalledTimes(1);
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** A host's own login URL keeps its query; returnTo is added to it. */
export const SignedOutCustomLoginUrl: Story = {
  args: {
    loginUrl: 'https://id.example.com/login?client=portal',
    routing: { mode: 'memory', initialPath: '/services/projects' },
  },
  parameters: { msw: { handlers: scenario('signedOut') } },
  play: async ({ args }) => {
    await waitFor(() =>
      expect(args.onSignInRequired).toHaveBeenCalledWith(
        'https://id.example.com/login?client=portal&returnTo=%2Fservices%2Fprojects',
      ),
    );
  },
};

/**
 * While the session loads: a labelled spinner, and nothing else. The mock API never answers
 * (the mocks' `loading` state), so the story stays loading.
 */
export const Loading: Story = {
  parameters: { msw: { handlers: handlers({ session: 'loading' }) } },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading…' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(canvas.getByRole('status', { name: 'Loading…' })).toBeVisible();
    await expect(args.onReady).not.toHaveBeenCalled();
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** A slow session (1.5 s): the spinner, then the page, and only then is the host told it is ready. */
export const LoadingThenDashboardTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  parameters: { msw: { handlers: handlers({ session: 'slow' }, { slowMs: 1500 }) } },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading…' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await expect(args.onReady).not.toHaveBeenCalled();
    await expect(await pageHeading(canvasElement, 'Dashboard')).toBeVisible();
    await expect(canvas.queryByRole('status', { name: 'Loading…' })).not.toBeInTheDocument();
    await expect(args.onReady).toHaveBeenCalledTimes(1);
  },
};

const offlineSession = switchableRoute('session', 'networkError');

/**
 * The host cannot be reached (status 0): an offline message with retry, reported to the host once,
 * after the retries. Nothing answers, so the story stays offline.
 */
export const Offline: Story = {
  parameters: { msw: { handlers: [offlineSession.handler, ...scenario('signedIn')] } },
  beforeEach: () => offlineSession.reset(),
  play: async ({ canvas, args }) => {
    const heading = await canvas.findByRole('heading', { name: 'You appear to be offline' });
    const alert = canvas.getByRole('alert');
    await expect(alert).toContainElement(heading);
    await expect(alert).toHaveTextContent(
      'We could not reach the portal. Check your connection and try again.',
    );
    await expect(canvas.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    await expect(args.onReady).not.toHaveBeenCalled();
    await expect(args.onSignInRequired).not.toHaveBeenCalled();
    // Reported once, after the retries, as a network failure of the session call.
    await expect(args.onError).toHaveBeenCalledTimes(1);
    const [error, where] = (args.onError as ReturnType<typeof fn>).mock.calls[0] ?? [];
    await expect(where).toBe('query:session');
    await expect(isRequestError(error) && error.status === 0).toBe(true);
  },
};

/** When the connection is back, retry brings the portal up without a reload. */
export const OfflineRecoversTest: Story = {
  ...Offline,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas, canvasElement, args } = context;
    await Offline.play?.(context);
    offlineSession.recover();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await pageHeading(canvasElement, 'Dashboard')).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(args.onReady).toHaveBeenCalledTimes(1);
  },
};

const failingSession = switchableRoute('session', 'serverError');

/** The session call fails on the server (500): a general error with retry, not the offline text. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [failingSession.handler, ...scenario('signedIn')] } },
  beforeEach: () => failingSession.reset(),
  play: async ({ canvas, args }) => {
    const heading = await canvas.findByRole('heading', { name: 'Something went wrong' });
    await expect(canvas.getByRole('alert')).toContainElement(heading);
    await expect(canvas.queryByText('You appear to be offline')).not.toBeInTheDocument();
    await expect(args.onError).toHaveBeenCalledWith(expect.anything(), 'query:session');
    await expect(args.onSignInRequired).not.toHaveBeenCalled();
  },
};

/** Still failing: retry asks again (busy while it asks) and the message stays. */
export const ServerErrorRetryTest: Story = {
  ...ServerError,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas, args } = context;
    await ServerError.play?.(context);
    const before = failingSession.calls;
    // Still failing: retry asks again and the message stays (busy while it asks).
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(failingSession.calls).toBeGreaterThan(before));
    await waitFor(() => expect(args.onError).toHaveBeenCalledTimes(2));
    await expect(canvas.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-busy');
    await expect(args.onSignInRequired).not.toHaveBeenCalled();
  },
};

/** Arabic: right to left on the portal root (never on the document), Arabic page title. */
export const Arabic: Story = {
  args: { locale: 'ar' },
  play: async ({ canvasElement, args }) => {
    await expect(await pageHeading(canvasElement, 'لوحة المعلومات')).toBeVisible();
    const root = portalRoot(canvasElement);
    await expect(root).toHaveAttribute('dir', 'rtl');
    await expect(root).toHaveAttribute('lang', 'ar');
    await expect(getComputedStyle(root).direction).toBe('rtl');
    await expect(document.documentElement.getAttribute('dir')).not.toBe('rtl');
    await expect(
      await within(root).findByText('اشتراكاتك ومدير حسابك وأداء مشاريعك في التسليم.'),
    ).toBeVisible();
    await expect(args.onReady).toHaveBeenCalledTimes(1);
  },
};

/** German: German page title and copy, left to right. */
export const German: Story = {
  args: { locale: 'de', routing: { mode: 'memory', initialPath: '/services/projects' } },
  play: async ({ canvasElement }) => {
    await expect(await pageHeading(canvasElement, 'Projekte')).toBeVisible();
    const root = portalRoot(canvasElement);
    await expect(root).toHaveAttribute('lang', 'de');
    await expect(root).toHaveAttribute('dir', 'ltr');
    await expect(await within(root).findByRole('heading', { name: 'Lieferleistung (DORA)' })).toBeVisible();
  },
};

/** German offline screen: state messages are translated too. */
export const GermanOffline: Story = {
  args: { locale: 'de' },
  parameters: { msw: { handlers: handlers({ session: 'networkError' }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Sie scheinen offline zu sein' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
  },
};

/** The host overrides single messages; everything else stays in the chosen language. */
export const MessagesOverride: Story = {
  args: {
    locale: 'de',
    messages: {
      'page.dashboard.title': 'Lieferübersicht',
      'page.dashboard.lead': 'Ihre Kennzahlen auf einen Blick.',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await pageHeading(canvasElement, 'Lieferübersicht')).toBeVisible();
    const root = portalRoot(canvasElement);
    await expect(await within(root).findByText('Ihre Kennzahlen auf einen Blick.')).toBeVisible();
    await expect(within(root).queryByRole('heading', { name: 'Übersicht' })).not.toBeInTheDocument();
  },
};

/** Overrides work for a language the portal does not ship: English underneath, host strings on top. */
export const MessagesForUnshippedLocale: Story = {
  args: {
    locale: 'fr',
    messages: { 'page.dashboard.title': 'Tableau de bord', 'page.dashboard.lead': 'Bientôt disponible.' },
  },
  play: async ({ canvasElement }) => {
    await expect(await pageHeading(canvasElement, 'Tableau de bord')).toBeVisible();
    const root = portalRoot(canvasElement);
    await expect(root).toHaveAttribute('lang', 'fr');
    await expect(root).toHaveAttribute('dir', 'ltr');
    await expect(await within(root).findByText('Bientôt disponible.')).toBeVisible();
  },
};

const APPEARANCE: ClientPortalProps['appearance'] = {
  light: {
    accent: '#5b21b6',
    accentText: '#ffffff',
    radius: '4px',
    background: 'url(https://tracker.example/x)',
  },
  dark: { accent: '#c4b5fd', accentText: '#1e1b4b', radius: '14px' },
};

/** Rendered colour of a CSS colour value, for comparing with computed styles. */
function rgbOf(color: string): string {
  const probe = document.createElement('span');
  probe.style.color = color;
  document.body.append(probe);
  const rgb = getComputedStyle(probe).color;
  probe.remove();
  return rgb;
}

/**
 * Appearance variables for the light mode are custom properties on the portal root, and the
 * accent paints the primary button (the sign-in page: it needs no frame). Unsafe values are dropped.
 */
export const AppearanceLight: Story = {
  args: { appearance: APPEARANCE, routing: { mode: 'memory', initialPath: '/auth/signin' } },
  play: async ({ canvas, canvasElement }) => {
    const root = portalRoot(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Sign in' });
    const style = getComputedStyle(root);
    await expect(style.getPropertyValue('--cp-color-tone-accent-solid').trim()).toBe('#5b21b6');
    await expect(style.getPropertyValue('--cp-color-tone-accent-onSolid').trim()).toBe('#ffffff');
    await expect(style.getPropertyValue('--cp-radius-md').trim()).toBe('4px');
    await expect(root.style.getPropertyValue('--cp-color-canvas')).toBe('');
    await expect(getComputedStyle(button).backgroundColor).toBe(rgbOf('#5b21b6'));
  },
};

/** The dark set applies in dark mode (and the light set does not). */
export const AppearanceDark: Story = {
  args: {
    appearance: APPEARANCE,
    colorScheme: 'dark',
    routing: { mode: 'memory', initialPath: '/auth/signin' },
  },
  play: async ({ canvas, canvasElement }) => {
    const root = portalRoot(canvasElement);
    await expect(root).toHaveAttribute('data-color-mode', 'dark');
    const button = await canvas.findByRole('button', { name: 'Sign in' });
    const style = getComputedStyle(root);
    await expect(style.getPropertyValue('--cp-color-tone-accent-solid').trim()).toBe('#c4b5fd');
    await expect(style.getPropertyValue('--cp-radius-md').trim()).toBe('14px');
    await expect(getComputedStyle(button).backgroundColor).toBe(rgbOf('#c4b5fd'));
    await expect(getComputedStyle(button).color).toBe(rgbOf('#1e1b4b'));
  },
};

const A = 'story-portal-a';
const B = 'story-portal-b';
const sessionCalls = countRequests('session');
const twoPortalsAuth = sessionAfterSignIn();
const navigateA = fn();
const navigateB = fn();

/**
 * Two portals on one page, both signed out, each on its own sign-in page: each form is named after
 * its portal ("Support portal: Sign in to your portal"), so no two form landmarks look alike.
 */
export const TwoPortals: Story = {
  parameters: {
    msw: { handlers: [sessionCalls.handler, ...twoPortalsAuth.handlers, ...scenario('signedIn')] },
  },
  beforeEach: () => {
    sessionCalls.reset();
    twoPortalsAuth.reset();
    navigateA.mockClear();
    navigateB.mockClear();
    const clear = clearPortalStorage(A, B);
    localStorage.setItem(`${B}:color-mode`, 'dark');
    return clear;
  },
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      <ClientPortal
        {...args}
        storageKeyPrefix={A}
        landmarks="region"
        label="Support portal"
        routing={{ mode: 'memory', initialPath: '/auth/signin?returnTo=%2Fservices%2Fprojects' }}
        onNavigate={navigateA}
      />
      <ClientPortal
        {...args}
        storageKeyPrefix={B}
        landmarks="region"
        label="Delivery portal"
        routing={{ mode: 'memory', initialPath: '/dashboard' }}
        onNavigate={navigateB}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const page = within(canvasElement);
    await expect(
      await page.findByRole('form', { name: 'Support portal: Sign in to your portal' }),
    ).toBeVisible();
    await expect(
      await page.findByRole('form', { name: 'Delivery portal: Sign in to your portal' }),
    ).toBeVisible();
  },
};

/**
 * Two portals on one page stay independent: each has its own query cache (each asks for the
 * session), colour-mode storage key and memory route. Signing in and navigating in one leaves the
 * other where it was.
 */
export const TwoPortalsTest: Story = {
  ...TwoPortals,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement, args }) => {
    const address = window.location.href;
    const historyLength = window.history.length;
    const [rootA, rootB] = portalRoots(canvasElement);
    if (!rootA || !rootB) throw new Error('Expected two portal roots');
    const a = within(rootA);
    const b = within(rootB);
    await expect(await b.findByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
    await expect(a.getByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
    // Separate caches: each portal asked for the session itself.
    await waitFor(() => expect(sessionCalls.calls).toBe(2));
    // Separate colour-mode keys: B's stored dark mode does not reach A.
    await expect(rootA).toHaveAttribute('data-color-mode', 'light');
    await expect(rootB).toHaveAttribute('data-color-mode', 'dark');
    await expect(localStorage.getItem(`${A}:color-mode`)).not.toBe('dark');

    await userEvent.type(a.getByLabelText('Email'), 'maya.okafor@northwind.example');
    await userEvent.type(a.getByLabelText('Password'), 'portal-demo');
    await userEvent.click(a.getByRole('button', { name: 'Sign in' }));

    await expect(await a.findByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(navigateA).toHaveBeenLastCalledWith('/services/projects');
    // B did not move: still its own sign-in page, on the way back to its dashboard.
    await expect(b.getByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
    await expect(navigateB.mock.calls).toEqual([['/dashboard'], ['/auth/signin?returnTo=%2Fdashboard']]);
    // Memory routing: the host page's address and history are untouched.
    await expect(window.location.href).toBe(address);
    await expect(window.history.length).toBe(historyLength);
    await expect(args.onReady).toHaveBeenCalledTimes(2);
    await expect(args.onError).not.toHaveBeenCalled();
    // landmarks="region": each portal is one named region with no main of its own, and its
    // navigations say which portal they belong to. Its header and footer are not banner and
    // contentinfo inside a region (axe, which runs after this, checks for duplicate landmarks;
    // testing-library gives header and footer those roles whatever their context).
    const page = within(canvasElement);
    await expect(page.getByRole('region', { name: 'Support portal' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Delivery portal' })).toBeVisible();
    await expect(page.queryAllByRole('main')).toHaveLength(0);
    await expect(
      page.getAllByRole('navigation', { name: 'Support portal: Portal', hidden: true }).length,
    ).toBeGreaterThan(0);
    await expect(page.getByRole('navigation', { name: 'Support portal: Legal and contact' })).toBeVisible();
  },
};

/**
 * Two portals that leave `storageKeyPrefix` to its default still keep their settings apart: the
 * first uses `client-portal`, the second `client-portal-2` (by their order in the page).
 */
export const TwoPortalsDefaultStorage: Story = {
  beforeEach: () => {
    const clear = clearPortalStorage('client-portal', 'client-portal-2');
    localStorage.setItem('client-portal-2:color-mode', 'dark');
    return clear;
  },
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
      {(['Support portal', 'Delivery portal'] as const).map((label) => (
        <ClientPortal
          key={label}
          {...args}
          storageKeyPrefix={undefined}
          landmarks="region"
          label={label}
          // Different pages: the same page twice would repeat its landmarks' names on one page.
          routing={{
            mode: 'memory',
            initialPath: label === 'Support portal' ? '/dashboard' : '/services/ai-agents',
          }}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [rootA, rootB] = portalRoots(canvasElement);
    if (!rootA || !rootB) throw new Error('Expected two portal roots');
    await expect(await within(rootA).findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await waitFor(() => expect(rootB).toHaveAttribute('data-color-mode', 'dark'));
    await expect(rootA).toHaveAttribute('data-color-mode', 'light');
    await expect(localStorage.getItem('client-portal:color-mode')).toBeNull();
  },
};

/**
 * Full isolation (`isolation: 'shadow'`): the portal renders into a shadow root of its own element,
 * out of reach of the page's rules; its overlays and keyboard work there as anywhere.
 */
export const ShadowIsolation: Story = {
  args: { isolation: 'shadow' },
  play: async ({ canvasElement, args }) => {
    const host = canvasElement.querySelector<HTMLElement>('[data-client-portal-host]');
    await waitFor(() => expect(host?.shadowRoot?.querySelector('[data-color-mode]')).toBeTruthy());
    const shadow = within(host?.shadowRoot as unknown as HTMLElement);
    await expect(await shadow.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Nothing of the portal is in the page's own DOM: page rules cannot select it.
    await expect(canvasElement.querySelector('[data-color-mode]')).toBeNull();
    await expect(args.onReady).toHaveBeenCalledTimes(1);
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** An unknown address inside the portal: a "not found" page, nothing reported as an error. */
export const NotFound: Story = {
  args: { routing: { mode: 'memory', initialPath: '/no-such-page' } },
  play: async ({ canvasElement, args }) => {
    await expect(await pageHeading(canvasElement, 'Page not found')).toBeVisible();
    await expect(
      within(canvasElement).getByText(
        'There is nothing at this address. Use the navigation to find your way.',
      ),
    ).toBeVisible();
    await expect(args.onNavigate).toHaveBeenCalledWith('/no-such-page');
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

const rootLog = requestLog(['session', 'profile']);

/**
 * "/" has no page: a contact at the Home lifecycle stage (the fixtures' default) goes to Home.
 * Loading order: the profile is asked for only after the session answered with a user.
 */
export const RootRedirectToHome: Story = {
  args: { routing: { mode: 'memory', initialPath: '/' } },
  parameters: { msw: { handlers: [...rootLog.handlers, ...scenario('signedIn')] } },
  beforeEach: () => rootLog.reset(),
  play: async ({ canvasElement, args }) => {
    await expect(await pageHeading(canvasElement, 'Home')).toBeVisible();
    await expect(rootLog.entries.slice(0, 2)).toEqual(['session', 'profile']);
    await expect(args.onNavigate).toHaveBeenCalledWith('/');
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/home');
  },
};

/** Another lifecycle stage (the brand-new customer's profile): "/" goes to the Dashboard. */
export const RootRedirectToDashboard: Story = {
  args: { routing: { mode: 'memory', initialPath: '/' } },
  parameters: { msw: { handlers: handlers({ profile: 'empty' }) } },
  play: async ({ canvasElement, args }) => {
    await expect(await pageHeading(canvasElement, 'Dashboard')).toBeVisible();
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/dashboard');
    await expect(args.onNavigate).not.toHaveBeenCalledWith('/home');
  },
};

/** The profile fails (not retried): the gate cannot pass, "/" still lands on the Dashboard. */
export const RootRedirectProfileFailed: Story = {
  args: { routing: { mode: 'memory', initialPath: '/' } },
  parameters: { msw: { handlers: handlers({ profile: 'error' }) } },
  play: async ({ canvasElement, args }) => {
    await expect(await pageHeading(canvasElement, 'Dashboard')).toBeVisible();
    await expect(args.onError).toHaveBeenCalledWith(expect.anything(), 'query:profile');
  },
};

const signInFlow = sessionAfterSignIn();

/**
 * The whole round trip: the guard opens the portal's own sign-in page with returnTo (in place of the
 * page asked for); after signing in the portal is back where the visitor was.
 */
export const SignInRoundTripTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { routing: { mode: 'memory', initialPath: '/services/ai-agents' } },
  parameters: { msw: { handlers: [...signInFlow.handlers, ...scenario('signedIn')] } },
  beforeEach: () => signInFlow.reset(),
  play: async ({ canvas, canvasElement, args }) => {
    const email = await canvas.findByLabelText('Email');
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/auth/signin?returnTo=%2Fservices%2Fai-agents');
    await userEvent.type(email, 'maya.okafor@northwind.example');
    await userEvent.type(canvas.getByLabelText('Password'), 'portal-demo{Enter}');
    await expect(await pageHeading(canvasElement, 'AI Agents')).toBeVisible();
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/services/ai-agents');
    await expect(args.onSignInRequired).not.toHaveBeenCalled();
    await expect(signInFlow.signedIn).toBe(true);
  },
};

const signOutFlow = sessionUntilSignOut(300);

/**
 * Signing out (from the frame's settings menu, found by its name): the page gives way to "Signing
 * out…" while the host ends the session (nothing asks the host for more in that time), the host
 * is told (`onSignOut`), and the portal's sign-in page shows, leading back to the portal's start.
 */
export const SignOutTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  parameters: { msw: { handlers: [...signOutFlow.handlers, ...scenario('signedIn')] } },
  beforeEach: () => signOutFlow.reset(),
  args: { onSignOut: fn() },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(await pageHeading(canvasElement, 'Dashboard')).toBeVisible();
    const [settings] = canvas.getAllByRole('button', { name: 'Display settings' });
    if (!settings) throw new Error('No settings button');
    // By keyboard: open the menu, jump to its last item (Sign out), choose it.
    settings.focus();
    await userEvent.keyboard('{Enter}');
    const item = await canvas.findByRole('menuitem', { name: 'Sign out' });
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(item).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');

    await expect(await canvas.findByRole('status', { name: 'Signing out…' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
    await waitFor(() => expect(args.onSignOut).toHaveBeenCalledTimes(1));
    await expect(signOutFlow.signedOut).toBe(true);
    await expect(signOutFlow.afterSignOut).toEqual([]);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Sign in to your portal' }),
    ).toBeVisible();
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/auth/signin?returnTo=%2F');
    await expect(args.onSignInRequired).not.toHaveBeenCalled();
    await expect(args.onError).not.toHaveBeenCalled();
    // The menu has closed (its exit animation done) before the accessibility check runs.
    await waitFor(() => expect(canvas.queryByRole('menu')).not.toBeInTheDocument());
  },
};
