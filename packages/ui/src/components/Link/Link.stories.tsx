import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Download } from 'lucide-react';
import { Icon } from '../Icon/index.js';
import { Link } from './Link.js';

const meta = {
  title: 'UI/Link',
  component: Link,
  // Stories stay on the page: clicks are recorded and their navigation prevented.
  args: { href: '#billing', children: 'Billing settings', onClick: fn((e) => e.preventDefault()) },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <p style={{ maxWidth: 480 }}>
      Update your card in <Link {...args} /> before the end of the month, or read the{' '}
      <Link href="https://example.org/help/billing" onClick={args.onClick}>
        billing guide
      </Link>
      .
    </p>
  ),
  play: async ({ canvas }) => {
    const internal = canvas.getByRole('link', { name: 'Billing settings' });
    await expect(internal).not.toHaveAttribute('target');
    await expect(internal).not.toHaveAttribute('rel');
    await expect(getComputedStyle(internal).textDecorationLine).toBe('underline');

    // Auto-detected external link: another origin.
    const external = canvas.getByRole('link', { name: 'billing guide (opens in a new tab)' });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(external.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  },
};

/** Keyboard: both links are in the tab order; Enter follows the internal one. */
export const KeyboardTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const internal = canvas.getByRole('link', { name: 'Billing settings' });
    const external = canvas.getByRole('link', { name: 'billing guide (opens in a new tab)' });
    await userEvent.tab();
    await expect(internal).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await userEvent.tab();
    await expect(external).toHaveFocus();
  },
};

/**
 * One interaction state on both variants, internal and external. The `data-hover`, `data-active`
 * and `data-focus-visible` hooks style a link as the pointer or keyboard would, so the state is still.
 */
const states = ['data-hover', 'data-active', 'data-focus-visible'] as const;
function StateLinks({ hook }: { hook: (typeof states)[number] }) {
  const state = { [hook]: '' };
  const name = hook.slice('data-'.length);
  return (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <p>
        Inline:{' '}
        <Link href="#billing" {...state}>
          {`billing settings (${name})`}
        </Link>{' '}
        in a sentence.
      </p>
      <Link href="#invoices" variant="standalone" {...state}>
        {`View all invoices (${name})`}
      </Link>
      <Link href="https://example.org/status" variant="standalone" {...state}>
        {`Service status (${name})`}
      </Link>
    </div>
  );
}

/** The pointer over a link: inline links thicken their underline, standalone links gain one. */
export const Hover: Story = {
  render: () => <StateLinks hook="data-hover" />,
  play: async ({ canvas }) => {
    const inline = canvas.getByRole('link', { name: 'billing settings (hover)' });
    await expect(getComputedStyle(inline).textDecorationThickness).toBe('2px');
    const standalone = canvas.getByRole('link', { name: 'View all invoices (hover)' });
    await expect(getComputedStyle(standalone).textDecorationLine).toBe('underline');
  },
};

/** Pressed: a tint behind the text, underlined. */
export const Active: Story = {
  render: () => <StateLinks hook="data-active" />,
  play: async ({ canvas }) => {
    const standalone = canvas.getByRole('link', { name: 'View all invoices (active)' });
    await expect(getComputedStyle(standalone).textDecorationLine).toBe('underline');
    await expect(getComputedStyle(standalone).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  },
};

/** Focused from the keyboard: the kit's focus ring; standalone links are underlined too. */
export const FocusVisible: Story = {
  render: () => <StateLinks hook="data-focus-visible" />,
  play: async ({ canvas }) => {
    const standalone = canvas.getByRole('link', { name: 'View all invoices (focus-visible)' });
    await expect(getComputedStyle(standalone).outlineStyle).toBe('solid');
    await expect(getComputedStyle(standalone).outlineWidth).toBe('2px');
    await expect(getComputedStyle(standalone).textDecorationLine).toBe('underline');
  },
};

/** Every state in the dark theme. */
export const StatesDark: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      {states.map((hook) => (
        <StateLinks key={hook} hook={hook} />
      ))}
    </div>
  ),
  parameters: { theme: 'dark' },
};

