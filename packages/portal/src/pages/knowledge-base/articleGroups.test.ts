import type { ArticleSummary } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import { groupByCategory, otherArticles, resultsInCategory } from './articleGroups.js';

const article = (slug: string, category: string): ArticleSummary => ({
  id: slug,
  slug,
  title: slug,
  summary: '',
  category,
  tags: [],
  updatedAt: '2026-03-01T00:00:00.000Z',
  readingMinutes: 1,
});

describe('groupByCategory', () => {
  it('groups in the order categories first appear', () => {
    const groups = groupByCategory([
      article('a', 'Billing'),
      article('b', 'Billing'),
      article('c', 'Security'),
    ]);
    expect(groups.map((g) => [g.category, g.articles.map((a) => a.slug)])).toEqual([
      ['Billing', ['a', 'b']],
      ['Security', ['c']],
    ]);
    expect(groupByCategory([])).toEqual([]);
  });
});

describe('resultsInCategory', () => {
  const results = [article('a', 'Billing'), article('b', 'Security')].map((a) => ({
    article: a,
    snippet: '',
  }));
  it('keeps the category’s results in their order, or all without a category', () => {
    expect(resultsInCategory(results, 'Security').map((r) => r.article.slug)).toEqual(['b']);
    expect(resultsInCategory(results, undefined)).toEqual(results);
    expect(resultsInCategory(results, 'Nope')).toEqual([]);
  });
});

describe('otherArticles', () => {
  it('leaves out the article itself and keeps at most the limit', () => {
    const list = ['a', 'b', 'c', 'd', 'e'].map((s) => article(s, 'X'));
    expect(otherArticles(list, 'b').map((a) => a.slug)).toEqual(['a', 'c', 'd']);
    expect(otherArticles(list, 'a', 10)).toHaveLength(4);
  });
});
