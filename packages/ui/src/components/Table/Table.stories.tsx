import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Status } from '../Badge/index.js';
import type { StatusKind } from '../Badge/index.js';
import { Button } from '../Button/index.js';
import { EmptyState } from '../EmptyState/index.js';
import { Table } from './Table.js';
import type { TableColumn, TableLabels, TableRowId, TableSort } from './Table.js';
import { Search } from 'lucide-react';
import { Icon } from '../Icon/index.js';

interface Case {
  id: string;
  client: string;
  status: StatusKind;
  amount: number | null;
  updated: Date;
  owner: string;
}

const clients = [
  'Northwind Traders',
  'Acme Corporation',
  'Globex',
  'Initech',
  'Umbrella Health',
  'Wayne Enterprises',
  'Hooli',
  'Vandelay Imports',
  'Soylent Foods',
  'Tyrell Group',
  'Cyberdyne Systems',
  'Wonka Industries',
  'Oceanic Airlines',
  'Stark Industries',
];
const owners = ['Ana Souza', 'Ben Okafor', 'Chen Wei', 'Dana Levi', 'Elif Kaya'];
const statuses: StatusKind[] = ['active', 'pending', 'closed'];
const statusLabel: Record<string, string> = { active: 'Active', pending: 'Pending', closed: 'Closed' };

/** 42 cases; amounts are all different (37 and 42 are coprime), case 7 has no amount. */
const cases: Case[] = Array.from({ length: 42 }, (_, i) => ({
  id: `CASE-${String(i + 1).padStart(3, '0')}`,
  client: `${clients[i % clients.length]}${i >= clients.length ? ` ${Math.floor(i / clients.length) + 1}` : ''}`,
  status: statuses[i % 3]!,
  amount: i === 6 ? null : 1000 + ((i * 37) % 42) * 125,
  updated: new Date(Date.UTC(2024, 0, 1 + ((i * 11) % 42))),
  owner: owners[i % owners.length]!,
}));

const money = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' });

const columns: TableColumn<Case>[] = [
  { key: 'id', header: 'Case', sortable: true, rowHeader: true, width: 112 },
  { key: 'client', header: 'Client', sortable: true },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    sortValue: (row) => statusLabel[row.status],
    cell: (row) => <Status status={row.status}>{statusLabel[row.status]}</Status>,
  },
  {
    key: 'amount',
    header: 'Amount',
    sortable: true,
    align: 'end',
    cell: (row) => (row.amount === null ? '—' : money.format(row.amount)),
  },
  { key: 'updated', header: 'Last updated', sortable: true, align: 'end' },
  { key: 'owner', header: 'Owner' },
];

const meta = {
  title: 'UI/Table',
  component: Table<Case>,
  args: {
    caption: 'Open cases',
    columns,
    rows: cases,
    getRowId: (row) => row.id,
    pageSize: 10,
    onSortChange: fn(),
    onPageChange: fn(),
  },
} satisfies Meta<typeof Table<Case>>;
export default meta;
type Story = StoryObj<typeof meta>;

/* Helpers for play functions */

const bodyRows = (table: HTMLElement) =>
  Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody > tr'));
/** The row header (case id) of every visible data row. */
const visibleIds = (table: HTMLElement) =>
  bodyRows(table).map((tr) => tr.querySelector('th[scope="row"]')?.textContent ?? '');
const header = (canvas: ReturnType<typeof within>, name: string) =>
  canvas.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const byAmount = (dir: 1 | -1) =>
  cases
    .filter((c) => c.amount !== null)
    .sort((a, b) => dir * ((a.amount ?? 0) - (b.amount ?? 0)))
    .map((c) => c.id);
const byUpdated = (dir: 1 | -1) =>
  cases
    .slice()
    .sort((a, b) => dir * (a.updated.getTime() - b.updated.getTime()) || 0)
    .map((c) => c.id);

