import { isRequestError } from '@client-portal/api-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePortalData } from '../../data/PortalData.js';

/**
 * The page's three questions to the host. A list or search keeps its previous answer while the
 * next one loads, so choosing a category or typing a letter does not blank the page.
 */
export function useArticles(category: string | undefined) {
  const { queries } = usePortalData();
  return useQuery({ ...queries.knowledgeBase(category), placeholderData: keepPreviousData });
}

/** Runs for a term of two characters or more (see `searchTermOf`); otherwise it waits. */
export function useArticleSearch(term: string) {
  const { queries } = usePortalData();
  return useQuery({ ...queries.knowledgeBaseSearch(term), placeholderData: keepPreviousData });
}

export function useArticle(slug: string) {
  const { queries } = usePortalData();
  return useQuery(queries.knowledgeBaseArticle(slug));
}

/** The host has no such article (or not for this customer): a 404. */
export const isNotFound = (error: unknown) => isRequestError(error) && error.status === 404;
