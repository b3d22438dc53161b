import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import {
  searchOf,
  type TalentAddress,
  type TalentTab,
  talentAddressOf,
  talentSearch,
} from './talentAddress.js';

/** How long typing pauses before the address follows: the list filters at once, the address after. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The page's state, read from and written to its address (see `talentAddress.ts`). The search
 * box's text (`draft`) filters the list as it is typed; the address follows after a pause (browsers
 * limit how often a page may rewrite its address), and the field follows the address when it
 * changes from outside (back, forward, a link).
 */
export function useTalentAddress() {
  const [params, setParams] = useSearchParams();
  const address = talentAddressOf(params);
  const [draft, setDraft] = useState(address.q);
  const written = useRef(address.q);

  useEffect(() => {
    if (address.q !== written.current) {
      written.current = address.q;
      setDraft(address.q);
    }
  }, [address.q]);

  const go = useCallback(
    (next: TalentAddress, replace: boolean) => {
      written.current = searchOf(next.q);
      setParams(talentSearch(next), { replace });
    },
    [setParams],
  );

  const { tab, specialization, q, page } = address;
  // While a search is typed but not yet in the address, the list shows its first page.
  const typing = searchOf(draft) !== q;

  const submit = useCallback(
    // Typing replaces the entry: "back" leaves the search rather than stepping through letters.
    (value: string) => go({ tab, specialization, q: value, page: 1 }, true),
    [go, tab, specialization],
  );

  useEffect(() => {
    if (searchOf(draft) === written.current) return;
    const timer = setTimeout(() => submit(draft), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, submit]);

  return {
    tab,
    specialization,
    /** What the list is searched for now: the field's text. */
    search: draft,
    setSearch: setDraft,
    /** Enter: into the address now, without waiting for the pause. */
    submit,
    page: typing ? 1 : page,
    // Switching tabs replaces the entry (as the Account page's tabs do); the filter and search stay.
    setTab: (next: TalentTab) => go({ tab: next, specialization, q: draft, page: 1 }, true),
    setSpecialization: (next: string | undefined) =>
      go({ tab, specialization: next, q: draft, page: 1 }, false),
    setPage: (next: number) => go({ tab, specialization, q: draft, page: next }, false),
    clearFilters: () => {
      setDraft('');
      go({ tab, specialization: undefined, q: '', page: 1 }, false);
    },
  };
}

export type TalentAddressState = ReturnType<typeof useTalentAddress>;
