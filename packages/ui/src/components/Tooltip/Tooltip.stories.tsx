import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.js';
import { Tooltip } from './Tooltip.js';
import type { TooltipPlacement } from './Tooltip.js';
import { placed } from '../../stories-support/overlays.js';

const meta = {
  title: 'UI/Tooltip',
  component: Tooltip,
  args: {
    content: 'Copies the link to your clipboard',
    children: <Button variant="outline">Copy link</Button>,
  },
  render: (args) => (
    <div style={{ paddingBlock: 64, display: 'flex', justifyContent: 'center' }}>
      <Tooltip {...args} />
    </div>
  ),
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);

/** Open (as on hover or focus): the text in the overlay layer, describing its trigger. */
export const Default: Story = {
  args: { open: true },
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('button', { name: 'Copy link' });
    const tip = await placed(await body(canvasElement).findByRole('tooltip'));
    await expect(tip).toHaveTextContent('Copies the link to your clipboard');
    await expect(trigger).toHaveAttribute('aria-describedby', tip.id);
    // Portalled into the themed root's overlay layer.
    await expect(tip.closest('[data-cp-overlays]')).not.toBeNull();
  },
};

/** Closed: the trigger alone (where the interaction tests start). */
export const Closed: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(body(canvasElement).queryByRole('tooltip')).toBeNull();
  },
};

/** Hover opens after the delay and leaving closes; Tab opens at once, Escape and blur close. */
export const HoverAndKeyboardTest: Story = {
  ...Closed,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement }) => {
    const page = body(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Copy link' });

    // Mouse: hover opens after the delay, leaving closes.
    await userEvent.hover(trigger);
    const tip = await placed(await page.findByRole('tooltip'));
    await expect(tip).toHaveTextContent('Copies the link to your clipboard');
    await expect(trigger).toHaveAttribute('aria-describedby', tip.id);
    // Portalled into the themed root's overlay layer.
    await expect(tip.closest('[data-cp-overlays]')).not.toBeNull();
    await userEvent.unhover(trigger);
    await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull());

    // Keyboard: focusing with Tab opens it at once, Escape closes it and keeps focus.
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    const focusTip = await placed(await page.findByRole('tooltip'));
    await waitFor(() => expect(focusTip).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull());
    await expect(trigger).toHaveFocus();

    // Blur closes it too.
    await userEvent.tab({ shift: true });
    await userEvent.tab();
    await placed(await page.findByRole('tooltip'));
    await userEvent.tab();
    await waitFor(() => expect(page.queryByRole('tooltip')).toBeNull());
  },
};

const placements: TooltipPlacement[] = ['top', 'bottom', 'left', 'right'];

/** Every side; each tooltip sits on its side of its trigger. */
export const Placements: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: 96, padding: 72 }}>
      {placements.map((placement) => (
        <Tooltip key={placement} {...args} placement={placement} content={placement} open>
          <Button variant="outline">{placement}</Button>
        </Tooltip>
      ))}
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const page = body(canvasElement);
    await waitFor(() => expect(page.getAllByRole('tooltip')).toHaveLength(4));
    for (const placement of placements) {
      const trigger = canvas.getByRole('button', { name: placement }).getBoundingClientRect();
      const tip = page.getAllByRole('tooltip').find((t) => t.textContent === placement);
      if (!tip) throw new Error(`no ${placement} tooltip`);
      const r = tip.getBoundingClientRect();
      if (placement === 'top') await expect(r.bottom).toBeLessThanOrEqual(trigger.top);
      if (placement === 'bottom') await expect(r.top).toBeGreaterThanOrEqual(trigger.bottom);
      if (placement === 'left') await expect(r.right).toBeLessThanOrEqual(trigger.left);
      if (placement === 'right') await expect(r.left).toBeGreaterThanOrEqual(trigger.right);
    }
  },
};

/** No delays: hover opens it at once. */
export const CustomDelaysTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { openDelay: 0, closeDelay: 0, placement: 'bottom' },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.hover(canvas.getByRole('button'));
    const tip = await placed(await body(canvasElement).findByRole('tooltip', {}, { timeout: 300 }));
    await waitFor(() => expect(tip).toBeVisible());
  },
};

/** A disabled tooltip: the trigger alone, whatever happens to it. */
export const Disabled: Story = {
  args: { disabled: true, openDelay: 0 },
  play: async ({ canvasElement }) => {
    await expect(body(canvasElement).queryByRole('tooltip')).toBeNull();
  },
};

/** Neither hover nor focus opens a disabled tooltip. */
export const DisabledTest: Story = {
  ...Disabled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('button');
    await userEvent.hover(trigger);
    await userEvent.tab();
    await new Promise((r) => setTimeout(r, 150));
    await expect(body(canvasElement).queryByRole('tooltip')).toBeNull();
  },
};

/** The open tooltip, settled, fits within 280px. */
const openTooltip: Story['play'] = async ({ canvasElement }) => {
  const tip = await placed(await body(canvasElement).findByRole('tooltip'));
  const r = tip.getBoundingClientRect();
  await expect(r.width).toBeLessThanOrEqual(281);
};

/** Long text wraps inside the maximum width. */
export const LongText: Story = {
  args: {
    open: true,
    content:
      'Copies a shareable link to this report to your clipboard. Anyone in your organisation with access to the portal can open it; people outside cannot.',
  },
  play: async (ctx) => {
    await openTooltip(ctx);
    const tip = body(ctx.canvasElement).getByRole('tooltip');
    await expect(tip.getBoundingClientRect().height).toBeGreaterThan(40);
  },
};

export const UnbrokenText: Story = {
  args: {
    open: true,
    content: 'https://portal.example.com/reports/2025/q4/0123456789abcdef0123456789abcdef',
  },
  play: openTooltip,
};

export const Narrow: Story = { ...LongText, parameters: { width: 280 } };

export const Dark: Story = { ...LongText, parameters: { theme: 'dark' } };

/** In RTL, `-start` alignment is the right edge of the trigger. */
export const RightToLeft: Story = {
  args: {
    open: true,
    content: 'ينسخ الرابط إلى الحافظة',
    placement: 'bottom-start',
    children: <Button variant="outline">نسخ الرابط</Button>,
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas, canvasElement }) => {
    const tip = await placed(await body(canvasElement).findByRole('tooltip'));
    // The Arabic label may change the trigger's width when its font arrives after the tooltip was
    // placed; the tooltip follows on the next frame, so the edges are compared once both have settled.
    const trigger = canvas.getByRole('button');
    await waitFor(() =>
      expect(
        Math.abs(tip.getBoundingClientRect().right - trigger.getBoundingClientRect().right),
      ).toBeLessThan(2),
    );
  },
};
