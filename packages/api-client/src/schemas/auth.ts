import { z } from 'zod';
import { imageUrl } from './common.js';
import { named } from './registry.js';

/** OIDC standard claim names, so an identity provider's userinfo maps onto it one to one. */
export const sessionUserSchema = named(
  'SessionUser',
  z
    .object({
      sub: z
        .string()
        .min(1)
        .describe('Stable user id (the identity provider subject, or the local account id).'),
      email: z.string().min(3).describe('Sign-in email address.'),
      name: z.string().describe('Display name, shown in the navigation.'),
      picture: imageUrl.nullable().describe('Avatar URL, or null.'),
      role: z
        .enum(['customer', 'staff'])
        .optional()
        .describe('"staff": provider staff, who choose a company to act for (POST /api/auth/act-as).'),
      companyId: z
        .string()
        .nullable()
        .optional()
        .describe('The company the data routes answer for; null for staff who have not chosen one.'),
    })
    .describe('The signed-in user of GET /api/auth/me (200). 204 means there is no session.'),
);

/**
 * `returnTo` is taken as given; the host keeps it only if it is a same-origin relative path
 * ("/services/projects?tab=x") and otherwise falls back to "/", so there is no open redirect.
 */
const returnTo = z
  .string()
  .max(2048)
  .describe(
    'Where to go after sign-in. Only a same-origin relative path is honoured; anything else means "/".',
  );

export const loginRedirectQuerySchema = z.object({ returnTo: returnTo.optional() });

export const authCallbackQuerySchema = z.object({
  code: z.string().optional().describe('OIDC authorization code.'),
  state: z.string().optional().describe('OIDC state, checked against the login transaction.'),
  error: z.string().optional().describe('Error code from the identity provider.'),
  error_description: z.string().optional(),
});

export const logoutRedirectQuerySchema = z.object({ returnTo: returnTo.optional() });

/** Strict: a sign-in form has exactly these fields; anything else is a client bug worth a 400. */
export const signInRequestSchema = named(
  'SignInRequest',
  z
    .strictObject({
      email: z.string().min(3).max(320),
      password: z.string().min(1).max(1024),
      returnTo: returnTo.optional(),
    })
    .describe('Local sign-in (auth mode "local"). Sets the session cookie on success.'),
);

export const signInResponseSchema = named(
  'SignInResponse',
  z.object({
    user: sessionUserSchema,
    returnTo: z
      .string()
      .describe('The sanitised path to navigate to next (always same-origin, "/" by default).'),
  }),
);

/** The body is optional and ignored; a JSON `{}` lets the host's "state changes need JSON" rule apply. */
export const signOutRequestSchema = z.object({}).describe('Ignored. Send `{}` or nothing.');

/** Provider staff: choose the company to act for, or null to stop. Every switch is audited. */
export const actAsRequestSchema = named(
  'ActAsRequest',
  z
    .strictObject({
      companyId: z.string().min(1).max(200).nullable().describe('A company id, or null to stop acting.'),
    })
    .describe('Staff only; customers are answered 403, unknown companies 404.'),
);

export const actAsResponseSchema = named(
  'ActAsResponse',
  z.object({
    companyId: z.string().nullable(),
    companyName: z.string().nullable(),
  }),
);

export const staffCompaniesResponseSchema = named(
  'StaffCompanies',
  z
    .object({
      companies: z.array(z.object({ id: z.string(), name: z.string() })).describe('Sorted by name.'),
    })
    .describe('The companies provider staff may act for.'),
);

export type SessionUser = z.infer<typeof sessionUserSchema>;
export type ActAsRequest = z.input<typeof actAsRequestSchema>;
export type ActAsResponse = z.infer<typeof actAsResponseSchema>;
export type StaffCompanies = z.infer<typeof staffCompaniesResponseSchema>;
export type SignInRequest = z.input<typeof signInRequestSchema>;
export type SignInResponse = z.infer<typeof signInResponseSchema>;
