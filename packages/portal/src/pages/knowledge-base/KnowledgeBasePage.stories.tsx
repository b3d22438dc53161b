import { handlers } from '@client-portal/api-client/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ClientPortalProps } from '../../ClientPortal.js';
import { frameMeta, portalArgs, renderPortal } from '../../frame/storySupport.js';
import { switchableRoute } from '../../stories-support/handlers.js';
import { knowledgeBaseFixtures, LONG_ARTICLE, UNSAFE_ARTICLE } from './storyFixtures.js';

const base = frameMeta();
// A literal `parameters` beside the spread: Storybook's docs plugin adds the description below
// to it, and would otherwise add a `parameters` of its own that replaces the spread one.
/**
 * The knowledge base inside the real portal (frame, data providers, router), answered by the
 * contract's mock API: the list with search and categories, and an article, in every state.
 * `parameters.screen` renders the portal in a box of that width (a phone).
 */
const meta: Meta<ClientPortalProps> = {
  ...base,
  title: 'Portal/Pages/Knowledge base',
  render: (args, { parameters }) => renderPortal(args, parameters.screen as number | undefined),
  parameters: { ...base.parameters },
};
export default meta;
type Story = StoryObj<ClientPortalProps>;

const TITLE = 'Knowledge Base';
/** The page's chunk and data come after the frame; a loaded CI machine needs more than 1 s. */
const DORA = 'reading-dora-metrics';
const fixtures = knowledgeBaseFixtures();
const withFixtures = handlers({}, { fixtures });

/** The portal's args at a knowledge-base address. */
const at = (story: string, path: string, overrides: Partial<ClientPortalProps> = {}) =>
  portalArgs(`kb-${story}`, { routing: { mode: 'memory', initialPath: path }, ...overrides });

/** The tab's title: the page's, then the site's (usePageTitle). */
const tabTitle = (title: string) => new RegExp(`^${title}( · |$)`);

/** Waits for the frame and the page's h1 (which, for an article, comes with the article). */
async function frameReady(canvasElement: HTMLElement, heading: string) {
  const main = await within(canvasElement).findByRole('main');
  await within(main).findByRole('heading', { level: 1, name: heading });
  return { main };
}

/** Nothing in the page is wider than the page: no sideways scrolling, on a phone neither. */
async function expectNoOverflow(canvasElement: HTMLElement, main: HTMLElement) {
  await expect(main.scrollWidth).toBeLessThanOrEqual(main.clientWidth);
  const screen = within(canvasElement).queryByTestId('screen');
  if (screen) await expect(screen.scrollWidth).toBeLessThanOrEqual(screen.clientWidth);
}

/** Placeholders, busy for assistive technology, with a status that says what is loading. */
async function expectBusy(main: HTMLElement, text: string) {
  const status = await within(main).findByText(text);
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status.closest('[aria-busy="true"]')).not.toBeNull();
}

