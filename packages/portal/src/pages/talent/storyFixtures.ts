import type { Talent, TalentResponse } from '@client-portal/api-client';
import { createPortalFixtures } from '@client-portal/api-client/mocks';

/*
 * Talent the contract's fixtures do not have, for the long-content and paging stories: a fixtures
 * instance of its own, which the contract's handlers then serve, so the stories still go through
 * the real client and its validation.
 */

const LONG_WORD = 'Infrastrukturautomatisierungsplattformverantwortliche';

export const LONG_NAME =
  'Adelheid-Konstantina Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff de la Cruz y Montenegro';

/** How many people each list holds in the long stories: three pages of twelve, the last one short. */
export const MANY = 30;

const responseOf = (talent: Talent[]): TalentResponse => ({
  talent,
  uniqueSpecializations: [...new Set(talent.flatMap((t) => t.specializations))].sort((a, b) =>
    a.localeCompare(b, 'en'),
  ),
});

/** `count` people from the fixture's, each name different; the first (first by name too) is very long. */
function many(source: readonly Talent[], count: number, status: Talent['status']): Talent[] {
  return Array.from({ length: count }, (_, i) => {
    const base = source[i % source.length] as Talent;
    const person: Talent = {
      ...base,
      id: `${base.id}_${i}`,
      name: `${base.name} ${String(i + 1).padStart(2, '0')}`,
      status,
    };
    if (i !== 0) return person;
    return {
      ...person,
      name: LONG_NAME,
      role: `Principal Distributed Systems and Platform Reliability Engineer, ${LONG_WORD}`,
      specializations: [
        ...Array.from({ length: 22 }, (_, k) => `Specialization number ${k + 1}`),
        LONG_WORD,
        'Event-driven systems',
      ],
      location: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, Wales, United Kingdom',
      projectName: `Enterprise platform modernisation programme: ${LONG_WORD}`,
    };
  });
}

/** The contract's fixtures with thirty people in each list (the first with very long details). */
export function longTalentFixtures() {
  const fixtures = createPortalFixtures();
  fixtures.talentAssociations = responseOf(many(fixtures.talentAssociations.talent, MANY, 'Active'));
  fixtures.talent = responseOf(many(fixtures.talent.talent, MANY, 'Available'));
  return fixtures;
}
