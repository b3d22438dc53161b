import { problemSchema, routes } from '@client-portal/api-client';
import type request from 'supertest';
import { describe, expect, it } from 'vitest';
import { DEMO_FIXTURES } from '../store/demo/crm.js';
import { ACME_USER, GLOBEX_USER, useDemoHost } from '../test-support/demo-host.js';
import { TEST_NOW } from '../test-support/host.js';
import { featureStores } from '../test-support/stores.js';
import { plainText, snippetOf } from '../knowledge-base/snippets.js';

function expectProblem(res: request.Response, status: number, title: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(problemSchema.parse(JSON.parse(res.text))).toMatchObject({ status, title });
}

const DRAFT = 'upcoming-single-sign-on';

describe('knowledge base snippets', () => {
  it('strips Markdown and cuts around the first match', () => {
    expect(plainText('# Title\n\n- **Bold** item with [a link](https://x.example)\n')).toBe(
      'Title Bold item with a link',
    );
    const text = `${'lorem ipsum '.repeat(20)}the DORA keys ${'dolor sit '.repeat(30)}`;
    const snippet = snippetOf(text, 'dora');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('DORA');
    expect(snippet.length).toBeLessThanOrEqual(162);
    expect(snippetOf('Deployment frequency counts.', 'deployments')).toBe('Deployment frequency counts.');
    expect(snippetOf('Short text.', 'nothing here')).toBe('Short text.');
  });
});

