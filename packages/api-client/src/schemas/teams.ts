import { z } from 'zod';
import { imageUrl, isoDate } from './common.js';
import { named } from './registry.js';

export const teamMemberSchema = named(
  'TeamMember',
  z.object({
    talentId: z.string().min(1).describe('The Talent id of the member.'),
    name: z.string(),
    role: z.string(),
    photoUrl: imageUrl.nullable(),
    allocationPercent: z.number().int().min(0).max(100).describe('Share of a full-time week on this team.'),
  }),
);

export const teamSchema = named(
  'Team',
  z.object({
    id: z.string().min(1),
    name: z.string(),
    serviceType: z.string().describe('The deal’s service type, e.g. "Premium Teams".'),
    dealId: z.string().nullable().describe('The subscription (Deal.id) the team is staffed under.'),
    jiraProjectKey: z.string().nullable(),
    status: z.enum(['forming', 'active', 'ended']),
    startDate: isoDate.nullable(),
    endDate: isoDate.nullable(),
    members: z.array(teamMemberSchema),
  }),
);

export const teamsResponseSchema = named('TeamsResponse', z.object({ teams: z.array(teamSchema) }));

export type TeamMember = z.infer<typeof teamMemberSchema>;
export type Team = z.infer<typeof teamSchema>;
export type TeamsResponse = z.infer<typeof teamsResponseSchema>;
