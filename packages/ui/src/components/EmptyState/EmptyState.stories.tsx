import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button/index.js';
import { EmptyState } from './EmptyState.js';
import { Folder, Search } from 'lucide-react';
import { Icon } from '../Icon/index.js';

const FolderIcon = () => <Icon icon={Folder} size="lg" />;

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {
    icon: <FolderIcon />,
    title: 'No documents yet',
    description: 'Documents your adviser shares with you will appear here.',
    actionLabel: 'Upload a document',
    onAction: fn(),
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Title, description, decorative icon and an action. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'No documents yet' })).toBeVisible();
    await expect(canvasElement.querySelector('svg')!.closest('[aria-hidden="true"]')).not.toBeNull();
    await expect(canvas.getByRole('button', { name: 'Upload a document' })).toBeEnabled();
  },
};

/** The action works by mouse and keyboard. */
export const DefaultTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Upload a document' });
    await userEvent.click(button);
    await expect(args.onAction).toHaveBeenCalledTimes(1);
    button.blur();
    await userEvent.tab();
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onAction).toHaveBeenCalledTimes(2);
  },
};

/** Any action element(s) through `action`. */
export const CustomActions: Story = {
  args: {
    actionLabel: undefined,
    onAction: undefined,
    action: (
      <>
        <Button>Upload a document</Button>
        <Button variant="ghost" tone="neutral">
          Learn more
        </Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
  },
};

export const WithoutAction: Story = {
  args: { actionLabel: undefined, onAction: undefined, icon: undefined, headingLevel: 2 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getByRole('heading', { level: 2 })).toBeVisible();
  },
};

/** Compact, for tables, charts and small cards (Table and Chart use it for their empty states). */
export const Small: Story = { args: { size: 'sm' } };
export const SmallDark: Story = { args: { size: 'sm' }, parameters: { theme: 'dark' } };

const SearchIcon = () => <Icon icon={Search} size="lg" />;

/**
 * Not found: the same pattern when a search, a filter or a link finds nothing. Say what was looked
 * for and offer the way back, not an error.
 */
export const NotFound: Story = {
  args: {
    icon: <SearchIcon />,
    title: 'No documents match “invoice 2019”',
    description: 'Check the spelling, try fewer words, or clear the search to see every document.',
    actionLabel: 'Clear search',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No documents match “invoice 2019”' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Clear search' })).toBeVisible();
    // Not an error: nothing is announced as an alert.
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const NotFoundSmallRightToLeft: Story = {
  args: {
    size: 'sm',
    icon: <SearchIcon />,
    title: 'لا توجد مستندات تطابق «فاتورة ٢٠١٩»',
    description: 'تحقق من الإملاء أو امسح البحث لعرض كل المستندات.',
    actionLabel: 'مسح البحث',
  },
  parameters: { dir: 'rtl' },
};

export const LongText: Story = {
  args: {
    title: 'There are no documents matching every one of the filters you have selected at the moment',
    description:
      'Try removing a filter, widening the date range or searching for a different client name; documents shared in the last five minutes may take a moment to appear.',
    actionLabel: 'Clear all filters and show every document',
  },
  parameters: { width: 320 },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('main > div')!;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};

export const UnbrokenText: Story = {
  args: { title: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789' },
  parameters: { width: 200 },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('main > div')!;
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
  },
};

export const NarrowContainer: Story = { parameters: { width: 280 } };
export const Dark: Story = { parameters: { theme: 'dark' } };
export const RightToLeft: Story = {
  args: {
    title: 'لا توجد مستندات بعد',
    description: 'ستظهر هنا المستندات التي يشاركها مستشارك معك.',
    actionLabel: 'رفع مستند',
  },
  parameters: { dir: 'rtl' },
};
