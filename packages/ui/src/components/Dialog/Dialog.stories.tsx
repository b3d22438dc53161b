import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/index.js';
import { ErrorState } from '../ErrorState/index.js';
import { Menu } from '../Menu/index.js';
import { Select } from '../Select/index.js';
import { Tooltip } from '../Tooltip/index.js';
import { Dialog, DialogClose } from './Dialog.js';
import type { DialogProps } from './Dialog.js';
import { placed } from '../../stories-support/overlays.js';

const confirm = fn();
const inviteAction = fn();

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: {
    title: 'Share report',
    description: 'People you add can view this report and its attachments.',
    children: <p>The link stays valid until you revoke it from the report’s sharing settings.</p>,
    trigger: <Button>Share</Button>,
    footer: (
      <>
        <DialogClose>
          <Button variant="outline" tone="neutral">
            Cancel
          </Button>
        </DialogClose>
        <Button onClick={confirm}>Share</Button>
      </>
    ),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const body = (el: HTMLElement) => within(el.ownerDocument.body);
/** Opens the dialog by clicking its trigger and waits until it has finished animating. */
/**
 * An open dialog hides the rest of the page from assistive technology in an animation frame after
 * it opens (zag's ariaHidden, deferred by requestAnimationFrame). An overlay opened inside it before
 * that frame (a test's next click on a loaded machine) is hidden with the page, so a test lets the
 * frame pass first: callbacks of one frame run in the order they were asked for.
 */
const outsideHidden = () =>
  new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
const openWithMouse = async (canvasElement: HTMLElement, name = 'Share') => {
  await userEvent.click(within(canvasElement).getByRole('button', { name }));
  const dialog = await body(canvasElement).findByRole('dialog');
  await outsideHidden();
  return dialog;
};
const closed = (canvasElement: HTMLElement) =>
  waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull());
/** The dialog a still story opens with `defaultOpen`, once it has finished animating. */
const shown = async (canvasElement: HTMLElement) => {
  const dialog = await body(canvasElement).findByRole('dialog');
  return dialog;
};
/**
 * An open modal covers the page it is on: on the docs page, a still that opens one renders in a
 * frame of its own, so it covers only its own story.
 */
const openOnDocsPage = { docs: { story: { inline: false, height: '560px' } } };

/** The closed dialog: its trigger. The open dialog is `DefaultOpen`. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('button', { name: 'Share' })).toHaveAttribute('aria-haspopup', 'dialog');
    await expect(body(canvasElement).queryByRole('dialog')).toBeNull();
  },
};

/**
 * Opens by mouse, by keyboard; named and described; focus trapped and returned; closes with the
 * close button, the backdrop, Escape and a DialogClose button.
 */
export const DefaultTest: Story = {
  ...Default,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Share' });

    // Mouse: opens, named by its title, described by its description, inside the overlay layer.
    let dialog = await openWithMouse(canvasElement);
    await expect(dialog).toHaveAccessibleName('Share report');
    await expect(dialog).toHaveAccessibleDescription(
      'People you add can view this report and its attachments.',
    );
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.closest('[data-cp-overlays]')).not.toBeNull();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    // Focus moves into the dialog and is trapped there.
    await waitFor(() => expect(dialog.contains(dialog.ownerDocument.activeElement)).toBe(true));
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      await expect(dialog.contains(dialog.ownerDocument.activeElement)).toBe(true);
    }
    await userEvent.tab({ shift: true });
    await expect(dialog.contains(dialog.ownerDocument.activeElement)).toBe(true);
    // The close button has an accessible name and closes; focus returns to the trigger.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await closed(canvasElement);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());

    // Backdrop: a click outside the panel closes.
    dialog = await openWithMouse(canvasElement);
    // (While a modal is open zag makes the page `pointer-events: none`; the click still lands outside.)
    const backdrop = dialog.ownerDocument.querySelector<HTMLElement>(
      '[data-scope="dialog"][data-part="backdrop"]',
    );
    await waitFor(() => expect(backdrop).toBeVisible());
    await userEvent.click(backdrop as HTMLElement, { pointerEventsCheck: 0 });
    await closed(canvasElement);

    // Keyboard: Enter on the trigger opens, Escape closes and restores focus.
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    dialog = await body(canvasElement).findByRole('dialog');
    await waitFor(() => expect(dialog.contains(dialog.ownerDocument.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    await waitFor(() => expect(trigger).toHaveFocus());

    // Footer: a DialogClose button closes; Space activates it.
    dialog = await openWithMouse(canvasElement);
    within(dialog).getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.keyboard(' ');
    await closed(canvasElement);
  },
};

function ControlledDemo(args: DialogProps) {
  const [open, setOpen] = useState(args.defaultOpen ?? false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Edit profile</Button>
      <p>{open ? 'Dialog is open' : 'Dialog is closed'}</p>
      <Dialog
        {...args}
        trigger={undefined}
        defaultOpen={undefined}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          args.onOpenChange?.(next);
        }}
        footer={
          <>
            <Button variant="outline" tone="neutral" onClick={() => setOpen(false)}>
              Discard
            </Button>
            <Button onClick={() => setOpen(false)}>Save</Button>
          </>
        }
      />
    </>
  );
}

