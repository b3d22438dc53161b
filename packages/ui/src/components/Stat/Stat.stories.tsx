import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Card } from '../Card/index.js';
import { Stat } from './Stat.js';

const meta = {
  title: 'UI/Stat',
  component: Stat,
  args: {
    label: 'Fees billed',
    value: '€48,200',
    delta: { value: '12%', direction: 'up', period: 'from previous period' },
    helpText: 'Quarter to date, excluding VAT',
  },
} satisfies Meta<typeof Stat>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The change reads "up 12% from previous period": direction in words, not colour or arrow alone. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const term = canvas.getByRole('term');
    await expect(term).toHaveTextContent('Fees billed');
    const [value, delta, help] = canvas.getAllByRole('definition');
    await expect(value).toHaveTextContent('€48,200');
    await expect(delta).toHaveTextContent('up 12% from previous period');
    await expect(delta).toHaveAttribute('data-tone', 'success');
    await expect(help).toHaveTextContent('Quarter to date, excluding VAT');
    // The arrow is decorative; "up" is visually hidden text, so sighted users get the arrow, others the word.
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    const word = canvas.getByText('up', { exact: true });
    await expect(word.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

/** Up, down and flat, and tones that don't follow direction (costs going down are good). */
export const Directions: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
      <Stat
        label="New clients"
        value="38"
        delta={{ value: '12%', direction: 'up', period: 'vs last month' }}
      />
      <Stat
        label="Open cases"
        value="112"
        delta={{ value: '4%', direction: 'down', period: 'vs last month' }}
      />
      <Stat
        label="Response time"
        value="4.2"
        unit="hrs"
        delta={{ value: '0%', direction: 'flat', period: 'vs last month' }}
      />
      <Stat
        label="Outstanding invoices"
        value="€9,150"
        delta={{ value: '18%', direction: 'down', tone: 'success', period: 'vs last month' }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const deltas = Array.from(canvasElement.querySelectorAll('[data-direction]'));
    await expect(deltas.map((d) => d.textContent)).toEqual([
      'up 12% vs last month',
      'down 4% vs last month',
      'unchanged 0% vs last month',
      'down 18% vs last month',
    ]);
    await expect(deltas.map((d) => d.getAttribute('data-tone'))).toEqual([
      'success',
      'danger',
      'neutral',
      'success',
    ]);
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <Stat key={size} {...args} size={size} label={`Size ${size}`} />
      ))}
    </div>
  ),
};

/** Skeletons for value and change; the stat is busy and says "Loading". */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas, canvasElement }) => {
    const dl = canvasElement.querySelector('dl')!;
    await expect(dl).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Loading')).toBeInTheDocument();
    await expect(canvas.queryByText('€48,200')).toBeNull();
    await expect(canvasElement.querySelectorAll('[data-shape]')).toHaveLength(2);
    // The label stays, so the layout doesn't jump.
    await expect(canvas.getByRole('term')).toHaveTextContent('Fees billed');
  },
};

export const WithoutDelta: Story = {
  args: { delta: undefined, helpText: undefined, unit: 'cases', value: '1,204' },
};

export const LongText: Story = {
  args: {
    label: 'Average time to first response for new enquiries submitted through the portal',
    value: '1,234,567,890.12',
    unit: 'minutes',
    delta: {
      value: '123.4%',
      direction: 'up',
      tone: 'danger',
      period: 'compared with the same quarter last year',
    },
    helpText: 'Counted in business hours only, from submission to the first reply by an adviser.',
  },
  parameters: { width: 240 },
  play: async ({ canvasElement }) => {
    const dl = canvasElement.querySelector('dl')!;
    await expect(dl.scrollWidth).toBeLessThanOrEqual(dl.clientWidth + 1);
  },
};

export const UnbrokenText: Story = {
  args: { value: '123456789012345678901234567890', label: 'Supercalifragilisticexpialidocious-identifier' },
  parameters: { width: 200 },
  play: async ({ canvasElement }) => {
    const dl = canvasElement.querySelector('dl')!;
    await expect(dl.scrollWidth).toBeLessThanOrEqual(dl.clientWidth + 1);
  },
};

