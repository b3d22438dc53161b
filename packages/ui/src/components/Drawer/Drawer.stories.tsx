import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.js';
import { Drawer, DrawerClose } from './Drawer.js';
import type { DrawerProps } from './Drawer.js';

const links = ['Overview', 'Documents', 'Messages', 'Invoices', 'Settings'];

const Nav = ({ items = links }: { items?: string[] }) => (
  <nav aria-label="Portal">
    <ul style={{ display: 'grid', gap: 4 }}>
      {items.map((l) => (
        <li key={l}>
          <a href={`#${l.toLowerCase()}`} style={{ display: 'block', padding: '8px 4px' }}>
            {l}
          </a>
        </li>
      ))}
    </ul>
  </nav>
);

const meta = {
  title: 'UI/Drawer',
  component: Drawer,
  args: {
    title: 'Menu',
    description: 'Signed in as Anna Berg',
    children: <Nav />,
    trigger: <Button variant="outline">Open menu</Button>,
    onOpenChange: fn(),
  },
} satisfies Meta<typeof Drawer>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);
const viewportWidth = (el: HTMLElement) => el.ownerDocument.documentElement.clientWidth;
const openWithMouse = async (canvasElement: HTMLElement, name = 'Open menu') => {
  await userEvent.click(within(canvasElement).getByRole('button', { name }));
  const panel = await body(canvasElement).findByRole('dialog');
  return panel;
};
const closed = (canvasElement: HTMLElement) =>
  waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
/** The panel a still story opens with `defaultOpen`, once it has finished animating. */
const shown = async (canvasElement: HTMLElement) => {
  const panel = await body(canvasElement).findByRole('dialog');
  return panel;
};
/** Asserts which physical edge of the viewport the panel is against. */
const expectEdge = async (panel: HTMLElement, edge: 'left' | 'right') => {
  const r = panel.getBoundingClientRect();
  const vw = viewportWidth(panel);
  if (edge === 'left') {
    await expect(Math.abs(r.left)).toBeLessThan(1);
    await expect(r.right).toBeLessThan(vw - 1);
  } else {
    await expect(Math.abs(r.right - vw)).toBeLessThan(1);
    await expect(r.left).toBeGreaterThan(1);
  }
};

/**
 * An open modal covers the page it is on: on the docs page, a still that opens one renders in a
 * frame of its own, so it covers only its own story.
 */
const openOnDocsPage = { docs: { story: { inline: false, height: '560px' } } };

/** The closed drawer: its trigger. The open drawer is `Open`. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    await expect(body(canvasElement).queryByRole('dialog')).toBeNull();
  },
};

/** Open on first render (`defaultOpen`): against the inline start edge, in the overlay layer. */
export const Open: Story = {
  args: { defaultOpen: true },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const panel = await body(canvasElement).findByRole('dialog');
    await expect(panel).toHaveAccessibleName('Menu');
    await expect(panel.closest('[data-cp-overlays]')).not.toBeNull();
    await expectEdge(panel, 'left');
  },
};

/**
 * Opens by mouse and keyboard; named, 285px wide; focus trapped
 * and returned; closes with the backdrop, the close button and Escape.
 */
