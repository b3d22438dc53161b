import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.js';
import { createPortalToaster } from './createPortalToaster.js';
import type { PortalToaster, PortalToastOptions } from './createPortalToaster.js';
import type { ToasterPlacement, ToastStatus } from './placement.js';
import { Toaster } from './Toaster.js';

/** One toaster per rendered story, so stories never share toasts. */
function useStoryToaster(placement?: ToasterPlacement): PortalToaster {
  const [toaster] = useState(() => createPortalToaster({ placement }));
  return toaster;
}

/**
 * Shows a still story's toasts without a click. Toasters mount a frame after the story (once the
 * overlay layer exists), and a toast created before its toaster listens is lost, so `show` (which
 * creates toasts with fixed ids, and so only adds the missing ones) runs each frame until `count`
 * toasts are on the page, for three seconds at most.
 */
function useShownOnMount(show: () => void, count: number) {
  useEffect(() => {
    let frame = 0;
    const until = Date.now() + 3000;
    const tick = () => {
      if (document.querySelectorAll('[data-scope="toast"][data-part="root"]').length >= count) return;
      if (document.querySelector('[data-scope="toast"][data-part="group"]')) show();
      if (Date.now() < until) frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  });
}

const messages: Record<ToastStatus, PortalToastOptions> = {
  info: { title: 'New statement', description: 'Your March statement is ready.' },
  success: { title: 'Payment sent', description: 'We received €120.00.' },
  warning: { title: 'Card expires soon', description: 'Update it before 30 April.' },
  error: { title: 'Upload failed', description: 'The file is larger than 10 MB.' },
  loading: { title: 'Uploading…', description: 'contract.pdf' },
};
const statuses = Object.keys(messages) as ToastStatus[];

interface DemoProps {
  placement?: ToasterPlacement;
  closable?: boolean;
  closeLabel?: string;
  labels?: Partial<Record<ToastStatus, PortalToastOptions>>;
  /** Overrides the 5000 ms default; interaction tests use a long one so a slow machine can't race it. */
  duration?: number;
  /** Toasts shown when the story mounts, in this order; they stay until closed. */
  shown?: ToastStatus[];
}

function Demo({ placement, closable = true, closeLabel, labels, duration, shown = [] }: DemoProps) {
  const toaster = useStoryToaster(placement);
  const [loadingId, setLoadingId] = useState<string>();
  useShownOnMount(() => {
    for (const type of shown) {
      toaster.create({ id: type, ...messages[type], ...labels?.[type], type, closable, duration: Infinity });
    }
  }, shown.length);
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {statuses.map((type) => (
        <Button
          key={type}
          variant="outline"
          onClick={() => {
            const id = toaster.create({ ...messages[type], ...labels?.[type], type, closable, duration });
            if (type === 'loading') setLoadingId(id);
          }}
        >
          {`Show ${type}`}
        </Button>
      ))}
      <Button
        variant="ghost"
        disabled={!loadingId}
        onClick={() => {
          if (loadingId) toaster.update(loadingId, { type: 'success', title: 'Uploaded', duration: 400 });
          setLoadingId(undefined);
        }}
      >
        Finish upload
      </Button>
      <Toaster toaster={toaster} closeLabel={closeLabel} />
    </div>
  );
}

