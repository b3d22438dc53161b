import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Skeleton, SkeletonText } from './Skeleton.js';

const meta = {
  title: 'UI/Skeleton',
  component: Skeleton,
  args: { width: 240, height: 24 },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

const box = (el: Element | null) => el!.getBoundingClientRect();

/**
 * Sizes come from props; the placeholder is hidden from assistive technology and shimmers. Tagged
 * `motion`: the test runs it without reduced motion (every other test has it on).
 */
export const Default: Story = {
  tags: ['motion'],
  play: async ({ canvasElement }) => {
    const el = canvasElement.querySelector('[data-shape="block"]')!;
    await expect(el).toHaveAttribute('aria-hidden', 'true');
    await expect(box(el).width).toBeCloseTo(240, 0);
    await expect(box(el).height).toBeCloseTo(24, 0);
    await expect(getComputedStyle(el).animationName).not.toBe('none');
  },
};

/** Block, text and circle; numbers are px, strings any CSS length. */
export const Shapes: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16, maxWidth: 360 }}>
      <Skeleton shape="block" height={96} />
      <Skeleton shape="text" width="80%" />
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Skeleton shape="circle" />
        <Skeleton shape="circle" width={24} />
        <div style={{ flex: 1 }}>
          <SkeletonText lines={2} />
        </div>
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const circles = canvasElement.querySelectorAll('[data-shape="circle"]');
    await expect(box(circles[0]!).width).toBeCloseTo(40, 0);
    await expect(box(circles[0]!).height).toBeCloseTo(40, 0);
    // A circle with only a width stays round.
    await expect(box(circles[1]!).height).toBeCloseTo(24, 0);
    const block = canvasElement.querySelector('[data-shape="block"]')!;
    await expect(box(block).width).toBeCloseTo(360, 0);
    await expect(box(block).height).toBeCloseTo(96, 0);
  },
};

/** `SkeletonText` draws `lines` lines, the last one shorter. */
export const Text: Story = {
  render: () => <SkeletonText lines={4} width={320} />,
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-lines]')!;
    await expect(root).toHaveAttribute('aria-hidden', 'true');
    const lines = Array.from(root.children);
    await expect(lines).toHaveLength(4);
    await expect(box(lines[0]!).width).toBeCloseTo(320, 0);
    await expect(box(lines[3]!).width).toBeCloseTo(192, 0);
  },
};

/** The shimmer stops for `prefers-reduced-motion: reduce` (checked in the stylesheet). */
export const ReducedMotion: Story = {
  play: async ({ canvasElement }) => {
    const el = canvasElement.querySelector('[data-shape]')!;
    const classes = Array.from(el.classList);
    const rules: CSSStyleRule[] = [];
    for (const sheet of Array.from(document.styleSheets)) {
      let list: CSSRuleList;
      try {
        list = sheet.cssRules;
      } catch {
        continue;
      }
      const walk = (rs: CSSRuleList, inReduced: boolean) => {
        for (const r of Array.from(rs)) {
          if (r instanceof CSSStyleRule) {
            if (inReduced) rules.push(r);
          } else if (r instanceof CSSMediaRule) {
            walk(r.cssRules, inReduced || /prefers-reduced-motion:\s*reduce/.test(r.conditionText));
          } else if (r instanceof CSSGroupingRule) {
            walk(r.cssRules, inReduced);
          }
        }
      };
      walk(list, false);
    }
    const match = rules.find((r) => classes.some((c) => r.selectorText.includes(`.${c}`)));
    await expect(match?.style.getPropertyValue('animation-name')).toBe('none');
  },
};

export const NarrowContainer: Story = {
  args: { width: 600 },
  parameters: { width: 200 },
  play: async ({ canvasElement }) => {
    // Never wider than its container.
    const el = canvasElement.querySelector('[data-shape]')!;
    await expect(box(el).width).toBeLessThanOrEqual(200);
  },
};

/** A card-like loading composition. */
export const Composition: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, maxWidth: 420 }}>
      <Skeleton shape="circle" width={48} />
      <div style={{ flex: 1, display: 'grid', gap: 8 }}>
        <Skeleton shape="text" width="40%" height={16} />
        <SkeletonText lines={3} />
      </div>
    </div>
  ),
};

export const Dark: Story = { ...Composition, parameters: { theme: 'dark' } };
export const RightToLeft: Story = {
  ...Text,
  parameters: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    // The short last line starts at the inline start, which is the right in RTL.
    const root = canvasElement.querySelector('[data-lines]')!;
    const lines = Array.from(root.children);
    await expect(Math.round(box(lines[3]!).right)).toBe(Math.round(box(lines[0]!).right));
  },
};
