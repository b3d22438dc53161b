import { addDays } from '@client-portal/api-client';
import { createPortalFixtures, handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { AiUsagePanel } from './AiUsagePanel.js';
import { withPortalData } from './panelStories.js';

/**
 * One project's AI coding-assistant usage, as the Projects page shows it under the delivery
 * figures: per assistant (active users against seats, acceptance where reported), the daily trend,
 * requests by surface, the language / editor / model breakdowns and each assistant's data
 * freshness, every table and chart exportable as CSV. Driven by the contract's mocks.
 */
const meta = {
  title: 'Portal/Panels/AI usage',
  component: AiUsagePanel,
  decorators: [withPortalData],
  args: { projectKey: 'PORTAL' },
  parameters: { msw: { handlers: handlers() } },
} satisfies Meta<typeof AiUsagePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const reportShown = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const tools = await canvas.findByRole('table', { name: 'Per assistant' });
  return { canvas, tools };
};

/** The cells of an assistant's row, by column header. */
const cellsOf = (tools: HTMLElement, tool: string) => {
  const headers = within(tools)
    .getAllByRole('columnheader')
    .map((h) => h.textContent ?? '');
  const row = within(tools).getByRole('rowheader', { name: tool }).closest('tr') as HTMLElement;
  const cells = [...row.querySelectorAll('th, td')];
  return (header: string) => cells[headers.findIndex((h) => h.startsWith(header))] as HTMLElement;
};

/**
 * All three assistants: Windsurf's acceptance is "not reported", never 0 %; so is its chat (its
 * scope is a list of e-mails, which Windsurf's chat report cannot filter by) and its CLI (only
 * GitHub Copilot reports CLI requests).
 */
export const Data: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, tools } = await reportShown(canvasElement);
    await expect(within(tools).getAllByRole('row')).toHaveLength(4);
    await expect(within(tools).getByText('Not reported by Windsurf')).toBeVisible();
    await expect(within(tools).queryByText('0%')).toBeNull();
    const windsurf = cellsOf(tools, 'Windsurf');
    await expect(windsurf('Chat requests')).toHaveTextContent(/^Not reported$/);
    await expect(windsurf('CLI requests')).toHaveTextContent(/^Not reported$/);
    const copilot = cellsOf(tools, 'GitHub Copilot');
    await expect(copilot('Chat requests')).toHaveTextContent(/^[\d,]+$/);
    await expect(copilot('CLI requests')).toHaveTextContent(/^[\d,]+$/);
    await expect(cellsOf(tools, 'Cursor')('CLI requests')).toHaveTextContent(/^Not reported$/);
    const stats = canvas.getByRole('list', { name: 'AI assistant usage at a glance' });
    await expect(within(stats).getByText('CLI requests')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Active users per day' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Requests per day by surface' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Language' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByText(/^Windsurf: data complete through/)).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Download CSV: / })).toHaveLength(4);
  },
};

/** One assistant only (Copilot), over a range chosen by the page. */
export const OneToolAndRange: Story = {
  args: { projectKey: 'ROUTE', from: '2026-02-01', to: '2026-02-28' },
  play: async ({ canvasElement }) => {
    const { canvas, tools } = await reportShown(canvasElement);
    await expect(within(tools).getAllByRole('row')).toHaveLength(2);
    await expect(canvas.getByText(/^Feb 1, 2026 to Feb 28, 2026$/)).toBeVisible();
  },
};