const meta = {
  title: 'UI/Toaster',
  component: Demo,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

const overlaysOf = (canvasElement: HTMLElement) =>
  canvasElement.ownerDocument.querySelector<HTMLElement>('[data-cp-overlays]')!;
const toastOf = (el: HTMLElement) => el.closest<HTMLElement>('[data-scope="toast"][data-part="root"]')!;

/** Every status at once: the live region, each toast with its role, its text and a close button. */
export const Default: Story = {
  args: { shown: statuses },
  play: async ({ canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    // The region mounts once the overlay container exists, a frame after the story.
    const region = await overlays.findByRole('region', { name: /^Notifications/ });
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveAttribute('data-placement', 'bottom');
    for (const type of statuses) {
      const toast = toastOf(await overlays.findByText(String(messages[type].title)));
      await expect(toast).toHaveAttribute('data-type', type);
      await expect(toast).toHaveAttribute('role', type === 'error' ? 'alert' : 'status');
      await expect(toast).toHaveAttribute('aria-live', type === 'error' ? 'assertive' : 'polite');
      await expect(toast).toHaveTextContent(String(messages[type].description));
      // The toast fades in from opacity 0: wait for the entry animation rather than race it.
      await waitFor(() =>
        expect(within(toast).getByRole('button', { name: 'Dismiss notification' })).toBeVisible(),
      );
    }
    await expect(overlays.getByRole('alert')).toHaveTextContent('Upload failed');
  },
};

/** No toast yet: the buttons that show them (where the interaction tests start). */
export const Empty: Story = {
  play: async ({ canvas, canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    await expect(await overlays.findByRole('region', { name: /^Notifications/ })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Show info' })).toBeVisible();
    await expect(overlays.queryByRole('status')).toBeNull();
  },
};

/** Each status from its button; closing by mouse, by Enter on the close button and by Escape. */
export const ShowAndDismissTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { duration: 120_000 },
  play: async ({ canvas, canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    // The region mounts once the overlay container exists, a frame after the story.
    const region = await overlays.findByRole('region', { name: /^Notifications/ });
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region).toHaveAttribute('data-placement', 'bottom');

    // Every status: the text appears in the overlay layer with the right live-region role.
    for (const type of statuses) {
      await userEvent.click(canvas.getByRole('button', { name: `Show ${type}` }));
      const title = await overlays.findByText(String(messages[type].title));
      const toast = toastOf(title);
      await expect(toast).toHaveAttribute('data-type', type);
      await expect(toast).toHaveAttribute('role', type === 'error' ? 'alert' : 'status');
      await expect(toast).toHaveAttribute('aria-live', type === 'error' ? 'assertive' : 'polite');
      await expect(toast).toHaveTextContent(String(messages[type].description));
      // The toast fades in from opacity 0: wait for the entry animation rather than race it.
      await waitFor(() =>
        expect(within(toast).getByRole('button', { name: 'Dismiss notification' })).toBeVisible(),
      );
    }
    await expect(overlays.getByRole('alert')).toHaveTextContent('Upload failed');

    // Close with the mouse.
    const info = toastOf(overlays.getByText('New statement'));
    await userEvent.click(within(info).getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(overlays.queryByText('New statement')).toBeNull());

    // Close with the keyboard: Enter on the close button…
    const warning = toastOf(overlays.getByText('Card expires soon'));
    const closeWarning = within(warning).getByRole('button', { name: 'Dismiss notification' });
    closeWarning.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(overlays.queryByText('Card expires soon')).toBeNull());

    // …and Escape on a focused toast (toasts are in the tab order after the page).
    canvas.getByRole('button', { name: 'Finish upload' }).focus();
    await userEvent.tab();
    const focused = canvasElement.ownerDocument.activeElement as HTMLElement;
    await expect(focused).toHaveAttribute('data-part', 'root');
    const focusedTitle = focused.querySelector('[data-part="title"]')!.textContent!;
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(overlays.queryByText(focusedTitle)).toBeNull());
  },
};

/** Loading toasts stay until updated; the update then times out like any other toast. */
export const LoadingUntilUpdatedTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { closable: false },
  play: async ({ canvas, canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Show loading' }));
    const toast = toastOf(await overlays.findByText('Uploading…'));
    await expect(toast).toHaveAttribute('role', 'status');
    await expect(within(toast).queryByRole('button')).toBeNull(); // not closable
    await new Promise((r) => setTimeout(r, 1200));
    await expect(overlays.getByText('Uploading…')).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: 'Finish upload' }));
    await overlays.findByText('Uploaded');
    await expect(toast).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(overlays.queryByText('Uploaded')).toBeNull(), { timeout: 3000 });
  },
};

