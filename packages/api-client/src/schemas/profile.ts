import * as z from 'zod/mini';
import { imageUrl } from './common.js';
import { described, named } from './registry.js';

/**
 * The CRM contact behind the session. `properties` carries raw CRM properties in their CRM names;
 * `lifecyclestage` is always present because the portal's Home gate reads it
 * (`properties.lifecyclestage`, compared as a string with the configured stage id).
 */
export const contactSchema = named(
  'Contact',
  described(
    z.object({
      id: described(
        z.string().check(z.minLength(1)),
        'CRM contact id; the `contactId` of POST /api/talent-associations.',
      ),
      name: described(z.string(), 'Full name as the portal shows it.'),
      firstName: z.nullable(z.string()),
      lastName: z.nullable(z.string()),
      email: described(
        z.nullable(z.string()),
        'As stored in the CRM (not re-validated: CRM data is hand-typed).',
      ),
      phone: z.nullable(z.string()),
      jobTitle: z.nullable(z.string()),
      properties: described(
        z.looseObject({
          lifecyclestage: described(
            z.nullable(z.string()),
            'CRM lifecycle stage id, e.g. "customer" or a custom stage id such as "249503789".',
          ),
          hubspot_owner_id: described(z.optional(z.nullable(z.string())), 'CRM owner (account manager) id.'),
        }),
        'Raw CRM properties the host exposes; other keys may appear and are passed through.',
      ),
    }),
    'The signed-in user as a CRM contact.',
  ),
);

export const companySchema = named(
  'Company',
  described(
    z.object({
      id: described(z.string().check(z.minLength(1)), 'CRM company id; every query is scoped to it.'),
      name: z.string(),
      domain: z.nullable(z.string()),
      companyLogo: described(
        z.nullable(imageUrl),
        'Logo for the navigation Profile entry (CRM `hs_logo_url`); null → the default image.',
      ),
    }),
    "The contact's company (the tenant).",
  ),
);

export const profileResponseSchema = named(
  'ProfileResponse',
  z.object({ profile: z.object({ contact: contactSchema, company: companySchema }) }),
);

/**
 * The original portal sent `{ user }`. Accepted (any JSON object, or no body) so old callers keep working,
 * and ignored: identity comes only from the session.
 */
export const profileRequestSchema = named(
  'ProfileRequest',
  described(
    z.looseObject({
      user: described(z.optional(z.unknown()), 'Ignored; kept for compatibility.'),
    }),
    'Optional and ignored: the profile is always that of the session user.',
  ),
);

export type Contact = z.infer<typeof contactSchema>;
export type Company = z.infer<typeof companySchema>;
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
export type ProfileRequest = z.input<typeof profileRequestSchema>;
