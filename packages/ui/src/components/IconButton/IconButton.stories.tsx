import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { IconButton } from './IconButton.js';
import type { IconButtonSize, IconButtonTone, IconButtonVariant } from './IconButton.js';
import { ArrowRight, Settings } from 'lucide-react';
import { Icon } from '../Icon/index.js';

const GearIcon = () => <Icon icon={Settings} />;
const ArrowIcon = () => <Icon icon={ArrowRight} />;

const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  args: { label: 'Settings', children: <GearIcon />, onClick: fn() },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

const variants: IconButtonVariant[] = ['solid', 'outline', 'subtle', 'ghost'];
const tones: IconButtonTone[] = ['accent', 'neutral', 'danger'];
const sizes: IconButtonSize[] = ['sm', 'md', 'lg'];

export const Default: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Settings' });
    await expect(button).toHaveAttribute('aria-label', 'Settings');
    await expect(button).toHaveAttribute('type', 'button');
    // Square, 40 px by default; the icon is 20 px.
    const box = button.getBoundingClientRect();
    await expect(box.width).toBe(40);
    await expect(box.height).toBe(40);
    const svg = button.querySelector('svg')!;
    await expect(svg.getBoundingClientRect().width).toBe(20);
    await expect(svg.closest('[aria-hidden="true"]')).not.toBeNull();
  },
};

/** Click, then keyboard: Tab focuses it, Enter and Space activate it. */
export const ClickAndKeyboardTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Settings' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    // Keyboard: Tab focuses it, Enter and Space activate it.
    button.blur();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onClick).toHaveBeenCalledTimes(3);
  },
};

/** Every variant × tone, in every size. */
export const Matrix: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12 }}>
      {tones.map((tone) =>
        sizes.map((size) => (
          <div
            key={`${tone}-${size}`}
            style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}
          >
            {variants.map((variant) => (
              <IconButton
                key={variant}
                {...args}
                label={`${args.label} (${variant} ${tone} ${size})`}
                variant={variant}
                tone={tone}
                size={size}
              />
            ))}
          </div>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const [size, px] of [
      ['sm', 32],
      ['md', 40],
      ['lg', 48],
    ] as const) {
      const box = canvas
        .getByRole('button', { name: `Settings (solid accent ${size})` })
        .getBoundingClientRect();
      await expect([box.width, box.height]).toEqual([px, px]);
    }
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Settings' })).toBeDisabled();
  },
};

/** A click on a disabled button does nothing. */
export const DisabledIgnoresClickTest: Story = {
  ...Disabled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Settings' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, label: 'Saving' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Saving' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button.querySelector('svg')).toBeNull();
  },
};

/** A click on a busy button does nothing. */
export const LoadingIgnoresClickTest: Story = {
  ...Loading,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Saving' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** A long label is only the accessible name: the button stays square. */
export const LongLabel: Story = {
  args: {
    label:
      'Open the notification settings for this workspace and every project inside it, including archived ones',
  },
  parameters: { width: 200 },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('button').getBoundingClientRect();
    await expect([box.width, box.height]).toEqual([40, 40]);
  },
};

export const UnbrokenText: Story = {
  args: { label: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789' },
  parameters: { width: 200 },
};

export const Narrow: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {Array.from({ length: 10 }, (_, i) => (
        <IconButton key={i} {...args} label={`Settings ${i + 1}`} variant="outline" />
      ))}
    </div>
  ),
  parameters: { width: 280 },
};

export const Dark: Story = { ...Matrix, parameters: { theme: 'dark' } };

export const RightToLeft: Story = {
  args: { label: 'التالي', children: <ArrowIcon />, flipInRtl: true },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'التالي' });
    await expect(button).toBeVisible();
    // The arrow is mirrored so that "next" points left.
    const icon = button.querySelector('svg')!.parentElement!;
    await expect(getComputedStyle(icon).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  },
};
