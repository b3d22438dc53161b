import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor } from 'storybook/test';
import { vars } from '../../theme/contract.css.js';
import type { Tone } from '../../theme/tokens.js';
import { Progress } from './Progress.js';
import type { ProgressProps, ProgressSize } from './Progress.js';

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

/** 40% of the contract term: the bar, its ARIA values and the text agree. */
export const Default: Story = {
  render: (args) => (
    <div style={{ maxWidth: 420 }}>
      <Progress {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Contract term' });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(canvas.getByText('40%')).toBeVisible();
    await waitFor(() => expect(width(getRange(bar)) / width(bar)).toBeCloseTo(0.4, 2));
  },
};

/** Buttons move the value (by keyboard); the bar, its ARIA values and the text follow; above 100 clamps. */
export const ValueChangesTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
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
  play: async (context) => {
    const { canvas } = context;
    await Default.play?.(context);
    const bar = canvas.getByRole('progressbar', { name: 'Contract term' });
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

/** The rendered colour of a theme colour, inside the story's themed root. */
function themeColour(inside: Element, colour: string) {
  // The kit's resets (important, layered) beat a probe's inline style inside the root: resolve the
  // variable there and the colour outside it.
  const name = /var\((--[^),]+)/.exec(colour)?.[1];
  const value = name ? getComputedStyle(inside).getPropertyValue(name).trim() : colour;
  const probe = document.createElement('span');
  probe.style.color = value;
  document.body.append(probe);
  const rgb = getComputedStyle(probe).color;
  probe.remove();
  return rgb;
}

/**
 * The upload stopped at 62% with a failure: the fill stops there in the danger colour, and "Failed"
 * (with an icon) is shown and read with the bar, so the state is not told by colour alone.
 */
export const StatusError: Story = {
  args: { label: 'Uploading contract.pdf', value: 62, status: 'error' },
  parameters: { width: 420 },
  play: async ({ canvas, canvasElement }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Uploading contract.pdf' });
    await expect(bar).toHaveAccessibleDescription('Failed');
    await expect(bar).toHaveAttribute('aria-valuenow', '62');
    await expect(canvas.getByText('Failed')).toBeVisible();
    await expect(getComputedStyle(getRange(bar)).backgroundColor).toBe(
      themeColour(canvasElement.querySelector('main')!, vars.color.tone.danger.solid),
    );
    // Stopped, not busy: no sliding bar.
    await expect(getComputedStyle(bar, '::after').animationName).toBe('none');
  },
};

/** The work is done: a full success fill, "Complete" with a check. */
export const StatusComplete: Story = {
  args: { label: 'Onboarding', value: 100, status: 'complete' },
  parameters: { width: 420 },
  play: async ({ canvas, canvasElement }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Onboarding' });
    await expect(bar).toHaveAccessibleDescription('Complete');
    await expect(bar).toHaveAttribute('data-state', 'complete');
    await expect(canvas.getByText('Complete')).toBeVisible();
    await waitFor(() => expect(width(getRange(bar))).toBeCloseTo(width(bar), 0));
    await expect(getComputedStyle(getRange(bar)).backgroundColor).toBe(
      themeColour(canvasElement.querySelector('main')!, vars.color.tone.success.solid),
    );
  },
};

/** Both states with a marker, translated words, a failure before any progress; dark and right to left. */
const statuses = (args: ProgressProps) => (
  <div style={{ display: 'grid', gap: 20, maxWidth: 420 }}>
    <Progress {...args} label="Importing invoices" value={35} status="error" />
    <Progress
      {...args}
      label="Contract term"
      value={100}
      status="complete"
      valueText="365 of 365 days"
      marker={{ position: (305 / 365) * 100, label: 'Check-in: 60 days before the end date' }}
    />
    <Progress {...args} label="Connecting to your calendar" value={null} status="error" />
  </div>
);

export const StatusesDark: Story = { render: statuses, parameters: { theme: 'dark' } };

export const StatusesRightToLeft: Story = {
  render: (args) => statuses({ ...args, statusLabels: { error: 'فشل', complete: 'اكتمل' } }),
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Importing invoices' })).toHaveAccessibleDescription(
      'فشل',
    );
    // Failed before any progress: an empty bar, not the busy animation.
    const empty = canvas.getByRole('progressbar', { name: 'Connecting to your calendar' });
    await expect(empty).toHaveAttribute('aria-valuenow', '0');
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