export const DefaultTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Open menu' });

    // Mouse: opens from the start (left in LTR), 285px wide, inside the overlay layer.
    let panel = await openWithMouse(canvasElement);
    await expect(panel).toHaveAccessibleName('Menu');
    await expect(panel).toHaveAttribute('aria-modal', 'true');
    await expect(panel.closest('[data-cp-overlays]')).not.toBeNull();
    await expectEdge(panel, 'left');
    await expect(panel.getBoundingClientRect().width).toBeCloseTo(285, 0);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    // Focus moves in and is trapped.
    await waitFor(() => expect(panel.contains(panel.ownerDocument.activeElement)).toBe(true));
    for (let i = 0; i < links.length + 2; i++) {
      await userEvent.tab();
      await expect(panel.contains(panel.ownerDocument.activeElement)).toBe(true);
    }
    // Backdrop click (to the right of the panel) closes.
    const backdrop = panel.ownerDocument.querySelector<HTMLElement>(
      '[data-scope="drawer"][data-part="backdrop"]',
    );
    if (!backdrop) throw new Error('no backdrop');
    await userEvent.setup({ pointerEventsCheck: 0 }).pointer({
      keys: '[MouseLeft]',
      target: backdrop,
      coords: { clientX: viewportWidth(panel) - 8, clientY: 100 },
    });
    await closed(canvasElement);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());

    // Close button (named) closes.
    panel = await openWithMouse(canvasElement);
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    await closed(canvasElement);

    // Keyboard: Enter opens, Escape closes and restores focus.
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    panel = await body(canvasElement).findByRole('dialog');
    await waitFor(() => expect(panel.contains(panel.ownerDocument.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const EndSide: Story = {
  args: {
    side: 'end',
    title: 'Filters',
    description: undefined,
    trigger: <Button>Filters</Button>,
    defaultOpen: true,
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    await expectEdge(await shown(canvasElement), 'right');
  },
};

const rtlArgs = {
  title: 'القائمة',
  description: 'تم تسجيل الدخول باسم آنا بيرغ',
  closeLabel: 'إغلاق',
  trigger: <Button variant="outline">فتح القائمة</Button>,
  children: <Nav items={['نظرة عامة', 'المستندات', 'الرسائل', 'الفواتير', 'الإعدادات']} />,
} satisfies Story['args'];

/** `start` is the right edge in RTL. */
export const RightToLeft: Story = {
  args: { ...rtlArgs, defaultOpen: true },
  parameters: { ...openOnDocsPage, dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const panel = await shown(canvasElement);
    await expectEdge(panel, 'right');
    // The close button is at the inline end: the left.
    const close = within(panel).getByRole('button', { name: 'إغلاق' }).getBoundingClientRect();
    await expect(close.right).toBeLessThanOrEqual(
      within(panel).getByRole('heading').getBoundingClientRect().left,
    );
  },
};

/** `end` is the left edge in RTL. */
export const RightToLeftEnd: Story = {
  args: { ...rtlArgs, side: 'end', defaultOpen: true },
  parameters: { ...openOnDocsPage, dir: 'rtl' },
  play: async ({ canvasElement }) => {
    await expectEdge(await shown(canvasElement), 'left');
  },
};

export const CustomWidth: Story = {
  args: { width: 360, defaultOpen: true },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const panel = await shown(canvasElement);
    const expected = Math.min(360, viewportWidth(panel) - 48);
    await expect(panel.getBoundingClientRect().width).toBeCloseTo(expected, 0);
  },
};

function ControlledDemo(args: DrawerProps) {
  const [open, setOpen] = useState(args.defaultOpen ?? false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Show details</Button>
      <Drawer
        {...args}
        trigger={undefined}
        side="end"
        title="Invoice INV-2041"
        description={undefined}
        defaultOpen={undefined}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          args.onOpenChange?.(next);
        }}
        footer={
          <DrawerClose>
            <Button variant="outline" tone="neutral">
              Done
            </Button>
          </DrawerClose>
        }
      >
        <p>Issued 3 March, due 2 April. Amount: €1,250.00.</p>
      </Drawer>
    </>
  );
}

/** Controlled, with footer actions, shown open as the owner's state says. */
export const ControlledWithFooter: Story = {
  args: { defaultOpen: true },
  render: (args) => <ControlledDemo {...args} />,
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const panel = await shown(canvasElement);
    await expect(panel).toHaveAccessibleName('Invoice INV-2041');
    await expect(within(panel).getByRole('button', { name: 'Done' })).toBeVisible();
  },
};

/** A DrawerClose button in the footer closes it through `onOpenChange`; its button opens it again. */
export const ControlledWithFooterTest: Story = {
  ...ControlledWithFooter,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement, args }) => {
    const panel = await shown(canvasElement);
    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    await closed(canvasElement);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await userEvent.click(canvas.getByRole('button', { name: 'Show details' }));
    await expect(await shown(canvasElement)).toHaveAccessibleName('Invoice INV-2041');
  },
};

/** Long navigation scrolls inside the panel; header stays in place. */
export const LongContent: Story = {
  args: {
    children: <Nav items={Array.from({ length: 40 }, (_, i) => `Client workspace ${i + 1}`)} />,
    defaultOpen: true,
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const panel = await shown(canvasElement);
    await expect(panel.getBoundingClientRect().height).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientHeight,
    );
    const heading = within(panel).getByRole('heading');
    await expect(heading.getBoundingClientRect().top).toBeGreaterThanOrEqual(0);
  },
};

