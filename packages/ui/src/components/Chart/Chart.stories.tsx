import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { vars } from '../../theme/contract.css.js';
import { useTheme } from '../../theme/ThemeRoot.js';
import { darkColours, lightColours } from '../../theme/tokens.js';
import { Button } from '../Button/index.js';
import { EmptyState } from '../EmptyState/index.js';
import { BarChart } from './BarChart.js';
import { LineChart } from './LineChart.js';
import type { LineChartProps } from './LineChart.js';
import type { ChartData } from './scales.js';

// ----------------------------------------------------------------------------------------------
// Fixtures (shaped like the API's DORA-metrics and AI-usage payloads)

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const deployments: ChartData = {
  labels: months,
  series: [
    { name: 'Deployments', data: [42, 38, 51, 47, 60, 58, 63, 55, 71, 68, 74, 80] },
    { name: 'Failed deployments', data: [4, 6, 3, 5, 4, 2, 5, 3, 2, 4, 3, 2] },
  ],
};

const weeks = Array.from({ length: 8 }, (_, i) => `W${i + 1}`);
const aiUsage: ChartData = {
  labels: weeks,
  series: [
    { name: 'Code completions', data: [120, 140, 135, 160, 172, 180, 176, 195] },
    { name: 'Chat sessions', data: [40, 52, 48, 61, 70, 66, 74, 81] },
    { name: 'Review comments', data: [12, 18, 22, 20, 25, 31, 29, 35] },
  ],
};

const teams = ['Payments', 'Identity', 'Search', 'Mobile', 'Data', 'Platform', 'Growth', 'Support tools'];
const manySeries: ChartData = {
  labels: months.slice(0, 6),
  series: teams.map((name, t) => ({
    name,
    data: months.slice(0, 6).map((_, m) => Math.round(20 + t * 6 + 8 * Math.sin((m + t) / 1.7))),
  })),
};

const withGaps: ChartData = {
  labels: months,
  series: [
    { name: 'Lead time (h)', data: [30, 28, null, null, 26, 24, 25, null, 21, null, 19, 18] },
    { name: 'Time to restore (h)', data: [null, 6, 5, 7, null, null, 4, 5, 3, 4, null, 3] },
  ],
};

const longLabels: ChartData = {
  labels: [
    'Platform engineering and developer experience',
    'Customer identity and access management',
    'Payments, billing and invoicing infrastructure',
    'Search relevance and recommendations',
    'Mobile applications (iOS and Android)',
  ],
  series: [
    { name: 'Change failure rate in production over the last quarter', data: [12, 8, 15, 6, 10] },
    { name: 'Change failure rate in staging over the last quarter', data: [18, 14, 21, 9, 16] },
  ],
};

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const days = Array.from({ length: 365 }, (_, i) =>
  new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
);
const daily: ChartData = {
  labels: days,
  series: [
    {
      name: 'Deployments per day',
      data: days.map((_, i) => Math.round(10 + 6 * Math.sin(i / 9) + 3 * Math.cos(i / 2.3) + i / 40)),
    },
    {
      name: '7-day average',
      data: days.map((_, i) => (i < 6 ? null : Math.round(10 + 6 * Math.sin((i - 3) / 9) + i / 40))),
    },
  ],
};

const negative: ChartData = {
  labels: ['Q1', 'Q2', 'Q3', 'Q4'],
  series: [
    { name: 'Lead time change (%)', data: [-12.5, 4, -8, 15] },
    { name: 'Restore time change (%)', data: [6, -20, -3.5, 2] },
  ],
};

const stackedMixed: ChartData = {
  labels: weeks.slice(0, 6),
  series: [
    { name: 'Added', data: [30, 42, 25, 38, null, 44] },
    { name: 'Removed', data: [-12, -20, -8, -15, -30, -10] },
    { name: 'Modified', data: [14, 9, 22, 11, 17, null] },
  ],
};

const arabic: ChartData = {
  labels: ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو'],
  series: [
    { name: 'عمليات النشر', data: [42, 38, 51, 47, 60, 58] },
    { name: 'عمليات النشر الفاشلة', data: [4, 6, 3, 5, 4, 2] },
  ],
};

// ----------------------------------------------------------------------------------------------

type Args = LineChartProps & { kind?: 'line' | 'bar'; stacked?: boolean };

