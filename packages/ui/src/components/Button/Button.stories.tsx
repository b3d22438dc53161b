import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './Button.js';
import type { ButtonTone, ButtonVariant } from './Button.js';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Book a meeting', onClick: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

const variants: ButtonVariant[] = ['solid', 'outline', 'subtle', 'ghost'];
const tones: ButtonTone[] = ['accent', 'neutral', 'danger'];

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Book a meeting' });
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
        (['sm', 'md', 'lg'] as const).map((size) => (
          <div key={`${tone}-${size}`} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
            {variants.map((variant) => (
              <Button key={variant} {...args} variant={variant} tone={tone} size={size}>
                {`${variant} ${tone} ${size}`}
              </Button>
            ))}
          </div>
        )),
      )}
    </div>
  ),
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button');
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Saving' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Saving' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const WithIcons: Story = {
  args: {
    iconStart: <span aria-hidden="true">★</span>,
    iconEnd: <span aria-hidden="true">→</span>,
  },
};

export const LongLabel: Story = {
  args: { children: 'A very long label that keeps going and going well past the width of its container' },
  parameters: { width: 240 },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button');
    await expect(button.getBoundingClientRect().width).toBeLessThanOrEqual(241);
  },
};

export const UnbrokenText: Story = {
  args: { children: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789' },
  parameters: { width: 200 },
};

export const FullWidthNarrow: Story = { args: { fullWidth: true }, parameters: { width: 280 } };
export const Dark: Story = { ...Matrix, parameters: { theme: 'dark' } };
export const RightToLeft: Story = {
  ...WithIcons,
  args: { ...WithIcons.args, children: 'احجز اجتماعًا' },
  parameters: { dir: 'rtl' },
};
