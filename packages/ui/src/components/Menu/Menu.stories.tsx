import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.js';
import { Menu } from './Menu.js';
import type { MenuEntry } from './Menu.js';
import { placed } from '../../stories-support/overlays.js';

const Icon = ({ d }: { d: string }) => (
  <svg viewBox="0 0 16 16" width="16" height="16" fill="none" aria-hidden="true">
    <path d={d} stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const pencil = <Icon d="M10.5 2.5l3 3L6 13H3v-3l7.5-7.5z" />;
const copy = <Icon d="M5 5h8v8H5zM3 11V3h8" />;
const share = <Icon d="M8 2v8M5 5l3-3 3 3M3 9v4h10V9" />;
const trash = <Icon d="M3 4h10M6 4V2.5h4V4M4.5 4l.5 9.5h6l.5-9.5" />;

const items: MenuEntry[] = [
  { value: 'edit', label: 'Edit', icon: pencil },
  { value: 'duplicate', label: 'Duplicate', icon: copy },
  { value: 'share', label: 'Share', icon: share },
  { value: 'export', label: 'Export as PDF', disabled: true },
  { type: 'separator' },
  {
    type: 'group',
    label: 'Move to',
    items: [
      { value: 'move:archive', label: 'Archive' },
      { value: 'move:shared', label: 'Shared with adviser' },
    ],
  },
  { type: 'separator' },
  { value: 'delete', label: 'Delete', icon: trash, tone: 'danger' },
];

const meta = {
  title: 'UI/Menu',
  component: Menu,
  args: { label: 'Actions', items, onSelect: fn(), onOpenChange: fn() },
  render: (args) => (
    <div style={{ minHeight: 420 }}>
      <Menu {...args} />
    </div>
  ),
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);
const nextFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
/**
 * Chooses an item with the mouse the way a person does: the pointer moves onto the item (at real
 * coordinates, which zag's input-modality tracking relies on), a couple of frames pass, then it clicks.
 */
const choose = async (item: HTMLElement) => {
  const r = item.getBoundingClientRect();
  const coords = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
  await userEvent.pointer({ target: item, coords });
  await nextFrames();
  await userEvent.pointer({ keys: '[MouseLeft]', target: item, coords });
};
const highlighted = (menu: HTMLElement) => menu.querySelector('[data-highlighted]')?.textContent;
const closed = (canvasElement: HTMLElement) =>
  waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
/** The menu a still story opens with `defaultOpen`, once it has finished animating. */
const shown = async (canvasElement: HTMLElement) => {
  const menu = await placed(await body(canvasElement).findByRole('menu'));
  return menu;
};

export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

/** The menu open on first render (`defaultOpen`): groups, separators, a disabled and a danger item. */
export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const menu = await placed(await body(canvasElement).findByRole('menu'));
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(7);
  },
};

/**
 * Mouse (disabled items cannot be chosen), keyboard (Enter, arrows skipping disabled items, Home,
 * End, typeahead, Escape) and a click outside.
 */
export const DefaultTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement, args }) => {
    const page = body(canvasElement);
    const trigger = canvas.getByRole('button', { name: 'Actions' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');

    // Mouse: opens, in the overlay layer, with groups, separators, a disabled and a danger item.
    await userEvent.click(trigger);
    let menu = await placed(await page.findByRole('menu'));
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.closest('[data-cp-overlays]')).not.toBeNull();
    await expect(within(menu).getAllByRole('separator')).toHaveLength(2);
    const group = within(menu).getByRole('group', { name: 'Move to' });
    await expect(within(group).getAllByRole('menuitem')).toHaveLength(2);
    const disabled = within(menu).getByRole('menuitem', { name: 'Export as PDF' });
    await expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await choose(disabled);
    await expect(args.onSelect).not.toHaveBeenCalled();
    const del = within(menu).getByRole('menuitem', { name: 'Delete' });
    await expect(getComputedStyle(del).color).not.toBe(getComputedStyle(disabled).color);
    await choose(within(menu).getByRole('menuitem', { name: 'Duplicate' }));
    await expect(args.onSelect).toHaveBeenLastCalledWith('duplicate');
    await closed(canvasElement);
    await waitFor(() => expect(trigger).toHaveFocus());

    // Keyboard: Enter opens on the first item; arrows move (skipping disabled items), Enter selects.
    await userEvent.keyboard('{Enter}');
    menu = await placed(await page.findByRole('menu'));
    // Keys go to the menu once it holds focus (zag moves it there a frame after opening); before
    // that, an ArrowDown lands on the trigger, which only opens the already open menu.
    await waitFor(() => expect(menu).toHaveFocus());
    await waitFor(() => expect(highlighted(menu)).toBe('Edit'));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(highlighted(menu)).toBe('Archive'));
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(highlighted(menu)).toBe('Share'));
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(highlighted(menu)).toBe('Delete'));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(highlighted(menu)).toBe('Edit'));
    // Typeahead.
    await userEvent.keyboard('s');
    await waitFor(() => expect(highlighted(menu)).toBe('Share'));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenLastCalledWith('share');
    await closed(canvasElement);
    await waitFor(() => expect(trigger).toHaveFocus());

    // ArrowDown also opens; Escape closes without selecting and returns focus.
    await userEvent.keyboard('{ArrowDown}');
    menu = await placed(await page.findByRole('menu'));
    await waitFor(() => expect(menu).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    await expect(args.onSelect).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // A click outside closes.
    await userEvent.click(trigger);
    await placed(await page.findByRole('menu'));
    await userEvent.click(canvasElement.ownerDocument.body, { pointerEventsCheck: 0 });
    await closed(canvasElement);
  },
};