/** The first page, unsorted: sortable columns say `aria-sort="none"`, the others say nothing. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Open cases' });
    await expect(visibleIds(table)).toEqual(cases.slice(0, 10).map((c) => c.id));
    await expect(header(canvas, 'Amount')).toHaveAttribute('aria-sort', 'none');
    await expect(header(canvas, 'Owner')).not.toHaveAttribute('aria-sort');
  },
};

/** Sorted on first render (`defaultSort`): by amount, highest first. */
export const Sorted: Story = {
  args: { defaultSort: { key: 'amount', direction: 'desc' } },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Open cases' });
    await expect(header(canvas, 'Amount')).toHaveAttribute('aria-sort', 'descending');
    await expect(visibleIds(table)).toEqual(byAmount(-1).slice(0, 10));
    for (const other of ['Case', 'Client', 'Status', 'Last updated']) {
      await expect(header(canvas, other)).toHaveAttribute('aria-sort', 'none');
    }
  },
};

/** Sort by clicking and by keyboard: row order and `aria-sort` follow; other sortable columns say `none`. */
export const SortingTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    await Default.play?.(context);
    const { canvas, args, step } = context;
    const table = canvas.getByRole('table', { name: 'Open cases' });

    await step('click sorts ascending, then descending', async () => {
      const amount = canvas.getByRole('button', { name: 'Amount' });
      await userEvent.click(amount);
      await expect(header(canvas, 'Amount')).toHaveAttribute('aria-sort', 'ascending');
      await expect(visibleIds(table)).toEqual(byAmount(1).slice(0, 10));
      await expect(args.onSortChange).toHaveBeenLastCalledWith({ key: 'amount', direction: 'asc' });

      await userEvent.click(amount);
      await expect(header(canvas, 'Amount')).toHaveAttribute('aria-sort', 'descending');
      await expect(visibleIds(table)).toEqual(byAmount(-1).slice(0, 10));
      for (const other of ['Case', 'Client', 'Status', 'Last updated']) {
        await expect(header(canvas, other)).toHaveAttribute('aria-sort', 'none');
      }
    });

    await step('keyboard: Tab to the next header, Enter and Space toggle it', async () => {
      await expect(canvas.getByRole('button', { name: 'Amount' })).toHaveFocus();
      await userEvent.tab();
      const updated = canvas.getByRole('button', { name: 'Last updated' });
      await expect(updated).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(header(canvas, 'Last updated')).toHaveAttribute('aria-sort', 'ascending');
      await expect(header(canvas, 'Amount')).toHaveAttribute('aria-sort', 'none');
      await expect(visibleIds(table)).toEqual(byUpdated(1).slice(0, 10));
      await userEvent.keyboard(' ');
      await expect(header(canvas, 'Last updated')).toHaveAttribute('aria-sort', 'descending');
      await expect(visibleIds(table)).toEqual(byUpdated(-1).slice(0, 10));
    });

    await step('strings sort with the collator (numeric-aware)', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Client' }));
      const clientsShown = bodyRows(table).map((tr) => tr.cells[1]?.textContent);
      const expected = cases
        .map((c) => c.client)
        .sort(new Intl.Collator('en', { numeric: true }).compare)
        .slice(0, 10);
      await expect(clientsShown).toEqual(expected);
    });
  },
};

/** Paging: on page 2 (`defaultPage`), the pager's buttons, the visible rows and the "Showing" summary agree. */
export const Paging: Story = {
  args: { defaultPage: 2 },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    await expect(canvas.getByText('Showing 11–20 of 42')).toBeVisible();
    await expect(visibleIds(table)).toEqual(cases.slice(10, 20).map((c) => c.id));
    await expect(canvas.getByRole('button', { name: 'Previous page' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Next page' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  },
};

/** The pager's buttons by mouse and keyboard, from the first page; sorting returns to the first page. */
export const PagingTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args, step }) => {
    const table = canvas.getByRole('table');
    const prev = canvas.getByRole('button', { name: 'Previous page' });
    const next = canvas.getByRole('button', { name: 'Next page' });
    await expect(canvas.getByText('Showing 1–10 of 42')).toBeVisible();
    await expect(prev).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await step('next page', async () => {
      await userEvent.click(next);
      await expect(canvas.getByText('Showing 11–20 of 42')).toBeVisible();
      await expect(visibleIds(table)).toEqual(cases.slice(10, 20).map((c) => c.id));
      await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
      await expect(prev).toBeEnabled();
    });

    await step('last page is short', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Page 5' }));
      await expect(canvas.getByText('Showing 41–42 of 42')).toBeVisible();
      await expect(visibleIds(table)).toEqual(['CASE-041', 'CASE-042']);
      await expect(next).toBeDisabled();
    });

    await step('keyboard: Enter on the previous-page button', async () => {
      prev.focus();
      await userEvent.keyboard('{Enter}');
      await expect(canvas.getByText('Showing 31–40 of 42')).toBeVisible();
      await expect(visibleIds(table)[0]).toBe('CASE-031');
    });

    await step('sorting returns to the first page', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Case' }));
      await expect(canvas.getByText('Showing 1–10 of 42')).toBeVisible();
      await expect(visibleIds(table)[0]).toBe('CASE-001');
    });
  },
};

