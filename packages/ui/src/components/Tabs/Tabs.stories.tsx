import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { SkeletonText } from '../Skeleton/index.js';
import { Spinner } from '../Spinner/index.js';
import { Tabs } from './Tabs.js';
import type { TabItem } from './Tabs.js';

const items: TabItem[] = [
  { value: 'overview', label: 'Overview', content: <p>Your account at a glance.</p> },
  {
    value: 'messages',
    label: 'Messages',
    count: 3,
    countLabel: '3 unread',
    content: <p>Three unread messages.</p>,
  },
  { value: 'invoices', label: 'Invoices', count: 128, content: <p>All invoices.</p> },
  { value: 'archive', label: 'Archive', disabled: true, content: <p>Archived items.</p> },
  { value: 'settings', label: 'Settings', content: <p>Notification and billing settings.</p> },
];

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { items, listLabel: 'Account sections', onValueChange: fn() },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

const indicatorOf = (tablist: HTMLElement) => tablist.querySelector<HTMLElement>('[data-part="indicator"]')!;

export const Default: Story = {
  play: async ({ canvas }) => {
    const tablist = canvas.getByRole('tablist', { name: 'Account sections' });
    await expect(tablist).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'Messages (3 unread)' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Invoices 99+' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Archive' })).toBeDisabled();
    await expect(canvas.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent(
      'Your account at a glance.',
    );
  },
};

/**
 * Keyboard: Tab enters the list on the selected tab; arrows move and select (automatic activation),
 * skipping the disabled tab; Home and End; Tab into the panel; clicks select and move the indicator.
 */
export const KeyboardNavigationTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const tablist = canvas.getByRole('tablist', { name: 'Account sections' });
    const overview = canvas.getByRole('tab', { name: 'Overview' });
    const messages = canvas.getByRole('tab', { name: 'Messages (3 unread)' });
    const invoices = canvas.getByRole('tab', { name: 'Invoices 99+' });
    const archive = canvas.getByRole('tab', { name: 'Archive' });
    const settings = canvas.getByRole('tab', { name: 'Settings' });
    await expect(tablist).toBeVisible();
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent(
      'Your account at a glance.',
    );
    await expect(archive).toBeDisabled();

    // Keyboard: Tab enters the list on the selected tab; arrows move and select (automatic activation).
    await userEvent.tab();
    await waitFor(() => expect(overview).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(messages).toHaveFocus());
    // Focus moves first; the selection follows it in the next update.
    await waitFor(() => expect(messages).toHaveAttribute('aria-selected', 'true'));
    await expect(args.onValueChange).toHaveBeenLastCalledWith('messages');
    await waitFor(() =>
      expect(canvas.getByRole('tabpanel', { name: 'Messages (3 unread)' })).toHaveTextContent(
        'Three unread messages.',
      ),
    );
    // One key at a time: each waits for focus to settle, so a loaded machine cannot race Ark.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(invoices).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    // The disabled tab is skipped.
    await waitFor(() => expect(settings).toHaveFocus());
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(overview).toHaveFocus());
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(settings).toHaveFocus());
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(overview).toHaveFocus()); // loops
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(settings).toHaveFocus());
    // Tab moves from the list into the panel, once the selected panel is rendered and tabbable
    // (Ark sets its tabindex after render; the key is resolved against the DOM of the moment).
    await waitFor(() => expect(settings).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => expect(args.onValueChange).toHaveBeenLastCalledWith('settings'));
    await waitFor(() =>
      expect(canvas.getByRole('tabpanel', { name: 'Settings' })).toHaveAttribute('tabindex', '0'),
    );
    // Ark re-renders the newly selected panel once more after selection; a Tab pressed in that
    // instant lands on a node that is then replaced. Each attempt starts again from the tab.
    await waitFor(
      async () => {
        if (!canvas.getByRole('tabpanel', { name: 'Settings' }).contains(document.activeElement)) {
          settings.focus();
          await userEvent.tab();
        }
        await expect(canvas.getByRole('tabpanel', { name: 'Settings' })).toHaveFocus();
      },
      { timeout: 5000 },
    );

    // Clicking selects, and the indicator follows the selected tab.
    await userEvent.click(invoices);
    await waitFor(() => expect(invoices).toHaveAttribute('aria-selected', 'true'));
    await waitFor(() => {
      const bar = indicatorOf(tablist).getBoundingClientRect();
      const tab = invoices.getBoundingClientRect();
      expect(bar.left).toBeCloseTo(tab.left, 0);
      expect(bar.width).toBeCloseTo(tab.width, 0);
      expect(bar.bottom).toBeCloseTo(tab.bottom, 0);
    });
    await userEvent.click(archive, { pointerEventsCheck: 0 });
    await expect(invoices).toHaveAttribute('aria-selected', 'true');
  },
};

