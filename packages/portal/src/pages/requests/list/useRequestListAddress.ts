import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { filtersOf, type ListFilters, listSearch } from '../requestsAddress.js';

/** How long typing pauses before the list follows: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's state lives in its address (`?scope=company&status=…&q=…&page=2`): a view can be
 * shared, reloaded, and is there again after "back" from a request. The search field's text
 * (`draft`) follows the address when it changes from outside, not while someone types.
 */
export function useRequestListAddress() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const query = filters.q.trim();
  const [draft, setDraft] = useState(query);
  const written = useRef(query);
  const latest = useRef(filters);
  latest.current = filters;

  useEffect(() => {
    if (query !== written.current) {
      written.current = query;
      setDraft(query);
    }
  }, [query]);

  /** A change of filters goes back to the first page; the page alone keeps the rest. */
  const update = useCallback(
    (change: Partial<ListFilters>, options: { replace?: boolean } = {}) => {
      const next = { ...latest.current, page: 1, ...change };
      setParams(listSearch(next), options);
    },
    [setParams],
  );

  const writeQuery = useCallback(
    (value: string) => {
      const q = value.trim();
      written.current = q;
      // Typing replaces the entry: "back" leaves the search rather than stepping through letters.
      update({ q }, { replace: true });
    },
    [update],
  );

  useEffect(() => {
    if (draft.trim() === written.current) return;
    const timer = setTimeout(() => writeQuery(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, writeQuery]);

  const clear = useCallback(() => {
    written.current = '';
    setDraft('');
    setParams(listSearch({ scope: latest.current.scope }));
  }, [setParams]);

  return { filters, draft, setDraft, submit: writeQuery, update, clear };
}

export type RequestListAddress = ReturnType<typeof useRequestListAddress>;