/** Skeleton rows while loading; the table is `aria-busy` and "Loading" is announced. */
export const Loading: Story = {
  args: { rows: [], loading: true },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    await expect(table).toHaveAttribute('aria-busy', 'true');
    const rows = bodyRows(table);
    await expect(rows).toHaveLength(10);
    for (const row of rows) {
      await expect(row).toHaveAttribute('aria-hidden', 'true');
      await expect(row.cells).toHaveLength(columns.length);
    }
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading');
    await expect(canvas.queryByText(/^Showing/)).toBeNull();
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const LoadingWithoutPaging: Story = {
  args: { rows: [], loading: true, pageSize: undefined, loadingRows: 3 },
  play: async ({ canvas }) => {
    await expect(bodyRows(canvas.getByRole('table'))).toHaveLength(3);
  },
};

/** No rows: the kit's EmptyState (compact) in one full-width row, under the column headers. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    const rows = bodyRows(table);
    await expect(rows).toHaveLength(1);
    const cell = within(rows[0]!).getByRole('cell', { name: 'No results' });
    await expect(cell).toHaveAttribute('colspan', String(columns.length));
    await expect(within(cell).getByRole('heading', { name: 'No results' })).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy');
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

export const EmptyDark: Story = { ...Empty, parameters: { theme: 'dark' } };

const SearchIcon = () => <Icon icon={Search} size="lg" />;

/** Not found: a search or filter matched nothing. The same EmptyState, saying what to do next. */
export const NoMatches: Story = {
  args: {
    rows: [],
    empty: (
      <EmptyState
        size="sm"
        icon={<SearchIcon />}
        title="No cases match “Wonka”"
        description="Check the spelling, or clear the search to see every open case."
        action={
          <Button size="sm" variant="outline" tone="neutral">
            Clear search
          </Button>
        }
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No cases match “Wonka”' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clear search' })).toBeVisible();
  },
};

/** A string `empty` becomes the EmptyState's title. */
export const EmptyText: Story = {
  args: { rows: [], empty: 'No closed cases this year' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No closed cases this year' })).toBeVisible();
  },
};

/** A failed load: the kit's ErrorState (compact) with a retry button, in place of the rows. */
export const ErrorWithRetry: Story = {
  args: { error: true, onRetry: fn() },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Open cases' });
    const alert = within(table).getByRole('alert');
    await expect(within(alert).getByRole('heading', { name: 'Could not load this table' })).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(bodyRows(table)).toHaveLength(1);
    await expect(canvas.queryByRole('navigation')).toBeNull();
    await expect(canvas.queryByText(/^Showing/)).toBeNull();
  },
};

/** The caught Error: its message under "Technical details"; no retry offered. */
export const ErrorWithoutRetry: Story = {
  args: { error: new Error('HTTP 500 Internal Server Error (request 7f3c9a2e)') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
    await expect(canvas.getByText('Technical details')).toBeVisible();
  },
};

/** Retrying: the button is busy; the error stays until the caller clears it. */
export const ErrorRetrying: Story = {
  args: { error: true, onRetry: fn(), retrying: true, loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-busy', 'true');
    // The error wins over `loading`: no skeleton rows.
    await expect(canvas.getByRole('table')).not.toHaveAttribute('aria-busy');
  },
};