export const LongText: Story = {
  args: {
    title: 'Quarterly statements and annual reports for the Berg family trust',
    description: 'Signed in as Anna-Katharina Berg-Lindqvist, primary account holder',
    children: <p>Supercalifragilisticexpialidocious-unbroken-identifier-0123456789abcdef</p>,
    defaultOpen: true,
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const panel = await shown(canvasElement);
    await expect(panel.scrollWidth).toBeLessThanOrEqual(panel.clientWidth + 1);
  },
};

/** The story's container is narrow; the panel is sized against the viewport, not the container. */
export const Narrow: Story = {
  args: { defaultOpen: true },
  parameters: { ...openOnDocsPage, width: 280 },
  play: async ({ canvasElement }) => {
    const panel = await shown(canvasElement);
    await expect(panel.getBoundingClientRect().width).toBeCloseTo(
      Math.min(285, viewportWidth(panel) - 48),
      0,
    );
  },
};

export const Dark: Story = {
  args: { defaultOpen: true },
  parameters: { ...openOnDocsPage, theme: 'dark' },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
  },
};

/**
 * The panel slides with the theme's slow duration (320ms; a minified stylesheet writes it .32s).
 * Tagged `motion`: the test runs it without reduced motion (every other test has it on).
 */
export const Motion: Story = {
  args: { defaultOpen: true },
  parameters: openOnDocsPage,
  tags: ['!dev', '!autodocs', 'interaction', 'motion'],
  play: async ({ canvasElement }) => {
    const panel = await body(canvasElement).findByRole('dialog');
    const slow = getComputedStyle(panel).getPropertyValue('--cp-duration-slow').trim();
    await expect(slow.endsWith('ms') ? Number.parseFloat(slow) : Number.parseFloat(slow) * 1000).toBe(320);
    await expect(getComputedStyle(panel).animationName).not.toBe('none');
  },
};

const durations = ['fast', 'normal', 'slow'];
/**
 * Simulates `prefers-reduced-motion` before the story renders: the theme's duration tokens are 0ms
 * in the overlay layer (as the theme sets them under that media query).
 */
const reducedMotion = () => {
  const sheet = document.createElement('style');
  sheet.textContent = `[data-cp-overlays][data-cp-overlays] { ${durations
    .map((d) => `--cp-duration-${d}: 0ms !important;`)
    .join(' ')} }`;
  document.head.append(sheet);
  return () => sheet.remove();
};

/**
 * Under `prefers-reduced-motion` the theme sets the duration tokens to 0ms; the drawer then opens
 * and closes without animating. Simulated here by setting the tokens on the overlay layer.
 */
export const ReducedMotion: Story = {
  args: { defaultOpen: true },
  parameters: openOnDocsPage,
  beforeEach: reducedMotion,
  play: async ({ canvasElement }) => {
    const panel = await body(canvasElement).findByRole('dialog');
    await expect(getComputedStyle(panel).animationDuration).toBe('0s');
    await expectEdge(panel, 'left');
  },
};

/** With reduced motion, Escape closes without animating and the trigger opens it the same way. */
export const ReducedMotionTest: Story = {
  ...ReducedMotion,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement }) => {
    let panel = await body(canvasElement).findByRole('dialog');
    await waitFor(() => expect(panel.contains(panel.ownerDocument.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    panel = await body(canvasElement).findByRole('dialog');
    await expect(getComputedStyle(panel).animationDuration).toBe('0s');
    await expectEdge(panel, 'left');
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
  },
};

/** On touch screens (and with a mouse) the panel can be dragged back towards its edge to close it. */
export const SwipeToClose: Story = {
  args: { defaultOpen: true },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    await expectEdge(await shown(canvasElement), 'left');
  },
};

/** Dragging the open panel back towards its edge closes it. */
export const SwipeToCloseTest: Story = {
  ...SwipeToClose,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement, args }) => {
    const panel = await shown(canvasElement);
    const r = panel.getBoundingClientRect();
    const y = r.top + r.height / 2;
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.pointer([
      { keys: '[MouseLeft>]', target: panel, coords: { clientX: r.right - 20, clientY: y } },
      { target: panel, coords: { clientX: r.right - 60, clientY: y } },
      { target: panel, coords: { clientX: r.right - 140, clientY: y } },
      { target: panel, coords: { clientX: r.right - 220, clientY: y } },
      { keys: '[/MouseLeft]', target: panel, coords: { clientX: r.right - 220, clientY: y } },
    ]);
    await closed(canvasElement);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};