const meta = {
  title: 'UI/Chart',
  args: {
    kind: 'line',
    title: 'Deployments per month',
    description: 'Deployments rise from 42 in January to 80 in December; failures stay below 7.',
    data: deployments,
  },
  argTypes: { kind: { control: 'inline-radio', options: ['line', 'bar'] } },
  render: ({ kind, stacked, area, ...args }) =>
    kind === 'bar' ? <BarChart {...args} stacked={stacked} /> : <LineChart {...args} area={area} />,
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

// ----------------------------------------------------------------------------------------------
// Play helpers

const rect = (el: Element) => el.getBoundingClientRect();
const xLabels = (root: HTMLElement) =>
  [...root.querySelectorAll<SVGTextElement>('[data-part="x-axis"] text')].sort(
    (a, b) => Number(a.dataset.index) - Number(b.dataset.index),
  );
const yLabels = (root: HTMLElement) => [
  ...root.querySelectorAll<SVGTextElement>('[data-part="y-axis"] text'),
];
const gridLines = (root: HTMLElement) => [...root.querySelectorAll('[data-part="grid"] line')];

async function expectLabelsDoNotOverlap(root: HTMLElement) {
  const boxes = xLabels(root)
    .map(rect)
    .sort((a, b) => a.left - b.left);
  await expect(boxes.length).toBeGreaterThan(0);
  for (let i = 1; i < boxes.length; i++) {
    await expect(boxes[i]!.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right);
  }
  // …and stay inside the chart.
  const svg = rect(root.querySelector('svg[role="img"]')!);
  for (const b of boxes) {
    await expect(b.left).toBeGreaterThanOrEqual(svg.left - 0.5);
    await expect(b.right).toBeLessThanOrEqual(svg.right + 0.5);
  }
}

/** Tab to the toggle, Enter: the table becomes visible with one row per label plus the header row. */
async function expectTableToggleByKeyboard(root: HTMLElement, title: string, labelCount: number) {
  const canvas = within(root);
  const button = canvas.getByRole('button', { name: 'Show data table' });
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  const table = canvas.getByRole('table', { name: title });
  // Hidden visually, but in the accessibility tree from the start.
  await expect(rect(table.parentElement!).width).toBeLessThanOrEqual(1);
  button.blur();
  await userEvent.tab();
  await expect(button).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(button).toHaveAccessibleName('Hide data table');
  await expect(rect(table).width).toBeGreaterThan(100);
  await expect(canvas.getByRole('region', { name: title })).toContainElement(table);
  await expect(within(table).getAllByRole('row')).toHaveLength(labelCount + 1);
  await userEvent.keyboard('{Enter}');
  await expect(button).toHaveAccessibleName('Show data table');
  await expect(rect(table.parentElement!).width).toBeLessThanOrEqual(1);
}

// ----------------------------------------------------------------------------------------------
// Stories

/** Line chart: accessible name and description, legend, data table (visually hidden), axis layout. */
export const Line: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const chart = canvas.getByRole('img', { name: 'Deployments per month' });
    await expect(chart).toHaveAccessibleDescription(args.description!);
    await expect(within(canvas.getByRole('list')).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'Show data table' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    const table = canvas.getByRole('table', { name: 'Deployments per month' });
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Label', 'Deployments', 'Failed deployments']);
    await expect(within(table).getByRole('rowheader', { name: 'Dec' })).toBeInTheDocument();
    // LTR: x runs left to right, the y axis sits on the left of the plot.
    const labels = xLabels(canvasElement);
    await expect(rect(labels[0]!).left).toBeLessThan(rect(labels.at(-1)!).left);
    const plotLeft = rect(gridLines(canvasElement)[0]!).left;
    for (const t of yLabels(canvasElement)) await expect(rect(t).right).toBeLessThanOrEqual(plotLeft + 0.5);
    await expectLabelsDoNotOverlap(canvasElement);
    // A marker per point.
    await expect(canvasElement.querySelectorAll('[data-point]')).toHaveLength(24);
  },
};

/** The data table shown on first render (`defaultTableShown`), below the chart. */
export const LineDataTable: Story = {
  args: { defaultTableShown: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Hide data table' });
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const table = canvas.getByRole('table', { name: 'Deployments per month' });
    await expect(table.getBoundingClientRect().width).toBeGreaterThan(100);
    await expect(within(table).getAllByRole('row')).toHaveLength(13);
  },
};

/** The data-table toggle by keyboard: Tab to it, Enter shows the table, Enter hides it. */
export const LineTest: Story = {
  ...Line,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement, args }) => {
    await expectTableToggleByKeyboard(canvasElement, args.title, 12);
  },
};