export const ErrorDark: Story = { ...ErrorWithRetry, parameters: { theme: 'dark' } };

/* Selection and disabled rows */

/** Closed cases can't be changed: their rows are disabled. */
const closed = (row: Case) => row.status === 'closed';
const preselected = ['CASE-001', 'CASE-002', 'CASE-005'];

/**
 * Selectable rows: a checkbox per row named "Select" + the case id, a header checkbox for the page
 * (mixed while some are selected), the count under the table. Closed cases are disabled.
 */
export const Selection: Story = {
  args: { selectable: true, defaultSelectedIds: preselected, isRowDisabled: closed, onSelectionChange: fn() },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    for (const id of preselected) {
      const box = canvas.getByRole('checkbox', { name: `Select ${id}` });
      await expect(box).toBeChecked();
      await expect(box.closest('tr')).toHaveAttribute('aria-selected', 'true');
    }
    await expect(canvas.getByRole('checkbox', { name: 'Select CASE-004' })).not.toBeChecked();
    await expect(
      canvas.getByRole('checkbox', { name: 'Select all rows on this page' }),
    ).toBePartiallyChecked();
    await expect(canvas.getByText('3 selected')).toBeVisible();
    // CASE-003 is closed: disabled row and checkbox.
    const disabled = canvas.getByRole('checkbox', { name: 'Select CASE-003' });
    await expect(disabled).toBeDisabled();
    await expect(disabled.closest('tr')).toHaveAttribute('aria-disabled', 'true');
    await expect(bodyRows(table)[0]!.cells).toHaveLength(columns.length + 1);
  },
};

export const SelectionDark: Story = { ...Selection, parameters: { theme: 'dark' } };

/** Rows can be disabled without selection too. */
export const DisabledRows: Story = {
  args: { isRowDisabled: closed },
  play: async ({ canvas }) => {
    const rows = bodyRows(canvas.getByRole('table'));
    await expect(rows.filter((r) => r.getAttribute('aria-disabled') === 'true')).toHaveLength(3);
    await expect(canvas.queryByRole('checkbox')).toBeNull();
    await expect(rows[0]).not.toHaveAttribute('aria-selected');
  },
};

/** Selecting with the keyboard and the mouse, from no selection. */
export const SelectionBehaviourTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { selectable: true, isRowDisabled: closed, onSelectionChange: fn() },
  play: async ({ canvas, args, step }) => {
    const table = canvas.getByRole('table');
    const all = canvas.getByRole('checkbox', { name: 'Select all rows on this page' });
    const box = (id: string) => canvas.getByRole('checkbox', { name: `Select ${id}` });
    const enabledOnPage = cases
      .slice(0, 10)
      .filter((c) => !closed(c))
      .map((c) => c.id);

    await step('Space on a row checkbox selects it; Tab skips disabled rows', async () => {
      box('CASE-001').focus();
      await userEvent.keyboard(' ');
      await expect(box('CASE-001')).toBeChecked();
      await expect(box('CASE-001').closest('tr')).toHaveAttribute('aria-selected', 'true');
      await expect(args.onSelectionChange).toHaveBeenLastCalledWith(['CASE-001']);
      await userEvent.tab();
      await expect(box('CASE-002')).toHaveFocus();
      await userEvent.tab();
      // CASE-003 is closed (disabled), so focus goes on to CASE-004.
      await expect(box('CASE-004')).toHaveFocus();
      await userEvent.keyboard(' ');
      await expect(canvas.getByText('2 selected')).toBeVisible();
      await expect(all).toBePartiallyChecked();
      await userEvent.keyboard(' ');
      await expect(box('CASE-004')).not.toBeChecked();
      await expect(canvas.getByText('1 selected')).toBeVisible();
    });

    await step('the header checkbox selects the page, disabled rows aside, then clears it', async () => {
      await userEvent.click(all);
      await expect(all).toBeChecked();
      await expect(args.onSelectionChange).toHaveBeenLastCalledWith(enabledOnPage);
      await expect(canvas.getByText(`${enabledOnPage.length} selected`)).toBeVisible();
      await expect(box('CASE-003')).not.toBeChecked();
      all.focus();
      await userEvent.keyboard(' ');
      await expect(all).not.toBeChecked();
      await expect(args.onSelectionChange).toHaveBeenLastCalledWith([]);
      await expect(table.querySelectorAll('tr[aria-selected="true"]')).toHaveLength(0);
    });

    await step('the selection is kept across pages', async () => {
      await userEvent.click(box('CASE-002'));
      await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
      await expect(all).not.toBeChecked();
      await expect(all).not.toBePartiallyChecked();
      await userEvent.click(box('CASE-011'));
      await expect(canvas.getByText('2 selected')).toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'Previous page' }));
      await expect(box('CASE-002')).toBeChecked();
    });
  },
};

