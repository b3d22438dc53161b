import { z } from 'zod';
import { imageUrl } from './common.js';
import { named } from './registry.js';

/** The CRM owner of the caller's contact; `bookingUrl` is their meetings link (opened in a new tab). */
export const accountManagerSchema = named(
  'AccountManager',
  z.object({
    id: z.string().min(1).describe('CRM owner id.'),
    name: z.string(),
    email: z.string().min(3),
    title: z.string().nullable(),
    phone: z.string().nullable(),
    photoUrl: imageUrl.nullable(),
    bookingUrl: z
      .string()
      .regex(/^https?:\/\/\S+$/)
      .nullable()
      .describe('Absolute meeting-booking URL, or null when none is configured.'),
  }),
);

export const accountManagerResponseSchema = named(
  'AccountManagerResponse',
  z.object({
    accountManager: accountManagerSchema.nullable().describe('Null when the contact has no owner.'),
  }),
);

export type AccountManager = z.infer<typeof accountManagerSchema>;
export type AccountManagerResponse = z.infer<typeof accountManagerResponseSchema>;
