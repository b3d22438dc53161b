import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Badge } from '../Badge/index.js';
import { Button } from '../Button/index.js';
import { EmptyState } from '../EmptyState/index.js';
import { ErrorState } from '../ErrorState/index.js';
import { SkeletonText } from '../Skeleton/index.js';
import { Card } from './Card.js';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: {
    title: 'Upcoming meetings',
    description: 'The next two weeks, across all your advisers.',
    children: <p>Quarterly review with Ana Souza — Tuesday 14:00.</p>,
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Header (title, description, actions), body and footer; the section is named by its title. */
export const Default: Story = {
  args: {
    actions: (
      <Button size="sm" variant="outline" onClick={fn()}>
        View all
      </Button>
    ),
    footer: <span>Updated 5 minutes ago</span>,
  },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Upcoming meetings' });
    await expect(region.tagName).toBe('SECTION');
    await expect(region).toHaveAccessibleDescription('The next two weeks, across all your advisers.');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Upcoming meetings' })).toBeVisible();
  },
};

/** Keyboard: the header action is reachable with Tab. */
export const KeyboardTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    await Default.play?.(context);
    await userEvent.tab();
    await expect(context.canvas.getByRole('button', { name: 'View all' })).toHaveFocus();
  },
};

/** Both variants side by side, with every padding size. */
export const Variants: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
      {(['outline', 'elevated'] as const).map((variant) =>
        (['sm', 'md', 'lg'] as const).map((padding) => (
          <Card
            key={`${variant}-${padding}`}
            {...args}
            variant={variant}
            padding={padding}
            title={`${variant} ${padding}`}
          />
        )),
      )}
    </div>
  ),
};

/** `as="article"` with a level-3 heading: an article, not a landmark. */
export const ArticleHeadingLevel: Story = {
  args: { as: 'article', headingLevel: 3, title: 'Case CASE-014', description: undefined },
  play: async ({ canvas }) => {
    const article = canvas.getByRole('article', { name: 'Case CASE-014' });
    await expect(article.tagName).toBe('ARTICLE');
    await expect(canvas.getByRole('heading', { level: 3, name: 'Case CASE-014' })).toBeVisible();
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

/** No header at all: just a surface. */
export const BodyOnly: Story = {
  args: { as: 'div', title: undefined, description: undefined, variant: 'elevated' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('h2')).toBeNull();
  },
};

export const Loading: Story = {
  args: { children: <SkeletonText lines={3} />, 'aria-busy': true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Upcoming meetings' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  args: {
    children: (
      <EmptyState
        size="sm"
        title="No meetings scheduled"
        description="Book a meeting with your adviser to see it here."
        actionLabel="Book a meeting"
        onAction={fn()}
      />
    ),
  },
};

export const ErrorInside: Story = {
  args: {
    children: (
      <ErrorState
        size="sm"
        message="We could not load your meetings. Check your connection."
        onRetry={fn()}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    title: 'A very long card title that keeps going and going well past the width of its container',
    description:
      'And an equally long description that wraps onto several lines without pushing anything out of the card.',
    actions: (
      <>
        <Badge tone="info">Beta</Badge>
        <Button size="sm" variant="ghost">
          Dismiss
        </Button>
      </>
    ),
    footer: 'Last synchronised with the document management system on Monday 3 March 2025 at 14:05',
  },
  parameters: { width: 360 },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region');
    await expect(card.getBoundingClientRect().width).toBeLessThanOrEqual(361);
  },
};

export const UnbrokenText: Story = {
  args: {
    title: 'Supercalifragilisticexpialidocious-unbroken-identifier-0123456789',
    children: <p>https://example.com/documents/very/long/path/that/never/breaks/on/its/own/report.pdf</p>,
  },
  parameters: { width: 240 },
  play: async ({ canvas }) => {
    const card = canvas.getByRole('region');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth + 1);
  },
};

export const NarrowContainer: Story = { ...Default, parameters: { width: 280 } };
export const Dark: Story = { ...Variants, parameters: { theme: 'dark' } };
export const RightToLeft: Story = {
  args: {
    title: 'الاجتماعات القادمة',
    description: 'الأسبوعان القادمان لجميع مستشاريك.',
    children: <p>مراجعة ربع سنوية مع آنا سوزا — الثلاثاء ١٤:٠٠.</p>,
    actions: (
      <Button size="sm" variant="outline">
        عرض الكل
      </Button>
    ),
    footer: 'تم التحديث قبل ٥ دقائق',
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    // The actions sit at the inline end: the left in RTL.
    const heading = canvas.getByRole('heading');
    const action = canvas.getByRole('button');
    await expect(action.getBoundingClientRect().right).toBeLessThan(heading.getBoundingClientRect().left);
  },
};
