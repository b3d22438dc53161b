import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePortalData } from '../data/PortalData.js';
import { cancelCompanyQueries, switchCompany } from './companySwitch.js';

/**
 * Acts for a company (or stops, with null). Requests about the previous company are cancelled
 * first; once the host answers, every cached answer about it is dropped and the cached session
 * gets the new company, in that order, so nothing of one company shows while acting for another.
 */
export function useActAs() {
  const queryClient = useQueryClient();
  const { mutations } = usePortalData();
  return useMutation({
    ...mutations.actAs(),
    onMutate: () => cancelCompanyQueries(queryClient),
    onSuccess: (result) => switchCompany(queryClient, result.companyId),
  });
}
