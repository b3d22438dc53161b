import type { RequestMeta } from '@client-portal/api-client/requests';
import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../../ClientPortal.js';
import { frameMeta, iconBesideWords, portalArgs, renderPortal } from '../../../frame/storySupport.js';

const base = frameMeta();
/**
 * The new-request form inside the real portal, answered by the contract's mock API: a type, a
 * title with knowledge-base suggestions, the type's fields, what it concerns, who sees it, colleagues
 * and files; the browser's checks, the host's 400, a file over the limit, uploads after filing.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Requests/New request',
  render: (args, { parameters }) => renderPortal(args, parameters.screen as number | undefined),
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const TITLE = 'New request';
const fixtures = createPortalFixtures();
const requestsMeta: RequestMeta = fixtures.requests.meta();
const SUBSCRIPTION = requestsMeta.subscriptions[0]!;
const NO_STORE = { headers: { 'cache-control': 'no-store' } };

const at = (story: string, path: string, overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(`new-request-${story}`, { routing: { mode: 'memory', initialPath: path }, ...overrides });

/** The meta with changes (smaller file limits…). */
const metaAnswer = (change: Partial<RequestMeta>) =>
  http.get('*/api/requests/meta', () => HttpResponse.json({ ...requestsMeta, ...change }, NO_STORE));

const problem = (status: number, body: object) =>
  HttpResponse.json(
    { type: 'about:blank', status, ...body },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

async function formReady(canvasElement: HTMLElement, heading = TITLE) {
  const main = await within(canvasElement).findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: heading });
  const page = within(main);
  await page.findByRole('group', { name: /What do you need\?|ماذا تحتاج؟/ });
  return { main, page };
}

/** The form as it opens: the types a person files (not the renewal check-in), the first chosen. */
export const Form: Story = {
  args: at('form', '/requests/new'),
  play: async ({ canvasElement }) => {
    const { page } = await formReady(canvasElement);
    await expect(page.getByRole('radio', { name: 'Question' })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Change of scope or hours/ })).not.toBeChecked();
    await expect(page.queryByRole('radio', { name: /Renewal check-in/ })).toBeNull();
    await expect(page.getByRole('textbox', { name: /Title/ })).toHaveAccessibleDescription(
      '0 of 200 characters',
    );
    await expect(page.getByRole('radio', { name: 'Only me and the colleagues I add' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Jonas Berg' })).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Submit request' })).toBeEnabled();
    await iconBesideWords(page.getByRole('link', { name: 'All requests' }));
  },
};

/** From a subscription's "Request a change": the type and the subscription chosen, the hours asked for. */
export const ChangeOfHours: Story = {
  args: at('change', `/requests/new?type=change_of_scope&subscriptionId=${SUBSCRIPTION.id}`),
  play: async ({ canvasElement }) => {
    const { page } = await formReady(canvasElement);
    await expect(page.getByRole('radio', { name: /Change of scope or hours/ })).toBeChecked();
    await expect(page.getByText('Your company admin approves it.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Subscription' })).toHaveValue(SUBSCRIPTION.id);
    const hours = page.getByRole('spinbutton', { name: /Hours to add/ });
    await expect(hours).toBeRequired();
    await expect(hours).toHaveAccessibleDescription('From -10,000 to 10,000.');
  },
};

/** Typing the title asks the knowledge base: up to three articles that may already answer it. */
export const WithSuggestions: Story = {
  args: at('suggestions', '/requests/new'),
  play: async ({ canvasElement }) => {
    const { page } = await formReady(canvasElement);
    await userEvent.type(page.getByRole('textbox', { name: /Title/ }), 'invoice');
    const box = await page.findByRole('region', { name: 'These articles may answer your question' });
    const links = within(box).getAllByRole('link');
    await expect(links.length).toBeGreaterThan(0);
    await expect(links.length).toBeLessThanOrEqual(3);
    await expect(within(box).getByRole('link', { name: 'Invoices and billing' })).toHaveAttribute(
      'href',
      '/knowledge-base/invoices-and-billing',
    );
  },
};

/** Sent empty: each missing field says so, and the first one gets focus. */
export const Invalid: Story = {
  args: at('invalid', '/requests/new?type=talent_request'),
  play: async ({ canvasElement }) => {
    const { page } = await formReady(canvasElement);
    await userEvent.click(page.getByRole('button', { name: 'Submit request' }));
    const title = page.getByRole('textbox', { name: /Title/ });
    await waitFor(() => expect(title).toHaveFocus());
    await expect(title).toHaveAttribute('aria-invalid', 'true');
    await expect(title).toHaveAccessibleDescription(/Title is required\./);
    await expect(page.getByRole('combobox', { name: /New or replacement/ })).toHaveAccessibleDescription(
      'New or replacement is required.',
    );
    await expect(page.getByRole('combobox', { name: /Project/ })).toHaveAccessibleDescription(
      'Project is required.',
    );
    await expect(page.getByRole('alert')).toHaveTextContent('Please correct the marked fields.');
  },
};

