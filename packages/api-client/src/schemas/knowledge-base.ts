import { z } from 'zod';
import { count, isoDateTime } from './common.js';
import { named } from './registry.js';

export const articleSummarySchema = named(
  'ArticleSummary',
  z.object({
    id: z.string().min(1),
    slug: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .describe('URL-safe article id.'),
    title: z.string(),
    summary: z.string(),
    category: z.string().describe('Editorial section, e.g. "Getting started".'),
    tags: z.array(z.string()),
    updatedAt: isoDateTime,
    readingMinutes: count,
  }),
);

/** Markdown (CommonMark, no raw HTML): the portal renders it as text nodes, never as HTML. */
export const articleSchema = named(
  'Article',
  articleSummarySchema.extend({ body: z.string().describe('CommonMark without raw HTML.') }),
);

export const knowledgeBaseQuerySchema = z.object({
  category: z.string().max(100).optional().describe('Only articles of this category.'),
});

export const knowledgeBaseResponseSchema = named(
  'KnowledgeBaseResponse',
  z.object({
    articles: z.array(articleSummarySchema).describe('Sorted by category, then title.'),
    categories: z.array(z.string()).describe('All categories, sorted, for the filter.'),
  }),
);

export const knowledgeBaseSearchQuerySchema = z.object({
  q: z.string().trim().min(2).max(200).describe('Words to find in titles, summaries, tags and bodies.'),
});

export const knowledgeBaseSearchResponseSchema = named(
  'KnowledgeBaseSearchResponse',
  z.object({
    query: z.string(),
    results: z
      .array(
        z.object({
          article: articleSummarySchema,
          snippet: z.string().describe('Plain-text excerpt around the first match.'),
        }),
      )
      .describe('Best match first. Empty when nothing matches.'),
  }),
);

export const knowledgeBaseArticleParamsSchema = z.object({ slug: z.string().min(1).max(200) });

export const knowledgeBaseArticleResponseSchema = named(
  'KnowledgeBaseArticleResponse',
  z.object({ article: articleSchema }),
);

export type ArticleSummary = z.infer<typeof articleSummarySchema>;
export type Article = z.infer<typeof articleSchema>;
export type KnowledgeBaseResponse = z.infer<typeof knowledgeBaseResponseSchema>;
export type KnowledgeBaseSearchResponse = z.infer<typeof knowledgeBaseSearchResponseSchema>;
export type KnowledgeBaseArticleResponse = z.infer<typeof knowledgeBaseArticleResponseSchema>;
