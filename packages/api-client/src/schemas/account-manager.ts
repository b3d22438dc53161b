import * as z from 'zod/mini';
import { imageUrl } from './common.js';
import { described, named } from './registry.js';

/** The CRM owner of the caller's contact; `bookingUrl` is their meetings link (opened in a new tab). */
export const accountManagerSchema = named(
  'AccountManager',
  z.object({
    id: described(z.string().check(z.minLength(1)), 'CRM owner id.'),
    name: z.string(),
    email: z.string().check(z.minLength(3)),
    title: z.nullable(z.string()),
    phone: z.nullable(z.string()),
    photoUrl: z.nullable(imageUrl),
    bookingUrl: described(
      z.nullable(z.string().check(z.regex(/^https?:\/\/\S+$/))),
      'Absolute meeting-booking URL, or null when none is configured.',
    ),
  }),
);

export const accountManagerResponseSchema = named(
  'AccountManagerResponse',
  z.object({
    accountManager: described(z.nullable(accountManagerSchema), 'Null when the contact has no owner.'),
  }),
);

export type AccountManager = z.infer<typeof accountManagerSchema>;
export type AccountManagerResponse = z.infer<typeof accountManagerResponseSchema>;