export const Area: Story = {
  args: { area: true, title: 'AI usage per week', description: undefined, data: aiUsage },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'AI usage per week' })).toBeInTheDocument();
    await expect(within(canvas.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const BarGrouped: Story = {
  args: { kind: 'bar', title: 'AI usage per week', description: undefined, data: aiUsage },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvasElement.querySelectorAll('[data-bar]')).toHaveLength(24);
    await expect(within(canvas.getByRole('table', { name: args.title })).getAllByRole('row')).toHaveLength(9);
    await expectLabelsDoNotOverlap(canvasElement);
  },
};

/** The bar chart's data-table toggle by keyboard. */
export const BarGroupedTest: Story = {
  ...BarGrouped,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement, args }) => {
    await expectTableToggleByKeyboard(canvasElement, args.title, 8);
  },
};

export const BarStacked: Story = {
  args: {
    kind: 'bar',
    stacked: true,
    title: 'Lines changed per week',
    description: 'Additions above zero, removals below.',
    data: stackedMixed,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'Lines changed per week' })).toBeInTheDocument();
    // Week 5 stacks 17 on "nothing" (null) and -30 below zero: the y axis reaches below -30.
    const ticks = yLabels(canvasElement).map((t) => Number(t.textContent?.replace(/[\u2068\u2069]/g, '')));
    await expect(ticks[0]).toBeLessThanOrEqual(-30);
    // Nulls draw no bar: 6 + 6 + 6 values minus 2 nulls.
    await expect(canvasElement.querySelectorAll('[data-bar]')).toHaveLength(16);
  },
};

export const SingleSeries: Story = {
  args: {
    title: 'Deployments per month',
    description: undefined,
    data: { labels: months, series: [deployments.series[0]!] },
  },
  play: async ({ canvas }) => {
    // No legend for a single series: the title names it.
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

export const SinglePoint: Story = {
  args: {
    title: 'Deployments this quarter',
    description: undefined,
    data: { labels: ['Q1'], series: [{ name: 'Deployments', data: [42] }] },
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvasElement.querySelectorAll('[data-point]')).toHaveLength(1);
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  },
};

export const ManySeries: Story = {
  args: { title: 'Deployments per team', description: undefined, data: manySeries },
  play: async ({ canvas }) => {
    await expect(within(canvas.getByRole('list')).getAllByRole('listitem')).toHaveLength(8);
  },
};

export const ManySeriesBars: Story = {
  args: { ...ManySeries.args, kind: 'bar' },
};

export const Gaps: Story = {
  args: { title: 'Lead time and time to restore', description: undefined, data: withGaps, unit: ' h' },
  play: async ({ canvasElement, canvas }) => {
    // Every non-null value has a marker; the table says "No data" for gaps.
    const nonNull = withGaps.series.flatMap((s) => s.data).filter((v) => v !== null).length;
    await expect(canvasElement.querySelectorAll('[data-point]')).toHaveLength(nonNull);
    const table = canvas.getByRole('table');
    await expect(within(table).getAllByText('No data')).toHaveLength(24 - nonNull);
    await expect(within(table).getByRole('row', { name: /^Jan/ })).toHaveTextContent('30 h');
    // A null breaks the line into several sub-paths.
    const d =
      canvasElement.querySelector('[data-part="marks"] path[data-series="0"]')?.getAttribute('d') ?? '';
    await expect(d.match(/M/g)?.length).toBeGreaterThan(1);
  },
};

export const GapsBars: Story = { args: { ...Gaps.args, kind: 'bar' } };

export const NegativeValues: Story = {
  args: {
    kind: 'bar',
    title: 'Change vs previous quarter',
    description: undefined,
    data: negative,
    unit: '%',
  },
  play: async ({ canvasElement }) => {
    const ticks = yLabels(canvasElement).map((t) => t.textContent?.replace(/[\u2068\u2069]/g, ''));
    await expect(ticks).toContain('0%');
    await expect(ticks.some((t) => t?.startsWith('-'))).toBe(true);
  },
};

export const NegativeValuesLine: Story = { args: { ...NegativeValues.args, kind: 'line', area: true } };

export const LongLabels: Story = {
  args: {
    kind: 'bar',
    title: 'Change failure rate by team',
    description: undefined,
    data: longLabels,
    unit: '%',
  },
  play: async ({ canvasElement, canvas }) => {
    await expectLabelsDoNotOverlap(canvasElement);
    // Axis labels are shortened; the table keeps them whole.
    await expect(xLabels(canvasElement).some((t) => t.textContent?.includes('…'))).toBe(true);
    await expect(
      within(canvas.getByRole('table')).getByRole('rowheader', { name: longLabels.labels[0] }),
    ).toBeInTheDocument();
  },
};

export const DailyForAYear: Story = {
  name: '365 daily points',
  args: {
    title: 'Deployments per day, 2025',
    description: undefined,
    data: daily,
    formatLabel: (label) => dayFormat.format(new Date(label)),
  },
  play: async ({ canvas, canvasElement, args }) => {
    const labels = xLabels(canvasElement);
    await expect(labels.length).toBeGreaterThan(2);
    await expect(labels.length).toBeLessThan(40);
    await expect(labels[0]).toHaveTextContent('Jan 1');
    await expectLabelsDoNotOverlap(canvasElement);
    // Too dense for markers.
    await expect(canvasElement.querySelectorAll('[data-point]')).toHaveLength(0);
    // Every day is in the (visually hidden) data table.
    await expect(within(canvas.getByRole('table', { name: args.title })).getAllByRole('row')).toHaveLength(
      366,
    );
  },
};

/** The data-table toggle by keyboard, with 365 rows. */
export const DailyForAYearTest: Story = {
  ...DailyForAYear,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement, args }) => {
    await expectTableToggleByKeyboard(canvasElement, args.title, 365);
  },
};

