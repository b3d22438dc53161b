import type { TalentResponse } from '@client-portal/api-client';
import { useQuery } from '@tanstack/react-query';
import { useProfile, usePortalData } from '../../data/PortalData.js';

/** One of the page's two lists, as the page needs it. */
export interface TalentSource {
  data: TalentResponse | undefined;
  /** Nothing to show yet (and no error). */
  pending: boolean;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}

/**
 * Who works (or worked) with the customer: asked for the contact of the profile, so it runs once
 * the profile has loaded. A failed profile fails this list too, and "Try again" asks for the profile.
 */
export function useTalentAssociations(): TalentSource {
  const { queries } = usePortalData();
  const profile = useProfile();
  const associations = useQuery(queries.talentAssociations(profile.data?.profile.contact.id));
  const error = profile.error ?? associations.error;
  return {
    data: associations.data,
    pending: !error && associations.isPending,
    error,
    retry: () => void (profile.error ? profile.refetch() : associations.refetch()),
    retrying: profile.isFetching || associations.isFetching,
  };
}

/** Everyone available to join the customer's team. */
export function useAvailableTalent(): TalentSource {
  const { queries } = usePortalData();
  const talent = useQuery(queries.talent());
  return {
    data: talent.data,
    pending: talent.isPending,
    error: talent.error,
    retry: () => void talent.refetch(),
    retrying: talent.isFetching,
  };
}
