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
