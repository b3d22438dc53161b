import * as z from 'zod/mini';
import { imageUrl } from './common.js';
import { described, named } from './registry.js';

/** OIDC standard claim names, so an identity provider's userinfo maps onto it one to one. */
export const sessionUserSchema = named(
  'SessionUser',
  described(
    z.object({
      sub: described(
        z.string().check(z.minLength(1)),
        'Stable user id (the identity provider subject, or the local account id).',
      ),
      email: described(z.string().check(z.minLength(3)), 'Sign-in email address.'),
      name: described(z.string(), 'Display name, shown in the navigation.'),
      picture: described(z.nullable(imageUrl), 'Avatar URL, or null.'),
      role: described(
        z.optional(z.enum(['customer', 'staff'])),
        '"staff": provider staff, who choose a company to act for (POST /api/auth/act-as).',
      ),
      companyId: described(
        z.optional(z.nullable(z.string())),
        'The company the data routes answer for; null for staff who have not chosen one.',
      ),
    }),
    'The signed-in user of GET /api/auth/me (200). 204 means there is no session.',
  ),
);

/**
 * `returnTo` is taken as given; the host keeps it only if it is a same-origin relative path
 * ("/services/projects?tab=x") and otherwise falls back to "/", so there is no open redirect.
 */
const returnTo = described(
  z.string().check(z.maxLength(2048)),
  'Where to go after sign-in. Only a same-origin relative path is honoured; anything else means "/".',
);

export const loginRedirectQuerySchema = z.object({ returnTo: z.optional(returnTo) });

export const authCallbackQuerySchema = z.object({
  code: described(z.optional(z.string()), 'OIDC authorization code.'),
  state: described(z.optional(z.string()), 'OIDC state, checked against the login transaction.'),
  error: described(z.optional(z.string()), 'Error code from the identity provider.'),
  error_description: z.optional(z.string()),
});

export const logoutRedirectQuerySchema = z.object({ returnTo: z.optional(returnTo) });

/** Strict: a sign-in form has exactly these fields; anything else is a client bug worth a 400. */
export const signInRequestSchema = named(
  'SignInRequest',
  described(
    z.strictObject({
      email: z.string().check(z.minLength(3), z.maxLength(320)),
      password: z.string().check(z.minLength(1), z.maxLength(1024)),
      returnTo: z.optional(returnTo),
    }),
    'Local sign-in (auth mode "local"). Sets the session cookie on success.',
  ),
);

export const signInResponseSchema = named(
  'SignInResponse',
  z.object({
    user: sessionUserSchema,
    returnTo: described(
      z.string(),
      'The sanitised path to navigate to next (always same-origin, "/" by default).',
    ),
  }),
);

/** The body is optional and ignored; a JSON `{}` lets the host's "state changes need JSON" rule apply. */
export const signOutRequestSchema = described(z.object({}), 'Ignored. Send `{}` or nothing.');

/** Provider staff: choose the company to act for, or null to stop. Every switch is audited. */
export const actAsRequestSchema = named(
  'ActAsRequest',
  described(
    z.strictObject({
      companyId: described(
        z.nullable(z.string().check(z.minLength(1), z.maxLength(200))),
        'A company id, or null to stop acting.',
      ),
    }),
    'Staff only; customers are answered 403, unknown companies 404.',
  ),
);

export const actAsResponseSchema = named(
  'ActAsResponse',
  z.object({
    companyId: z.nullable(z.string()),
    companyName: z.nullable(z.string()),
  }),
);

export const staffCompaniesResponseSchema = named(
  'StaffCompanies',
  described(
    z.object({
      companies: described(z.array(z.object({ id: z.string(), name: z.string() })), 'Sorted by name.'),
    }),
    'The companies provider staff may act for.',
  ),
);

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type ActAsRequest = z.input<typeof actAsRequestSchema>;
export type ActAsResponse = z.infer<typeof actAsResponseSchema>;
export type StaffCompanies = z.infer<typeof staffCompaniesResponseSchema>;
export type SignInRequest = z.input<typeof signInRequestSchema>;
export type SignInResponse = z.infer<typeof signInResponseSchema>;
