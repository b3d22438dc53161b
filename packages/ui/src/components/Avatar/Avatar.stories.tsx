import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { Avatar } from './Avatar.js';
import type { AvatarShape, AvatarSize } from './Avatar.js';

/** A small inline "photo", so the loaded state needs no network. */
const PHOTO = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#0e7490"/><circle cx="32" cy="26" r="12" fill="#fde68a"/><path d="M10 64c0-14 10-22 22-22s22 8 22 22z" fill="#fde68a"/></svg>',
)}`;
const BROKEN = '/does-not-exist.png';

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  args: { name: 'Ada Lovelace' },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

const sizes: AvatarSize[] = [20, 24, 32, 40, 48, 64];
const shapes: AvatarShape[] = ['round', 'square'];

export const Default: Story = {
  args: { src: PHOTO, onStatusChange: fn() },
  play: async ({ canvas, args }) => {
    // The image loads and is named by `name`; the initials are hidden.
    await waitFor(() => expect(canvas.getByRole('img', { name: 'Ada Lovelace' }).tagName).toBe('IMG'));
    const img = canvas.getByRole('img', { name: 'Ada Lovelace' });
    await waitFor(() => expect(args.onStatusChange).toHaveBeenCalledWith({ status: 'loaded' }));
    await expect(canvas.queryByText('AL')).not.toBeVisible();
    const root = img.parentElement!;
    await expect(root.getBoundingClientRect().width).toBe(40);
    await expect(getComputedStyle(root).borderRadius).not.toBe('0px');
    // Not interactive: nothing in the tab order.
    await expect(root.querySelector('[tabindex]')).toBeNull();
  },
};

export const Initials: Story = {
  play: async ({ canvas }) => {
    const fallback = canvas.getByRole('img', { name: 'Ada Lovelace' });
    await expect(fallback).toHaveTextContent('AL');
  },
};

/** A URL that 404s: the initials stay, and nothing broken is shown or announced. */
export const BrokenImage: Story = {
  args: { src: BROKEN, name: 'Grace Hopper', onStatusChange: fn() },
  play: async ({ canvas, canvasElement, args }) => {
    await waitFor(() => expect(args.onStatusChange).toHaveBeenCalledWith({ status: 'error' }));
    const fallback = canvas.getByRole('img', { name: 'Grace Hopper' });
    await expect(fallback).toBeVisible();
    await expect(fallback).toHaveTextContent('GH');
    await expect(canvasElement.querySelector('img')).not.toBeVisible();
  },
};

export const Matrix: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      {shapes.map((shape) =>
        [PHOTO, undefined, BROKEN].map((src, row) => (
          <div key={`${shape}-${row}`} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            {sizes.map((size) => (
              <Avatar
                key={size}
                name="Ada Lovelace"
                src={src}
                size={size}
                shape={shape}
                data-testid={`${shape}-${row}-${size}`}
              />
            ))}
          </div>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const shape of shapes) {
      for (const size of sizes) {
        const box = canvas.getByTestId(`${shape}-1-${size}`).getBoundingClientRect();
        await expect([box.width, box.height]).toEqual([size, size]);
      }
    }
    // Small avatars show one initial, larger ones two.
    await expect(canvas.getByTestId('round-1-20')).toHaveTextContent(/^A$/);
    await expect(canvas.getByTestId('round-1-24')).toHaveTextContent(/^A$/);
    await expect(canvas.getByTestId('round-1-32')).toHaveTextContent(/^AL$/);
    // Broken images fall back to the initials too.
    await waitFor(() => expect(canvas.getByTestId('square-2-64')).toHaveTextContent('AL'));
    await expect(getComputedStyle(canvas.getByTestId('square-1-40')).borderRadius).toBe('8px');
  },
};

export const Names: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Avatar name="Ada" />
      <Avatar name="Ada King Lovelace" />
      <Avatar name="Jean-Luc Picard" />
      <Avatar name="محمد علي" />
      <Avatar name="山田 太郎" />
      <Avatar name="" />
      <Avatar />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Ada' })).toHaveTextContent(/^A$/);
    await expect(canvas.getByRole('img', { name: 'Ada King Lovelace' })).toHaveTextContent('AL');
    await expect(canvas.getByRole('img', { name: 'محمد علي' })).toHaveTextContent('م\u200Cع');
    await expect(canvas.getByRole('img', { name: '山田 太郎' })).toHaveTextContent('山');
    // Without a name there is nothing to announce: a generic icon, hidden from assistive technology.
    await expect(canvas.getAllByRole('img')).toHaveLength(5);
  },
};

/** Next to a visible name, the avatar is decorative so the name is not read twice. */
export const Decorative: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Avatar name="Grace Hopper" src={PHOTO} size={32} decorative />
      <span>Grace Hopper</span>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

export const LongName: Story = {
  args: { name: 'Maximilian Alexander Konstantin von Hohenberg-Wittelsbach zu Schwarzenfels' },
  parameters: { width: 280 },
  play: async ({ canvas }) => {
    const el = canvas.getByRole('img');
    await expect(el).toHaveTextContent('MS');
    await expect(el.parentElement!.getBoundingClientRect().width).toBe(40);
  },
};

export const UnbrokenText: Story = {
  args: { name: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789', size: 64 },
  parameters: { width: 200 },
};

export const Narrow: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
      {Array.from({ length: 12 }, (_, i) => (
        <Avatar key={i} name={`Person ${i + 1}`} size={32} />
      ))}
    </div>
  ),
  parameters: { width: 280 },
};

export const Dark: Story = { ...Matrix, parameters: { theme: 'dark' } };

export const RightToLeft: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <Avatar name="فاطمة الزهراء" />
      <Avatar name="יוסי כהן" shape="square" />
      <Avatar name="محمد علي" src={BROKEN} size={64} />
    </div>
  ),
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'فاطمة الزهراء' })).toHaveTextContent('ف\u200Cا');
    await expect(canvas.getByRole('img', { name: 'יוסי כהן' })).toHaveTextContent('יכ');
  },
};
