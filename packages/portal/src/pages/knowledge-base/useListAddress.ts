import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { categoryOf, listSearch, searchTermOf } from './knowledgeBaseAddress.js';

/** How long typing pauses before the results follow: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list's state lives in its address (`?q=…&category=…`): a search or filter can be shared,
 * reloaded, and is there again after "back" from an article. The field's text (`draft`) follows
 * the address when it changes from outside (back, forward, a link), not while someone types.
 */
export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const category = categoryOf(params.get('category'));
  const [draft, setDraft] = useState(query);
  const written = useRef(query);

  useEffect(() => {
    if (query !== written.current) {
      written.current = query;
      setDraft(query);
    }
  }, [query]);

  const writeQuery = useCallback(
    (value: string) => {
      const q = value.trim();
      written.current = q;
      // Typing replaces the entry: "back" leaves the search rather than stepping through letters.
      setParams(listSearch({ q, category }), { replace: true });
    },
    [category, setParams],
  );

  useEffect(() => {
    if (draft.trim() === written.current) return;
    const timer = setTimeout(() => writeQuery(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, writeQuery]);

  const setCategory = useCallback(
    (next: string | undefined) => setParams(listSearch({ q: query, category: next })),
    [query, setParams],
  );

  return {
    /** What the field shows. */
    draft,
    setDraft,
    /** Enter or "Search": now, without waiting for the pause. */
    submit: writeQuery,
    /** What is searched for ('' when nothing, or too little, is typed). */
    term: searchTermOf(query),
    category,
    setCategory,
  };
}
