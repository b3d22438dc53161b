import type { Meta, StoryObj } from '@storybook/react-vite';
import { type HttpHandler, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../../ClientPortal.js';
import { frameMeta, portalArgs, renderPortal } from '../../../frame/storySupport.js';
import {
  detailAnswer,
  failingOnce,
  fixtureRequest,
  freshBackend,
  longRequest,
  memberView,
  metaAnswer,
  problem,
  staffView,
} from './requestStorySupport.js';

const base = frameMeta();
/**
 * The request page (`/requests/<KEY>`) inside the real portal, answered by the contract's mock API
 * (a fresh in-memory backend per story: Northwind's requests as its company admin sees them), with
 * answers that show a member, provider staff, a stale version, and every loading state.
 * `parameters.screen` renders the portal in a box of that width (a phone).
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Requests/Request',
  render: (args, { parameters }) => renderPortal(args, parameters.screen as number | undefined),
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const backend = freshBackend();

/** A story at a request's address over a fresh backend, with answers of its own put first. */
const at = (
  story: string,
  key: string,
  answers: HttpHandler[] = [],
  overrides: Partial<ClientPortalProps> = {},
) => ({
  args: portalArgs(`request-${story}`, {
    routing: { mode: 'memory', initialPath: `/requests/${key}` },
    ...overrides,
  }),
  parameters: { msw: { handlers: [...answers, ...backend.handlers] } },
  beforeEach: () => backend.reset(),
});

/** The request's h1 once it is on screen. */
async function requestReady(canvasElement: HTMLElement, title: string | RegExp) {
  const main = await within(canvasElement).findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: title });
  return { main, page: within(main) };
}

async function expectNoOverflow(canvasElement: HTMLElement, main: HTMLElement) {
  await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  const screen = within(canvasElement).queryByTestId('screen');
  if (screen) await expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth);
}

/** Files chosen in the file input, as the browser's picker hands them over. */
function chooseFiles(input: HTMLInputElement, files: File[]) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Files dropped on an element. */
function dropFiles(target: Element, files: File[]) {
  const transfer = new DataTransfer();
  for (const file of files) transfer.items.add(file);
  target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
}

const NORTH_1 = 'Add 120 hours to the Platform Squad for the Q2 migration';
const HOURS = /^Adds 120 hours to .+: 64 hours left → 184$/;

/**
 * The company admin on a change of hours awaiting approval: the header's facts, the hours it adds,
 * the timeline (staff's comment "for Northwind Logistics"), the file, and Approve, which asks first
 * and says what is approved.
 */
export const ApproveChangeOfHours: Story = {
  ...at('approve', 'NORTH-1'),
  play: async ({ canvasElement }) => {
    const { main, page } = await requestReady(canvasElement, NORTH_1);
    await expect(page.getByText('NORTH-1')).toBeVisible();
    await expect(page.getAllByText('Waiting for you')[0]).toBeVisible();
    await expect(page.getByText('Change of scope or hours')).toBeVisible();
    await expect(page.getByText(HOURS)).toBeVisible();
    await expect(page.getByText('Alex Rivera for Northwind Logistics')).toBeVisible();
    await expect(
      page.getAllByRole('button', { name: 'Download Q2 migration plan.pdf' }).length,
    ).toBeGreaterThan(0);
    await expect(page.queryByRole('button', { name: 'Mark as triaged' })).toBeNull();
    await expect(document.title).toMatch(/^NORTH-1 · /);
    await userEvent.click(page.getByRole('button', { name: 'Approve' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(/You approve: Adds 120 hours to .+: 64 hours left → 184\./);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await expect(
      await page.findByText(/changed the status from Waiting for you to In progress\./),
    ).toBeVisible();
    await expect(page.getAllByText('In progress')[0]).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expectNoOverflow(canvasElement, main);
  },
};

const member = memberView();
/** A member on the same request: no Approve (the company admin approves), no visibility switch, no history. */
export const MemberView: Story = {
  ...at('member', 'NORTH-1', [detailAnswer(member.detail), metaAnswer({ companyAdmin: false })]),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, NORTH_1);
    await expect(page.getByText(HOURS)).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Approve' })).toBeNull();
    await expect(page.queryByRole('heading', { name: 'History' })).toBeNull();
    await expect(page.getByText('Seen by everyone at Northwind Logistics.')).toBeVisible();
  },
};

const staff = staffView();
/**
 * Provider staff acting for Northwind: the internal status beside the customer's label, the internal
 * note marked as never shown to the customer, the triage controls and the history.
 */
export const StaffView: Story = {
  ...at('staff', 'NORTH-1', [detailAnswer(staff.detail), metaAnswer(staff.meta)]),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, NORTH_1);
    await expect(page.getByText('Internal: Awaiting approval')).toBeVisible();
    const note = page.getByRole('article', { name: 'Internal note by Sam Whitfield' });
    await expect(within(note).getByText('Internal note — not visible to the customer')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Triage' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resolve' })).toBeEnabled();
    await expect(page.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(page.getByRole('checkbox', { name: 'Internal note' }));
    await expect(page.getByLabelText('Internal note', { selector: 'textarea' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add internal note' })).toBeEnabled();
    const show = page.getByRole('button', { name: 'Show the full history' });
    await userEvent.click(show);
    const history = within(
      canvasElement.ownerDocument.getElementById(show.getAttribute('aria-controls') ?? '') as HTMLElement,
    );
    // The history in the portal's words (not the host's English text), internal changes marked.
    await expect(
      await history.findByText(/^Alex Rivera for Northwind Logistics assigned the request to /),
    ).toBeVisible();
    await expect(history.getByText(/changed the status from Submitted to /)).toBeVisible();
  },
};

/** Waiting for the customer: "Send answer" asks for the answer when the box is empty, then sends it. */
export const AnswerWaitingRequest: Story = {
  ...at('answer', 'NORTH-2'),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, 'Can we move the sprint review to Thursdays?');
    await userEvent.click(page.getByRole('button', { name: 'Send answer' }));
    await expect(page.getByText('Write your answer in the box above, then send it.')).toBeVisible();
    const box = page.getByRole('textbox', { name: 'Comment' });
    await expect(box).toHaveFocus();
    await userEvent.type(box, '14:00 UK time works best.');
    await userEvent.click(page.getByRole('button', { name: 'Send answer' }));
    await expect(await page.findByText('14:00 UK time works best.')).toBeVisible();
    await waitFor(() => expect(box).toHaveValue(''));
    await expect(page.queryByRole('button', { name: 'Send answer' })).toBeNull();
  },
};