/**
 * Controlled with `open` / `onOpenChange` and opened from an unrelated button: shown open, as the
 * owner's state says.
 */
export const Controlled: Story = {
  args: { title: 'Edit profile', description: undefined, defaultOpen: true },
  render: (args) => <ControlledDemo {...args} />,
  parameters: openOnDocsPage,
  play: async ({ canvas, canvasElement }) => {
    await shown(canvasElement);
    await expect(body(canvasElement).getByRole('dialog')).toHaveAccessibleName('Edit profile');
    await expect(canvas.getByText('Dialog is open')).toBeInTheDocument();
  },
};

/** The owner closes it from a footer button; reopened from its button, Escape asks the owner to close. */
export const ControlledTest: Story = {
  ...Controlled,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvas, canvasElement, args }) => {
    const dialog = await shown(canvasElement);
    await expect(canvas.getByText('Dialog is open')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await closed(canvasElement);
    await expect(canvas.getByText('Dialog is closed')).toBeInTheDocument();
    // Escape asks the owner to close through onOpenChange.
    await userEvent.click(canvas.getByRole('button', { name: 'Edit profile' }));
    const reopened = await body(canvasElement).findByRole('dialog');
    // Escape reaches the dialog once focus is inside it, as it is for a person who sees it open.
    await waitFor(() => expect(reopened.contains(reopened.ownerDocument.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

const sizeStory = (size: DialogProps['size'], max: number): Story => ({
  args: { size, defaultOpen: true },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    const width = dialog.getBoundingClientRect().width;
    const viewport = canvasElement.ownerDocument.documentElement.clientWidth;
    await expect(width).toBeLessThanOrEqual(Math.min(max, viewport - 32) + 1);
  },
});
export const SizeSmall = sizeStory('sm', 400);
export const SizeMedium = sizeStory('md', 560);
export const SizeLarge = sizeStory('lg', 800);

const paragraphs = Array.from(
  { length: 30 },
  (_, i) =>
    `Clause ${i + 1}. The client may request a copy of any document held on their behalf; copies are provided within ten working days in the format agreed.`,
);

/** Long content scrolls inside the body; the panel never exceeds the viewport, the footer stays visible. */
export const LongContent: Story = {
  args: {
    title: 'Terms of engagement',
    children: (
      <div style={{ display: 'grid', gap: 12 }}>
        {paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    ),
    defaultOpen: true,
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    const viewport = canvasElement.ownerDocument.documentElement.clientHeight;
    await expect(dialog.getBoundingClientRect().bottom).toBeLessThanOrEqual(viewport);
    const scroller = await waitFor(() => {
      const el = dialog.querySelector<HTMLElement>('[data-scrollable]');
      if (!el) throw new Error('body is not scrollable');
      return el;
    });
    await expect(scroller.scrollHeight).toBeGreaterThan(scroller.clientHeight);
    // The scrolling body is reachable by keyboard and scrolls with the arrow keys' default action.
    await expect(scroller).toHaveAttribute('tabindex', '0');
    await expect(within(dialog).getByRole('button', { name: 'Share' })).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    title: 'Confirm the transfer of all documents in the “Quarterly statements and annual reports” folder',
    description:
      'Every document, including archived versions and attachments added by your adviser, will move to the new client space and keep its sharing settings.',
    defaultOpen: true,
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
  },
};

export const UnbrokenText: Story = {
  args: {
    title: 'Delete QUARTERLY_STATEMENT_2025_Q4_FINAL_v12_approved_signed_scanned.pdf',
    children: <p>https://portal.example.com/documents/0123456789abcdef0123456789abcdef0123456789abcdef</p>,
    defaultOpen: true,
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth + 1);
  },
};

export const AlertDialog: Story = {
  args: {
    role: 'alertdialog',
    size: 'sm',
    title: 'Revoke access?',
    description: 'Anna Berg will no longer see this report.',
    children: undefined,
    trigger: <Button tone="danger">Revoke access</Button>,
    footer: (
      <>
        <DialogClose>
          <Button variant="outline" tone="neutral">
            Keep access
          </Button>
        </DialogClose>
        <Button tone="danger">Revoke</Button>
      </>
    ),
    defaultOpen: true,
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Revoke access?' });
    await expect(dialog.querySelector('[data-scrollable]')).toBeNull();
  },
};

export const Narrow: Story = {
  ...LongText,
  parameters: { ...openOnDocsPage, width: 280 },
};

export const Dark: Story = {
  args: { defaultOpen: true },
  parameters: { ...openOnDocsPage, theme: 'dark' },
  play: async ({ canvasElement }) => {
    await shown(canvasElement);
  },
};

/** The close button sits at the inline end: on the left in RTL. */
export const RightToLeft: Story = {
  args: {
    title: 'مشاركة التقرير',
    description: 'يمكن للأشخاص الذين تضيفهم عرض هذا التقرير ومرفقاته.',
    children: <p>يبقى الرابط صالحًا حتى تلغيه من إعدادات المشاركة.</p>,
    trigger: <Button>مشاركة</Button>,
    closeLabel: 'إغلاق',
    footer: (
      <>
        <DialogClose>
          <Button variant="outline" tone="neutral">
            إلغاء
          </Button>
        </DialogClose>
        <Button>مشاركة</Button>
      </>
    ),
    defaultOpen: true,
  },
  parameters: { ...openOnDocsPage, dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    const close = within(dialog).getByRole('button', { name: 'إغلاق' }).getBoundingClientRect();
    const title = within(dialog).getByRole('heading').getBoundingClientRect();
    await expect(close.right).toBeLessThanOrEqual(title.left);
  },
};

/** Open on first render (`defaultOpen`), portalled into the overlay layer. */
export const DefaultOpen: Story = {
  args: { defaultOpen: true },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    await expect(dialog).toHaveAccessibleName('Share report');
    await expect(dialog.closest('[data-cp-overlays]')).not.toBeNull();
  },
};

/** Open on first render, focus moves inside and is trapped all the same, and Escape closes it. */
export const DefaultOpenTest: Story = {
  ...DefaultOpen,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    await waitFor(() => expect(dialog.contains(dialog.ownerDocument.activeElement)).toBe(true));
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog.contains(dialog.ownerDocument.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
  },
};

const cancel = (
  <DialogClose>
    <Button variant="outline" tone="neutral">
      Cancel
    </Button>
  </DialogClose>
);

/** The primary action is running: its button shows a spinner, is busy and ignores clicks. */
export const Submitting: Story = {
  args: {
    defaultOpen: true,
    footer: (
      <>
        {cancel}
        <Button loading onClick={confirm}>
          Share
        </Button>
      </>
    ),
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    const share = within(dialog).getByRole('button', { name: 'Share' });
    await expect(share).toHaveAttribute('aria-busy', 'true');
    await expect(share).toHaveAttribute('aria-disabled', 'true');
  },
};

/** The action failed: the body says what went wrong, as an alert; the primary action can be tried again. */
export const InlineError: Story = {
  args: {
    defaultOpen: true,
    children: (
      <div style={{ display: 'grid', gap: 12 }}>
        <p>The link stays valid until you revoke it from the report’s sharing settings.</p>
        <ErrorState size="sm" title="Report not shared" message="We could not share the report. Try again." />
      </div>
    ),
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'We could not share the report. Try again.',
    );
    await expect(within(dialog).getByRole('button', { name: 'Share' })).toBeEnabled();
  },
};

/** A required field is empty: the primary action is disabled, and the field's hint says why. */
export const DisabledAction: Story = {
  args: {
    defaultOpen: true,
    children: (
      <Select
        label="Access"
        placeholder="Choose what they can do"
        required
        helperText="Choose an access level to share the report."
        items={[
          { value: 'view', label: 'Can view' },
          { value: 'comment', label: 'Can comment' },
        ]}
      />
    ),
    footer: (
      <>
        {cancel}
        <Button disabled onClick={confirm}>
          Share
        </Button>
      </>
    ),
  },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    await expect(within(dialog).getByRole('button', { name: 'Share' })).toBeDisabled();
    await expect(within(dialog).getByRole('combobox', { name: 'Access' })).toHaveAccessibleDescription(
      'Choose an access level to share the report.',
    );
  },
};

/** A select, a tooltip and a menu in the dialog's body. */
const nestedOverlays = (
  <div style={{ display: 'grid', gap: 16, justifyItems: 'start' }}>
    <Select
      label="Role"
      placeholder="Choose a role"
      items={[
        { value: 'viewer', label: 'Viewer' },
        { value: 'editor', label: 'Editor' },
        { value: 'owner', label: 'Owner' },
      ]}
    />
    <Tooltip content="Viewers can read but not edit">
      <Button variant="ghost" tone="neutral">
        About roles
      </Button>
    </Tooltip>
    <Menu
      label="More"
      onSelect={inviteAction}
      items={[
        { value: 'copy', label: 'Copy invite link' },
        { value: 'revoke', label: 'Revoke all invites', tone: 'danger' },
      ]}
    />
  </div>
);

/**
 * A dialog holding controls that open overlays of their own (select, tooltip, menu); they open above
 * it and work with its focus trap (`WithNestedOverlaysTest`).
 */
export const WithNestedOverlays: Story = {
  args: { title: 'Invite a colleague', description: undefined, defaultOpen: true, children: nestedOverlays },
  parameters: openOnDocsPage,
  play: async ({ canvasElement }) => {
    const dialog = await shown(canvasElement);
    await expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'More' })).toBeVisible();
  },
};

