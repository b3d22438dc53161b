import type { Deal } from './schemas/crm.js';

export type ServiceGroup = 'premiumTeams' | 'staffAug' | 'analytics';

const GROUPS: Record<string, ServiceGroup> = {
  'Team Plans': 'premiumTeams',
  'Premium Teams': 'premiumTeams',
  Staffing: 'staffAug',
  'Staff Augmentation': 'staffAug',
  Analytics: 'analytics',
};

/**
 * The service group of a deal's service type: 'Team Plans'/'Premium Teams' → premium teams,
 * 'Staffing'/'Staff Augmentation' → staff augmentation, 'Analytics' → analytics; null for any other type.
 */
export function serviceGroupOf(serviceType: string): ServiceGroup | null {
  return GROUPS[serviceType] ?? null;
}

/** Only the 'Active' stage selects deals: the counts are of Active deals. */
export const ACTIVE_STAGE = 'Active';

/** The three counts of the CRM response: Active deals per service group. Host and mocks share it. */
export function countActiveDeals(deals: readonly Pick<Deal, 'serviceType' | 'stage'>[]) {
  const counts = { premiumTeamsCount: 0, staffAugCount: 0, analyticsCount: 0 };
  for (const deal of deals) {
    if (deal.stage !== ACTIVE_STAGE) continue;
    const group = serviceGroupOf(deal.serviceType);
    if (group) counts[`${group}Count` as const] += 1;
  }
  return counts;
}

/**
 * The lifecycle stage of a CRM contact, read from `properties.lifecyclestage` or the flattened
 * `properties_lifecyclestage` (both appear in the original portal). Always a string or null:
 * CRM values are strings, and the Home gate compares with a string id such as "249503789".
 */
export function lifecycleStageOf(contact: unknown): string | null {
  if (typeof contact !== 'object' || contact === null) return null;
  const record = contact as {
    properties?: { lifecyclestage?: unknown };
    properties_lifecyclestage?: unknown;
  };
  const value = record.properties?.lifecyclestage ?? record.properties_lifecyclestage;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' ? value : null;
}
