import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { Tone } from '../../theme/tokens.js';
import { Badge, Status, statusTones } from './Badge.js';
import type { BadgeVariant, StatusKind } from './Badge.js';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'New', tone: 'accent' },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

const tones: Tone[] = ['neutral', 'accent', 'success', 'warning', 'danger', 'info'];
const variants: BadgeVariant[] = ['subtle', 'solid', 'outline'];

/** A badge is plain text, not a control: it is not focusable and has no role. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const badge = canvas.getByText('New').closest('[data-tone]') as HTMLElement;
    await expect(badge).toHaveAttribute('data-tone', 'accent');
    await expect(badge).not.toHaveAttribute('role');
    await expect(badge).not.toHaveAttribute('tabindex');
    await expect(canvasElement.querySelectorAll('button, [tabindex]')).toHaveLength(0);
  },
};

/** Every tone × variant, in both sizes. */
export const Matrix: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      {(['sm', 'md'] as const).map((size) =>
        variants.map((variant) => (
          <div key={`${size}-${variant}`} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {tones.map((tone) => (
              <Badge key={tone} {...args} tone={tone} variant={variant} size={size}>
                {`${tone} ${variant} ${size}`}
              </Badge>
            ))}
          </div>
        )),
      )}
    </div>
  ),
};

export const WithIcon: Story = {
  args: { icon: '★', children: 'Priority client', tone: 'warning' },
  play: async ({ canvas }) => {
    // The icon is decorative; the text carries the meaning.
    await expect(canvas.getByText('★')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** Inline with text and in a sentence: the badge sits on the text's baseline. */
export const InText: Story = {
  render: (args) => (
    <p style={{ maxWidth: 480 }}>
      Invoice INV-2041{' '}
      <Badge {...args} tone="success" size="sm">
        Paid
      </Badge>{' '}
      was settled on 3 March; invoice INV-2042{' '}
      <Badge {...args} tone="danger" variant="solid" size="sm">
        Overdue
      </Badge>{' '}
      is not.
    </p>
  ),
};

export const StatusMatrix: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {(['sm', 'md'] as const).map((size) => (
        <div key={size} style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {tones.map((tone) => (
            <Status key={tone} tone={tone} size={size}>{`${tone} ${size}`}</Status>
          ))}
        </div>
      ))}
    </div>
  ),
};

const kinds = Object.keys(statusTones) as StatusKind[];
const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace('-', ' ');

/** Known states map to tones; the label always says the state (never colour alone). */
export const StatusKinds: Story = {
  render: () => (
    <ul style={{ display: 'grid', gap: 8 }}>
      {kinds.map((k) => (
        <li key={k}>
          <Status status={k}>{title(k)}</Status>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    const active = canvas.getByText('Active').parentElement!;
    await expect(active).toHaveAttribute('data-tone', 'success');
    await expect(canvas.getByText('Pending').parentElement).toHaveAttribute('data-tone', 'warning');
    await expect(canvas.getByText('Closed').parentElement).toHaveAttribute('data-tone', 'neutral');
    // The dot is decorative.
    await expect(active.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  },
};

export const StatusToneOverride: Story = {
  render: () => (
    <Status status="closed" tone="danger">
      Closed (lost)
    </Status>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Closed (lost)').parentElement).toHaveAttribute('data-tone', 'danger');
  },
};

export const LongText: Story = {
  args: { children: 'Awaiting documents from the client before the review can continue' },
  parameters: { width: 240 },
  play: async ({ canvas }) => {
    const badge = canvas.getByText(/Awaiting/).parentElement!;
    await expect(badge.getBoundingClientRect().width).toBeLessThanOrEqual(241);
  },
};

export const UnbrokenText: Story = {
  args: { children: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789' },
  parameters: { width: 200 },
  render: (args) => (
    <div style={{ display: 'grid', gap: 8, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <div>
        <Badge {...args} />
      </div>
      <Status tone="info">{args.children}</Status>
    </div>
  ),
  play: async ({ canvasElement }) => {
    for (const el of Array.from(canvasElement.querySelectorAll('[data-tone]'))) {
      await expect(el.getBoundingClientRect().width).toBeLessThanOrEqual(201);
    }
  },
};

export const NarrowContainer: Story = { ...Matrix, parameters: { width: 280 } };
export const Dark: Story = { ...Matrix, parameters: { theme: 'dark' } };
export const DarkStatus: Story = { ...StatusMatrix, parameters: { theme: 'dark' } };
export const RightToLeft: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Badge tone="success" icon="★">
        مدفوعة
      </Badge>
      <Status status="pending">قيد الانتظار</Status>
    </div>
  ),
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    // The dot comes first in reading order, so it sits on the right.
    const status = canvas.getByText('قيد الانتظار');
    const dot = status.previousElementSibling!;
    await expect(dot.getBoundingClientRect().left).toBeGreaterThan(status.getBoundingClientRect().left);
  },
};