const stale = failingOnce(
  'post',
  '*/api/requests/NORTH-2/actions',
  412,
  'Precondition Failed',
  'The request was changed by someone else; reload it and try again.',
);
/** Someone changed the request meanwhile (412): the page says so, Reload fetches it, the typed answer stays. */
export const StaleVersion: Story = {
  ...at('stale', 'NORTH-2', [stale.handler]),
  beforeEach: () => {
    backend.reset();
    stale.reset();
  },
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, 'Can we move the sprint review to Thursdays?');
    const box = page.getByRole('textbox', { name: 'Comment' });
    await userEvent.type(box, 'Thursday 10:00 please.');
    await userEvent.click(page.getByRole('button', { name: 'Send answer' }));
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent('Someone changed this request meanwhile.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(page.queryByRole('alert')).toBeNull());
    await expect(box).toHaveValue('Thursday 10:00 please.');
    await userEvent.click(page.getByRole('button', { name: 'Send answer' }));
    await expect(await page.findByText('Thursday 10:00 please.', { selector: 'p' })).toBeVisible();
  },
};

/** The action is no longer open (409): a clear message, and the request reloaded. */
export const ActionNotOpen: Story = {
  ...at('conflict', 'NORTH-7', [
    http.post('*/api/requests/NORTH-7/actions', () =>
      problem(409, 'Conflict', 'The action is not open in the request’s status.'),
    ),
  ]),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, 'Invoice address change');
    await userEvent.click(page.getByRole('button', { name: 'Cancel request' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('NORTH-7 will be closed and nobody will work on it.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent('This cannot be done now.');
  },
};

/** Resolved: confirm or reopen within 14 days (until when), and a document request's file saved to documents. */
export const ResolvedDocumentRequest: Story = {
  ...at('resolved', 'NORTH-4'),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, 'Signed copy of the 2026 master services agreement');
    await expect(page.getByText(/^You can reopen it within 14 days: until .+\.$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm it is resolved' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Reopen' })).toBeEnabled();
    // Saving is offered once the types (the meta) say this is a document request: it may come later.
    await userEvent.click(
      await page.findByRole('button', { name: 'Save to documents: MSA 2026 (signed).pdf' }),
    );
    await waitFor(() => expect(page.getAllByText('Saved to documents').length).toBeGreaterThan(0));
    await expect(page.queryByRole('button', { name: /^Save to documents/ })).toBeNull();
  },
};