/** No assistant connected (the API answers 404): explained, with what would bring data — not an error. */
export const NotConnected: Story = {
  args: { projectKey: 'WMS' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', {
        name: 'No AI assistant usage has been connected for this project',
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** The usage is on its way: skeletons, announced as busy. */
export const Loading: Story = {
  parameters: { msw: { handlers: handlers({ aiUsage: 'loading' }) } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading AI assistant usage…')).toBeVisible();
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
  },
};

/** A real failure (500): the panel says so and offers a retry. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: handlers({ aiUsage: 'error' }) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('AI assistant usage could not be loaded.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

const partial = createPortalFixtures();
const fullUsage = partial.aiUsage;
partial.aiUsage = (key, query) => {
  const usage = fullUsage(key, query);
  if (!usage) return null;
  return {
    ...usage,
    tools: usage.tools.map((tool) =>
      tool.tool === 'cursor'
        ? { ...tool, seats: null, dataThrough: tool.dataThrough ? addDays(tool.dataThrough, -9) : null }
        : tool,
    ),
  };
};

/**
 * Partial data: Cursor's data ends nine days earlier and it reports no seats. Its line stops there
 * (a gap, not zeros), its freshness says so, and its users show without a seat count.
 */
export const PartialData: Story = {
  parameters: { msw: { handlers: handlers({}, { fixtures: partial }) } },
  play: async ({ canvasElement }) => {
    const { canvas, tools } = await reportShown(canvasElement);
    await expect(canvas.getByText('Cursor: data complete through Feb 20, 2026')).toBeVisible();
    const cursor = within(tools).getByRole('rowheader', { name: 'Cursor' }).closest('tr') as HTMLElement;
    await expect(within(cursor).queryByText(/seats/)).toBeNull();
  },
};

const long = createPortalFixtures();
const usageOf = long.aiUsage;
long.aiUsage = (key, query) => {
  const usage = usageOf(key, query);
  if (!usage) return null;
  const names = (prefix: string) => Array.from({ length: 14 }, (_, i) => `${prefix} ${i + 1}`);
  return {
    ...usage,
    tools: usage.tools.map((tool) => ({
      ...tool,
      scope: {
        ...tool.scope,
        name: `${tool.scope.name} — enterprise-wide licence pool for every contractor team`,
      },
      breakdowns: {
        ...tool.breakdowns,
        language: [
          ...tool.breakdowns.language,
          ...names('Very long language name from a custom grammar').map((name, i) => ({
            name,
            suggestions: tool.tool === 'windsurf' ? null : 100 + i,
            acceptances: 10 + i,
            linesAccepted: 20 + i,
          })),
        ],
      },
    })),
  };
};

/** Long breakdowns (paged, ten at a time) and long names, which wrap instead of overflowing. */
export const LongContent: Story = {
  parameters: { msw: { handlers: handlers({}, { fixtures: long }) } },
  play: async ({ canvasElement }) => {
    const { canvas } = await reportShown(canvasElement);
    await expect(canvas.getByRole('navigation', { name: /^Pages of/ })).toBeVisible();
  },
};

/** The dark colour mode. */
export const Dark: Story = {
  parameters: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await reportShown(canvasElement);
  },
};

/** Arabic, right to left: the charts run from the right. */
export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tools = await canvas.findByRole('table', { name: 'لكل مساعد' });
    await expect(within(tools).getByText('لا يبلّغ عنه Windsurf')).toBeVisible();
  },
};

const noChat = createPortalFixtures();
const withChat = noChat.aiUsage;
noChat.aiUsage = (key, query) => {
  const usage = withChat(key, query);
  if (!usage) return null;
  return {
    ...usage,
    tools: usage.tools.map((tool) => ({
      ...tool,
      totals: { ...tool.totals, chatRequests: null },
      daily: tool.daily.map((day) => ({ ...day, chatRequests: null })),
    })),
  };
};

/**
 * No assistant reports chat for its scope: the headline and every row say "Not reported" — never
 * 0, which would read as "nobody used chat" — and the surfaces chart leaves chat out.
 */
export const ChatNotReported: Story = {
  parameters: { msw: { handlers: handlers({}, { fixtures: noChat }) } },
  play: async ({ canvasElement }) => {
    const { canvas, tools } = await reportShown(canvasElement);
    for (const tool of ['Windsurf', 'GitHub Copilot', 'Cursor']) {
      await expect(cellsOf(tools, tool)('Chat requests')).toHaveTextContent(/^Not reported$/);
    }
    const stats = canvas.getByRole('list', { name: 'AI assistant usage at a glance' });
    const chat = within(stats).getByText('Chat requests').closest('li') as HTMLElement;
    await expect(within(chat).getByText('Not reported')).toBeVisible();
    await expect(within(chat).queryByText(/^0$/)).toBeNull();
  },
};

/** A phone's width: the charts stack and tables scroll in their own region, never the panel. */
export const SmallScreen: Story = {
  parameters: { width: 375 },
  play: async ({ canvasElement }) => {
    await reportShown(canvasElement);
    const main = canvasElement.querySelector('main') as HTMLElement;
    await waitFor(() => expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth + 1));
  },
};

/** The editors' breakdown, then its CSV: the rows of the table, in the order shown. */
export const BreakdownExportTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement }) => {
    const { canvas } = await reportShown(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Editor' }));
    const table = await canvas.findByRole('table', { name: 'Breakdown: Editor' });
    const saved: Blob[] = [];
    const create = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:story';
    });
    HTMLAnchorElement.prototype.click = () => {};
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Download CSV: Breakdown: Editor' }));
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
    const lines = ((await saved[0]?.text()) ?? '')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    await expect(lines[0]).toBe(
      'Editor,Assistant,Completions shown,Completions accepted,Acceptance rate,Lines accepted',
    );
    const shown = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    await expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(shown);
  },
};