export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <p>
        Inline: <Link {...args} variant="inline" /> in a sentence.
      </p>
      <Link {...args} variant="standalone">
        View all invoices
      </Link>
      <Link href="https://example.org/status" variant="standalone">
        Service status
      </Link>
    </div>
  ),
  play: async ({ canvas }) => {
    const standalone = canvas.getByRole('link', { name: 'View all invoices' });
    await expect(getComputedStyle(standalone).textDecorationLine).toBe('none');
  },
};

/** `iconStart`: an icon on the line of the words, hidden from screen readers (the name is the words). */
export const IconStart: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <Link {...args} variant="standalone" iconStart={<Icon icon={Download} size="sm" />}>
        Export CSV
      </Link>
      <p>
        Inline:{' '}
        <Link {...args} iconStart={<Icon icon={Download} size="sm" />}>
          the signed contract
        </Link>{' '}
        in a sentence.
      </p>
    </div>
  ),
  play: async ({ canvas }) => {
    for (const name of ['Export CSV', 'the signed contract']) {
      const link = canvas.getByRole('link', { name });
      const icon = link.querySelector('[aria-hidden="true"] svg') as SVGElement;
      await expect(icon).not.toBeNull();
      const words = document.createRange();
      words.selectNodeContents(link.querySelector('span:not([aria-hidden])') ?? link.lastChild!);
      const middle = (box: DOMRect) => box.top + box.height / 2;
      const iconBox = icon.getBoundingClientRect();
      await expect(Math.abs(middle(iconBox) - middle(words.getBoundingClientRect()))).toBeLessThan(
        iconBox.height / 2,
      );
    }
  },
};

/** The `external` prop overrides detection both ways; the hidden text is translatable. */
export const ExplicitExternal: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <Link href="/files/contract.pdf" external>
        Contract (PDF)
      </Link>
      <Link href="https://example.org/partner" external={false}>
        Partner portal
      </Link>
      <Link href="https://example.org/hilfe" external newTabLabel="(öffnet in einem neuen Tab)" lang="de">
        Hilfe
      </Link>
    </div>
  ),
  play: async ({ canvas }) => {
    const pdf = canvas.getByRole('link', { name: 'Contract (PDF) (opens in a new tab)' });
    await expect(pdf).toHaveAttribute('target', '_blank');
    const partner = canvas.getByRole('link', { name: 'Partner portal' });
    await expect(partner).not.toHaveAttribute('target');
    await expect(canvas.getByRole('link', { name: 'Hilfe (öffnet in einem neuen Tab)' })).toBeVisible();
  },
};

export const SameOrigin: Story = {
  render: () => <Link href={`${window.location.origin}/account`}>Your account</Link>,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Your account' })).not.toHaveAttribute('target');
  },
};

export const LongText: Story = {
  args: {
    children:
      'Read the full terms and conditions of your service agreement, including the renewal and cancellation sections',
  },
  parameters: { width: 280 },
  render: (args) => (
    <p>
      Please <Link {...args} />.
    </p>
  ),
};

/** A long URL as the link text wraps inside the container instead of overflowing it. */
export const UnbrokenUrl: Story = {
  parameters: { width: 280 },
  render: () => (
    <div data-testid="box">
      <Link href="https://example.org/a/very/long/path/that-keeps-going/and-going/without-any-spaces?query=string&and=more">
        https://example.org/a/very/long/path/that-keeps-going/and-going/without-any-spaces?query=string&and=more
      </Link>
    </div>
  ),
  play: async ({ canvas }) => {
    const box = canvas.getByTestId('box');
    await expect(box.scrollWidth).toBeLessThanOrEqual(box.clientWidth);
  },
};

export const Narrow: Story = { ...Variants, parameters: { width: 280 } };
export const Dark: Story = { ...Variants, parameters: { theme: 'dark' } };

export const RightToLeft: Story = {
  parameters: { dir: 'rtl' },
  render: () => (
    <p>
      اقرأ{' '}
      <Link href="https://example.org/ar/help" newTabLabel="(يفتح في علامة تبويب جديدة)">
        دليل الفوترة
      </Link>{' '}
      أو <Link href="#settings">الإعدادات</Link>.
    </p>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'دليل الفوترة (يفتح في علامة تبويب جديدة)' });
    const icon = link.querySelector('svg')!;
    await expect(getComputedStyle(icon).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
  },
};