/** Controlled: the parent owns the value (here Invoices). */
export const Controlled: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('invoices');
    return (
      <div style={{ display: 'grid', gap: 12 }}>
        <Tabs {...args} value={value} onValueChange={setValue} />
        <p>
          Selected: <output>{value}</output>
        </p>
        <div>
          <button type="button" onClick={() => setValue('settings')}>
            Show settings
          </button>
        </div>
      </div>
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: /^Invoices/ })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('invoices');
  },
};

/** The parent changes the value; a click on a tab reports the new one to the parent. */
export const ControlledTest: Story = {
  ...Controlled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: /^Invoices/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(canvas.getByRole('button', { name: 'Show settings' }));
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true'),
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Overview' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('overview');
  },
};

export const DefaultValue: Story = {
  args: { defaultValue: 'settings' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
  },
};

const months: TabItem[] = Array.from({ length: 14 }, (_, i) => ({
  value: `month-${i + 1}`,
  label: new Date(2024, i % 12, 1).toLocaleString('en', { month: 'long' }) + (i >= 12 ? ' 2025' : ' 2024'),
  content: <p>Statement {i + 1}</p>,
  count: i % 3 === 0 ? i : undefined,
}));

/** Many tabs in a narrow container: the list scrolls sideways; the page does not. */
export const Overflow: Story = {
  args: { items: months, listLabel: 'Statements' },
  parameters: { width: 280 },
  play: async ({ canvas, canvasElement }) => {
    const tablist = canvas.getByRole('tablist', { name: 'Statements' });
    await expect(tablist.scrollWidth).toBeGreaterThan(tablist.clientWidth);
    const main = canvasElement.querySelector('main')!;
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  },
};

/** Focusing a tab out of view (End) scrolls it into view. */
export const OverflowScrollTest: Story = {
  ...Overflow,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvas } = context;
    await Overflow.play?.(context);
    const tablist = canvas.getByRole('tablist', { name: 'Statements' });
    await userEvent.click(canvas.getByRole('tab', { name: 'January 2024 0' }));
    await userEvent.keyboard('{End}');
    const last = canvas.getByRole('tab', { name: 'February 2025' });
    await waitFor(() => expect(last).toHaveFocus());
    await waitFor(() => {
      const list = tablist.getBoundingClientRect();
      const tab = last.getBoundingClientRect();
      expect(tab.right).toBeLessThanOrEqual(list.right + 1);
      expect(tab.left).toBeGreaterThanOrEqual(list.left - 1);
    });
  },
};

/** The account tabs in a 280px container: they scroll, starting at the inline start. */
export const Narrow: Story = {
  parameters: { width: 280 },
  play: async ({ canvas }) => {
    const tablist = canvas.getByRole('tablist', { name: 'Account sections' });
    await expect(tablist.scrollWidth).toBeGreaterThan(tablist.clientWidth);
    await expect(tablist.scrollLeft).toBe(0);
  },
};

/** Right to left, narrow: the list starts at the right and scrolls towards the left. */
export const NarrowRightToLeft: Story = {
  args: {
    listLabel: 'كشوف الحساب',
    items: months.map((item, i) => ({
      ...item,
      label: new Date(2024, i % 12, 1).toLocaleString('ar', { month: 'long' }),
    })),
  },
  parameters: { width: 280, dir: 'rtl' },
  play: async ({ canvas }) => {
    const tablist = canvas.getByRole('tablist', { name: 'كشوف الحساب' });
    await expect(tablist.scrollWidth).toBeGreaterThan(tablist.clientWidth);
    const first = canvas.getAllByRole('tab')[0]!;
    await expect(Math.round(first.getBoundingClientRect().right)).toBeLessThanOrEqual(
      Math.round(tablist.getBoundingClientRect().right),
    );
    await expect(first.getBoundingClientRect().right).toBeGreaterThan(
      tablist.getBoundingClientRect().right - 20,
    );
  },
};