/** Every article of the contract's fixtures, grouped by category, with search and category filter. */
export const Articles: Story = {
  args: at('articles', '/knowledge-base'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const page = within(main);
    await page.findByRole('heading', { level: 2, name: 'Billing' });
    await expect(page.getByRole('heading', { level: 2, name: 'Delivery analytics' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reading your DORA metrics' })).toHaveAttribute(
      'href',
      `/knowledge-base/${DORA}`,
    );
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getAllByRole('article')).toHaveLength(8);
    await expect(document.title).toMatch(tabTitle(TITLE));
  },
};

/** Loading: card placeholders, busy, with a status saying what loads. */
export const Loading: Story = {
  args: at('loading', '/knowledge-base'),
  parameters: { msw: { handlers: handlers({ knowledgeBase: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await expectBusy(main, 'Loading articles…');
  },
};

/** No articles at all yet. */
export const Empty: Story = {
  args: at('empty', '/knowledge-base'),
  parameters: { msw: { handlers: handlers({ knowledgeBase: 'empty' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await within(main).findByRole('heading', { level: 2, name: 'No articles yet' });
    await expect(within(main).queryByRole('list', { name: 'Categories' })).toBeNull();
  },
};

/** The list could not be loaded: the error says so and offers to try again. */
export const LoadFailed: Story = {
  args: at('error', '/knowledge-base'),
  parameters: { msw: { handlers: handlers({ knowledgeBase: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const alert = await within(main).findByRole('alert');
    await expect(alert).toHaveTextContent('The articles could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Search results for the address's `q`, best match first, with the text around the match. */
export const SearchResults: Story = {
  args: at('search', '/knowledge-base?q=dora'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const page = within(main);
    await page.findByRole('heading', { level: 2, name: /^Results for “dora”: \d+$/ });
    await expect(page.getByRole('searchbox', { name: 'Search articles' })).toHaveValue('dora');
    await expect(page.getAllByRole('article')[0]).toHaveAccessibleName('Reading your DORA metrics');
  },
};

/** Nothing matches: the query is echoed and the search can be cleared. */
export const NoSearchResults: Story = {
  args: at('no-results', '/knowledge-base?q=zzzz%20qqqq'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await within(main).findByRole('heading', { level: 2, name: 'No articles match “zzzz qqqq”' });
    await expect(within(main).getAllByRole('button', { name: 'Clear search' }).length).toBeGreaterThan(0);
  },
};

/** The search failed: its own error, with "Try again". */
export const SearchFailed: Story = {
  args: at('search-error', '/knowledge-base?q=dora'),
  parameters: { msw: { handlers: handlers({ knowledgeBaseSearch: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await expect(await within(main).findByRole('alert')).toHaveTextContent(
      'The search could not be completed',
    );
  },
};

/** One category chosen (from the address): only its articles. */
export const Category: Story = {
  args: at('category', '/knowledge-base?category=Billing'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const page = within(main);
    await page.findByRole('heading', { level: 2, name: 'Billing' });
    await expect(page.getByRole('button', { name: 'Billing' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getAllByRole('article')).toHaveLength(2);
  },
};

/** A category without articles (an old link): says so; the other categories are still there. */
export const EmptyCategory: Story = {
  args: at('empty-category', '/knowledge-base?category=Legal'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await within(main).findByRole('heading', { level: 2, name: 'No articles in “Legal”' });
    await expect(within(main).getByRole('button', { name: 'Billing' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  },
};

/** An article: its title is the page's h1, then back link, meta, content and more of its category. */
export const Article: Story = {
  args: at('article', `/knowledge-base/${DORA}`),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Reading your DORA metrics');
    const page = within(main);
    await expect(page.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await expect(page.getByRole('link', { name: 'All articles' })).toHaveAttribute('href', '/knowledge-base');
    await expect(page.getByRole('heading', { level: 2, name: 'DORA metrics' })).toBeVisible();
    const content = page.getByTestId('article-content');
    await expect(within(content).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(content).getByText('Deployment frequency').tagName).toBe('STRONG');
    await page.findByRole('heading', { level: 2, name: 'More in Delivery analytics' });
    await expect(document.title).toMatch(tabTitle('Reading your DORA metrics – Knowledge Base'));
  },
};

/** The article is loading: back link and placeholders, busy. */
export const ArticleLoading: Story = {
  args: at('article-loading', `/knowledge-base/${DORA}`),
  parameters: { msw: { handlers: handlers({ knowledgeBaseArticle: 'loading' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await expectBusy(main, 'Loading the article…');
    await expect(within(main).getByRole('link', { name: 'All articles' })).toBeVisible();
  },
};

/** The article could not be loaded (a server error): "Try again", and the way back. */
export const ArticleLoadFailed: Story = {
  args: at('article-error', `/knowledge-base/${DORA}`),
  parameters: { msw: { handlers: handlers({ knowledgeBaseArticle: 'error' }) } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const alert = await within(main).findByRole('alert');
    await expect(alert).toHaveTextContent('The article could not be loaded');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** No such article (the host answers 404): a not-found state with a link to all articles. */
export const ArticleNotFound: Story = {
  args: at('article-404', '/knowledge-base/no-such-article'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await within(main).findByRole('heading', { level: 2, name: 'Article not found' });
    await expect(within(main).getByRole('link', { name: 'All articles' })).toHaveAttribute(
      'href',
      '/knowledge-base',
    );
    await expect(document.title).toMatch(tabTitle('Article not found'));
  },
};

/** An address that cannot name an article (upper case, a deeper path): not found, without asking. */
export const InvalidAddress: Story = {
  args: at('article-invalid', '/knowledge-base/Not_An/Article'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await within(main).findByRole('heading', { level: 2, name: 'Article not found' });
  },
};

/** Very long titles, summaries, categories and unbroken words: the cards wrap, nothing overflows. */
export const LongContent: Story = {
  args: at('long', '/knowledge-base'),
  parameters: { msw: { handlers: withFixtures } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await within(main).findByRole('link', { name: LONG_ARTICLE.title });
    await expectNoOverflow(canvasElement, main);
  },
};

/** A very long article (long words, a long code line, a long link): it wraps. */
export const LongArticle: Story = {
  args: at('long-article', `/knowledge-base/${LONG_ARTICLE.slug}`),
  parameters: { msw: { handlers: withFixtures } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, LONG_ARTICLE.title);
    await within(main).findByText(/^curl/);
    await expectNoOverflow(canvasElement, main);
  },
};

/**
 * Article text with a script, a style, an image with an event handler and a "javascript:" link:
 * all shown as text; none of it becomes markup, and the unsafe link is only its text.
 */
export const UnsafeContent: Story = {
  args: at('unsafe', `/knowledge-base/${UNSAFE_ARTICLE.slug}`),
  parameters: { msw: { handlers: withFixtures } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, UNSAFE_ARTICLE.title);
    const content = within(main).getByTestId('article-content');
    await expect(content.querySelector('script, style, img, [onerror]')).toBeNull();
    await expect(content).toHaveTextContent('<script>window.__kbInjected = true</script>');
    await expect(within(content).queryByRole('link', { name: 'link with a script address' })).toBeNull();
    await expect(within(content).getByRole('link', { name: /safe link/ })).toHaveAttribute(
      'href',
      'https://provider.example/security',
    );
    await expect((window as { __kbInjected?: boolean }).__kbInjected).toBeUndefined();
    await expect(main).toBeVisible();
  },
};

/** A phone (375px): the search, categories and cards stack; nothing scrolls sideways. */
export const SmallScreen: Story = {
  args: at('small', '/knowledge-base'),
  parameters: { screen: 375, msw: { handlers: withFixtures } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await within(main).findByRole('link', { name: LONG_ARTICLE.title });
    await expectNoOverflow(canvasElement, main);
  },
};

/** An article on a phone. */
export const SmallScreenArticle: Story = {
  args: at('small-article', `/knowledge-base/${LONG_ARTICLE.slug}`),
  parameters: { screen: 375, msw: { handlers: withFixtures } },
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, LONG_ARTICLE.title);
    await within(main).findByText(/^curl/);
    await expectNoOverflow(canvasElement, main);
  },
};

/** Dark colour mode. */
export const Dark: Story = {
  args: at('dark', '/knowledge-base', { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await within(main).findByRole('heading', { level: 2, name: 'Billing' });
  },
};

/** An article in dark colour mode. */
export const DarkArticle: Story = {
  args: at('dark-article', `/knowledge-base/${DORA}`, { colorScheme: 'dark' }),
  play: async ({ canvasElement }) => {
    await frameReady(canvasElement, 'Reading your DORA metrics');
  },
};

/** Arabic, right to left: the search icon, categories and back arrow follow the direction. */
export const RightToLeft: Story = {
  args: at('rtl', '/knowledge-base', { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'قاعدة المعرفة');
    await within(main).findByRole('searchbox', { name: 'البحث في المقالات' });
    await within(main).findByRole('heading', { level: 2, name: 'Billing' });
    await expect(getComputedStyle(main).direction).toBe('rtl');
  },
};

/** An article in Arabic: the back arrow points right. */
export const RightToLeftArticle: Story = {
  args: at('rtl-article', `/knowledge-base/${DORA}`, { locale: 'ar' }),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, 'Reading your DORA metrics');
    const back = within(main).getByRole('link', { name: 'كل المقالات' });
    const arrow = back.querySelector('svg');
    await expect(arrow && getComputedStyle(arrow).transform).not.toBe('none');
  },
};

// Interaction tests: hidden from the sidebar and docs, run with the rest.

const field = (main: HTMLElement) => within(main).getByRole('searchbox', { name: 'Search articles' });

/** Typing searches as you type (after a pause), the address follows, and "Clear search" goes back. */
export const SearchAsYouTypeTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('search-type', '/knowledge-base'),
  play: async ({ canvasElement, args }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const page = within(main);
    await page.findByRole('heading', { level: 2, name: 'Billing' });
    await userEvent.type(field(main), 'd');
    await expect(page.getByText('Type at least 2 characters to search.')).toBeVisible();
    await userEvent.type(field(main), 'ora');
    await page.findByRole('heading', { level: 2, name: /^Results for “dora”/ });
    await waitFor(() => expect(args.onNavigate).toHaveBeenLastCalledWith('/knowledge-base?q=dora'));
    await userEvent.click(page.getAllByRole('button', { name: 'Clear search' })[0]!);
    await page.findByRole('heading', { level: 2, name: 'Billing' });
    await expect(field(main)).toHaveValue('');
    await expect(field(main)).toHaveFocus();
  },
};

/** Enter searches at once; a search with no match offers to clear it. */
export const SubmitSearchTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('search-submit', '/knowledge-base'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const page = within(main);
    await userEvent.type(field(main), 'invoices{Enter}');
    await page.findByRole('link', { name: 'Invoices and billing' });
    await userEvent.clear(field(main));
    await userEvent.type(field(main), 'nothing like this{Enter}');
    const empty = await page.findByRole('heading', {
      level: 2,
      name: 'No articles match “nothing like this”',
    });
    await userEvent.click(
      within(empty.closest('div')!.parentElement!).getByRole('button', { name: 'Clear search' }),
    );
    await page.findByRole('heading', { level: 2, name: 'Billing' });
  },
};

/** Choosing a category filters the list, and the search results too; "All" shows everything again. */
export const CategoryTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('category-choose', '/knowledge-base'),
  play: async ({ canvasElement, args }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const page = within(main);
    await userEvent.click(await page.findByRole('button', { name: 'Security' }));
    await waitFor(() => expect(page.getAllByRole('article')).toHaveLength(1));
    await expect(page.getByRole('button', { name: 'Security' })).toHaveAttribute('aria-pressed', 'true');
    await expect(args.onNavigate).toHaveBeenLastCalledWith('/knowledge-base?category=Security');
    await userEvent.type(field(main), 'portal{Enter}');
    await page.findByRole('heading', { level: 2, name: 'No articles in “Security” match “portal”' });
    await userEvent.click(page.getByRole('button', { name: 'Search all categories' }));
    await page.findByRole('heading', { level: 2, name: /^Results for “portal”: [1-9]/ });
  },
};

/** Opening an article from its card, and going back to the list with "All articles". */
export const OpenArticleTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('open', '/knowledge-base'),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    await userEvent.click(await within(main).findByRole('link', { name: 'Reading your DORA metrics' }));
    await frameReady(canvasElement, 'Reading your DORA metrics');
    await userEvent.click(within(main).getByRole('link', { name: 'All articles' }));
    await frameReady(canvasElement, TITLE);
    await expect(document.title).toMatch(tabTitle(TITLE));
  },
};

const failingList = switchableRoute('knowledgeBase', 'serverError');

/** "Try again" after a failed load asks again and shows the articles. */
export const RetryTest: Story = {
  tags: ['!dev', '!autodocs', 'interaction'],
  args: at('retry', '/knowledge-base'),
  parameters: { msw: { handlers: [failingList.handler, ...handlers()] } },
  beforeEach: () => failingList.reset(),
  play: async ({ canvasElement }) => {
    const { main } = await frameReady(canvasElement, TITLE);
    const alert = await within(main).findByRole('alert');
    failingList.recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(main).findByRole('heading', { level: 2, name: 'Billing' });
  },
};
