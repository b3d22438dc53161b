import * as z from 'zod/mini';
import { imageUrl } from './common.js';
import { described, named } from './registry.js';
import {
  emailInput,
  OAUTH_CODE_MAX_LENGTH,
  OAUTH_ERROR_DESCRIPTION_MAX_LENGTH,
  OAUTH_ERROR_MAX_LENGTH,
  OAUTH_STATE_MAX_LENGTH,
  oauthParam,
  passwordInput,
  recordIdParam,
  returnToParam,
  singleLineText,
} from './request-rules.js';

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
  returnToParam,
  'Where to go after sign-in: single-line text, at most 2048. Only a same-origin relative path is honoured; anything else means "/".',
);

export const loginRedirectQuerySchema = z.object({ returnTo: z.optional(returnTo) });

/**
 * What the identity provider appends to the redirect. `code`, `state` and `error` are printable
 * ASCII, the only characters OAuth allows in them; `error_description` is single-line text, since
 * some providers send it in the user's language.
 */
export const authCallbackQuerySchema = z.object({
  code: described(
    z.optional(oauthParam(OAUTH_CODE_MAX_LENGTH)),
    'OIDC authorization code: printable ASCII, at most 4096.',
  ),
  state: described(
    z.optional(oauthParam(OAUTH_STATE_MAX_LENGTH)),
    'OIDC state, checked against the login transaction: printable ASCII, at most 1024.',
  ),
  error: described(
    z.optional(oauthParam(OAUTH_ERROR_MAX_LENGTH)),
    'Error code from the identity provider: printable ASCII, at most 256.',
  ),
  error_description: described(
    z.optional(singleLineText({ max: OAUTH_ERROR_DESCRIPTION_MAX_LENGTH })),
    'Error text from the identity provider: single-line text, at most 2048.',
  ),
});

export const logoutRedirectQuerySchema = z.object({ returnTo: z.optional(returnTo) });

/** Strict: a sign-in form has exactly these fields; anything else is a client bug worth a 400. */
export const signInRequestSchema = named(
  'SignInRequest',
  described(
    z.strictObject({
      email: described(emailInput, 'Sign-in email address: single-line text, 3–320.'),
      password: described(
        passwordInput,
        'Password: 1–1024 printable characters, spaces included; no control characters.',
      ),
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
        z.nullable(recordIdParam),
        'A company id (letters, digits, ".", "_", ":" and "-", at most 128), or null to stop acting.',
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
