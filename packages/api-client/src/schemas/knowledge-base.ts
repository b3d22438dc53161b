import * as z from 'zod/mini';
import { count, isoDateTime } from './common.js';
import { described, named } from './registry.js';
import { categoryParam, SLUG_PATTERN, searchQueryParam, slugParam } from './request-rules.js';

export const articleSummarySchema = named(
  'ArticleSummary',
  z.object({
    id: z.string().check(z.minLength(1)),
    slug: described(z.string().check(z.regex(SLUG_PATTERN)), 'URL-safe article id.'),
    title: z.string(),
    summary: z.string(),
    category: described(z.string(), 'Editorial section, e.g. "Getting started".'),
    tags: z.array(z.string()),
    updatedAt: isoDateTime,
    readingMinutes: count,
  }),
);

/** Markdown (CommonMark, no raw HTML): the portal renders it as text nodes, never as HTML. */
export const articleSchema = named(
  'Article',
  z.extend(articleSummarySchema, {
    body: described(z.string(), 'CommonMark without raw HTML.'),
  }),
);

export const knowledgeBaseQuerySchema = z.object({
  category: described(
    z.optional(categoryParam),
    'Only articles of this category, e.g. "Getting started": single-line text, at most 100.',
  ),
});

export const knowledgeBaseResponseSchema = named(
  'KnowledgeBaseResponse',
  z.object({
    articles: described(z.array(articleSummarySchema), 'Sorted by category, then title.'),
    categories: described(z.array(z.string()), 'All categories, sorted, for the filter.'),
  }),
);

export const knowledgeBaseSearchQuerySchema = z.object({
  q: searchQueryParam,
});

export const knowledgeBaseSearchResponseSchema = named(
  'KnowledgeBaseSearchResponse',
  z.object({
    query: z.string(),
    results: described(
      z.array(
        z.object({
          article: articleSummarySchema,
          snippet: described(z.string(), 'Plain-text excerpt around the first match.'),
        }),
      ),
      'Best match first. Empty when nothing matches.',
    ),
  }),
);

export const knowledgeBaseArticleParamsSchema = z.object({
  slug: slugParam,
});

export const knowledgeBaseArticleResponseSchema = named(
  'KnowledgeBaseArticleResponse',
  z.object({ article: articleSchema }),
);

export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export type Article = z.infer<typeof articleSchema>;
export type KnowledgeBaseResponse = z.infer<typeof knowledgeBaseResponseSchema>;
export type KnowledgeBaseSearchResponse = z.infer<typeof knowledgeBaseSearchResponseSchema>;
export type KnowledgeBaseArticleResponse = z.infer<typeof knowledgeBaseArticleResponseSchema>;
