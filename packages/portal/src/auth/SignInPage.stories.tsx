import { handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClientPortal } from '../ClientPortal.js';
import { countRequests, failingRoute, sessionAfterSignIn } from '../stories-support/handlers.js';
import { clearPortalStorage, portalRoot } from '../stories-support/portal-dom.js';

/**
 * /auth/signin, rendered by the portal itself (no frame), as a host shows it after the guard sent
 * a visitor away from /services/projects. The mock host has no session until a sign-in with the
 * demo credentials succeeds.
 */
const PREFIX = 'story-sign-in';
const EMAIL = 'maya.okafor@northwind.example';
const PASSWORD = 'portal-demo';

const auth = sessionAfterSignIn();
const signInCalls = countRequests('signIn');

const meta = {
  title: 'Portal/SignInPage',
  component: ClientPortal,
  args: {
    routing: { mode: 'memory', initialPath: '/auth/signin?returnTo=%2Fservices%2Fprojects' },
    storageKeyPrefix: PREFIX,
    onSignInRequired: fn(),
    onReady: fn(),
    onNavigate: fn(),
    onError: fn(),
  },
  parameters: {
    bare: true,
    msw: { handlers: [signInCalls.handler, ...auth.handlers, ...handlers()] },
  },
  beforeEach: () => {
    auth.reset();
    signInCalls.reset();
    return clearPortalStorage(PREFIX);
  },
} satisfies Meta<typeof ClientPortal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form: email and password with their autocomplete hints, an empty alert region. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const form = await canvas.findByRole('form', { name: 'Sign in to your portal' });
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
    await waitFor(() => expect(args.onReady).toHaveBeenCalledTimes(1));
    const email = within(form).getByRole('textbox', { name: 'Email' });
    const password = within(form).getByLabelText('Password');
    await expect(email).toHaveAttribute('autocomplete', 'username');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await expect(canvas.getByRole('alert')).toBeEmptyDOMElement();
  },
};

/** Keyboard only: Tab to email, type, Tab to password, Enter; then the page of returnTo. */
export const KeyboardSignInTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas, canvasElement, args } = context;
    await Default.play?.(context);
    const form = canvas.getByRole('form', { name: 'Sign in to your portal' });
    const email = within(form).getByRole('textbox', { name: 'Email' });
    const password = within(form).getByLabelText('Password');

    const address = window.location.href;
    await userEvent.tab();
    await expect(email).toHaveFocus();
    await userEvent.keyboard(EMAIL);
    await userEvent.tab();
    await expect(password).toHaveFocus();
    await userEvent.keyboard(PASSWORD);
    await userEvent.keyboard('{Enter}');

    const projects = await within(canvasElement).findByRole('heading', { level: 1, name: 'Projects' });
    await expect(projects).toBeVisible();
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/services/projects');
    // Memory routing: the host page's address never changed.
    await expect(window.location.href).toBe(address);
    await expect(signInCalls.calls).toBe(1);
    await expect(args.onSignInRequired).not.toHaveBeenCalled();
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** 401: the reason in the alert region, the fields marked invalid, focus back on the email. */
export const WrongPasswordTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const email = await canvas.findByRole('textbox', { name: 'Email' });
    await userEvent.type(email, EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), 'not-the-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));

    const alert = canvas.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('The email or password is incorrect.'));
    await expect(email).toHaveFocus();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('The email or password is incorrect.');
    await expect(canvas.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in to your portal' })).toBeVisible();
    await expect(args.onNavigate).not.toHaveBeenCalledWith('/services/projects');
    await expect(auth.signedIn).toBe(false);
  },
};

/** A visitor who is signed in already does not see the form: on to returnTo, in place of this page. */
export const AlreadySignedIn: Story = {
  parameters: { msw: { handlers: handlers() } },
  play: async ({ canvasElement, args }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Projects' }),
    ).toBeVisible();
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/services/projects');
    await expect(within(canvasElement).queryByRole('form')).not.toBeInTheDocument();
  },
};

/** 429: too many attempts, in plain words. */
export const TooManyAttemptsTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  parameters: {
    msw: { handlers: [failingRoute('signIn', 'tooManyRequests'), ...auth.handlers, ...handlers()] },
  },
  play: async ({ canvas }) => {
    const email = await canvas.findByRole('textbox', { name: 'Email' });
    await userEvent.type(email, EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), `${PASSWORD}{Enter}`);
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('Too many attempts. Wait a minute and try again.'),
    );
    await expect(email).toHaveFocus();
  },
};

/** Any other failure (here the host is unreachable): a general "try again later". */
export const UnavailableTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  parameters: { msw: { handlers: [...auth.handlers, ...handlers({ signIn: 'networkError' })] } },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Email' }), EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), `${PASSWORD}{Enter}`);
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent(
        'Sign-in is unavailable right now. Try again in a moment.',
      ),
    );
  },
};

/** While the host checks (slowly): the button says so, is busy and ignores more submits. */
export const BusyTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  parameters: {
    msw: {
      handlers: [signInCalls.handler, ...auth.handlers, ...handlers({ signIn: 'slow' }, { slowMs: 1500 })],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const form = await canvas.findByRole('form', { name: 'Sign in to your portal' });
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), PASSWORD);
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));

    const busy = await canvas.findByRole('button', { name: 'Signing in…' });
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(form).toHaveAttribute('aria-busy', 'true');
    // The request reaches the mock host (through its service worker) a moment after the click.
    await waitFor(() => expect(signInCalls.calls).toBe(1));
    // Neither a click nor Enter sends a second request.
    await userEvent.click(busy);
    await userEvent.type(canvas.getByLabelText('Password'), '{Enter}');

    await expect(
      await within(canvasElement).findByRole('heading', { level: 1, name: 'Projects' }),
    ).toBeVisible();
    await expect(signInCalls.calls).toBe(1);
  },
};