export const InCards: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      <Card as="div">
        <Stat
          label="Fees billed"
          value="€48,200"
          delta={{ value: '12%', direction: 'up', period: 'vs Q1' }}
        />
      </Card>
      <Card as="div" variant="elevated">
        <Stat label="Open cases" value="112" delta={{ value: '4%', direction: 'down', period: 'vs Q1' }} />
      </Card>
      <Card as="div">
        <Stat label="Hours logged" loading delta={{ value: '', direction: 'flat' }} />
      </Card>
    </div>
  ),
};

/** No value (`undefined`, `null`, NaN…): a dash, read as "No data", never "NaN" or "undefined". */
export const EmptyValue: Story = {
  args: { value: undefined, unit: 'hrs', delta: undefined, label: 'Average response time' },
  play: async ({ canvas, canvasElement }) => {
    const [value] = canvas.getAllByRole('definition');
    await expect(value).toHaveTextContent('—No data');
    await expect(canvas.getByText('—')).toHaveAttribute('aria-hidden', 'true');
    // The unit makes no sense without a value.
    await expect(canvas.queryByText('hrs')).toBeNull();
    await expect(canvasElement.textContent).not.toMatch(/NaN|undefined|Infinity/);
  },
};

/** A value computed from nothing (0 / 0) is not shown as "NaN". */
export const EmptyValueNotANumber: Story = {
  args: { value: Number.NaN, unit: '%', label: 'Change failure rate', helpText: 'No deployments this month' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).not.toMatch(/NaN/);
    await expect(canvasElement.querySelector('dd')).toHaveTextContent('—No data');
  },
};

/** A failed load: a dash, what went wrong in the danger colour, and a retry button. */
export const ErrorWithRetry: Story = {
  args: { error: true, onRetry: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('term')).toHaveTextContent('Fees billed');
    const definitions = canvas.getAllByRole('definition');
    // The dash is decorative: the first definition read is the error.
    await expect(definitions[0]).toHaveTextContent('Could not load');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(canvas.queryByText('€48,200')).toBeNull();
    await expect(canvas.queryByText(/from previous period/)).toBeNull();
  },
};

/** The caller's message; no retry. */
export const ErrorWithoutRetry: Story = {
  args: { error: 'Billing is unavailable until 14:00', onRetry: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Billing is unavailable until 14:00')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Empty and failed stats beside normal ones, as on a dashboard. */
export const States: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
      <Card as="div">
        <Stat
          label="Fees billed"
          value="€48,200"
          delta={{ value: '12%', direction: 'up', period: 'vs Q1' }}
        />
      </Card>
      <Card as="div">
        <Stat label="Average response time" value={undefined} unit="hrs" helpText="No enquiries yet" />
      </Card>
      <Card as="div">
        <Stat label="Open cases" error onRetry={() => {}} delta={{ value: '4%', direction: 'down' }} />
      </Card>
      <Card as="div">
        <Stat label="Hours logged" loading delta={{ value: '', direction: 'flat' }} />
      </Card>
    </div>
  ),
};

export const StatesDark: Story = { ...States, parameters: { theme: 'dark' } };

export const StatesRightToLeft: Story = {
  render: () => {
    const labels = {
      up: 'ارتفاع',
      down: 'انخفاض',
      flat: 'دون تغيير',
      loading: 'جارٍ التحميل',
      noValue: 'لا توجد بيانات',
      error: 'تعذّر التحميل',
      retry: 'إعادة المحاولة',
    };
    return (
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        <Card as="div">
          <Stat label="متوسط وقت الاستجابة" value={undefined} unit="ساعة" labels={labels} />
        </Card>
        <Card as="div">
          <Stat label="القضايا المفتوحة" error onRetry={() => {}} labels={labels} />
        </Card>
      </div>
    );
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('لا توجد بيانات')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
  },
};

export const NarrowContainer: Story = { ...Directions, parameters: { width: 280 } };
export const Dark: Story = { ...Directions, parameters: { theme: 'dark' } };
export const DarkLoading: Story = { ...Loading, parameters: { theme: 'dark' } };
export const RightToLeft: Story = {
  args: {
    label: 'الأتعاب المفوترة',
    value: '٤٨٬٢٠٠ €',
    delta: { value: '١٢٪', direction: 'up', period: 'مقارنة بالفترة السابقة' },
    helpText: 'منذ بداية الربع',
    labels: { up: 'ارتفاع', down: 'انخفاض', flat: 'دون تغيير', loading: 'جارٍ التحميل' },
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-direction]')).toHaveTextContent(
      'ارتفاع ١٢٪ مقارنة بالفترة السابقة',
    );
  },
};
