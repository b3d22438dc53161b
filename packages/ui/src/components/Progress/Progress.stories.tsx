import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import type { Tone } from '../../theme/tokens.js';
import { Progress } from './Progress.js';
import type { ProgressSize } from './Progress.js';

const meta = {
  title: 'UI/Progress',
  component: Progress,
  args: { label: 'Contract term', value: 40 },
} satisfies Meta<typeof Progress>;
export default meta;
type Story = StoryObj<typeof meta>;

const tones: Tone[] = ['accent', 'neutral', 'success', 'warning', 'danger', 'info'];
const sizes: ProgressSize[] = ['sm', 'md', 'lg'];

const width = (el: Element) => el.getBoundingClientRect().width;
const getRange = (bar: HTMLElement) => bar.querySelector<HTMLElement>('[data-part="range"]')!;

/** Buttons move the value; the bar, its ARIA values and the text follow. */
export const Default: Story = {
  render: function Render(args) {
    const [value, setValue] = useState<number | null>(args.value);
    return (
      <div style={{ display: 'grid', gap: 12, maxWidth: 420 }}>
        <Progress {...args} value={value} />
        <div style={{ display: 'flex', gap: 8 }}>
          <button type="button" onClick={() => setValue((v) => (v ?? 0) + 30)}>
            Add 30
          </button>
          <button type="button" onClick={() => setValue(null)}>
            Busy
          </button>
        </div>
      </div>
    );
  },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Contract term' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(canvas.getByText('40%')).toBeVisible();
    await waitFor(() => expect(width(getRange(bar)) / width(bar)).toBeCloseTo(0.4, 2));

    // Keyboard: the buttons drive it; values above 100 are clamped.
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(bar).toHaveAttribute('aria-valuenow', '70');
    await userEvent.keyboard('{Enter}');
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(bar).toHaveAttribute('data-state', 'complete');
    await waitFor(() => expect(width(getRange(bar))).toBeCloseTo(width(bar), 0));

    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveAttribute('data-state', 'indeterminate');
    await expect(canvas.queryByText('100%')).toBeNull();
  },
};

/** "Check-in 60 days before the end date": a labelled tick that also describes the bar. */
export const WithMarker: Story = {
  args: {
    value: 55,
    valueText: '200 of 365 days',
    marker: { position: (305 / 365) * 100, label: 'Check-in: 60 days before the end date' },
  },
  parameters: { width: 420 },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Contract term' });
    await expect(bar).toHaveAccessibleDescription('Check-in: 60 days before the end date');
    await expect(bar).toHaveAttribute('aria-valuetext', '200 of 365 days');
    const tick = canvas
      .getByText('Check-in: 60 days before the end date')
      .parentElement!.querySelector('[data-part="marker"]')!;
    const barBox = bar.getBoundingClientRect();
    const tickBox = tick.getBoundingClientRect();
    const centre = (tickBox.left + tickBox.width / 2 - barBox.left) / barBox.width;
    await expect(centre).toBeCloseTo(305 / 365, 1);
    // The label ends at the tick (past the middle), inside the bar's width.
    const label = canvas.getByText('Check-in: 60 days before the end date');
    await expect(label).toHaveAttribute('data-align', 'end');
    await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth + 1);
  },
};

export const MarkerNearStart: Story = {
  args: { value: 5, marker: { position: 10, label: 'Onboarding call' } },
  parameters: { width: 420 },
};

export const Matrix: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480 }}>
      {sizes.map((size) =>
        tones.map((tone, i) => (
          <Progress
            key={`${size}-${tone}`}
            {...args}
            label={`${tone} ${size}`}
            value={10 + i * 18}
            tone={tone}
            size={size}
          />
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const [size, px] of [
      ['sm', 4],
      ['md', 8],
      ['lg', 12],
    ] as const) {
      const bar = canvas.getByRole('progressbar', { name: `accent ${size}` });
      await expect(bar.getBoundingClientRect().height).toBe(px);
    }
  },
};

export const Values: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 420 }}>
      <Progress label="Empty" value={0} />
      <Progress label="Over the top" value={140} />
      <Progress label="Below zero" value={-20} />
      <Progress label="Complete" value={100} tone="success" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Over the top' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(canvas.getByRole('progressbar', { name: 'Below zero' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    const empty = canvas.getByRole('progressbar', { name: 'Empty' });
    await expect(width(getRange(empty))).toBe(0);
  },
};

export const Indeterminate: Story = {
  args: { value: null, label: 'Uploading documents' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Uploading documents' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(width(getRange(bar))).toBe(0);
    await expect(getComputedStyle(bar, '::after').animationName).not.toBe('none');
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true, showValueText: false, label: 'Profile completeness', value: 75 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Profile completeness' })).toBeInTheDocument();
  },
};

export const LongText: Story = {
  args: {
    label: 'Migrating your historical invoices, statements and supporting documents to the new archive',
    valueText: '1,204 of 3,000 documents',
    value: 40,
    marker: { position: 45, label: 'Halfway review with your account manager and the finance team' },
  },
  parameters: { width: 280 },
};

export const UnbrokenText: Story = {
  args: {
    label: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789',
    marker: { position: 30, label: 'Checkpoint-unbroken-identifier-ABCDEFGHIJKLMNOP' },
  },
  parameters: { width: 200 },
  play: async ({ canvasElement }) => {
    const main = canvasElement.querySelector('main')!;
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  },
};

export const Narrow: Story = { ...WithMarker, parameters: { width: 280 }, play: undefined };
export const Dark: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 480 }}>
      {tones.map((tone, i) => (
        <Progress key={tone} {...args} label={tone} tone={tone} value={15 + i * 15} />
      ))}
      <Progress {...args} label="With marker" value={55} marker={{ position: 80, label: 'Check-in' }} />
      <Progress {...args} label="Busy" value={null} />
    </div>
  ),
  parameters: { theme: 'dark' },
};

/** The fill grows from the right and the marker is measured from the right. */
export const RightToLeft: Story = {
  args: {
    label: 'مدة العقد',
    value: 25,
    marker: { position: 75, label: 'المراجعة: قبل ٦٠ يومًا من تاريخ الانتهاء' },
  },
  parameters: { dir: 'rtl', width: 420 },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'مدة العقد' });
    const barBox = bar.getBoundingClientRect();
    const rangeBox = getRange(bar).getBoundingClientRect();
    await waitFor(() => expect(getRange(bar).getBoundingClientRect().right).toBeCloseTo(barBox.right, 0));
    await expect(rangeBox.width / barBox.width).toBeCloseTo(0.25, 2);
    const tick = bar.parentElement!.querySelector('[data-part="marker"]')!.getBoundingClientRect();
    await expect((barBox.right - (tick.left + tick.width / 2)) / barBox.width).toBeCloseTo(0.75, 1);
    await expect(bar).toHaveAccessibleDescription('المراجعة: قبل ٦٠ يومًا من تاريخ الانتهاء');
  },
};