/** Toasts hide themselves after 5 s by default. */
export const AutoDismissTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  render: function Render() {
    const toaster = useStoryToaster();
    return (
      <>
        <Button onClick={() => toaster.success({ title: 'Saved' })}>Save</Button>
        <Button variant="ghost" onClick={() => toaster.info({ title: 'Quick note', duration: 300 })}>
          Quick note
        </Button>
        <Toaster toaster={toaster} />
      </>
    );
  },
  play: async ({ canvas, canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    const saved = await overlays.findByText('Saved');
    await waitFor(() => expect(saved).toBeVisible());
    // Default 5000 ms: still there after 3 s (zag's own success default would be 2 s)…
    await new Promise((r) => setTimeout(r, 3000));
    await expect(overlays.getByText('Saved')).toBeVisible();
    // …and a per-toast duration wins.
    await userEvent.click(canvas.getByRole('button', { name: 'Quick note' }));
    await overlays.findByText('Quick note');
    await waitFor(() => expect(overlays.queryByText('Quick note')).toBeNull(), { timeout: 2000 });
    await waitFor(() => expect(overlays.queryByText('Saved')).toBeNull(), { timeout: 4000 });
  },
};

const placements: ToasterPlacement[] = [
  'top',
  'top-left',
  'top-right',
  'bottom',
  'bottom-left',
  'bottom-right',
];

