import { z } from 'zod';
import { count, isoDate } from './common.js';
import { named } from './registry.js';

/** Service types the product groups by (spec §4). The CRM may hold others; they are shown, not counted. */
export const SERVICE_TYPES = [
  'Team Plans',
  'Premium Teams',
  'Staffing',
  'Staff Augmentation',
  'Analytics',
] as const;

/** Deal stages the fixtures use. Only 'Active' has a meaning in the product (spec §4). */
export const DEAL_STAGES = ['Active', 'Pending', 'On Hold', 'Completed', 'Cancelled'] as const;

export const dealSchema = named(
  'Deal',
  z
    .object({
      id: z.string().min(1).describe('CRM deal id.'),
      dealName: z.string().describe('Subscription name (CRM `dealname`).'),
      serviceType: z
        .string()
        .describe(
          `Service type label. Grouped by the product: ${SERVICE_TYPES.map((s) => `"${s}"`).join(', ')}.`,
        ),
      stage: z.string().describe('Deal stage label (not the CRM stage id). Only "Active" selects deals.'),
      startDate: isoDate.nullable().describe('Start of the term, or null when the CRM has none.'),
      endDate: isoDate.nullable().describe('End of the term (the renewal date), or null.'),
      hours: z.number().nonnegative().nullable().describe('Contracted hours for the term, or null.'),
    })
    .describe('A subscription (CRM deal) of the caller’s company.'),
);

export const crmProjectSchema = named(
  'CrmProject',
  z
    .object({
      id: z.string().min(1).describe('CRM project record id; the `projectId` of the GitHub routes.'),
      name: z.string(),
      jiraKey: z
        .string()
        .nullable()
        .describe('Jira project key. Empty or null keys are dropped by the visibility rule.'),
    })
    .describe('A project of the caller’s company in the CRM.'),
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
      premiumTeamsCount: count.describe('Active deals in "Team Plans" or "Premium Teams".'),
      staffAugCount: count.describe('Active deals in "Staffing" or "Staff Augmentation".'),
      analyticsCount: count.describe('Active deals in "Analytics".'),
    }),
  }),
);

/** The seed sent `{ profileData }`; accepted for compatibility and ignored (the session decides). */
export const crmRequestSchema = named(
  'CrmRequest',
  z
    .looseObject({ profileData: z.unknown().optional().describe('Ignored; kept for compatibility.') })
    .describe('Optional and ignored: CRM data is always that of the session’s company.'),
);

export type Deal = z.infer<typeof dealSchema>;
export type CrmProject = z.infer<typeof crmProjectSchema>;
export type CrmResponse = z.infer<typeof crmResponseSchema>;
export type CrmRequest = z.input<typeof crmRequestSchema>;