/** The host refuses (400): its errors go to their fields (`fields.role` → Role), which gets focus. */
export const HostRefuses: Story = {
  args: at('refused', '/requests/new?type=talent_request&projectId=9003'),
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/requests', () =>
          problem(400, {
            title: 'Bad Request',
            detail: 'The request is invalid.',
            errors: [{ path: 'fields.role', message: 'Name the discipline, e.g. "Android engineer".' }],
          }),
        ),
        ...handlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { page } = await formReady(canvasElement);
    await userEvent.type(page.getByRole('textbox', { name: /Title/ }), 'A second mobile engineer');
    await userEvent.selectOptions(page.getByRole('combobox', { name: /New or replacement/ }), 'new');
    const role = page.getByRole('textbox', { name: /Role/ });
    await userEvent.type(role, 'Mobile');
    await userEvent.click(page.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(role).toHaveFocus());
    await expect(role).toHaveAttribute('aria-invalid', 'true');
    await expect(role).toHaveAccessibleDescription('Name the discipline, e.g. "Android engineer".');
  },
};

/** A file over the limit is named and left out before anything is uploaded; a fitting one is listed. */
export const FileTooLarge: Story = {
  args: at('too-large', '/requests/new'),
  parameters: {
    msw: {
      handlers: [
        metaAnswer({ attachmentLimits: { ...requestsMeta.attachmentLimits, fileBytes: 1024 } }),
        ...handlers(),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { page } = await formReady(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    const big = new File([new Uint8Array(4096)], 'contract scan.pdf', { type: 'application/pdf' });
    const small = new File(['notes'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(input, [big, small]);
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent(/contract scan\.pdf is larger than .+ and was not added\./);
    await expect(page.getByText('notes.txt')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove notes.txt' })).toBeEnabled();
  },
};

/** Filed: the request's page opens and a notice names its key. */
export const Submitted: Story = {
  args: at('submitted', '/requests/new'),
  parameters: { msw: { handlers: handlers({}, { fixtures: createPortalFixtures() }) } },
  play: async ({ canvasElement, args }) => {
    const { page } = await formReady(canvasElement);
    await userEvent.type(page.getByRole('textbox', { name: /Title/ }), 'Please renew our VPN certificate');
    await userEvent.click(page.getByRole('checkbox', { name: 'Jonas Berg' }));
    await userEvent.click(page.getByRole('button', { name: 'Submit request' }));
    await within(canvasElement).findByText(/^Request NORTH-\d+ was submitted\.$/);
    await waitFor(() =>
      expect(args.onNavigate).toHaveBeenCalledWith(expect.stringMatching(/^\/requests\/NORTH-\d+$/)),
    );
  },
};

/** Filed, but a file failed to upload: the request stays filed, the failure is named, the way to it given. */
export const UploadFailed: Story = {
  args: at('upload-failed', '/requests/new'),
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/requests/:key/attachments', () =>
          problem(500, { title: 'Internal Server Error', detail: 'The storage is unavailable.' }),
        ),
        ...handlers({}, { fixtures: createPortalFixtures() }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { page } = await formReady(canvasElement);
    await userEvent.type(page.getByRole('textbox', { name: /Title/ }), 'Signed timesheets for March');
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['hours'], 'timesheets.csv', { type: 'text/csv' }));
    await userEvent.click(page.getByRole('button', { name: 'Submit request' }));
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent(
      /Request NORTH-\d+ was submitted, but some files could not be uploaded/,
    );
    await expect(page.getByText(/Not uploaded: /)).toBeVisible();
    await expect(page.getByRole('button', { name: /^NORTH-\d+$/ })).toBeEnabled();
  },
};

/** The types are loading. */
export const Loading: Story = {
  args: at('loading', '/requests/new'),
  parameters: { msw: { handlers: handlers({ requestMeta: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const main = await within(canvasElement).findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: TITLE });
    const status = await within(main).findByText('Loading the form…');
    await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

/** The types could not be loaded: said so, with "Try again". */
export const LoadFailed: Story = {
  args: at('error', '/requests/new'),
  parameters: { msw: { handlers: handlers({ requestMeta: 'error' }) } },
  play: async ({ canvasElement }) => {
    const main = await within(canvasElement).findByRole('main');
    const alert = await within(main).findByRole('alert');
    await expect(alert).toHaveTextContent('The form could not be loaded');
  },
};

/** On a phone: the type cards stack, nothing wider than the screen. */
export const SmallScreen: Story = {
  args: at('small', '/requests/new?type=change_of_scope'),
  parameters: { screen: 375 },
  play: async ({ canvasElement }) => {
    const { main } = await formReady(canvasElement);
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  },
};

/** Dark colour mode. */
export const Dark: Story = {
  args: at('dark', '/requests/new?type=talent_request', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await formReady(canvasElement);
  },
};

/** Arabic, right to left. */
export const RightToLeft: Story = {
  args: at('rtl', '/requests/new?type=change_of_scope', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const { page } = await formReady(canvasElement, 'طلب جديد');
    await expect(page.getByRole('button', { name: 'إرسال الطلب' })).toBeEnabled();
  },
};
