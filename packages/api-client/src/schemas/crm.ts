import * as z from 'zod/mini';
import { count, isoDate } from './common.js';
import { described, named } from './registry.js';

/**
 * Service types the product groups by: 'Team Plans' and 'Premium Teams' (premium teams), 'Staffing'
 * and 'Staff Augmentation' (staff augmentation), 'Analytics'. The CRM may hold others; they are
 * shown, not counted.
 */
export const SERVICE_TYPES = [
  'Team Plans',
  'Premium Teams',
  'Staffing',
  'Staff Augmentation',
  'Analytics',
] as const;

/** Deal stages the fixtures use. Only 'Active' has a meaning in the product: only Active deals count. */
export const DEAL_STAGES = ['Active', 'Pending', 'On Hold', 'Completed', 'Cancelled'] as const;

export const dealSchema = named(
  'Deal',
  described(
    z.object({
      id: described(z.string().check(z.minLength(1)), 'CRM deal id.'),
      dealName: described(z.string(), 'Subscription name (CRM `dealname`).'),
      serviceType: described(
        z.string(),
        `Service type label. Grouped by the product: ${SERVICE_TYPES.map((s) => `"${s}"`).join(', ')}.`,
      ),
      stage: described(z.string(), 'Deal stage label (not the CRM stage id). Only "Active" selects deals.'),
      startDate: described(z.nullable(isoDate), 'Start of the term, or null when the CRM has none.'),
      endDate: described(z.nullable(isoDate), 'End of the term (the renewal date), or null.'),
      hours: described(
        z.nullable(z.number().check(z.nonnegative())),
        'Contracted hours for the term, or null.',
      ),
    }),
    'A subscription (CRM deal) of the caller’s company.',
  ),
);

export const crmProjectSchema = named(
  'CrmProject',
  described(
    z.object({
      id: described(
        z.string().check(z.minLength(1)),
        'CRM project record id; the `projectId` of the GitHub routes.',
      ),
      name: z.string(),
      jiraKey: described(
        z.nullable(z.string()),
        'Jira project key. Empty or null keys are dropped by the visibility rule.',
      ),
    }),
    'A project of the caller’s company in the CRM.',
  ),
);

/**
 * Counts are of Active deals per service group ('Team Plans' + 'Premium Teams'; 'Staffing' +
 * 'Staff Augmentation'; 'Analytics'), computed by the host with `serviceGroupOf`.
 */
export const crmResponseSchema = named(
  'CrmResponse',
  z.object({
    hubspot: z.object({
      deals: z.array(dealSchema),
      projects: z.array(crmProjectSchema),
      premiumTeamsCount: described(count, 'Active deals in "Team Plans" or "Premium Teams".'),
      staffAugCount: described(count, 'Active deals in "Staffing" or "Staff Augmentation".'),
      analyticsCount: described(count, 'Active deals in "Analytics".'),
    }),
  }),
);

/** The original portal sent `{ profileData }`; accepted for compatibility, ignored (the session decides). */
export const crmRequestSchema = named(
  'CrmRequest',
  described(
    z.looseObject({
      profileData: described(z.optional(z.unknown()), 'Ignored; kept for compatibility.'),
    }),
    'Optional and ignored: CRM data is always that of the session’s company.',
  ),
);

export type Deal = z.infer<typeof dealSchema>;
export type CrmProject = z.infer<typeof crmProjectSchema>;
export type CrmResponse = z.infer<typeof crmResponseSchema>;
export type CrmRequest = z.input<typeof crmRequestSchema>;
