import { handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../ClientPortal.js';
import {
  COMPANY_LOGO,
  ENTRY_HREFS,
  entriesOf,
  fixtures,
  frameMeta,
  frameReady,
  portalArgs,
  storageKey,
  widthBecomes,
} from './storySupport.js';

const base = frameMeta();
// A literal `parameters` beside the spread: Storybook's docs plugin adds the description below
// to it, and would otherwise add a `parameters` of its own that replaces the spread one.
/**
 * The portal frame on a large screen (≥ 992px): the whole <ClientPortal> on the contract's mock API.
 * Small screens, settings and data states have their own files.
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Frame/Large screen',
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const sideNav = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('navigation', { name: 'Portal' });
const edge = (el: Element) => el.getBoundingClientRect();

/** Expanded (the default): entries, links, active entry, sizes, landmarks. */
export const Expanded: Story = {
  args: portalArgs('expanded'),
  play: async ({ canvasElement }) => {
    const { canvas, main } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    // Home shows once the profile passes the gate: all ten entries, in order, with prefixes and queries.
    await waitFor(() => expect(entriesOf(nav)).toHaveLength(10));
    const entryLinks = entriesOf(nav).map((li) => within(li).getAllByRole('link')[0]!);
    await expect(entryLinks.map((a) => a.getAttribute('href'))).toEqual(ENTRY_HREFS);
    const names = [
      'Home',
      'Dashboard',
      'Requests',
      'Projects',
      'Talent',
      'AI Agents',
      'Account',
      'Knowledge Base',
    ];
    for (const [i, name] of [...names, 'My Teams', 'Maya Okafor'].entries()) {
      await expect(entryLinks[i]).toHaveAccessibleName(name);
    }
    // Exactly the Dashboard entry is the current page.
    const current = entryLinks.filter((a) => a.getAttribute('aria-current') === 'page');
    await expect(current).toEqual([within(nav).getByRole('link', { name: 'Dashboard' })]);

    // 290px navigation, the content beside it; 20px icons; a 40px profile logo, the company's.
    await widthBecomes(nav, 290);
    await expect(Math.round(edge(main).left - edge(nav).left)).toBe(290);
    const icon = within(nav).getByRole('link', { name: 'Dashboard' }).querySelector('svg')!;
    await expect([edge(icon).width, edge(icon).height]).toEqual([20, 20]);
    const profile = within(nav).getByRole('link', { name: 'Maya Okafor' });
    const logo = await waitFor(() => {
      const img = profile.querySelector('img');
      if (!img) throw new Error('logo still loading');
      return img;
    });
    await expect(logo).toHaveAttribute('src', COMPANY_LOGO);
    await expect([edge(logo).width, edge(logo).height]).toEqual([40, 40]);
    // The last entry is pinned 35px above the navigation's bottom edge.
    const pinned = entriesOf(nav).at(-1)!;
    await expect(Math.round(edge(nav).bottom - edge(pinned).bottom)).toBe(35);

    // Landmarks: one main, the labelled navigations, the footer.
    await expect(canvas.getAllByRole('main')).toHaveLength(1);
    await expect(canvas.getByRole('navigation', { name: 'Legal and contact' })).toBeVisible();
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Open menu' })).toBeNull();
  },
};

/** The skip link comes first, shows on focus and moves focus to the page; following an entry. */
export const SkipLinkAndNavigationTest: Story = {
  ...Expanded,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvasElement, args } = context;
    await Expanded.play?.(context);
    const { canvas, main } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);

    // The skip link comes first, shows on focus and moves focus to the page.
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveFocus();
    await expect(skip).toHaveAttribute('href', `#${main.id}`);
    await expect(edge(skip).width).toBeGreaterThan(40);
    await userEvent.keyboard('{Enter}');
    await expect(main).toHaveFocus();

    // Following an entry: the page changes, the entry becomes current, the host hears of it.
    await userEvent.click(within(nav).getByRole('link', { name: 'Talent' }));
    await frameReady(canvasElement, 'Talent');
    await expect(within(nav).getByRole('link', { name: 'Talent' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/services/talent?tab=Active');
  },
};

/** Mini mode by keyboard: Tab to the switch, Enter turns it on, Space off; focus inside expands it. */
export const MiniByKeyboardTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('mini-keyboard'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    await userEvent.tab(); // skip link
    await userEvent.tab(); // logo
    await userEvent.tab();
    // Focus in the frame brings in the deferred tooltips: the switch is drawn again inside its
    // tooltip (focus kept on it). Take the switch that stays, once it is there.
    const toggle = await waitFor(() => {
      const button = within(nav).getByRole('button', { name: 'Collapse navigation' });
      expect(button).toHaveAttribute('data-scope', 'tooltip');
      return button;
    });
    await expect(toggle).toHaveFocus();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveAttribute('aria-controls', nav.id);

    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAccessibleName('Expand navigation');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(window.localStorage.getItem(storageKey('mini-keyboard', 'nav-mini'))).toBe('true');
    // The content takes the space at once; the panel stays open while focus is in it.
    await waitFor(() => expect(Math.round(edge(main).left - edge(nav).left)).toBe(120));
    await widthBecomes(nav, 290);

    // Focus leaves: the panel collapses. Focus returns: it expands.
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    await expect(canvasElement.ownerDocument.activeElement?.textContent).toBe('Skip to content');
    await widthBecomes(nav, 120);
    await userEvent.tab();
    await widthBecomes(nav, 290);
    await userEvent.tab();
    await expect(toggle).toHaveFocus();

    // Space turns mini mode off again.
    await userEvent.keyboard(' ');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(window.localStorage.getItem(storageKey('mini-keyboard', 'nav-mini'))).toBe('false');
    await waitFor(() => expect(Math.round(edge(main).left - edge(nav).left)).toBe(290));

    // And on, to end in mini mode, the pointer away and focus on the page.
    await userEvent.keyboard('{Enter}');
    main.focus();
    await widthBecomes(nav, 120);
  },
};