const passed = fixtureRequest('NORTH-4');
passed.actions = ['confirm'];
passed.resolvedAt = '2026-01-05T12:00:00.000Z';
passed.reopenUntil = null;
/** After the 14 days: why it cannot be reopened, and a new request linked to it instead. */
export const ReopenWindowPassed: Story = {
  ...at('passed', 'NORTH-4', [detailAnswer(passed)]),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, 'Signed copy of the 2026 master services agreement');
    await expect(page.getByText(/The 14 days to reopen this request ended on Jan 19, 2026\./)).toBeVisible();
    await expect(page.queryByRole('button', { name: 'Reopen' })).toBeNull();
    await expect(page.getByRole('link', { name: 'Open a new linked request' })).toHaveAttribute(
      'href',
      '/requests/new?linkedRequestKey=NORTH-4&type=document_request',
    );
  },
};

const inDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const checkIn = fixtureRequest('NORTH-5');
checkIn.nextCheckIn = inDays(12);
/** A renewal check-in opened by the portal: its next check-in in the subscriptions' words ("In 12 days"). */
export const RenewalCheckIn: Story = {
  ...at('check-in', 'NORTH-5', [detailAnswer(checkIn)]),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, 'Renewal check-in: Premium Team: Routing Core');
    await expect(page.getByText('In 12 days')).toBeVisible();
    await expect(page.getByText('The portal opened this request.')).toBeVisible();
    await expect(page.getByText('Hours used')).toBeVisible();
  },
};

const scanning = fixtureRequest('NORTH-1');
const [plan] = scanning.attachments;
if (plan) {
  scanning.attachments = [
    { ...plan, id: 'att_pending', fileName: 'timesheet-march.xlsx', scan: 'pending' },
    { ...plan, id: 'att_infected', fileName: 'invoice.pdf.exe', scan: 'infected' },
    { ...plan, id: 'att_image', fileName: 'architecture.png', contentType: 'image/png', version: 2 },
  ];
}
/** Files being scanned, one that failed the virus scan (never served), and an image with a preview. */
export const FileScanStates: Story = {
  ...at('scan', 'NORTH-1', [detailAnswer(scanning)]),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, NORTH_1);
    const files = page.getByRole('list', { name: 'Files' });
    await expect(within(files).getByText('Scanning…')).toBeVisible();
    await expect(within(files).getByText('Removed: failed the virus scan')).toBeVisible();
    await expect(within(files).queryByRole('button', { name: 'Download invoice.pdf.exe' })).toBeNull();
    await expect(within(files).getByText(/version 2/)).toBeVisible();
    await expect(within(files).getByRole('button', { name: 'Preview architecture.png' })).toBeEnabled();
  },
};

/** Uploads: a file too large for the limit is refused in the browser; an accepted one is sent and listed. */
export const UploadFiles: Story = {
  ...at('upload', 'NORTH-2', [
    metaAnswer({ attachmentLimits: { ...staff.meta.attachmentLimits, fileBytes: 1024 } }),
  ]),
  play: async ({ canvasElement }) => {
    const { main, page } = await requestReady(canvasElement, 'Can we move the sprint review to Thursdays?');
    await expect(
      await page.findByText(/^Up to 1 kB per file and 100 MB for the whole request\.$/),
    ).toBeVisible();
    const input = main.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    const big = new File([new Uint8Array(4096)], 'big-export.csv', { type: 'text/csv' });
    const notes = new File(['Thursday works.'], 'notes.txt', { type: 'text/plain' });
    chooseFiles(input, [big, notes]);
    await expect(await page.findByText('Not uploaded: larger than 1 kB.')).toBeVisible();
    await expect(await page.findByText('Uploaded')).toBeVisible();
    await expect(within(page.getByRole('list', { name: 'Files' })).getByText('notes.txt')).toBeVisible();
  },
};

/** A file dropped on the drop zone whose content the host refuses (415): said beside the file. */
export const UploadRefusedByHost: Story = {
  ...at('upload-refused', 'NORTH-2', [
    http.post('*/api/requests/NORTH-2/attachments', () =>
      problem(415, 'Unsupported Media Type', 'The file’s content is not of an accepted type.'),
    ),
  ]),
  play: async ({ canvasElement }) => {
    const { main, page } = await requestReady(canvasElement, 'Can we move the sprint review to Thursdays?');
    // The limits come with the meta: files dropped before are not taken.
    await page.findByText(/^Up to .+ per file/);
    const zone = within(main).getByText('Drop files here, or').parentElement;
    if (!zone) throw new Error('no drop zone');
    dropFiles(zone, [new File(['MZ'], 'tool.bin', { type: '' })]);
    await expect(await page.findByText('Not uploaded: this type of file is not accepted.')).toBeVisible();
  },
};