/** Controlled: the parent owns the selected ids, and can clear them. */
export const SelectionControlled: Story = {
  render: function Render(args) {
    const [ids, setIds] = useState<TableRowId[]>(['CASE-004']);
    return (
      <>
        <Table {...args} selectable selectedIds={ids} onSelectionChange={setIds} />
        <Button size="sm" variant="outline" tone="neutral" onClick={() => setIds([])}>
          Clear selection
        </Button>
      </>
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Select CASE-004' })).toBeChecked();
    await expect(canvas.getByText('1 selected')).toBeVisible();
  },
};

/** Selecting goes through the parent's state; its Clear button empties the selection. */
export const SelectionControlledTest: Story = {
  ...SelectionControlled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Select CASE-004' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select CASE-005' }));
    await expect(canvas.getByText('2 selected')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear selection' }));
    await expect(canvas.getByRole('checkbox', { name: 'Select CASE-004' })).not.toBeChecked();
  },
};

/** Custom empty content: an EmptyState with an action. */
export const EmptyCustom: Story = {
  args: {
    rows: [],
    empty: (
      <EmptyState
        size="sm"
        title="No open cases"
        description="New cases appear here as soon as a client submits a request."
        action={<Button size="sm">Create a case</Button>}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No open cases' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Create a case' })).toBeVisible();
  },
};

/** Sort and page controlled by the parent. */
export const Controlled: Story = {
  render: function Render(args) {
    const [sort, setSort] = useState<TableSort>({ key: 'amount', direction: 'desc' });
    const [page, setPage] = useState(2);
    return (
      <Table
        {...args}
        sort={sort}
        onSortChange={(s) => {
          args.onSortChange?.(s);
          setSort(s);
        }}
        page={page}
        onPageChange={(p) => {
          args.onPageChange?.(p);
          setPage(p);
        }}
      />
    );
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    await expect(header(canvas, 'Amount')).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getByText('Showing 11–20 of 42')).toBeVisible();
    await expect(visibleIds(table)).toEqual(byAmount(-1).slice(10, 20));
  },
};

/** A click on a header asks the parent to sort and to go back to the first page. */
export const ControlledTest: Story = {
  ...Controlled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const table = canvas.getByRole('table');
    await expect(canvas.getByText('Showing 11–20 of 42')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Amount' }));
    await expect(args.onSortChange).toHaveBeenCalledWith({ key: 'amount', direction: 'asc' });
    await expect(args.onPageChange).toHaveBeenCalledWith(1);
    await expect(visibleIds(table)).toEqual(byAmount(1).slice(0, 10));
  },
};

/** Server-side data (`manual`): the caller sorts and slices; the table shows `total` in the pager. */
export const ServerSide: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(1);
    const [sort, setSort] = useState<TableSort>(null);
    const sorted = sort
      ? cases.slice().sort((a, b) => (sort.direction === 'asc' ? 1 : -1) * a.id.localeCompare(b.id))
      : cases;
    return (
      <Table
        {...args}
        manual
        total={cases.length}
        rows={sorted.slice((page - 1) * 10, page * 10)}
        page={page}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(s) => {
          setSort(s);
          setPage(1);
        }}
      />
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Showing 1–10 of 42')).toBeVisible();
    await expect(visibleIds(canvas.getByRole('table'))[0]).toBe('CASE-001');
  },
};

