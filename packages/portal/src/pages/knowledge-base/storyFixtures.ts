import type { Article } from '@client-portal/api-client';
import { createPortalFixtures, FIXTURE_NOW } from '@client-portal/api-client/mocks';

/*
 * Articles the contract's fixtures do not have, for the long-content and unsafe-content stories:
 * added to a fixtures instance of their own, which the contract's handlers then serve (list, search
 * and article), so the stories still go through the real client and its validation.
 */

const LONG_WORD = 'Wissensdatenbankartikelüberschriftenlängenbegrenzungsüberprüfungsverfahren';

export const LONG_ARTICLE: Article = {
  id: 'kb_long',
  slug: 'an-article-with-a-very-long-title',
  title: `An article with a very long title that goes on and on to see how it wraps: ${LONG_WORD} and the rest of a sentence that nobody should ever write`,
  summary: `A summary as long as a paragraph, with an unbroken word (${LONG_WORD}) and a long address https://docs.provider.example/knowledge-base/a/very/long/path/that/never/breaks/anywhere/at/all.`,
  category:
    'Integrations with your enterprise resource planning, customer relationship and ticketing systems',
  tags: ['long'],
  updatedAt: new Date(FIXTURE_NOW.getTime() - 2 * 86_400_000).toISOString(),
  readingMinutes: 14,
  body: [
    `# ${LONG_WORD}`,
    '',
    ...Array.from(
      { length: 12 },
      (_, i) =>
        `Paragraph ${i + 1}. Delivery analytics are computed from your deployments, changes and incidents; every figure links to the events it counts, so that a number can always be checked against its sources. ${i % 3 === 0 ? LONG_WORD : ''}\n`,
    ),
    '## A list with long items',
    '',
    `- ${LONG_WORD}${LONG_WORD}`,
    '- [A link with a long address](https://docs.provider.example/knowledge-base/a/very/long/path/that/never/breaks/anywhere/at/all?with=query&and=more)',
    '',
    '```',
    `curl -H "Authorization: Bearer <token>" https://api.provider.example/v1/deployments?project=PORTAL&from=2026-01-01&to=2026-03-01&grain=week&${'x'.repeat(120)}`,
    '```',
    '',
    '> A quote that is long enough to wrap over several lines on a phone and still be read as a quote.',
  ].join('\n'),
};

export const UNSAFE_ARTICLE: Article = {
  id: 'kb_unsafe',
  slug: 'article-with-markup-in-its-text',
  title: 'Article with <b>markup</b> in its text',
  summary: 'The text of this article tries to add a script, a style and an event handler.',
  category: 'Security',
  tags: ['security'],
  updatedAt: new Date(FIXTURE_NOW.getTime() - 5 * 86_400_000).toISOString(),
  readingMinutes: 1,
  body: [
    '# Markup is text',
    '',
    '<script>window.__kbInjected = true</script>',
    '',
    '<style>main { display: none !important }</style>',
    '',
    '<img src="x" onerror="window.__kbInjected = true">',
    '',
    'A [link with a script address](javascript:window.__kbInjected=true) and a [safe link](https://provider.example/security).',
  ].join('\n'),
};

/** The contract's fixtures plus the long and the unsafe article. */
export function knowledgeBaseFixtures() {
  const fixtures = createPortalFixtures();
  // The fixtures' list, search and article lookups all read this one array.
  fixtures.articles.push(LONG_ARTICLE, UNSAFE_ARTICLE);
  return fixtures;
}