describe.each(featureStores)('knowledge base on $name', (kind) => {
  const demo = useDemoHost(kind);

  describe('GET /api/knowledge-base/articles', () => {
    it('lists published public articles and the caller’s own, by category then title', async () => {
      const res = await demo.get('/api/knowledge-base/articles', await demo.signIn(ACME_USER)).expect(200);
      const { articles, categories } = routes.knowledgeBase.response.parse(res.body);
      const slugs = articles.map((a) => a.slug);
      expect(slugs).toContain(DEMO_FIXTURES.articleSlug);
      expect(slugs).toContain('acme-escalation-contacts');
      expect(slugs).not.toContain(DEMO_FIXTURES.foreign.articleSlug);
      expect(slugs).not.toContain(DRAFT);
      const keys = articles.map((a) => `${a.category}\u0000${a.title}`);
      expect(keys).toEqual([...keys].sort((a, b) => a.localeCompare(b, 'en')));
      expect(categories).toEqual(
        [...new Set(articles.map((a) => a.category))].sort((a, b) => a.localeCompare(b, 'en')),
      );
      expect(articles.every((a) => a.readingMinutes >= 1)).toBe(true);
      expect(res.body.articles[0]).not.toHaveProperty('body');
    });

    it('filters by category and keeps every category for the filter', async () => {
      const cookie = await demo.signIn(ACME_USER);
      const res = await demo.get('/api/knowledge-base/articles?category=Analytics', cookie).expect(200);
      const { articles, categories } = routes.knowledgeBase.response.parse(res.body);
      expect(articles.length).toBe(3);
      expect(articles.every((a) => a.category === 'Analytics')).toBe(true);
      expect(categories).toContain('Getting started');
      const none = await demo
        .get('/api/knowledge-base/articles?category=Nope&cachebust=1', cookie)
        .expect(200);
      expect(none.body.articles).toEqual([]);
      expectProblem(
        await demo.get(`/api/knowledge-base/articles?category=${'x'.repeat(101)}`, cookie),
        400,
        'Bad Request',
      );
    });

    it('hides articles published in the future; shows another company its own', async () => {
      await demo.store.db
        .insertInto('kb_articles')
        .values({
          id: 'kb-future',
          slug: 'future-article',
          company_id: null,
          title: 'Future article',
          summary: 'Not yet.',
          body_markdown: 'Scheduled.',
          category: 'Getting started',
          published_at: new Date(TEST_NOW.getTime() + 86_400_000),
        })
        .execute();
      try {
        const acme = await demo.get('/api/knowledge-base/articles', await demo.signIn(ACME_USER)).expect(200);
        expect(acme.body.articles.map((a: { slug: string }) => a.slug)).not.toContain('future-article');
        expectProblem(
          await demo.get('/api/knowledge-base/articles/future-article', await demo.signIn(ACME_USER)),
          404,
          'Not Found',
        );
      } finally {
        await demo.store.db.deleteFrom('kb_articles').where('id', '=', 'kb-future').execute();
      }
      const globex = await demo
        .get('/api/knowledge-base/articles', await demo.signIn(GLOBEX_USER))
        .expect(200);
      const slugs = globex.body.articles.map((a: { slug: string }) => a.slug);
      expect(slugs).toContain(DEMO_FIXTURES.foreign.articleSlug);
      expect(slugs).not.toContain('acme-escalation-contacts');
    });

    it('answers 401 without a session', async () => {
      expectProblem(await demo.get('/api/knowledge-base/articles'), 401, 'Unauthorized');
    });
  });

  describe('GET /api/knowledge-base/search', () => {
    const search = async (q: string, email = ACME_USER) => {
      const res = await demo.get(
        `/api/knowledge-base/search?q=${encodeURIComponent(q)}`,
        await demo.signIn(email),
      );
      expect(res.status).toBe(200);
      return routes.knowledgeBaseSearch.response.parse(res.body);
    };

    it('finds articles with full-text search, best match first, with a snippet', async () => {
      const { query, results } = await search(`  ${DEMO_FIXTURES.searchQuery} `);
      expect(query).toBe('dora');
      expect(results[0]?.article.slug).toBe('understanding-dora-metrics');
      expect(results.map((r) => r.article.slug)).toContain('how-deployment-frequency-is-measured');
      expect(results[0]?.snippet).toMatch(/DORA/);
      expect(results[0]?.snippet).not.toMatch(/[#*]/);
    });

    it('stems words and matches partial words', async () => {
      const stemmed = await search('deployments measured');
      expect(stemmed.results[0]?.article.slug).toBe('how-deployment-frequency-is-measured');
      const partial = await search('escalat');
      expect(partial.results.map((r) => r.article.slug)).toEqual(['acme-escalation-contacts']);
    });

    it('never finds drafts or another company’s private articles', async () => {
      expect((await search('single sign-on')).results.map((r) => r.article.slug)).not.toContain(DRAFT);
      expect((await search('Globex release calendar')).results.map((r) => r.article.slug)).not.toContain(
        DEMO_FIXTURES.foreign.articleSlug,
      );
      expect((await search('Globex release calendar', GLOBEX_USER)).results[0]?.article.slug).toBe(
        DEMO_FIXTURES.foreign.articleSlug,
      );
    });

    it('answers hostile and odd queries without errors', async () => {
      for (const q of [`"unbalanced`, `' or 1=1 --`, '!!(&|:*)<>', '100%_\\', 'zzzz qqqq', 'the']) {
        await search(q);
      }
      expect((await search('zzzz qqqq')).results).toEqual([]);
    });

    it('refuses queries that are too short, too long or missing (400)', async () => {
      const cookie = await demo.signIn(ACME_USER);
      for (const path of [
        '/api/knowledge-base/search',
        '/api/knowledge-base/search?q=a',
        '/api/knowledge-base/search?q=%20%20a%20',
        `/api/knowledge-base/search?q=${'x'.repeat(5000)}`,
        '/api/knowledge-base/search?q=ab&q=cd',
      ]) {
        expectProblem(await demo.get(path, cookie), 400, 'Bad Request');
      }
    });
  });

  describe('GET /api/knowledge-base/articles/{slug}', () => {
    it('returns the article with its body', async () => {
      const res = await demo
        .get(`/api/knowledge-base/articles/${DEMO_FIXTURES.articleSlug}`, await demo.signIn(ACME_USER))
        .expect(200);
      const { article } = routes.knowledgeBaseArticle.response.parse(res.body);
      expect(article.slug).toBe(DEMO_FIXTURES.articleSlug);
      expect(article.body).toMatch(/^# Getting started/);
    });

    it('answers 404 for another company’s private article, drafts and unknown slugs', async () => {
      const cookie = await demo.signIn(ACME_USER);
      for (const slug of [DEMO_FIXTURES.foreign.articleSlug, DRAFT, 'no-such-article']) {
        expectProblem(
          await demo.get(`/api/knowledge-base/articles/${encodeURIComponent(slug)}`, cookie),
          404,
          'Not Found',
        );
      }
      for (const slug of [
        'x'.repeat(201),
        "'; drop table kb_articles; --",
        'Getting-Started',
        '../secrets',
      ]) {
        expectProblem(
          await demo.get(`/api/knowledge-base/articles/${encodeURIComponent(slug)}`, cookie),
          400,
          'Bad Request',
        );
      }
      await demo
        .get(
          `/api/knowledge-base/articles/${DEMO_FIXTURES.foreign.articleSlug}`,
          await demo.signIn(GLOBEX_USER),
        )
        .expect(200);
    });

    it('prefers the company’s own article over a public one with the same slug', async () => {
      await demo.store.db
        .insertInto('kb_articles')
        .values({
          id: 'kb-acme-dora',
          slug: 'understanding-dora-metrics',
          company_id: 'acme',
          title: 'DORA metrics at Acme',
          summary: 'Acme’s own reading of the four keys.',
          body_markdown: '# Acme DORA\n',
          category: 'Analytics',
          published_at: TEST_NOW,
        })
        .execute();
      try {
        const acme = await demo.get(
          '/api/knowledge-base/articles/understanding-dora-metrics',
          await demo.signIn(ACME_USER),
        );
        expect(acme.body.article.body).toBe('# Acme DORA\n');
        const globex = await demo.get(
          '/api/knowledge-base/articles/understanding-dora-metrics',
          await demo.signIn(GLOBEX_USER),
        );
        expect(globex.body.article.title).toBe('Understanding DORA metrics');
      } finally {
        await demo.store.db.deleteFrom('kb_articles').where('id', '=', 'kb-acme-dora').execute();
      }
    });
  });
});
