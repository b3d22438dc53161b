import { routes } from '@client-portal/api-client';
import { type Request, type Response, type Router, Router as createRouter } from 'express';
import type { HostContext } from '../context.js';
import { Expiring } from '../http/response-cache.js';
import {
  articleBySlug,
  escapeLike,
  nextPublication,
  searchArticles,
  toSummary,
  type Visibility,
  visibleArticles,
} from '../knowledge-base/articles.js';
import { plainTextOf, snippetOf } from '../knowledge-base/snippets.js';
import { alphabetical } from './customer/crm-values.js';
import { routeMounter, sendKept } from './mount.js';

/**
 * GET /api/knowledge-base/articles[?category=], /api/knowledge-base/search?q=,
 * /api/knowledge-base/articles/{slug}: what the caller's company may read (see
 * ../knowledge-base/articles.ts for visibility and search).
 */
export function createKnowledgeBaseRoutes(ctx: HostContext, router: Router = createRouter()): Router {
  const { db } = ctx.store;
  const mount = routeMounter(ctx, router);

  /**
   * Sends what `compute` gives (null: 404) through the response cache, until the company's data
   * changes or the next scheduled article is published, whichever comes first.
   */
  const answer = (
    req: Request,
    res: Response,
    companyId: string,
    key: readonly unknown[],
    compute: (visibility: Visibility) => Promise<unknown>,
  ) =>
    sendKept(ctx, req, res, { key, caching: 'no-store', missing: 'No such article.' }, async () => {
      const visibility = { companyId, now: ctx.now() };
      if (!ctx.responses.enabled) return compute(visibility);
      const [body, [next]] = await Promise.all([compute(visibility), nextPublication(db, visibility)]);
      return body === null ? null : new Expiring(body, next?.at ? new Date(next.at) : null);
    });

  mount(routes.knowledgeBase, async (req, res, { query: { category } }, { companyId }) => {
    await answer(req, res, companyId, ['articles', category ?? null], async (visibility) => {
      const articles = (await visibleArticles(db, visibility))
        .map(toSummary)
        .sort((a, b) => alphabetical(a.category, b.category) || alphabetical(a.title, b.title));
      return {
        articles: category === undefined ? articles : articles.filter((a) => a.category === category),
        categories: [...new Set(articles.map((a) => a.category))].sort(alphabetical),
      };
    });
  });

  mount(routes.knowledgeBaseSearch, async (req, res, { query: { q } }, { companyId }) => {
    await answer(req, res, companyId, ['search', q], async (visibility) => {
      const rows = await searchArticles(db, { ...visibility, q, pattern: `%${escapeLike(q)}%` });
      return {
        query: q,
        results: rows.map((row) => ({
          article: toSummary(row),
          snippet: snippetOf(plainTextOf(row.body_markdown), q),
        })),
      };
    });
  });

  mount(routes.knowledgeBaseArticle, async (req, res, { params: { slug } }, { companyId }) => {
    await answer(req, res, companyId, ['article', slug], async (visibility) => {
      const [row] = await articleBySlug(db, { ...visibility, slug });
      return row ? { article: { ...toSummary(row), body: row.body_markdown } } : null;
    });
  });

  return router;
}