/** The caller pages and sorts when asked to. */
export const ServerSideTest: Story = {
  ...ServerSide,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    await expect(canvas.getByText('Showing 1–10 of 42')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('Showing 11–20 of 42')).toBeVisible();
    await expect(visibleIds(table)[0]).toBe('CASE-011');
    await userEvent.click(canvas.getByRole('button', { name: 'Case' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Case' }));
    await expect(header(canvas, 'Case')).toHaveAttribute('aria-sort', 'descending');
    await expect(visibleIds(table)[0]).toBe('CASE-042');
  },
};

/** No paging: every row, with a visible caption. */
export const AllRowsVisibleCaption: Story = {
  args: { pageSize: undefined, rows: cases.slice(0, 6), defaultSort: { key: 'client', direction: 'asc' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Open cases')).toBeVisible();
    await expect(bodyRows(canvas.getByRole('table'))).toHaveLength(6);
    await expect(header(canvas, 'Client')).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.queryByRole('navigation')).toBeNull();
  },
};

/** Sticky header: the region scrolls vertically, the header stays at its top. */
export const StickyHeader: Story = {
  args: { pageSize: undefined, maxHeight: 280, captionHidden: true },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Open cases' });
    const th = header(canvas, 'Case');
    region.scrollTop = 400;
    await waitFor(() => expect(region.scrollTop).toBeGreaterThan(0));
    const regionTop = region.getBoundingClientRect().top;
    await expect(Math.abs(th.getBoundingClientRect().top - regionTop)).toBeLessThanOrEqual(2);
  },
};

interface Note {
  id: string;
  subject: string;
  reference: string;
  body: string;
}

const notes: Note[] = [
  {
    id: 'N-1',
    subject: 'Quarterly reconciliation of intercompany balances across all subsidiaries and branches',
    reference: 'INV-2024-000000000000000000000000000000000000000000000000001',
    body: 'A long note that keeps going well past the width of any reasonable column, so it has to wrap onto several lines.',
  },
  {
    id: 'N-2',
    subject: 'Short',
    reference: 'https://example.com/documents/very/long/path/that/never/breaks/on/its/own/report.pdf',
    body: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789abcdefghijklmnopqrstuvwxyz',
  },
];
const noteColumns: TableColumn<Note>[] = [
  { key: 'id', header: 'Note', rowHeader: true },
  { key: 'subject', header: 'Subject', sortable: true },
  { key: 'reference', header: 'Reference' },
  { key: 'body', header: 'Body' },
];

/** Long and unbroken cell text wraps inside its cell instead of overflowing. */
export const LongContent: StoryObj<typeof Table<Note>> = {
  args: {
    caption: 'Case notes with a rather long caption that wraps onto more than one line',
    columns: noteColumns,
    rows: notes,
    getRowId: (row) => row.id,
  },
  parameters: { width: 480 },
  render: (args) => <Table<Note> {...args} />,
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    for (const cell of Array.from(table.querySelectorAll('td'))) {
      await expect(cell.scrollWidth).toBeLessThanOrEqual(cell.clientWidth + 1);
    }
  },
};

/** Narrow container: the region scrolls sideways, is focusable and named by the caption. */
export const NarrowContainer: Story = {
  parameters: { width: 280 },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Open cases' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    // The page itself does not scroll sideways.
    const main = region.closest('main')!;
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth + 1);
  },
};

/** Keyboard users reach the scrolling region with Tab (before the first header button). */
export const NarrowContainerTest: Story = {
  ...NarrowContainer,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Open cases' });
    await userEvent.tab();
    await expect(region).toHaveFocus();
  },
};

const labelsDe: Partial<TableLabels> = {
  showing: ({ start, end, total, format }) => `${format(start)}–${format(end)} von ${format(total)}`,
  previousPage: 'Vorherige Seite',
  nextPage: 'Nächste Seite',
  page: ({ page }) => `Seite ${page}`,
  pagination: 'Seitennavigation',
  noResults: 'Keine Ergebnisse',
  loading: 'Wird geladen',
};