/** Mini mode (kept from an earlier visit): 120px, icons (names as tooltips), the provider's mark. */
export const Mini: Story = {
  args: portalArgs('mini'),
  beforeEach: () => {
    window.localStorage.setItem(storageKey('mini', 'nav-mini'), 'true');
  },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    await widthBecomes(nav, 120);
    await expect(Math.round(edge(main).left - edge(nav).left)).toBe(120);
    await waitFor(() => expect(entriesOf(nav)).toHaveLength(10));
    // Each entry shows its icon and keeps its full name for assistive technology.
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    await expect(dashboard.querySelector('svg')).toBeVisible();
    await expect(edge(within(dashboard).getByText('Dashboard')).width).toBeLessThanOrEqual(1);
    // The logo shrinks to its mark; the profile to its logo.
    const logo = within(nav).getByRole('link', { name: 'Client Portal' });
    await expect(logo.querySelector('svg')).toBeVisible();
    await expect(edge(within(logo).getByText('Client Portal')).width).toBeLessThanOrEqual(1);
    const profile = within(nav).getByRole('link', { name: 'Maya Okafor' });
    await expect(edge(within(profile).getByText('Maya Okafor')).width).toBeLessThanOrEqual(1);
    await expect(within(nav).queryByRole('button', { name: 'Display settings' })).toBeNull();
    // The switch stays reachable, and says what it does.
    await expect(within(nav).getByRole('button', { name: 'Expand navigation' })).toBeVisible();
    // Nothing overflows the narrow panel.
    await expect(nav.scrollWidth).toBeLessThanOrEqual(nav.clientWidth);
  },
};

/** Mini mode while the pointer is over it: the panel expands over the content, which stays put. */
export const MiniHoveredTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('mini-hovered'),
  beforeEach: () => {
    window.localStorage.setItem(storageKey('mini-hovered', 'nav-mini'), 'true');
  },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    await widthBecomes(nav, 120);
    await userEvent.hover(nav);
    await widthBecomes(nav, 290);
    await expect(Math.round(edge(main).left - edge(nav).left)).toBe(120);
    await expect(within(nav).getByText('Dashboard')).toBeVisible();
    await expect(within(nav).getByText('Client Portal')).toBeVisible();
    await expect(within(nav).getByRole('button', { name: 'Display settings' })).toBeVisible();
    // Leaving collapses it; coming back expands it again (the story ends hovered).
    await userEvent.unhover(nav);
    await widthBecomes(nav, 120);
    await userEvent.hover(nav);
    await widthBecomes(nav, 290);
  },
};

/**
 * Mini mode, collapsed: pointing at an icon names it at once in a tooltip; the panel expands only
 * once the pointer has rested on it (hover intent), and the tooltip goes as the names appear.
 */
