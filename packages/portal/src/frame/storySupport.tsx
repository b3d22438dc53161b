import { createPortalFixtures, ELIGIBLE_LIFECYCLE_STAGE, handlers } from '@client-portal/api-client/mocks';
import type { Meta } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../ClientPortal.js';
import { ClientPortal } from '../ClientPortal.js';

/** Every frame story keeps its settings under its own prefix, cleared before each story. */
export const STORY_PREFIX = 'frame-story';

export function clearFrameStorage() {
  for (const key of Object.keys(window.localStorage)) {
    if (key.startsWith(STORY_PREFIX)) window.localStorage.removeItem(key);
  }
}

export const storageKey = (story: string, setting: 'nav-mini' | 'contrast' | 'color-mode') =>
  `${STORY_PREFIX}-${story}:${setting}`;

export const STORY_LINKS = {
  privacyPolicy: 'https://provider.example/privacy',
  website: 'https://provider.example/',
  contact: 'https://provider.example/contact',
};

export const fixtures = createPortalFixtures();
export const BOOKING_URL = fixtures.accountManager.accountManager?.bookingUrl ?? '';
export const COMPANY_LOGO = fixtures.profile.profile.company.companyLogo ?? '';

/** The fixture customer with changes to the contact and company (and the session user's name). */
export function customerFixtures(change: {
  name?: string;
  lifecycleStage?: string;
  companyName?: string;
  companyLogo?: string | null;
}) {
  const { contact, company } = fixtures.profile.profile;
  return {
    ...fixtures,
    user: { ...fixtures.user, name: change.name ?? fixtures.user.name },
    profile: {
      profile: {
        contact: {
          ...contact,
          name: change.name ?? contact.name,
          properties: {
            ...contact.properties,
            lifecyclestage: change.lifecycleStage ?? ELIGIBLE_LIFECYCLE_STAGE,
          },
        },
        company: {
          ...company,
          name: change.companyName ?? company.name,
          companyLogo: change.companyLogo === undefined ? company.companyLogo : change.companyLogo,
        },
      },
    },
  };
}

/**
 * A screen of a given width, for the small-screen stories: the frame answers container queries, so a
 * 375px box on a wide window gets the phone layout. `contain: layout` makes the box the containing
 * block of fixed-position overlays too (the drawer), as the window is for a phone.
 */
export function Screen({ width, children }: { width: number; children: ReactNode }) {
  return (
    <div
      data-testid="screen"
      style={{ inlineSize: width, blockSize: '100vh', overflow: 'auto', contain: 'layout' }}
    >
      {children}
    </div>
  );
}

export function renderPortal(props: ClientPortalProps, width?: number) {
  const portal = <ClientPortal {...props} />;
  return width ? <Screen width={width}>{portal}</Screen> : portal;
}

/** Story args: the portal in memory routing on the Dashboard, with spies for every host callback. */
export const portalArgs = (story: string, overrides: Partial<ClientPortalProps> = {}): ClientPortalProps => ({
  routing: { mode: 'memory', initialPath: '/dashboard' },
  storageKeyPrefix: `${STORY_PREFIX}-${story}`,
  links: STORY_LINKS,
  ...overrides,
});

/** Waits until the frame is on screen (the session resolved) and the page heading is shown. */
export async function frameReady(canvasElement: HTMLElement, heading = 'Dashboard') {
  const canvas = within(canvasElement);
  const main = await canvas.findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: heading });
  return { canvas, main };
}

/** Waits for an element's width to reach `px` (navigation widths transition). */
export const widthBecomes = (el: Element, px: number) =>
  waitFor(() => expect(Math.round(el.getBoundingClientRect().width)).toBe(px));

/** A link or button whose icon sits on the line of its words, not above them. */
export async function iconBesideWords(el: HTMLElement) {
  const icon = el.querySelector('svg');
  await expect(icon).not.toBeNull();
  const iconBox = (icon as SVGElement).getBoundingClientRect();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, (node) =>
    node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP,
  );
  const words = document.createRange();
  words.selectNodeContents(walker.nextNode() as Text);
  const wordsBox = words.getBoundingClientRect();
  const middle = (box: DOMRect) => box.top + box.height / 2;
  await expect(Math.abs(middle(iconBox) - middle(wordsBox))).toBeLessThan(iconBox.height / 2);
}

/** Entry list items of a navigation. */
export const entriesOf = (nav: HTMLElement) => within(nav).getAllByRole('listitem');

/** The hrefs of the entries in navigation order (Home first, when shown). */
export const ENTRY_HREFS = [
  '/home',
  '/dashboard',
  '/requests',
  '/services/projects',
  '/services/talent?tab=Active',
  '/services/ai-agents',
  '/my-info/account?tab=documents',
  '/knowledge-base',
  '/services/my-teams',
  '/profile/settings',
];

/**
 * What every frame story file shares: the whole portal without the decorator's root, the contract's
 * mock API (all routes succeeding unless a story says otherwise), spies for the host callbacks and
 * no settings left over from another story.
 */
export const frameMeta = (width?: number): Omit<Meta<ClientPortalProps>, 'title'> => ({
  render: (args) => renderPortal(args, width),
  args: {
    ...portalArgs('default'),
    onSignInRequired: fn(),
    onNavigate: fn(),
    onSignOut: fn(),
    onError: fn(),
  },
  parameters: { bare: true, layout: 'fullscreen', msw: { handlers: handlers() } },
  beforeEach: () => {
    clearFrameStorage();
    return clearFrameStorage;
  },
});

const nextFrames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));

/** Opens a menu from its trigger and waits for it to settle. */
export async function openMenu(canvasElement: HTMLElement, trigger: HTMLElement) {
  await userEvent.click(trigger);
  const menu = await within(canvasElement).findByRole('menu');
  return menu;
}

/**
 * Chooses a menu item the way a person does: the pointer moves onto it (zag tracks the pointer's
 * real coordinates), a couple of frames pass, then it clicks.
 */
export async function choose(item: HTMLElement) {
  const r = item.getBoundingClientRect();
  const coords = { clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 };
  await userEvent.pointer({ target: item, coords });
  await nextFrames();
  await userEvent.pointer({ keys: '[MouseLeft]', target: item, coords });
}
