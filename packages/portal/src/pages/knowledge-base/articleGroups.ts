import type { ArticleSummary, KnowledgeBaseSearchResponse } from '@client-portal/api-client';

export interface CategoryGroup {
  category: string;
  articles: ArticleSummary[];
}

/** Articles under their category, categories in the order they first appear (the host sorts them). */
export function groupByCategory(articles: readonly ArticleSummary[]): CategoryGroup[] {
  const groups = new Map<string, ArticleSummary[]>();
  for (const article of articles) {
    const group = groups.get(article.category);
    if (group) group.push(article);
    else groups.set(article.category, [article]);
  }
  return [...groups].map(([category, list]) => ({ category, articles: list }));
}

export type SearchResult = KnowledgeBaseSearchResponse['results'][number];

/** Search results within one category (the search route searches all), best match first still. */
export function resultsInCategory(
  results: readonly SearchResult[],
  category: string | undefined,
): SearchResult[] {
  return category ? results.filter((result) => result.article.category === category) : [...results];
}

/** Up to `limit` other articles of the list: "more in this category" under an article. */
export function otherArticles(
  articles: readonly ArticleSummary[],
  slug: string,
  limit = 3,
): ArticleSummary[] {
  return articles.filter((article) => article.slug !== slug).slice(0, limit);
}