export const MiniTooltipTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: portalArgs('mini-tooltip'),
  beforeEach: () => {
    window.localStorage.setItem(storageKey('mini-tooltip', 'nav-mini'), 'true');
  },
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement);
    const nav = sideNav(canvasElement);
    await widthBecomes(nav, 120);
    await waitFor(() => expect(entriesOf(nav)).toHaveLength(10));
    await import('./overlays.js');
    // Record every tooltip shown, however briefly: it is up while the pointer is still deciding.
    const shown: string[] = [];
    const observer = new MutationObserver(() => {
      for (const tip of document.querySelectorAll('[role="tooltip"]')) {
        const text = tip.textContent?.trim() ?? '';
        if (text && !shown.includes(text)) shown.push(text);
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const projects = within(nav).getByRole('link', { name: 'Projects' });
    await userEvent.hover(projects);
    await waitFor(() => expect(shown).toContain('Projects'));
    // Resting there expands the panel, and the names take over from the tooltip.
    await widthBecomes(nav, 290);
    await waitFor(() => expect(document.querySelector('[role="tooltip"]')).toBeNull());
    observer.disconnect();
    await userEvent.unhover(nav);
    await widthBecomes(nav, 120);
  },
};

/** Right to left (Arabic): the navigation on the right, mirrored icons, the booking button on the left. */
export const RightToLeft: Story = {
  args: portalArgs('rtl', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const { canvas, main } = await frameReady(canvasElement, 'لوحة المعلومات');
    const nav = canvas.getByRole('navigation', { name: 'البوابة' });
    await widthBecomes(nav, 290);
    const root = canvasElement.querySelector('[data-color-mode]')!;
    await expect(root).toHaveAttribute('dir', 'rtl');
    await expect(Math.round(edge(root).right - edge(nav).right)).toBe(0);
    await expect(Math.round(edge(nav).left - edge(main).right)).toBe(0);
    await expect(within(nav).getByRole('link', { name: 'لوحة المعلومات' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The collapse icon points the other way.
    const toggle = within(nav).getByRole('button', { name: 'طي التنقل' });
    await expect(getComputedStyle(toggle.firstElementChild!).transform).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // The booking button sits at the inline end: the left.
    const book = await canvas.findByRole('link', { name: /احجز اجتماعًا مع مدير حسابي/ });
    await expect(edge(book).left - edge(main).left).toBeLessThan(80);
  },
};

/** German: longer words still fit the navigation. */
export const German: Story = {
  args: portalArgs('german', { locale: 'de' }),
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement, 'Übersicht');
    const nav = canvas.getByRole('navigation', { name: 'Portal' });
    await waitFor(() => expect(entriesOf(nav)).toHaveLength(10));
    for (const name of ['Start', 'Übersicht', 'Wissensdatenbank', 'KI-Agenten', 'Meine Teams']) {
      const link = within(nav).getByRole('link', { name });
      await expect(link.scrollWidth).toBeLessThanOrEqual(link.clientWidth);
    }
    await expect(within(nav).getByRole('button', { name: 'Navigation einklappen' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Datenschutzerklärung/ })).toBeVisible();
    // The subscriptions' request links (a lazy part) are there before the a11y check runs: each is
    // named "Änderung anfragen für …", holding the words it shows.
    const changes = await canvas.findAllByRole('link', { name: /^Änderung anfragen für / });
    for (const link of changes) await expect(link).toHaveTextContent('Änderung anfragen');
  },
};

/** The footer: the current year, three links that open in a new tab and say so. */
export const Footer: Story = {
  args: portalArgs('footer'),
  play: async ({ canvasElement, args }) => {
    const { canvas } = await frameReady(canvasElement);
    const footer = canvas.getByRole('contentinfo');
    await expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Client Portal`);
    const links = within(within(footer).getByRole('navigation', { name: 'Legal and contact' })).getAllByRole(
      'link',
    );
    await expect(links.map((a) => a.getAttribute('href'))).toEqual([
      args.links?.privacyPolicy,
      args.links?.website,
      args.links?.contact,
    ]);
    for (const link of links) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link.getAttribute('rel')?.split(' ')).toEqual(
        expect.arrayContaining(['noopener', 'noreferrer']),
      );
      await expect(link).toHaveAccessibleName(expect.stringContaining('(opens in a new tab)'));
    }
  },
};

/** The booking button: the account manager's booking page, in a new tab. */
export const BookingButton: Story = {
  args: portalArgs('booking'),
  play: async ({ canvasElement }) => {
    const { canvas, main } = await frameReady(canvasElement);
    const book = await canvas.findByRole('link', { name: /Book a meeting with my Account Manager/ });
    await expect(book).toHaveAttribute('href', fixtures.accountManager.accountManager?.bookingUrl);
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(book.getAttribute('rel')?.split(' ')).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );
    await expect(book).toHaveAccessibleName('Book a meeting with my Account Manager (opens in a new tab)');
    // Bottom right of the page area, clear of the footer.
    await expect(edge(main).right - edge(book).right).toBeLessThan(40);
    await expect(edge(book).bottom).toBeLessThanOrEqual(edge(canvas.getByRole('contentinfo')).top);
  },
};

/** Hover or focus shows the booking button's tooltip. */
export const BookingTooltipTest: Story = {
  ...BookingButton,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async (context) => {
    const { canvasElement } = context;
    await BookingButton.play?.(context);
    const canvas = within(canvasElement);
    const book = canvas.getByRole('link', { name: /Book a meeting with my Account Manager/ });
    await userEvent.hover(book);
    const tooltip = await canvas.findByRole('tooltip');
    await expect(tooltip).toHaveTextContent('Book a meeting with my Account Manager');
  },
};

/** Without a booking page (no account manager), there is no booking button. */
export const NoBookingPage: Story = {
  args: portalArgs('no-booking'),
  parameters: { msw: { handlers: handlers({ accountManager: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement);
    await waitFor(() => expect(within(sideNav(canvasElement)).getAllByRole('listitem')).toHaveLength(10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.queryByRole('link', { name: /Book a meeting with my Account Manager/ })).toBeNull();
  },
};

/** Dark and right to left together (Arabic): the mirrored layout keeps its contrast. */
export const DarkRightToLeft: Story = {
  args: portalArgs('dark-rtl', { locale: 'ar', colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    const { canvas, main } = await frameReady(canvasElement, 'لوحة المعلومات');
    const root = canvasElement.querySelector('[data-color-mode]')!;
    await expect(root).toHaveAttribute('data-color-mode', 'dark');
    await expect(root).toHaveAttribute('dir', 'rtl');
    const nav = canvas.getByRole('navigation', { name: 'البوابة' });
    await widthBecomes(nav, 290);
    await expect(Math.round(edge(root).right - edge(nav).right)).toBe(0);
    await expect(Math.round(edge(nav).left - edge(main).right)).toBe(0);
    await expect(await canvas.findByRole('link', { name: /احجز اجتماعًا مع مدير حسابي/ })).toBeVisible();
  },
};

/** A long page body: the host overrides the section text with many paragraphs' worth. */
const LONG_BODY = Array.from(
  { length: 40 },
  (_, i) =>
    `Paragraph ${i + 1}: your delivery report lists every milestone, its owner and its status, so the page runs far past one screen.`,
).join(' ');

/**
 * A page far taller than the screen: the page scrolls, the navigation stays in view (its panel is
 * sticky) and the footer comes after the content, at the end.
 */
export const LongContent: Story = {
  // An address with no page: the "not found" text, which the story makes long (every navigation
  // entry has a real page now, so none shows a placeholder text to stretch).
  args: portalArgs('long-content', {
    routing: { mode: 'memory', initialPath: '/long-content' },
    messages: { 'page.notFound.body': LONG_BODY },
  }),
  play: async ({ canvasElement }) => {
    const { canvas, main } = await frameReady(canvasElement, 'Page not found');
    await expect(canvas.getByText(/Paragraph 40:/)).toBeInTheDocument();
    const view = canvasElement.ownerDocument.documentElement;
    // Far taller than the screen.
    await expect(edge(main).height).toBeGreaterThan(view.clientHeight * 1.5);
    // The navigation panel is sticky at the top and one screen tall at most.
    const panel = sideNav(canvasElement);
    await expect(getComputedStyle(panel).position).toBe('sticky');
    await expect(edge(panel).height).toBeLessThanOrEqual(view.clientHeight + 1);
    // The footer is after the content: at the end of the page, not over it.
    const footer = canvas.getByRole('contentinfo');
    await expect(edge(footer).top).toBeGreaterThanOrEqual(edge(canvas.getByText(/Paragraph 40:/)).bottom);
    await expect(edge(footer).top).toBeGreaterThan(view.clientHeight);
  },
};

/**
 * Following a link from far down a long page opens the next page at its top, as a page load
 * would; the frame does not keep the old page's scroll position.
 */
export const ScrollsToTopOnNavigateTest: Story = {
  ...LongContent,
  tags: ['!dev', '!autodocs', 'interaction'],
  play: async ({ canvasElement }) => {
    const { canvas } = await frameReady(canvasElement, 'Page not found');
    const view = canvasElement.ownerDocument.documentElement;
    const win = canvasElement.ownerDocument.defaultView as Window;
    win.scrollTo(0, view.scrollHeight);
    await waitFor(() => expect(win.scrollY).toBeGreaterThan(view.clientHeight / 2));
    await userEvent.click(within(sideNav(canvasElement)).getByRole('link', { name: 'Talent' }));
    await frameReady(canvasElement, 'Talent');
    await waitFor(() => expect(win.scrollY).toBe(0));
    await expect(edge(canvas.getByRole('heading', { level: 1, name: 'Talent' })).top).toBeGreaterThanOrEqual(
      0,
    );
  },
};
