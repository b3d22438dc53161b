import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { vars } from '../../theme/contract.css.js';
import { Button } from './Button.js';
import type { ButtonProps, ButtonTone, ButtonVariant } from './Button.js';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Book a meeting', onClick: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

const variants: ButtonVariant[] = ['solid', 'outline', 'subtle', 'ghost'];
const tones: ButtonTone[] = ['accent', 'neutral', 'danger'];

/** A theme colour as the browser computes it, inside the story's themed root. */
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

export const Default: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Book a meeting' });
    await expect(button).toHaveAttribute('type', 'button');
    await expect(button).toBeEnabled();
  },
};

/** Click, then keyboard: Tab focuses it, Enter and Space activate it. */
export const ClickAndKeyboardTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Book a meeting' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
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

/**
 * One interaction state on every variant × tone. The `data-hover`, `data-active` and
 * `data-focus-visible` hooks style a button as the pointer or keyboard would, so the state is still.
 */
type StateHook = 'data-hover' | 'data-active' | 'data-focus-visible';
function StateMatrix({ hook, ...args }: ButtonProps & { hook: StateHook }) {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {tones.map((tone) => (
        <div key={tone} style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {variants.map((variant) => (
            <Button key={variant} {...args} variant={variant} tone={tone} {...{ [hook]: '' }}>
              {`${variant} ${tone}`}
            </Button>
          ))}
        </div>
      ))}
    </div>
  );
}

/** The pointer over each button: solid takes the darker hover colour, the others a tinted fill. */
export const Hover: Story = {
  render: (args) => <StateMatrix {...args} hook="data-hover" />,
  play: async ({ canvas, canvasElement }) => {
    const solid = canvas.getByRole('button', { name: 'solid accent' });
    await expect(getComputedStyle(solid).backgroundColor).toBe(
      themeColour(canvasElement.querySelector('main')!, vars.color.tone.accent.solidHover),
    );
    const ghost = canvas.getByRole('button', { name: 'ghost danger' });
    await expect(getComputedStyle(ghost).backgroundColor).toBe(
      themeColour(canvasElement.querySelector('main')!, vars.color.tone.danger.subtle),
    );
  },
};

/** Pressed (the pointer held down): the hover colour, pushed down a pixel. */
export const Active: Story = {
  render: (args) => <StateMatrix {...args} hook="data-active" />,
  play: async ({ canvas, canvasElement }) => {
    const solid = canvas.getByRole('button', { name: 'solid accent' });
    await expect(getComputedStyle(solid).backgroundColor).toBe(
      themeColour(canvasElement.querySelector('main')!, vars.color.tone.accent.solidHover),
    );
    await expect(getComputedStyle(solid).transform).toBe('matrix(1, 0, 0, 1, 0, 1)');
  },
};

/** Focused from the keyboard: the kit's 2px focus ring, 2px away from the button. */
export const FocusVisible: Story = {
  render: (args) => <StateMatrix {...args} hook="data-focus-visible" />,
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getByRole('button', { name: 'outline neutral' });
    const style = getComputedStyle(button);
    await expect(style.outlineStyle).toBe('solid');
    await expect(style.outlineWidth).toBe('2px');
    await expect(style.outlineOffset).toBe('2px');
    await expect(style.outlineColor).toBe(
      themeColour(canvasElement.querySelector('main')!, vars.color.focusRing),
    );
  },
};

/** Hover, pressed and focus side by side, in the dark theme. */
export const StatesDark: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {(['data-hover', 'data-active', 'data-focus-visible'] as const).map((hook) => (
        <div key={hook} style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          {variants.map((variant) => (
            <Button key={variant} {...args} variant={variant} {...{ [hook]: '' }}>
              {`${variant} ${hook.replace('data-', '')}`}
            </Button>
          ))}
        </div>
      ))}
    </div>
  ),
  parameters: { theme: 'dark' },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button')).toBeDisabled();
  },
};

/** A click on a disabled button does nothing. */
export const DisabledIgnoresClickTest: Story = {
  ...Disabled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button');
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Saving' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Saving' })).toHaveAttribute('aria-busy', 'true');
  },
};

/** A click on a busy button does nothing (it stays focusable). */
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