/** Submitting empty fields: a message, focus on the first empty field, no request. */
export const EmptySubmitTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    const email = await canvas.findByRole('textbox', { name: 'Email' });
    const password = canvas.getByLabelText('Password');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter your email and password.');
    await expect(email).toHaveFocus();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(email, `${EMAIL}{Enter}`);
    await expect(password).toHaveFocus();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Enter your email and password.');
    await expect(signInCalls.calls).toBe(0);
  },
};

/** Single sign-on: one button that starts the host's sign-in with the same returnTo. */
export const SingleSignOn: Story = {
  args: { signInMode: 'sso' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: 'Continue with single sign-on' })).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('form')).not.toBeInTheDocument();
  },
};

/** Enter on the button starts the host's sign-in, once. */
export const SingleSignOnTest: Story = {
  ...SingleSignOn,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas, args } = context;
    await SingleSignOn.play?.(context);
    const button = canvas.getByRole('button', { name: 'Continue with single sign-on' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSignInRequired).toHaveBeenCalledWith(
      '/api/auth/login?returnTo=%2Fservices%2Fprojects',
    );
    await expect(args.onSignInRequired).toHaveBeenCalledTimes(1);
  },
};

/** Arabic: right to left, translated labels and messages. */
export const Arabic: Story = {
  args: { locale: 'ar' },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'سجّل الدخول إلى بوابتك' }),
    ).toBeVisible();
    const root = portalRoot(canvasElement);
    await expect(root).toHaveAttribute('dir', 'rtl');
    await expect(root).toHaveAttribute('lang', 'ar');
    await expect(canvas.getByRole('textbox', { name: 'البريد الإلكتروني' })).toBeVisible();
    await expect(canvas.getByLabelText('كلمة المرور')).toBeVisible();
  },
};

/** Arabic messages: an empty submit explains itself in Arabic. */
export const ArabicEmptySubmitTest: Story = {
  ...Arabic,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas } = context;
    await Arabic.play?.(context);
    const email = canvas.getByRole('textbox', { name: 'البريد الإلكتروني' });
    await userEvent.click(canvas.getByRole('button', { name: 'تسجيل الدخول' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent('أدخل بريدك الإلكتروني وكلمة المرور.');
    await expect(email).toHaveFocus();
  },
};

/** Dark colour mode: the form keeps its contrast (axe checks it) and the root is dark. */
export const Dark: Story = {
  args: { colorScheme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('form', { name: 'Sign in to your portal' });
    const root = portalRoot(canvasElement);
    await expect(root).toHaveAttribute('data-color-mode', 'dark');
    await expect(getComputedStyle(root).colorScheme).toBe('dark');
  },
};

/** Dark, with the wrong password: the error keeps its contrast too. */
export const DarkWrongPasswordTest: Story = {
  ...Dark,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas } = context;
    await Dark.play?.(context);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), EMAIL);
    await userEvent.type(canvas.getByLabelText('Password'), 'wrong{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('The email or password is incorrect.'),
    );
  },
};

/** A 375px-wide host container: the card fits without horizontal scrolling. */
export const SmallScreen: Story = {
  render: (args) => (
    <div data-testid="host" style={{ width: 375, maxWidth: '100%' }}>
      <ClientPortal {...args} />
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const form = await canvas.findByRole('form', { name: 'Sign in to your portal' });
    const host = canvas.getByTestId('host');
    await expect(host.scrollWidth).toBeLessThanOrEqual(375);
    await expect(portalRoot(canvasElement).scrollWidth).toBeLessThanOrEqual(375);
    const box = form.getBoundingClientRect();
    const hostBox = host.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(hostBox.left);
    await expect(box.right).toBeLessThanOrEqual(hostBox.right);
    const button = canvas.getByRole('button', { name: 'Sign in' });
    // Touch-sized target.
    await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  },
};

const DEMO = {
  password: PASSWORD,
  accounts: [
    { email: EMAIL, description: 'Northwind Traders (passes the Home gate)' },
    { email: 'staff@provider.example', description: 'provider staff, may act for either company' },
  ],
};

/** A host running demo data: its demo accounts under the form, each one click from a filled form. */
export const DemoAccounts: Story = {
  args: { demoSignIns: DEMO },
  play: async ({ canvas }) => {
    await canvas.findByRole('form', { name: 'Sign in to your portal' });
    await expect(canvas.getByRole('heading', { level: 2, name: 'Demo accounts' })).toBeVisible();
    await expect(
      canvas.getByText(`This portal runs with demo data. Every account uses the password ${PASSWORD}.`),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: `Fill in ${EMAIL}` })).toBeVisible();
  },
};

/** Choosing a demo account fills the form and moves focus to "Sign in"; Enter signs in. */
export const DemoAccountSignInTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { demoSignIns: DEMO },
  play: async ({ canvas, args }) => {
    const form = await canvas.findByRole('form', { name: 'Sign in to your portal' });
    await userEvent.click(canvas.getByRole('button', { name: `Fill in ${EMAIL}` }));
    await expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue(EMAIL);
    await expect(within(form).getByLabelText('Password')).toHaveValue(PASSWORD);
    const submit = within(form).getByRole('button', { name: 'Sign in' });
    await expect(submit).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onNavigate).toHaveBeenCalled());
  },
};