export const DailyBars: Story = {
  args: { ...DailyForAYear.args, kind: 'bar', data: { labels: days, series: [daily.series[0]!] } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('[data-bar]')).toHaveLength(365);
    await expectLabelsDoNotOverlap(canvasElement);
  },
};

export const PercentDomain: Story = {
  args: {
    title: 'Share of pull requests with AI assistance',
    description: undefined,
    data: { labels: weeks, series: [{ name: 'Assisted', data: [22, 31, 35, 41, 44, 52, 57, 61] }] },
    yDomain: [0, 100],
    unit: '%',
  },
  play: async ({ canvasElement }) => {
    const ticks = yLabels(canvasElement).map((t) => t.textContent?.replace(/[\u2068\u2069]/g, ''));
    await expect(ticks.at(0)).toBe('0%');
    await expect(ticks.at(-1)).toBe('100%');
  },
};

/**
 * Hovering a point shows a tooltip with every series' value at that label (pointer only); shown
 * here over March (`defaultActiveIndex`).
 */
export const Tooltip: Story = {
  args: { defaultActiveIndex: 2 },
  play: async ({ canvasElement }) => {
    const tooltip = canvasElement.querySelector<HTMLElement>('[data-part="tooltip"]');
    await expect(tooltip).toHaveTextContent('Mar');
    await expect(tooltip).toHaveTextContent('Deployments51');
    await expect(tooltip).toHaveAttribute('aria-hidden', 'true');
  },
};

/** The pointer over a label shows its tooltip; leaving the plot hides it. */
export const TooltipTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement }) => {
    const plot = canvasElement.querySelector<HTMLElement>('svg[role="img"]')!.parentElement!;
    const mar = xLabels(canvasElement).find((t) => t.dataset.index === '2')!;
    const box = rect(mar);
    await userEvent.pointer({
      target: plot,
      coords: { clientX: box.left + box.width / 2, clientY: box.top - 40 },
    });
    const tooltip = await waitFor(() => {
      const el = canvasElement.querySelector<HTMLElement>('[data-part="tooltip"]');
      if (!el) throw new Error('no tooltip');
      return el;
    });
    await expect(tooltip).toHaveTextContent('Mar');
    await expect(tooltip).toHaveTextContent('Deployments51');
    await expect(tooltip).toHaveAttribute('aria-hidden', 'true');
    await userEvent.unhover(plot);
    await waitFor(() => expect(canvasElement.querySelector('[data-part="tooltip"]')).toBeNull());
  },
};

/** No data: the kit's EmptyState (compact), titled with the chart's name for screen readers. */
export const Empty: Story = {
  args: { data: { labels: [], series: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No data to display')).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: 'Deployments per month: No data to display' }),
    ).toBeVisible();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const EmptyDark: Story = { ...Empty, parameters: { theme: 'dark' } };

/** `empty` replaces the default content, e.g. with the next step. */
export const EmptyCustom: Story = {
  args: {
    data: { labels: [], series: [] },
    empty: (
      <EmptyState
        size="sm"
        title="No deployments yet"
        description="Connect a pipeline and deployments appear here within a few minutes."
        action={<Button size="sm">Connect a pipeline</Button>}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No deployments yet' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Connect a pipeline' })).toBeVisible();
  },
};

