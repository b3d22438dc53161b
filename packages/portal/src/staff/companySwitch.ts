import type { SessionUser } from '@client-portal/api-client';
import { isCompanyScopedQuery, queryKeys } from '@client-portal/api-client/queries';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Before asking the host to switch: stops every request still running for the company acted for,
 * so no answer about it lands in the cache after the switch.
 */
export function cancelCompanyQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.cancelQueries({ predicate: isCompanyScopedQuery });
}

/**
 * After the host switched the session to `companyId` (null: stopped acting): drops every cached
 * answer about the previous company (profile, CRM, documents, analytics… all but the session and
 * staff's own list), then records the new company on the cached session. Removed, not refetched:
 * whatever is still mounted asks again only with the new company, or not at all without one.
 */
export function switchCompany(queryClient: QueryClient, companyId: string | null): void {
  queryClient.removeQueries({ predicate: isCompanyScopedQuery });
  queryClient.setQueryData<SessionUser | null>(queryKeys.session(), (user) =>
    user ? { ...user, companyId } : user,
  );
}

/**
 * Drops every cached answer about a company as soon as the cached session names another one, for
 * a switch this portal did not make: the session is shared by the browser's tabs, so staff who
 * switch company in one tab switch it in all, and a tab that learns of it (its session refetched)
 * must not show the previous company's data under the new company's name. Runs inside the cache's
 * own update, before any component sees the new session. Returns the unsubscribe function.
 */
export function followSessionCompany(queryClient: QueryClient, companyId: string | null): () => void {
  let known = companyId;
  const session = queryKeys.session();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const key: readonly unknown[] = event.query.queryKey;
    if (key.length !== session.length || key.some((part, i) => part !== session[i])) return;
    const next = (event.query.state.data as SessionUser | null | undefined)?.companyId ?? null;
    if (next === known) return;
    known = next;
    void queryClient.cancelQueries({ predicate: isCompanyScopedQuery });
    queryClient.removeQueries({ predicate: isCompanyScopedQuery });
  });
}