/** Overlays inside the dialog (select, menu, tooltip) work with the focus trap; Escape closes the innermost. */
export const WithNestedOverlaysTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: { title: 'Invite a colleague', description: undefined, children: nestedOverlays },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement);
    const dialog = await openWithMouse(canvasElement);
    // Select by mouse, then by keyboard.
    const combobox = within(dialog).getByRole('combobox', { name: 'Role' });
    await userEvent.click(combobox);
    let list = await placed(await page.findByRole('listbox'));
    await userEvent.click(within(list).getByRole('option', { name: 'Editor' }));
    await waitFor(() => expect(page.queryByRole('listbox')).toBeNull());
    await expect(combobox).toHaveTextContent('Editor');
    await expect(page.getByRole('dialog')).toBeInTheDocument();
    combobox.focus();
    await userEvent.keyboard('{ArrowDown}');
    list = await placed(await page.findByRole('listbox'));
    await waitFor(() => expect(list.querySelector('[data-highlighted]')).toHaveTextContent('Editor'));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(combobox).toHaveTextContent('Owner'));
    // Escape closes the innermost layer only.
    await userEvent.keyboard('{ArrowDown}');
    await placed(await page.findByRole('listbox'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('listbox')).toBeNull());
    await expect(page.getByRole('dialog')).toBeInTheDocument();
    // Tooltip on keyboard focus.
    await userEvent.tab();
    await expect(await placed(await page.findByRole('tooltip'))).toHaveTextContent(
      'Viewers can read but not edit',
    );
    // Menu by keyboard.
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    const menu = await placed(await page.findByRole('menu'));
    // Pointer onto the item first, then click a couple of frames later, as a real pointer does.
    const item = within(menu).getByRole('menuitem', { name: 'Copy invite link' });
    const r = item.getBoundingClientRect();
    const coords = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
    await userEvent.pointer({ target: item, coords });
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    await userEvent.pointer({ keys: '[MouseLeft]', target: item, coords });
    await expect(inviteAction).toHaveBeenLastCalledWith('copy');
    await waitFor(() => expect(page.queryByRole('menu')).toBeNull());
    await expect(page.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await closed(canvasElement);
  },
};