/** Loading: the key as the title and placeholders, busy, with a status saying what loads. */
export const Loading: Story = {
  ...at('loading', 'NORTH-1', [http.get('*/api/requests/NORTH-1', () => new Promise<never>(() => {}))]),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, 'NORTH-1');
    const status = await page.findByText('Loading the request…');
    await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

/** Unknown, another company's or not shared (404): one message for all, and back to the list. */
export const NotShared: Story = {
  ...at('not-found', 'NORTH-99'),
  play: async ({ canvasElement }) => {
    const { page } = await requestReady(canvasElement, 'Request not found');
    await expect(
      page.getByRole('heading', { level: 2, name: 'This request does not exist or is not shared with you' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to your requests' })).toHaveAttribute(
      'href',
      '/requests',
    );
  },
};

const down = failingOnce(
  'get',
  '*/api/requests/NORTH-1',
  500,
  'Internal Server Error',
  'Something went wrong.',
);
/** The load failed: the error with "Try again", which loads it. */
export const LoadFailed: Story = {
  ...at('error', 'NORTH-1', [down.handler]),
  beforeEach: () => {
    backend.reset();
    down.reset();
  },
  play: async ({ canvasElement }) => {
    const main = await within(canvasElement).findByRole('main');
    const alert = await within(main).findByRole('alert');
    await expect(alert).toHaveTextContent('The request could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(main).findByRole('heading', { level: 1, name: NORTH_1 });
  },
};

/** A very long title and description and 50 comments: everything wraps, nothing scrolls sideways. */
export const LongContent: Story = {
  ...at('long', 'NORTH-2', [detailAnswer(longRequest())]),
  play: async ({ canvasElement }) => {
    const { main, page } = await requestReady(
      canvasElement,
      /^Can we move the sprint review to Thursdays, and/,
    );
    await expect(page.getAllByRole('article', { name: /^Comment by / })).toHaveLength(51);
    await expectNoOverflow(canvasElement, main);
  },
};

/** Dark colours. */
export const Dark: Story = {
  ...at('dark', 'NORTH-1', [], { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await requestReady(canvasElement, NORTH_1);
  },
};

/** Arabic, right to left. */
export const RightToLeft: Story = {
  ...at('rtl', 'NORTH-1', [], { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const { main, page } = await requestReady(canvasElement, NORTH_1);
    await expect(page.getByRole('button', { name: 'موافقة' })).toBeEnabled();
    await expect(page.getByRole('heading', { level: 2, name: 'المجريات' })).toBeVisible();
    await expectNoOverflow(canvasElement, main);
  },
};

/**
 * German: the timeline's changes in German sentences from what each records (who, for whom, what,
 * the due date in German), never the host's English text; the built-in type and its fields in German.
 */
export const German: Story = {
  ...at('german', 'NORTH-1', [], { locale: 'de' }),
  play: async ({ canvasElement }) => {
    const { main, page } = await requestReady(canvasElement, NORTH_1);
    // The timeline and the type's labels arrive after the heading (their sentences and the German
    // labels are loaded with the page's parts): found, not read at once.
    const history = await page.findByRole('heading', { level: 2, name: 'Verlauf' });
    const timeline = within(history.closest('section') ?? main);
    await expect(
      await timeline.findByText(
        /^Alex Rivera für Northwind Logistics hat die Anfrage Alex Rivera zugewiesen\.$/,
      ),
    ).toBeVisible();
    // The mock's due date, as German writes a day ("6. März 2026").
    await expect(
      timeline.getByText(
        /^Alex Rivera für Northwind Logistics hat das Fälligkeitsdatum auf den \d{1,2}\. \S+ \d{4} gesetzt \(vereinbart\)\.$/,
      ),
    ).toBeVisible();
    // The built-in type and its fields in German too (the host's English defaults).
    await expect(await page.findByText('Änderung von Umfang oder Stunden')).toBeVisible();
    await expect(await page.findByText('Zusätzliche Stunden')).toBeVisible();
    await expect(main).not.toHaveTextContent(/Assigned to|Due date:|Status: /);
    await expectNoOverflow(canvasElement, main);
  },
};

/** A phone: the panels move under the request, nothing scrolls sideways. */
export const SmallScreen: Story = {
  ...at('small', 'NORTH-1'),
  parameters: { ...at('small', 'NORTH-1').parameters, screen: 375 },
  play: async ({ canvasElement }) => {
    const { main, page } = await requestReady(canvasElement, NORTH_1);
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    await expectNoOverflow(canvasElement, main);
  },
};
