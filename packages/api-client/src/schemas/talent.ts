import * as z from 'zod/mini';
import { count, imageUrl, isoDate } from './common.js';
import { described, named } from './registry.js';
import { recordIdNumber, recordIdParam, recordIdUnionMessage } from './request-rules.js';

/** Capitalised like the portal's tab values (`/services/talent?tab=Active`), so a tab filters directly. */
export const TALENT_STATUSES = ['Active', 'Past', 'Available'] as const;
export const SENIORITIES = ['Junior', 'Mid', 'Senior', 'Lead', 'Principal'] as const;

export const talentSchema = named(
  'Talent',
  described(
    z.object({
      id: z.string().check(z.minLength(1)),
      name: z.string(),
      role: described(z.string(), 'Job title, e.g. "Senior Backend Engineer".'),
      seniority: z.enum(SENIORITIES),
      specializations: described(
        z.array(z.string()),
        'Skills the talent is known for; filter chips use them.',
      ),
      yearsOfExperience: z.nullable(count),
      location: described(z.nullable(z.string()), 'City and country, for display.'),
      timezone: described(z.nullable(z.string()), 'IANA time zone, e.g. "Europe/Lisbon".'),
      photoUrl: z.nullable(imageUrl),
      status: described(
        z.enum(TALENT_STATUSES),
        'Active: working with the caller now; Past: worked with them; Available: on the bench.',
      ),
      projectName: described(
        z.nullable(z.string()),
        'The caller’s project the talent works on, when associated.',
      ),
      startDate: z.nullable(isoDate),
      endDate: z.nullable(isoDate),
    }),
    'A person the provider can staff.',
  ),
);

export const talentResponseSchema = named(
  'TalentResponse',
  z.object({
    talent: z.array(talentSchema),
    uniqueSpecializations: described(
      z.array(z.string()),
      'Distinct specializations across `talent`, sorted alphabetically.',
    ),
  }),
);

/**
 * Strict: the one field is an id the host checks against the session's contact (403/404
 * otherwise). Numbers are accepted because the original portal passed the CRM id as it came; a number is
 * never read from a string ("51234" stays the string id "51234").
 */
export const talentAssociationsRequestSchema = named(
  'TalentAssociationsRequest',
  z.strictObject({
    contactId: described(
      z.union([recordIdParam, recordIdNumber], { error: recordIdUnionMessage }),
      'The session contact’s id (profile.contact.id): a record id, or a safe integer ≥ 0. Any other contact → 403 or 404.',
    ),
  }),
);

export type Talent = z.infer<typeof talentSchema>;
export type TalentResponse = z.infer<typeof talentResponseSchema>;
export type TalentAssociationsRequest = z.input<typeof talentAssociationsRequestSchema>;
