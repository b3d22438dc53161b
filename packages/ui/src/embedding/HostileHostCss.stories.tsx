import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../components/Button/index.js';
import { Spinner } from '../components/Spinner/index.js';
import { COMPARED_PROPERTIES, fingerprint, HOSTILE_HOST_CSS } from './hostileCss.js';

/**
 * The kit inside a host page whose global CSS is hostile. The play function fingerprints every
 * element (computed style + box) with the host CSS on, switches it off, fingerprints again, and
 * requires both to be identical: the host's CSS changes nothing of ours.
 */
const meta = {
  title: 'Embedding/Hostile host CSS',
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    const style = document.createElement('style');
    style.dataset.hostile = '';
    style.textContent = HOSTILE_HOST_CSS;
    document.head.append(style);
    return () => style.remove();
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

function KitSample() {
  return (
    <section data-testid="sample" aria-label="Kit sample">
      <h2>Subscriptions</h2>
      <p>
        Your plan renews soon. <a href="#renew">Read more</a>
      </p>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button>Book a meeting</Button>
        <Button variant="outline" tone="neutral" size="sm">
          Cancel
        </Button>
        <Button variant="ghost" tone="danger" size="lg" loading>
          Deleting
        </Button>
        <Spinner label="Loading" />
      </div>
    </section>
  );
}

export const HostilePage: Story = {
  render: () => <KitSample />,
  play: async ({ canvasElement }) => {
    const sample = canvasElement.querySelector('[data-testid="sample"]')!;
    const hostile = document.head.querySelector<HTMLStyleElement>('style[data-hostile]')!;
    await document.fonts.ready;
    // The host CSS is really active on the page: a plain element outside the kit is affected.
    const probe = document.createElement('button');
    document.body.append(probe);
    await expect(getComputedStyle(probe).boxSizing).toBe('content-box');
    probe.remove();

    const withHostCss = fingerprint(sample);
    hostile.disabled = true;
    const withoutHostCss = fingerprint(sample);
    hostile.disabled = false;
    await expect(withHostCss.length).toBeGreaterThan(8);
    await expect(COMPARED_PROPERTIES.length).toBeGreaterThan(20);
    await expect(withHostCss).toEqual(withoutHostCss);
  },
};

export const HostilePageDark: Story = { ...HostilePage, parameters: { theme: 'dark' } };
export const HostilePageRtl: Story = { ...HostilePage, parameters: { dir: 'rtl' } };
