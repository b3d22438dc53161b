import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Spinner } from './Spinner.js';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  args: { label: 'Loading invoices…' },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

const box = (el: Element) => el.getBoundingClientRect();

/** With a label: a status that assistive technology announces by its name; it turns. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const spinner = canvas.getByRole('status', { name: 'Loading invoices…' });
    await expect(box(spinner).width).toBe(20);
    await expect(getComputedStyle(spinner).animationName).not.toBe('none');
  },
};

/** Without a label it is decorative: whatever it sits in says that it is busy (a busy button). */
export const Decorative: Story = {
  args: { label: undefined },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(canvasElement.querySelector('main > span')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** sm 14px (inside small controls and buttons), md 20px, lg 32px (a whole area loading). */
export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <Spinner size="sm" label="Small" />
      <Spinner size="md" label="Medium" />
      <Spinner size="lg" label="Large" />
    </div>
  ),
  play: async ({ canvas }) => {
    for (const [name, px] of [
      ['Small', 14],
      ['Medium', 20],
      ['Large', 32],
    ] as const) {
      const spinner = canvas.getByRole('status', { name });
      await expect([box(spinner).width, box(spinner).height]).toEqual([px, px]);
    }
  },
};

/** It takes the colour of the text around it (currentColor), as in a line of muted text. */
export const InText: Story = {
  render: (args) => (
    <p style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Spinner {...args} size="sm" label={undefined} />
      <span>Loading invoices…</span>
    </p>
  ),
};

export const Dark: Story = { ...Sizes, parameters: { theme: 'dark' } };

/** In right-to-left text it sits at the start, the right. */
export const RightToLeft: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Spinner size="sm" />
      <span>جارٍ تحميل الفواتير…</span>
    </p>
  ),
  parameters: { dir: 'rtl' },
  play: async ({ canvas, canvasElement }) => {
    const spinner = canvasElement.querySelector('main span[aria-hidden="true"]')!;
    const text = canvas.getByText('جارٍ تحميل الفواتير…');
    await expect(box(spinner).left).toBeGreaterThan(box(text).right - 1);
  },
};

/** `prefers-reduced-motion: reduce` slows the turn to a third (checked in the stylesheet). */
export const ReducedMotion: Story = {
  play: async ({ canvas }) => {
    const spinner = canvas.getByRole('status');
    const classes = Array.from(spinner.classList);
    const reduced: CSSStyleRule[] = [];
    const walk = (rules: CSSRuleList, inReduced: boolean) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          if (inReduced) reduced.push(rule);
        } else if (rule instanceof CSSMediaRule) {
          walk(rule.cssRules, inReduced || /prefers-reduced-motion:\s*reduce/.test(rule.conditionText));
        } else if (rule instanceof CSSGroupingRule) {
          walk(rule.cssRules, inReduced);
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        walk(sheet.cssRules, false);
      } catch {
        // A stylesheet from another origin: not ours.
      }
    }
    const rule = reduced.find((r) => classes.some((c) => r.selectorText.includes(`.${c}`)));
    // '2100ms' from the source, '2.1s' once the built stylesheet is minified.
    const duration = rule?.style.getPropertyValue('animation-duration') ?? '';
    const ms = Number.parseFloat(duration) * (duration.endsWith('ms') ? 1 : 1000);
    await expect(ms).toBe(2100);
  },
};