export const EmptyAllNull: Story = {
  args: {
    kind: 'bar',
    data: { labels: months.slice(0, 3), series: [{ name: 'Deployments', data: [null, null, null] }] },
    labels: { empty: 'No deployments recorded yet' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No deployments recorded yet')).toBeVisible();
  },
};

/** A failed load: the kit's ErrorState (compact) with a retry button, at the chart's height. */
export const ErrorWithRetry: Story = {
  args: { error: true, onRetry: fn() },
  play: async ({ canvas, canvasElement }) => {
    const alert = canvas.getByRole('alert');
    await expect(
      within(alert).getByRole('heading', { name: 'Deployments per month: Could not load this chart' }),
    ).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    // Same height as the chart it stands for.
    await expect(
      canvasElement.querySelector('main > div')!.getBoundingClientRect().height,
    ).toBeGreaterThanOrEqual(240);
  },
};

/** No retry (nothing the person can do); the caught Error's message under "Technical details". */
export const ErrorWithoutRetry: Story = {
  args: {
    error: new Error('HTTP 503 Service Unavailable (request 7f3c9a2e)'),
    kind: 'bar',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
    await expect(canvas.getByText('Technical details')).toBeVisible();
    // Developer text stays collapsed.
    await expect(canvas.getByText(/HTTP 503/)).not.toBeVisible();
  },
};

/** A message of the caller's, and the retry under way. */
export const ErrorRetrying: Story = {
  args: {
    error: 'The metrics service did not answer in time.',
    onRetry: fn(),
    retrying: true,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The metrics service did not answer in time.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-busy', 'true');
  },
};

export const ErrorDark: Story = { ...ErrorWithRetry, parameters: { theme: 'dark' } };

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvasElement.querySelector('[aria-busy="true"]')).not.toBeNull();
    await expect(canvas.getByText('Deployments per month: Loading chart')).toBeInTheDocument();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
  },
};

export const CustomLabels: Story = {
  name: 'Localised labels (de)',
  args: {
    title: 'Bereitstellungen pro Monat',
    description: undefined,
    data: {
      labels: ['Jan.', 'Feb.', 'März'],
      series: [
        { name: 'Bereitstellungen', data: [1234.5, null, 1500] },
        { name: 'Fehlgeschlagen', data: [12, 8, 9] },
      ],
    },
    labels: {
      showTable: 'Datentabelle anzeigen',
      hideTable: 'Datentabelle ausblenden',
      labelColumn: 'Monat',
      noData: 'Keine Daten',
    },
  },
  parameters: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Datentabelle anzeigen' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};

/** With the data table shown (`defaultTableShown`): its header and values in the locale's strings. */
export const CustomLabelsTable: Story = {
  ...CustomLabels,
  name: 'Localised labels (de), data table',
  args: { ...CustomLabels.args, defaultTableShown: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Datentabelle ausblenden' })).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Bereitstellungen pro Monat' });
    await expect(within(table).getByRole('columnheader', { name: 'Monat' })).toBeInTheDocument();
    await expect(table).toHaveTextContent('1.234,5');
    await expect(table).toHaveTextContent('Keine Daten');
  },
};

/** The button shows and hides the table, and its name follows. */
export const CustomLabelsTest: Story = {
  ...CustomLabels,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Datentabelle anzeigen' });
    await userEvent.click(button);
    await expect(button).toHaveAccessibleName('Datentabelle ausblenden');
    await expect(canvas.getByRole('table', { name: 'Bereitstellungen pro Monat' })).toBeVisible();
    await userEvent.click(button);
    await expect(button).toHaveAccessibleName('Datentabelle anzeigen');
  },
};

export const Narrow: Story = {
  args: { kind: 'bar', data: aiUsage, title: 'AI usage per week' },
  parameters: { width: 320 },
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg[role="img"]')!;
    await expect(rect(svg).width).toBeLessThanOrEqual(320);
    await expect(rect(svg).width).toBeGreaterThan(250);
    await expectLabelsDoNotOverlap(canvasElement);
  },
};

export const NarrowLongLabels: Story = {
  args: { ...LongLabels.args },
  parameters: { width: 320 },
  play: async ({ canvasElement }) => {
    // Few categories: every one keeps a (shortened) label.
    await expect(xLabels(canvasElement)).toHaveLength(longLabels.labels.length);
    await expectLabelsDoNotOverlap(canvasElement);
  },
};