/** Every string is replaceable through `labels` (shown on page 2, so every pager label is in use). */
export const CustomLabels: Story = {
  args: { labels: labelsDe, caption: 'Offene Fälle', defaultPage: 2 },
  parameters: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Nächste Seite' })).toBeEnabled();
    await expect(canvas.getByText('11–20 von 42')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Vorherige Seite' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Seite 1' })).toBeVisible();
    await expect(canvas.getByRole('navigation', { name: 'Seitennavigation Offene Fälle' })).toBeVisible();
  },
};

export const CustomLabelsEmpty: Story = {
  args: { labels: labelsDe, caption: 'Offene Fälle', rows: [] },
  parameters: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('cell', { name: 'Keine Ergebnisse' })).toBeVisible();
  },
};

export const Dark: Story = { parameters: { theme: 'dark' } };
export const DarkLoading: Story = { ...Loading, parameters: { theme: 'dark' } };

const arColumns: TableColumn<Case>[] = [
  { key: 'id', header: 'القضية', sortable: true, rowHeader: true },
  { key: 'client', header: 'العميل', sortable: true },
  {
    key: 'status',
    header: 'الحالة',
    cell: (row) => (
      <Status status={row.status}>
        {{ active: 'نشطة', pending: 'معلقة', closed: 'مغلقة' }[row.status as string]}
      </Status>
    ),
  },
  { key: 'amount', header: 'المبلغ', sortable: true, align: 'end' },
];

export const RightToLeft: Story = {
  args: {
    caption: 'القضايا المفتوحة',
    columns: arColumns,
    labels: {
      showing: ({ start, end, total, format }) => `عرض ${format(start)}–${format(end)} من ${format(total)}`,
      previousPage: 'الصفحة السابقة',
      nextPage: 'الصفحة التالية',
      page: ({ page }) => `الصفحة ${page}`,
      pagination: 'التنقل بين الصفحات',
      noResults: 'لا توجد نتائج',
      loading: 'جارٍ التحميل',
    },
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    // In RTL the first column sits on the right.
    const [first, second] = Array.from(table.querySelectorAll('thead th'));
    await expect(first!.getBoundingClientRect().left).toBeGreaterThan(second!.getBoundingClientRect().left);
    await expect(visibleIds(table)[0]).toBe('CASE-001');
  },
};

/** The pager works the same in RTL. */
export const RightToLeftTest: Story = {
  ...RightToLeft,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'الصفحة التالية' }));
    await expect(visibleIds(canvas.getByRole('table'))[0]).toBe('CASE-011');
  },
};

const arLabels = RightToLeft.args!.labels!;

export const SelectionRightToLeft: Story = {
  args: {
    ...RightToLeft.args,
    selectable: true,
    defaultSelectedIds: preselected,
    isRowDisabled: closed,
    labels: {
      ...arLabels,
      selectAll: () => 'تحديد كل صفوف هذه الصفحة',
      selectRow: 'تحديد',
      selected: ({ count, format }) => `تم تحديد ${format(count)}`,
    },
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table');
    // The checkbox column is the first, on the right.
    const [check, id] = Array.from(table.querySelectorAll('thead th'));
    await expect(check!.getBoundingClientRect().left).toBeGreaterThan(id!.getBoundingClientRect().left);
    await expect(canvas.getByRole('checkbox', { name: 'تحديد CASE-001' })).toBeChecked();
    await expect(canvas.getByText(`تم تحديد ${new Intl.NumberFormat('ar').format(3)}`)).toBeVisible();
  },
};

export const ErrorRightToLeft: Story = {
  args: {
    ...RightToLeft.args,
    error: new Error('HTTP 503'),
    onRetry: fn(),
    labels: {
      ...arLabels,
      error: 'تعذّر تحميل الجدول',
      retry: 'إعادة المحاولة',
      errorDetails: 'التفاصيل التقنية',
    },
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'تعذّر تحميل الجدول' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
  },
};
