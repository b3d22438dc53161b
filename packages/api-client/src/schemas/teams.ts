import * as z from 'zod/mini';
import { imageUrl, isoDate } from './common.js';
import { described, named } from './registry.js';

export const teamMemberSchema = named(
  'TeamMember',
  z.object({
    talentId: described(z.string().check(z.minLength(1)), 'The Talent id of the member.'),
    name: z.string(),
    role: z.string(),
    photoUrl: z.nullable(imageUrl),
    allocationPercent: described(
      z.number().check(z.int(), z.gte(0), z.lte(100)),
      'Share of a full-time week on this team.',
    ),
  }),
);

export const teamSchema = named(
  'Team',
  z.object({
    id: z.string().check(z.minLength(1)),
    name: z.string(),
    serviceType: described(z.string(), 'The deal’s service type, e.g. "Premium Teams".'),
    dealId: described(z.nullable(z.string()), 'The subscription (Deal.id) the team is staffed under.'),
    jiraProjectKey: z.nullable(z.string()),
    status: z.enum(['forming', 'active', 'ended']),
    startDate: z.nullable(isoDate),
    endDate: z.nullable(isoDate),
    members: z.array(teamMemberSchema),
  }),
);

export const teamsResponseSchema = named('TeamsResponse', z.object({ teams: z.array(teamSchema) }));

export type TeamMember = z.infer<typeof teamMemberSchema>;
export type Team = z.infer<typeof teamSchema>;
export type TeamsResponse = z.infer<typeof teamsResponseSchema>;
