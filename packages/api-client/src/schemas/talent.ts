import { z } from 'zod';
import { count, imageUrl, isoDate } from './common.js';
import { named } from './registry.js';

/** Capitalised like the portal's tab values (`/services/talent?tab=Active`), so a tab filters directly. */
export const TALENT_STATUSES = ['Active', 'Past', 'Available'] as const;
export const SENIORITIES = ['Junior', 'Mid', 'Senior', 'Lead', 'Principal'] as const;

export const talentSchema = named(
  'Talent',
  z
    .object({
      id: z.string().min(1),
      name: z.string(),
      role: z.string().describe('Job title, e.g. "Senior Backend Engineer".'),
      seniority: z.enum(SENIORITIES),
      specializations: z.array(z.string()).describe('Skills the talent is known for; filter chips use them.'),
      yearsOfExperience: count.nullable(),
      location: z.string().nullable().describe('City and country, for display.'),
      timezone: z.string().nullable().describe('IANA time zone, e.g. "Europe/Lisbon".'),
      photoUrl: imageUrl.nullable(),
      status: z
        .enum(TALENT_STATUSES)
        .describe('Active: working with the caller now; Past: worked with them; Available: on the bench.'),
      projectName: z
        .string()
        .nullable()
        .describe('The caller’s project the talent works on, when associated.'),
      startDate: isoDate.nullable(),
      endDate: isoDate.nullable(),
    })
    .describe('A person the provider can staff.'),
);

export const talentResponseSchema = named(
  'TalentResponse',
  z.object({
    talent: z.array(talentSchema),
    uniqueSpecializations: z
      .array(z.string())
      .describe('Distinct specializations across `talent`, sorted alphabetically.'),
  }),
);

/**
 * Strict: the one field is an id the host checks against the session's contact (403/404
 * otherwise). Numbers are accepted because the seed passed the CRM id as it came.
 */
export const talentAssociationsRequestSchema = named(
  'TalentAssociationsRequest',
  z.strictObject({
    contactId: z
      .union([z.string().min(1).max(64), z.number().int().nonnegative()])
      .describe('The session contact’s id (profile.contact.id). Any other contact → 403 or 404.'),
  }),
);

export type Talent = z.infer<typeof talentSchema>;
export type TalentResponse = z.infer<typeof talentResponseSchema>;
export type TalentAssociationsRequest = z.input<typeof talentAssociationsRequestSchema>;
