import type { Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Button } from '../Button/index.js';
import { ErrorState } from './ErrorState.js';

const meta = {
  title: 'UI/ErrorState',
  component: ErrorState,
  args: {
    message: 'We could not load your invoices. Check your connection and try again.',
    onRetry: fn(),
  },
} satisfies Meta<typeof ErrorState>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Renders its children with every `<details>` in them expanded, as after a click on the summary. */
function DetailsExpanded({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    for (const d of Array.from(ref.current?.querySelectorAll('details') ?? [])) d.open = true;
  }, []);
  return <div ref={ref}>{children}</div>;
}

/** An alert (announced when it appears) with a retry button. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Something went wrong');
    await expect(canvas.getByRole('heading', { level: 3, name: 'Something went wrong' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** The retry button works by mouse and keyboard (Tab, Enter, Space). */
export const DefaultTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const retry = canvas.getByRole('button', { name: 'Try again' });
    await userEvent.click(retry);
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    retry.blur();
    await userEvent.tab();
    await expect(retry).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await expect(args.onRetry).toHaveBeenCalledTimes(3);
  },
};

/** While retrying, the button is busy and ignores further clicks. */
export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ canvas }) => {
    const retry = canvas.getByRole('button', { name: 'Try again' });
    await expect(retry).toHaveAttribute('aria-busy', 'true');
  },
};

/** The busy retry button ignores clicks. */
export const RetryingTest: Story = {
  ...Retrying,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    const retry = canvas.getByRole('button', { name: 'Try again' });
    await userEvent.click(retry);
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

/** A realistic flow, where `RetryFlowTest` starts: the error, before the retry that brings the content back. */
export const RetryFlow: Story = {
  render: function Render(args) {
    const [state, setState] = useState<'error' | 'retrying' | 'done'>('error');
    if (state === 'done') return <p>Invoices loaded.</p>;
    return (
      <ErrorState
        {...args}
        retrying={state === 'retrying'}
        onRetry={() => {
          args.onRetry?.();
          setState('retrying');
          setTimeout(() => setState('done'), 200);
        }}
      />
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-busy');
  },
};

/** Retry, busy, then the content comes back. */
export const RetryFlowTest: Story = {
  ...RetryFlow,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Try again' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(canvas.getByText('Invoices loaded.')).toBeVisible());
  },
};

/** Technical details are collapsed behind a disclosure. */
export const WithDetails: Story = {
  args: {
    title: 'Invoices unavailable',
    details: 'HTTP 503 Service Unavailable\nRequest id: 7f3c9a2e-41b8-4d5e-9f0a-1c2d3e4f5a6b',
    actions: (
      <Button variant="outline" tone="neutral">
        Contact support
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    const details = canvas.getByText('Technical details').closest('details')!;
    await expect(details.open).toBe(false);
    await expect(canvas.getByRole('button', { name: 'Contact support' })).toBeVisible();
  },
};

/** The disclosure opens on a click and is the next Tab stop after the actions. */
export const WithDetailsTest: Story = {
  ...WithDetails,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas }) => {
    const summary = canvas.getByText('Technical details');
    const details = summary.closest('details')!;
    await expect(details.open).toBe(false);
    await userEvent.click(summary);
    await expect(details.open).toBe(true);
    await expect(canvas.getByText(/Request id/)).toBeVisible();
    // Keyboard: the disclosure is the next Tab stop after the actions (native <details> toggles on Enter).
    canvas.getByRole('button', { name: 'Contact support' }).focus();
    await userEvent.tab();
    await expect(summary).toHaveFocus();
  },
};

export const WithoutRetry: Story = {
  args: { onRetry: undefined, icon: null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Compact, for tables, charts and small cards (Table and Chart use it for their error states). */
export const Small: Story = { args: { size: 'sm' } };
export const SmallDark: Story = { args: { size: 'sm', details: 'HTTP 503' }, parameters: { theme: 'dark' } };
export const SmallRightToLeft: Story = {
  args: {
    size: 'sm',
    message: 'تعذّر تحميل فواتيرك.',
    details: 'HTTP 503',
    labels: { title: 'حدث خطأ ما', retry: 'إعادة المحاولة', details: 'التفاصيل التقنية' },
  },
  parameters: { dir: 'rtl' },
};

export const CustomLabels: Story = {
  args: {
    message: 'Die Rechnungen konnten nicht geladen werden.',
    details: 'HTTP 500',
    labels: { title: 'Etwas ist schiefgelaufen', retry: 'Erneut versuchen', details: 'Technische Details' },
  },
  parameters: { locale: 'de' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await expect(canvas.getByText('Technische Details')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    title: 'We could not load the list of invoices for the selected client and period',
    message:
      'The billing service did not answer in time. This usually resolves itself within a few minutes; if it keeps happening, contact support and quote the request id below.',
    details: `Error: upstream timeout after 30000ms\n    at fetchInvoices (billing.ts:120)\nRequest id: ${'a'.repeat(120)}`,
  },
  parameters: { width: 320 },
  /** Shown with the technical details expanded, where the longest text is. */
  render: (args) => (
    <DetailsExpanded>
      <ErrorState {...args} />
    </DetailsExpanded>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('details')!.open).toBe(true);
    const root = canvas.getByRole('alert');
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth + 1);
    await expect(canvasElement.querySelector('pre')!.scrollWidth).toBeLessThanOrEqual(
      canvasElement.querySelector('pre')!.clientWidth + 1,
    );
  },
};

export const NarrowContainer: Story = { args: { details: 'HTTP 503' }, parameters: { width: 280 } };
export const Dark: Story = { ...WithDetails, parameters: { theme: 'dark' } };
export const RightToLeft: Story = {
  args: {
    message: 'تعذّر تحميل فواتيرك. تحقق من اتصالك وحاول مرة أخرى.',
    details: 'HTTP 503',
    labels: { title: 'حدث خطأ ما', retry: 'إعادة المحاولة', details: 'التفاصيل التقنية' },
  },
  parameters: { dir: 'rtl' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'حدث خطأ ما' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'إعادة المحاولة' })).toBeEnabled();
  },
};

/** The translated retry button retries. */
export const RightToLeftTest: Story = {
  ...RightToLeft,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'إعادة المحاولة' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
