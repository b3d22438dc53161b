import type { RequestList, RequestSummary } from '@client-portal/api-client/requests';
import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { frameMeta, portalArgs, renderPortal } from '../../frame/storySupport.js';
import { GLOBEX, NORTHWIND, staffBackend } from '../staffStorySupport.js';

const base = frameMeta();
/**
 * Provider staff who act for no company: beside the company picker, the requests queue across all
 * companies (filters by status, due state, company, type and assignee; by due date; paged). Opening
 * a request acts for its company and shows the request there. The mock host is the staff one of
 * the company picker's stories, with the queue answered from the requests fixtures of two companies.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Staff/Requests queue',
  render: (args, { parameters }) => renderPortal(args, parameters.screen as number | undefined),
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const NO_STORE = { 'cache-control': 'no-store' };

/** Northwind's open requests (the fixtures') and two of Globex, as the host's queue sends them. */
function queueItems(): RequestSummary[] {
  const northwind = createPortalFixtures()
    .requests.list({ pageSize: '100' }, true)
    .items.map((item) => ({ ...item, companyId: NORTHWIND.id }));
  const [first] = northwind;
  if (!first) return northwind;
  const globex = [1, 2].map(
    (n): RequestSummary => ({
      ...first,
      id: `req_globex_${n}`,
      key: `GLOBEX-${n}`,
      companyId: GLOBEX.id,
      companyName: GLOBEX.name,
      title: n === 1 ? 'Badge access for the new data team' : 'Quarterly review agenda',
      type: 'question',
      typeLabel: 'Question',
      status: 'submitted',
      label: 'submitted',
      assignee: null,
      dueAt: n === 1 ? first.createdAt : null,
      dueState: n === 1 ? 'overdue' : null,
    }),
  );
  return [...northwind, ...globex].sort((a, b) => (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999'));
}

/** GET /api/staff/requests over `items`, filtered and paged as the host does. */
function queueAnswer(
  items: RequestSummary[],
  state: 'success' | 'loading' | 'error' = 'success',
): HttpHandler {
  return http.get('*/api/staff/requests', async ({ request }) => {
    if (state === 'loading') await new Promise(() => {});
    if (state === 'error')
      return HttpResponse.json(
        { type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'Something went wrong.' },
        { status: 500, headers: { 'content-type': 'application/problem+json' } },
      );
    const q = new URL(request.url).searchParams;
    const page = Number(q.get('page') ?? '1');
    const pageSize = Number(q.get('pageSize') ?? '25');
    const found = items.filter(
      (i) =>
        (!q.get('companyId') || i.companyId === q.get('companyId')) &&
        (!q.get('status') || i.status === q.get('status')) &&
        (!q.get('dueState') || i.dueState === q.get('dueState')) &&
        (!q.get('type') || i.type === q.get('type')) &&
        (q.get('assignee') !== 'unassigned' || i.assignee === null),
    );
    const body: RequestList = {
      items: found.slice((page - 1) * pageSize, page * pageSize),
      page,
      pageSize,
      hasMore: found.length > page * pageSize,
    };
    return HttpResponse.json(body, { headers: NO_STORE });
  });
}

/** A story over the staff host, acting for nobody, with the queue answered as given. */
function queueStory(story: string, queue: HttpHandler, screen?: number) {
  const backend = staffBackend({ companies: [GLOBEX, NORTHWIND] });
  return {
    backend,
    story: {
      args: portalArgs(`queue-${story}`),
      parameters: {
        msw: { handlers: [queue, ...backend.handlers, ...handlers()] },
        ...(screen ? { screen } : {}),
      },
      beforeEach: () => backend.reset(),
    } satisfies Story,
  };
}

/** The queue tab, opened. */
async function queueOpen(canvasElement: HTMLElement) {
  const main = await within(canvasElement).findByRole('main');
  await userEvent.click(await within(main).findByRole('tab', { name: 'Requests queue' }));
  await within(main).findByRole('heading', { level: 1, name: 'Requests queue' });
  return { main, page: within(main) };
}

const rows = (main: HTMLElement) =>
  [...main.querySelectorAll<HTMLButtonElement>('button[data-request-key]')].map((b) => b.dataset.requestKey);

const data = queueStory('data', queueAnswer(queueItems()));
/** Every company's open requests, the soonest due first, each with its company, status, due state and assignee. */
export const Queue: Story = {
  ...data.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await queueOpen(canvasElement);
    await waitFor(() => expect(rows(main).length).toBe(queueItems().length));
    const list = page.getByRole('list', { name: 'Requests' });
    await expect(within(list).getAllByText(GLOBEX.name).length).toBe(2);
    await expect(within(list).getAllByText(NORTHWIND.name).length).toBeGreaterThan(0);
    await expect(within(list).getAllByText('Overdue').length).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(data.backend.state.forbidden).toEqual([]);
  },
};

const filtered = queueStory('filter', queueAnswer(queueItems()));
/** Filtered by company: only Globex's requests; clearing the filters shows every company again. */
export const FilterByCompany: Story = {
  ...filtered.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await queueOpen(canvasElement);
    await waitFor(() => expect(rows(main).length).toBeGreaterThan(2));
    await userEvent.click(page.getByRole('combobox', { name: 'Company' }));
    const option = await within(canvasElement.ownerDocument.body).findByRole('option', { name: GLOBEX.name });
    await userEvent.click(option);
    await waitFor(() => expect(rows(main)).toEqual(['GLOBEX-1', 'GLOBEX-2']));
    await userEvent.click(page.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows(main).length).toBe(queueItems().length));
  },
};

