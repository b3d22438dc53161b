import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChevronRight, ExternalLink, FolderKanban, House, LogOut } from 'lucide-react';
import { expect } from 'storybook/test';
import { ICON_STROKE_WIDTH, Icon } from './Icon.js';

const meta = {
  title: 'UI/Icon',
  component: Icon,
  args: { icon: House },
  argTypes: { icon: { control: false } },
} satisfies Meta<typeof Icon>;
export default meta;
type Story = StoryObj<typeof meta>;

const strokeOf = (svg: Element) => Number(svg.getAttribute('stroke-width'));

/** Decorative (the default): hidden from assistive technology, 20px, the kit's stroke. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const svg = canvasElement.querySelector('svg');
    await expect(svg).toHaveAttribute('aria-hidden', 'true');
    await expect(svg?.getBoundingClientRect().width).toBe(20);
  },
};

/** Alone, with a `label`: an image named by it. */
export const Labelled: Story = {
  args: { label: 'Home' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Home' })).toBeVisible();
  },
};

/**
 * sm 16px, md 20px, lg 24px and a 48px one: the line is 1.75 px wide at every size (the stroke is
 * scaled against the 24-unit grid so it draws the same width).
 */
export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <Icon {...args} size="sm" />
      <Icon {...args} size="md" />
      <Icon {...args} size="lg" />
      <Icon {...args} size={48} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const svgs = [...canvasElement.querySelectorAll('svg')];
    await expect(svgs.map((svg) => svg.getBoundingClientRect().width)).toEqual([16, 20, 24, 48]);
    // Same drawn width: stroke-width (in the 24-unit viewBox) × rendered size / 24.
    for (const svg of svgs) {
      await expect((strokeOf(svg) * svg.getBoundingClientRect().width) / 24).toBeCloseTo(
        ICON_STROKE_WIDTH,
        5,
      );
    }
  },
};

/** Beside text: the icon takes the text's colour. */
export const WithText: Story = {
  render: () => (
    <p
      style={{
        display: 'flex',
        gap: 8,
        alignItems: 'center',
        margin: 0,
        color: 'var(--cp-color-fg-muted, #4b5563)',
      }}
    >
      <Icon icon={FolderKanban} size="sm" />
      <span>Projects</span>
      <Icon icon={ExternalLink} size="sm" />
    </p>
  ),
};

/** Dark theme: icons follow the text colour. */
export const Dark: Story = { ...WithText, parameters: { theme: 'dark' } };

/** Right to left: directional icons are mirrored by the component that draws them (here, by CSS). */
export const RightToLeft: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: 8, alignItems: 'center', margin: 0 }}>
      <span>تسجيل الخروج</span>
      <Icon icon={LogOut} size="sm" style={{ transform: 'scaleX(-1)' }} />
      <Icon icon={ChevronRight} size="sm" style={{ transform: 'scaleX(-1)' }} />
    </p>
  ),
  parameters: { dir: 'rtl' },
};
