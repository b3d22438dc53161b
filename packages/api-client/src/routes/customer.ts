import type { AnyRoute } from '../route-types.js';
import { accountManagerResponseSchema } from '../schemas/account-manager.js';
import { crmRequestSchema, crmResponseSchema } from '../schemas/crm.js';
import { profileRequestSchema, profileResponseSchema } from '../schemas/profile.js';
import { talentAssociationsRequestSchema, talentResponseSchema } from '../schemas/talent.js';
import { teamsResponseSchema } from '../schemas/teams.js';
import { IGNORED_BODY, STRICT_BODY } from './policies.js';

/** The customer: profile, subscriptions (CRM), talent, teams, account manager. */
export const customerRoutes = {
  profile: {
    kind: 'json',
    method: 'POST',
    path: '/api/profile',
    tag: 'Profile',
    auth: 'session',
    summary: 'Profile: CRM contact and company of the session user',
    description: 'Not retried by the portal.',
    body: profileRequestSchema,
    bodyOptional: true,
    bodyPolicy: IGNORED_BODY,
    response: profileResponseSchema,
    retry: false,
    errors: [401, 404, 500],
  },
  crm: {
    kind: 'json',
    method: 'POST',
    path: '/api/hubspot',
    tag: 'Subscriptions',
    auth: 'session',
    summary: 'CRM data: subscriptions (deals), projects and counts',
    description:
      'Deals of the caller’s company with their service type and stage, its projects with Jira keys.',
    body: crmRequestSchema,
    bodyOptional: true,
    bodyPolicy: IGNORED_BODY,
    response: crmResponseSchema,
    retry: false,
    errors: [401, 500],
  },
  talent: {
    kind: 'json',
    method: 'GET',
    path: '/api/talent',
    tag: 'Talent',
    auth: 'session',
    summary: 'Available talent',
    description: 'Not retried by the portal.',
    response: talentResponseSchema,
    retry: false,
    errors: [401, 500],
  },
  talentAssociations: {
    kind: 'json',
    method: 'POST',
    path: '/api/talent-associations',
    tag: 'Talent',
    auth: 'session',
    summary: 'Talent working with a contact',
    description: 'Only for the session’s own contact: any other contactId is answered 403 or 404.',
    body: talentAssociationsRequestSchema,
    bodyPolicy: STRICT_BODY,
    response: talentResponseSchema,
    errorMessage: 'Failed to fetch talent associations',
    retry: false,
    errors: [400, 401, 403, 404, 415, 500],
  },
  teams: {
    kind: 'json',
    method: 'GET',
    path: '/api/teams',
    tag: 'Subscriptions',
    auth: 'session',
    summary: 'Teams staffed for the caller’s company',
    description: 'With members and allocation.',
    response: teamsResponseSchema,
    retry: true,
    errors: [401, 500],
  },
  accountManager: {
    kind: 'json',
    method: 'GET',
    path: '/api/account-manager',
    tag: 'Profile',
    auth: 'session',
    summary: 'The caller’s account manager',
    description:
      'For "Book a meeting with my Account Manager". `accountManager` is null when none is assigned.',
    response: accountManagerResponseSchema,
    retry: true,
    errors: [401, 500],
  },
} as const satisfies Record<string, AnyRoute>;