const typed = queueStory('type', queueAnswer(queueItems()));
/**
 * The type and assignee filters offer every configured type and every staff member (the host's
 * lists), not only what the page has shown: "Review" is offered though no request here is one.
 */
export const FilterByTypeAndAssignee: Story = {
  ...typed.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await queueOpen(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await waitFor(() => expect(rows(main).length).toBe(queueItems().length));
    await userEvent.click(page.getByRole('combobox', { name: 'Assignee' }));
    await expect(await body.findByRole('option', { name: 'Sam Whitfield' })).toBeInTheDocument();
    await expect(body.getByRole('option', { name: 'Alex Rivera' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(page.getByRole('combobox', { name: 'Type' }));
    await expect(await body.findByRole('option', { name: 'Review' })).toBeInTheDocument();
    await userEvent.click(body.getByRole('option', { name: 'Question' }));
    const questions = queueItems()
      .filter((i) => i.type === 'question')
      .map((i) => i.key);
    await waitFor(() => expect(rows(main)).toEqual(questions));
    // Until the list has faded out, axe (after the play function) sees its half-transparent options.
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
  },
};

const opening = queueStory('open', queueAnswer(queueItems()));
/** Opening a request acts for its company, then shows the request under the "acting for" bar. */
export const OpenRequest: Story = {
  ...opening.story,
  play: async ({ canvasElement }) => {
    const { main } = await queueOpen(canvasElement);
    await waitFor(() => expect(rows(main)).toContain('NORTH-3'));
    const row = main.querySelector<HTMLButtonElement>('button[data-request-key="NORTH-3"]');
    if (!row) throw new Error('no NORTH-3 row');
    await userEvent.click(row);
    await within(canvasElement).findByRole('region', { name: `Acting for ${NORTHWIND.name}` });
    await within(canvasElement).findByRole('heading', {
      level: 1,
      name: 'Replacement for the Android engineer leaving in May',
    });
    await expect(opening.backend.state.actAs).toEqual([NORTHWIND.id]);
  },
};

const empty = queueStory('empty', queueAnswer([]));
/** No open request anywhere. */
export const Empty: Story = {
  ...empty.story,
  play: async ({ canvasElement }) => {
    const { page } = await queueOpen(canvasElement);
    await expect(await page.findByRole('heading', { level: 2, name: 'Nothing in the queue' })).toBeVisible();
  },
};

const loading = queueStory('loading', queueAnswer([], 'loading'));
/** Loading: placeholders, busy, with a status that says what loads. */
export const Loading: Story = {
  ...loading.story,
  play: async ({ canvasElement }) => {
    const { page } = await queueOpen(canvasElement);
    const status = await page.findByText('Loading the queue…');
    await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
  },
};

const failed = queueStory('error', queueAnswer([], 'error'));
/** The queue could not be loaded: the error with "Try again". */
export const LoadFailed: Story = {
  ...failed.story,
  play: async ({ canvasElement }) => {
    const { page } = await queueOpen(canvasElement);
    const alert = await page.findByRole('alert');
    await expect(alert).toHaveTextContent('The queue could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

const many = Array.from({ length: 30 }, (_, i) => {
  const [first] = queueItems();
  return { ...(first as RequestSummary), id: `req_many_${i}`, key: `NORTH-${100 + i}` };
});
const paged = queueStory('paged', queueAnswer(many));
/** More than a page: the next page, and back. */
export const Paged: Story = {
  ...paged.story,
  play: async ({ canvasElement }) => {
    const { main, page } = await queueOpen(canvasElement);
    await waitFor(() => expect(rows(main)).toHaveLength(25));
    await userEvent.click(page.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(rows(main)).toHaveLength(5));
    await expect(page.getByText('Page 2')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(rows(main)).toHaveLength(25));
  },
};

const small = queueStory('small', queueAnswer(queueItems()), 375);
/** A phone: filters stack, rows wrap, nothing scrolls sideways. */
export const SmallScreen: Story = {
  ...small.story,
  play: async ({ canvasElement }) => {
    const { main } = await queueOpen(canvasElement);
    await waitFor(() => expect(rows(main).length).toBeGreaterThan(0));
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  },
};
