import { z } from 'zod';
import { imageUrl } from './common.js';
import { named } from './registry.js';

/**
 * The CRM contact behind the session. `properties` carries raw CRM properties in their CRM names;
 * `lifecyclestage` is always present because the portal's Home gate reads it
 * (`properties.lifecyclestage`, compared as a string with the configured stage id).
 */
export const contactSchema = named(
  'Contact',
  z
    .object({
      id: z.string().min(1).describe('CRM contact id; the `contactId` of POST /api/talent-associations.'),
      name: z.string().describe('Full name as the portal shows it.'),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z
        .string()
        .nullable()
        .describe('As stored in the CRM (not re-validated: CRM data is hand-typed).'),
      phone: z.string().nullable(),
      jobTitle: z.string().nullable(),
      properties: z
        .looseObject({
          lifecyclestage: z
            .string()
            .nullable()
            .describe('CRM lifecycle stage id, e.g. "customer" or a custom stage id such as "249503789".'),
          hubspot_owner_id: z.string().nullable().optional().describe('CRM owner (account manager) id.'),
        })
        .describe('Raw CRM properties the host exposes; other keys may appear and are passed through.'),
    })
    .describe('The signed-in user as a CRM contact.'),
);

export const companySchema = named(
  'Company',
  z
    .object({
      id: z.string().min(1).describe('CRM company id; every query is scoped to it.'),
      name: z.string(),
      domain: z.string().nullable(),
      companyLogo: imageUrl
        .nullable()
        .describe('Logo for the navigation Profile entry (CRM `hs_logo_url`); null → the default image.'),
    })
    .describe("The contact's company (the tenant)."),
);

export const profileResponseSchema = named(
  'ProfileResponse',
  z.object({ profile: z.object({ contact: contactSchema, company: companySchema }) }),
);

/**
 * The seed sent `{ user }`. Accepted (any JSON object, or no body) so old callers keep working,
 * and ignored: identity comes only from the session.
 */
export const profileRequestSchema = named(
  'ProfileRequest',
  z
    .looseObject({ user: z.unknown().optional().describe('Ignored; kept for compatibility.') })
    .describe('Optional and ignored: the profile is always that of the session user.'),
);

export type Contact = z.infer<typeof contactSchema>;
export type Company = z.infer<typeof companySchema>;
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
export type ProfileRequest = z.input<typeof profileRequestSchema>;