/** All six placements at once (one toaster each). */
export const Placements: Story = {
  render: function Render() {
    const toasters = placements.map((p) => ({ p, t: useStoryToaster(p) }));
    useShownOnMount(() => {
      for (const { p, t } of toasters)
        t.info({ id: p, title: p, description: `Placed ${p}`, duration: Infinity });
    }, toasters.length);
    return (
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {toasters.map(({ p, t }) => (
          <Toaster key={p} toaster={t} />
        ))}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    const view = canvasElement.ownerDocument.documentElement;
    const box = async (p: string) =>
      toastOf(await overlays.findByText(`Placed ${p}`)).getBoundingClientRect();
    await waitFor(async () => {
      const tl = await box('top-left');
      const tr = await box('top-right');
      const t = await box('top');
      const bl = await box('bottom-left');
      const br = await box('bottom-right');
      const b = await box('bottom');
      expect(tl.left).toBeLessThan(40);
      expect(tl.top).toBeLessThan(40);
      expect(tr.right).toBeGreaterThan(view.clientWidth - 40);
      expect(Math.abs(t.left + t.width / 2 - view.clientWidth / 2)).toBeLessThan(2);
      expect(bl.bottom).toBeGreaterThan(view.clientHeight - 40);
      expect(bl.left).toBeLessThan(40);
      expect(br.right).toBeGreaterThan(view.clientWidth - 40);
      expect(Math.abs(b.left + b.width / 2 - view.clientWidth / 2)).toBeLessThan(2);
    });
    for (const p of ['top-left', 'top-right', 'bottom-left', 'bottom-right']) {
      const region = toastOf(overlays.getByText(`Placed ${p}`)).parentElement!;
      await expect(region).toHaveAttribute(
        'data-placement',
        p.replace('left', 'start').replace('right', 'end'),
      );
    }
  },
};

/** Several toasts stack without overlapping. */
export const Stacked: Story = {
  render: function Render() {
    const toaster = useStoryToaster('bottom-right');
    useShownOnMount(() => {
      toaster.info({ id: 'first', title: 'First', duration: Infinity });
      toaster.warning({
        id: 'second',
        title: 'Second',
        description: 'With a description.',
        duration: Infinity,
      });
      toaster.success({ id: 'third', title: 'Third', duration: Infinity, closable: true });
    }, 3);
    return <Toaster toaster={toaster} />;
  },
  play: async ({ canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    await waitFor(async () => {
      const boxes = await Promise.all(
        ['First', 'Second', 'Third'].map(async (t) =>
          toastOf(await overlays.findByText(t)).getBoundingClientRect(),
        ),
      );
      boxes.sort((a, b) => a.top - b.top);
      for (let i = 1; i < boxes.length; i++)
        expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    });
  },
};

/** A toast with an action (Undo), staying until it is used or closed. */
function ArchivedToast({ onMount = false }: { onMount?: boolean }) {
  const toaster = useStoryToaster();
  const [undone, setUndone] = useState(false);
  const archive = () =>
    toaster.create({
      id: 'archived',
      title: 'Message archived',
      action: { label: 'Undo', onClick: () => setUndone(true) },
      duration: Infinity,
    });
  useShownOnMount(
    () => {
      if (onMount) archive();
    },
    onMount ? 1 : 0,
  );
  return (
    <>
      <Button onClick={archive}>Archive</Button>
      <p role="status">{undone ? 'Restored' : ''}</p>
      <Toaster toaster={toaster} />
    </>
  );
}

export const WithAction: Story = {
  render: () => <ArchivedToast onMount />,
  play: async ({ canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    const undo = await overlays.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toBeVisible());
  },
};

/** The action runs and closes its toast. */
export const WithActionTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  render: () => <ArchivedToast />,
  play: async ({ canvas, canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Archive' }));
    await userEvent.click(await overlays.findByRole('button', { name: 'Undo' }));
    await expect(canvas.getByText('Restored')).toBeVisible();
    await waitFor(() => expect(overlays.queryByText('Message archived')).toBeNull());
  },
};

const long: Partial<Record<ToastStatus, PortalToastOptions>> = {
  info: {
    title: 'Your quarterly statement for the period ending 31 March is now available in documents',
    description:
      'It includes all invoices, credit notes, payments and adjustments made during the quarter, grouped by project and cost centre.',
  },
  error: {
    title: 'Upload failed',
    description:
      'https://files.example.org/uploads/2024/03/very-long-file-name-without-any-spaces-0123456789.pdf',
  },
};

export const LongText: Story = {
  args: { labels: long, shown: ['info', 'error'] },
  parameters: { width: 280 },
  play: async ({ canvasElement }) => {
    const overlays = within(overlaysOf(canvasElement));
    const toast = toastOf(await overlays.findByText(/very-long-file-name/));
    await waitFor(() => {
      const box = toast.getBoundingClientRect();
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(canvasElement.ownerDocument.documentElement.clientWidth);
      expect(toast.scrollWidth).toBeLessThanOrEqual(toast.clientWidth);
    });
  },
};

/** Every status is shown (on mount); used by the Narrow, Dark and RTL stories. */
const allShown: Story['play'] = async ({ canvasElement }) => {
  const overlays = within(overlaysOf(canvasElement));
  const alert = await overlays.findByRole('alert');
  // Toasts fade in from opacity 0: wait for the entry animation rather than race it.
  await waitFor(() => expect(alert).toBeVisible());
  await waitFor(() => expect(overlays.getAllByRole('status')).toHaveLength(4));
};

export const Narrow: Story = { args: { shown: statuses }, parameters: { width: 280 }, play: allShown };
export const Dark: Story = { args: { shown: statuses }, parameters: { theme: 'dark' }, play: allShown };

export const RightToLeft: Story = {
  args: {
    shown: statuses,
    placement: 'bottom-right',
    closeLabel: 'إغلاق الإشعار',
    labels: {
      info: { title: 'كشف حساب جديد', description: 'كشف حساب مارس جاهز.' },
      success: { title: 'تم الدفع', description: 'استلمنا ١٢٠ يورو.' },
      warning: { title: 'تنتهي البطاقة قريبًا', description: 'حدّثها قبل ٣٠ أبريل.' },
      error: { title: 'فشل الرفع', description: 'الملف أكبر من ١٠ ميغابايت.' },
      loading: { title: 'جارٍ الرفع…', description: 'contract.pdf' },
    },
  },
  parameters: { dir: 'rtl' },
  play: async (ctx) => {
    await allShown(ctx);
    const overlays = within(overlaysOf(ctx.canvasElement));
    // bottom-right means bottom-end: on the left in RTL.
    const toast = toastOf(overlays.getByText('كشف حساب جديد'));
    await waitFor(() => expect(toast.getBoundingClientRect().left).toBeLessThan(40));
    await expect(toast).toHaveAttribute('dir', 'rtl');
    await expect(getComputedStyle(toast).direction).toBe('rtl');
    await expect(within(toast).getByRole('button', { name: 'إغلاق الإشعار' })).toBeVisible();
  },
};