/** No actions to offer: the open menu says so in a row that is not an item. */
export const Empty: Story = {
  args: { items: [], defaultOpen: true },
  play: async ({ canvasElement }) => {
    const menu = await placed(await body(canvasElement).findByRole('menu'));
    await expect(menu).toHaveAccessibleDescription('No actions available');
    await expect(within(menu).queryAllByRole('menuitem')).toHaveLength(0);
    await expect(within(menu).getByText('No actions available')).toBeVisible();
  },
};

/** The empty menu opens by keyboard, takes focus, chooses nothing, and Escape closes it. */
export const EmptyTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { items: [], emptyText: 'No actions for archived documents' },
  play: async ({ canvas, canvasElement, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Actions' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await placed(await body(canvasElement).findByRole('menu'));
    await waitFor(() => expect(menu).toHaveFocus());
    await expect(menu).toHaveAccessibleDescription('No actions for archived documents');
    // Enter on the empty menu chooses nothing and leaves it open.
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).not.toHaveBeenCalled();
    await expect(body(canvasElement).getByRole('menu')).toBe(menu);
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A custom trigger (an icon-only button with an accessible name). */
export const CustomTrigger: Story = {
  args: {
    trigger: (
      <Button variant="ghost" tone="neutral" aria-label="More actions">
        <span aria-hidden="true">⋯</span>
      </Button>
    ),
    placement: 'bottom-end',
    defaultOpen: true,
  },
  play: async ({ canvas, canvasElement }) => {
    const menu = await shown(canvasElement);
    await expect(canvas.getByRole('button', { name: 'More actions' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(within(menu).getAllByRole('menuitem')).toHaveLength(7);
  },
};

/** The icon-only trigger's menu chooses like any other. */
export const CustomTriggerTest: Story = {
  ...CustomTrigger,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement, args }) => {
    const menu = await shown(canvasElement);
    await choose(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await expect(args.onSelect).toHaveBeenCalledWith('delete');
    // The story ends once the menu has gone and focus is back on the trigger: axe runs after the
    // play function, and a menu still fading out (half-transparent text) fails its contrast check.
    await closed(canvasElement);
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'More actions' })).toHaveFocus(),
    );
  },
};

export const TriggerVariants: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Menu {...args} label="Outline" />
      <Menu {...args} label="Solid" triggerProps={{ variant: 'solid', tone: 'accent' }} />
      <Menu {...args} label="Subtle small" triggerProps={{ variant: 'subtle', size: 'sm' }} />
      <Menu {...args} label="Disabled" triggerProps={{ disabled: true }} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Disabled' })).toBeDisabled();
    for (const name of ['Outline', 'Solid', 'Subtle small']) {
      await expect(canvas.getByRole('button', { name })).toBeEnabled();
    }
  },
};

/** A disabled trigger does not open its menu. */
export const TriggerVariantsTest: Story = {
  ...TriggerVariants,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement }) => {
    const disabled = canvas.getByRole('button', { name: 'Disabled' });
    await expect(disabled).toBeDisabled();
    await userEvent.click(disabled, { pointerEventsCheck: 0 });
    await expect(body(canvasElement).queryByRole('menu')).toBeNull();
  },
};

const longItems: MenuEntry[] = [
  { value: 'a', label: 'Move to the “Quarterly statements and annual reports” folder', icon: copy },
  { value: 'b', label: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789' },
  {
    type: 'group',
    label: 'A rather long group label that needs to wrap onto two lines',
    items: [{ value: 'c', label: 'Short' }],
  },
];

export const LongText: Story = {
  args: { items: longItems, defaultOpen: true },
  play: async ({ canvasElement }) => {
    const menu = await shown(canvasElement);
    await expect(menu.getBoundingClientRect().width).toBeLessThanOrEqual(321);
    await expect(menu.scrollWidth).toBeLessThanOrEqual(menu.clientWidth + 1);
  },
};

export const Narrow: Story = { ...LongText, parameters: { width: 280 } };

export const Dark: Story = {
  args: { defaultOpen: true },
  parameters: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(within(await shown(canvasElement)).getAllByRole('menuitem')).toHaveLength(7);
  },
};

/** In RTL the menu aligns to the trigger's right edge and icons sit to the right of the labels. */
export const RightToLeft: Story = {
  args: {
    label: 'إجراءات',
    items: [
      { value: 'edit', label: 'تعديل', icon: pencil },
      { value: 'share', label: 'مشاركة', icon: share },
      { type: 'separator' },
      { type: 'group', label: 'نقل إلى', items: [{ value: 'archive', label: 'الأرشيف' }] },
      { value: 'delete', label: 'حذف', icon: trash, tone: 'danger' },
    ],
    defaultOpen: true,
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas, canvasElement }) => {
    const trigger = canvas.getByRole('button', { name: 'إجراءات' });
    const menu = await shown(canvasElement);
    await expect(
      Math.abs(menu.getBoundingClientRect().right - trigger.getBoundingClientRect().right),
    ).toBeLessThan(2);
    const item = within(menu).getByRole('menuitem', { name: 'تعديل' });
    const icon = item.querySelector('svg')?.getBoundingClientRect();
    const text = within(item).getByText('تعديل').getBoundingClientRect();
    await expect(icon?.left ?? 0).toBeGreaterThanOrEqual(text.right);
  },
};
