import { expect, waitFor } from 'storybook/test';

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const rectOf = (el: Element) => JSON.stringify(el.getBoundingClientRect());

/**
 * Waits until a positioned overlay (menu, listbox, tooltip, popover) stands where it will stay: Ark
 * places its positioner a frame or more after it opens (zag keeps it at translate3d(0, -100vh, 0)
 * until then) and may place it again once the trigger's layout settles, so a position read or a
 * click aimed before that lands elsewhere. Placed means: out of that parking spot, and the same box
 * on two frames in a row (what Playwright calls stable before it clicks). Tests run with reduced
 * motion, so nothing animates once it is placed.
 */
export async function placed<T extends Element>(overlay: T): Promise<T> {
  const positioner = overlay.closest<HTMLElement>('[data-part="positioner"]') ?? overlay.parentElement;
  await waitFor(() => expect(positioner?.style.transform ?? '').not.toContain('-100vh'));
  for (let before = rectOf(overlay); ; ) {
    await frame();
    await frame();
    const now = rectOf(overlay);
    if (now === before) return overlay;
    before = now;
  }
}