/** Several charts together (used for the dark theme). */
export const Gallery: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 32 }}>
      <LineChart title="Deployments per month" data={deployments} area />
      <BarChart title="AI usage per week" data={aiUsage} />
      <BarChart title="Lines changed per week" data={stackedMixed} stacked />
      <LineChart title="Deployments per team" data={manySeries} height={200} />
      <LineChart title="Deployments per month" data={deployments} loading />
    </div>
  ),
};

export const Dark: Story = { ...Gallery, parameters: { theme: 'dark' } };

export const RightToLeft: Story = {
  args: {
    title: 'عمليات النشر شهريًا',
    description: undefined,
    data: arabic,
    labels: {
      showTable: 'عرض جدول البيانات',
      hideTable: 'إخفاء جدول البيانات',
      labelColumn: 'الشهر',
      noData: 'لا توجد بيانات',
      empty: 'لا توجد بيانات لعرضها',
    },
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getByRole('img', { name: 'عمليات النشر شهريًا' })).toBeInTheDocument();
    // The x axis runs right to left…
    const labels = xLabels(canvasElement);
    await expect(rect(labels[0]!).left).toBeGreaterThan(rect(labels.at(-1)!).left);
    // …and the y axis sits on the right of the plot.
    const plotRight = rect(gridLines(canvasElement)[0]!).right;
    for (const t of yLabels(canvasElement))
      await expect(rect(t).left).toBeGreaterThanOrEqual(plotRight - 0.5);
    await expectLabelsDoNotOverlap(canvasElement);
    await expect(canvas.getByRole('button', { name: 'عرض جدول البيانات' })).toBeInTheDocument();
  },
};

export const RightToLeftBars: Story = {
  args: { ...RightToLeft.args, kind: 'bar' },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    // First label's bar group is on the right; within a group the first series is on the right too.
    const first = canvasElement.querySelectorAll('[data-series="0"] > [data-bar]');
    const second = canvasElement.querySelectorAll('[data-series="1"] > [data-bar]');
    await expect(rect(first[0]!).left).toBeGreaterThan(rect(first[5]!).left);
    await expect(rect(first[0]!).left).toBeGreaterThan(rect(second[0]!).left);
  },
};

export const RightToLeftDark: Story = { ...RightToLeftBars, parameters: { dir: 'rtl', theme: 'dark' } };

export const ErrorRightToLeft: Story = {
  args: {
    ...RightToLeft.args,
    error: new Error('HTTP 503'),
    onRetry: fn(),
    labels: {
      ...RightToLeft.args?.labels,
      error: 'تعذّر تحميل الرسم البياني',
      retry: 'إعادة المحاولة',
      errorDetails: 'التفاصيل التقنية',
    },
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'عمليات النشر شهريًا: تعذّر تحميل الرسم البياني' }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
    await expect(canvas.getByText('التفاصيل التقنية')).toBeVisible();
  },
};

const paletteNames = ['Blue', 'Gold', 'Raspberry', 'Teal', 'Violet', 'Olive', 'Indigo', 'Wine'];
const paletteNamesDark = ['Blue', 'Gold', 'Pink', 'Teal', 'Lavender', 'Olive', 'Indigo', 'Plum'];
const chartKeys = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;

function PaletteSwatches() {
  const dark = useTheme().resolved === 'dark';
  const hex = (dark ? darkColours : lightColours).chart;
  return (
    <ol style={{ display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
      {chartKeys.map((k, i) => (
        <li key={k} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span
            aria-hidden="true"
            style={{ width: 40, height: 24, borderRadius: 4, background: vars.color.chart[k] }}
          />
          <span>
            {`${k} ${(dark ? paletteNamesDark : paletteNames)[i]}`}
            <br />
            <code>{hex[i]}</code>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The chart palette (`vars.color.chart`), in the order series take it, with eight series drawn in it. */
export const Palette: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      <PaletteSwatches />
      <BarChart title="Deployments per team" data={manySeries} height={200} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('li > span[aria-hidden]')).toHaveLength(8);
    // Eight series, eight different fills.
    const fills = [...canvasElement.querySelectorAll('[data-series] > [data-bar="0"]')].map(
      (bar) => getComputedStyle(bar).fill,
    );
    await expect(new Set(fills).size).toBe(8);
  },
};

export const PaletteDark: Story = { ...Palette, parameters: { theme: 'dark' } };