/** The Archive tab is disabled: dimmed, not selectable, skipped by the arrow keys. */
export const DisabledTab: Story = {
  args: { defaultValue: 'invoices' },
  play: async ({ canvas }) => {
    const archive = canvas.getByRole('tab', { name: 'Archive' });
    await expect(archive).toBeDisabled();
    await expect(archive).toHaveAttribute('aria-selected', 'false');
    await expect(Number(getComputedStyle(archive).opacity)).toBeLessThan(1);
  },
};

/**
 * The selected panel while its content loads (`busy` on its item): the panel is `aria-busy`, with the
 * kit's spinner, named, over skeleton lines.
 */
export const LoadingPanel: Story = {
  args: {
    defaultValue: 'messages',
    items: items.map((item) =>
      item.value === 'messages'
        ? {
            ...item,
            busy: true,
            content: (
              <div style={{ display: 'grid', gap: 12 }}>
                <Spinner label="Loading messages…" />
                <SkeletonText lines={3} />
              </div>
            ),
          }
        : item,
    ),
  },
  play: async ({ canvas, canvasElement }) => {
    const panel = canvas.getByRole('tabpanel', { name: 'Messages (3 unread)' });
    await expect(panel).toHaveAttribute('aria-busy', 'true');
    await expect(within(panel).getByRole('status', { name: 'Loading messages…' })).toBeVisible();
    // Only the loading panel is busy.
    await expect(canvasElement.querySelectorAll('[aria-busy]')).toHaveLength(1);
  },
};

export const LoadingPanelDark: Story = { ...LoadingPanel, parameters: { theme: 'dark' } };

export const LongText: Story = {
  args: {
    items: [
      {
        value: 'a',
        label: 'Quarterly statements and supporting documents',
        content: (
          <p>
            A long panel paragraph that wraps over several lines in a narrow container without overflowing it,
            as panels hold arbitrary content.
          </p>
        ),
      },
      { value: 'b', label: 'Correspondence with your account manager', content: <p>Letters.</p> },
    ],
  },
  parameters: { width: 280 },
};

export const UnbrokenText: Story = {
  args: {
    items: [
      {
        value: 'a',
        label: 'Tab',
        content: (
          <p>Supercalifragilisticexpialidocious-unbroken-identifier-0123456789-ABCDEFGHIJKLMNOPQRSTUVWXYZ</p>
        ),
      },
      { value: 'b', label: 'Supercalifragilisticexpialidocious-unbroken', content: <p>b</p> },
    ],
  },
  parameters: { width: 200 },
  play: async ({ canvasElement }) => {
    const main = canvasElement.querySelector('main')!;
    await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  },
};

export const Dark: Story = { parameters: { theme: 'dark' } };

/** Right to left: the first tab at the right, Arabic-Indic digits in the count. */
export const RightToLeft: Story = {
  args: {
    listLabel: 'أقسام الحساب',
    items: [
      { value: 'overview', label: 'نظرة عامة', content: <p>حسابك في لمحة.</p> },
      { value: 'messages', label: 'الرسائل', count: 3, countLabel: '٣ غير مقروءة', content: <p>الرسائل.</p> },
      { value: 'invoices', label: 'الفواتير', content: <p>الفواتير.</p> },
    ],
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    const first = canvas.getByRole('tab', { name: 'نظرة عامة' });
    const second = canvas.getByRole('tab', { name: /^الرسائل/ });
    await expect(first.getBoundingClientRect().left).toBeGreaterThan(second.getBoundingClientRect().left);
    await expect(second).toHaveTextContent('٣');
  },
};

/** Arrow keys follow the reading direction: ArrowLeft moves to the next tab. */
export const RightToLeftKeyboardTest: Story = {
  ...RightToLeft,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    const first = canvas.getByRole('tab', { name: 'نظرة عامة' });
    const second = canvas.getByRole('tab', { name: /^الرسائل/ });
    // The first tab sits at the right.
    await expect(first.getBoundingClientRect().left).toBeGreaterThan(second.getBoundingClientRect().left);
    await expect(second).toHaveTextContent('٣');
    await userEvent.tab();
    await waitFor(() => expect(first).toHaveFocus());
    await userEvent.keyboard('{ArrowLeft}');
    await waitFor(() => expect(second).toHaveFocus());
    // Focus moves first; the selection follows it in the next update.
    await waitFor(() => expect(second).toHaveAttribute('aria-selected', 'true'));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(first).toHaveFocus());
  },
};
