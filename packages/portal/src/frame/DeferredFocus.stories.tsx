import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ComponentType, lazy, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FocusKeepingSuspense } from './deferred.js';

/**
 * The frame's overlay triggers (tooltips, the settings menu) render a stand-in until the overlays
 * chunk arrives, then the real trigger. These tests deliver the "chunk" by hand and check that a
 * keyboard user's focus moves from the stand-in to the real trigger — and only if the stand-in had it.
 */
const meta: Meta = {
  title: 'Portal/Frame/Overlay triggers',
  tags: ['!autodocs'],
  parameters: { layout: 'padded' },
};
export default meta;
type Story = StoryObj;

/** A lazy component whose code "arrives" when `deliver` is called. */
function deferredButton() {
  let deliver = () => {};
  const arrived = new Promise<{ default: ComponentType }>((resolve) => {
    deliver = () =>
      resolve({
        default: () => (
          <button type="button" data-real="true">
            Settings
          </button>
        ),
      });
  });
  return { Real: lazy(() => arrived), deliver: () => deliver() };
}

let current: ReturnType<typeof deferredButton> | undefined;

function Harness() {
  const [{ Real }] = useState(() => {
    current = deferredButton();
    return current;
  });
  return (
    <div style={{ display: 'flex', gap: 8 }}>
      <FocusKeepingSuspense
        fallback={
          <button type="button" data-real="false">
            Settings
          </button>
        }
      >
        <Real />
      </FocusKeepingSuspense>
      <button type="button">Elsewhere</button>
    </div>
  );
}

const realTrigger = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLButtonElement>('button[data-real="true"]');

/** Tabbed to the stand-in: when the code arrives, the real trigger has the focus. */
export const FocusMovesToTheRealTrigger: Story = {
  render: () => <Harness />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const standIn = canvas.getByRole('button', { name: 'Settings' });
    await expect(standIn).toHaveFocus();
    current?.deliver();
    await waitFor(() => expect(realTrigger(canvasElement)).not.toBeNull());
    await expect(standIn.isConnected).toBe(false);
    await expect(realTrigger(canvasElement)).toHaveFocus();
  },
};

/** Focus left the stand-in before the code arrived: it stays where the user put it. */
export const FocusElsewhereStays: Story = {
  render: () => <Harness />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.tab();
    const elsewhere = canvas.getByRole('button', { name: 'Elsewhere' });
    await expect(elsewhere).toHaveFocus();
    current?.deliver();
    await waitFor(() => expect(realTrigger(canvasElement)).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(elsewhere).toHaveFocus();
  },
};

/** Nobody focused the stand-in: the arrival takes no focus. */
export const NoFocusNoSteal: Story = {
  render: () => <Harness />,
  play: async ({ canvasElement }) => {
    current?.deliver();
    await waitFor(() => expect(realTrigger(canvasElement)).not.toBeNull());
    await expect(realTrigger(canvasElement)).not.toHaveFocus();
  },
};
