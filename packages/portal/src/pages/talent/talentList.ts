import type { Talent } from '@client-portal/api-client';
import type { TalentTab } from './talentAddress.js';

/** Cards a page: four rows of three on a wide screen. */
export const TALENT_PAGE_SIZE = 12;

/**
 * The people a tab lists. The associations answer holds both who works with the customer now
 * (`Active`) and who did (`Past`); the `All` tab lists the available talent as it comes.
 */
export function peopleOnTab(tab: TalentTab, talent: readonly Talent[] | undefined): Talent[] {
  if (!talent) return [];
  if (tab === 'All') return [...talent];
  return talent.filter((person) => person.status === tab);
}

/** Lower case without accents, so "lucia" finds "Lucía" and "KRAKOW" finds "Kraków". */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');

/** What a search looks in: name, role, seniority, specializations, location and project. */
function searchableText(person: Talent): string {
  return foldText(
    [
      person.name,
      person.role,
      person.seniority,
      ...person.specializations,
      person.location,
      person.projectName,
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

/** Every word of the search appears somewhere in the person's details (in any order). */
export function matchesSearch(person: Talent, search: string): boolean {
  const words = foldText(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = searchableText(person);
  return words.every((word) => text.includes(word));
}

export function hasSpecialization(person: Talent, specialization: string | undefined): boolean {
  if (!specialization) return true;
  const wanted = foldText(specialization);
  return person.specializations.some((s) => foldText(s) === wanted);
}

export function filterTalent(
  people: readonly Talent[],
  filter: { specialization: string | undefined; search: string },
): Talent[] {
  return people.filter(
    (person) => hasSpecialization(person, filter.specialization) && matchesSearch(person, filter.search),
  );
}

/**
 * The filter's choices: the answer's `uniqueSpecializations` that someone on the tab has (the
 * associations answer lists Past people's too), in the answer's order. A chosen one nobody has
 * (an old link, another tab's) stays a choice, so the filter shows what filters the list.
 */
export function specializationChoices(
  unique: readonly string[] | undefined,
  people: readonly Talent[],
  selected: string | undefined,
): string[] {
  const present = new Set(people.flatMap((person) => person.specializations.map(foldText)));
  const choices = (unique ?? []).filter((s) => present.has(foldText(s)));
  if (selected && !choices.some((s) => foldText(s) === foldText(selected))) choices.unshift(selected);
  return choices;
}

/** The time now in a person's time zone ("14:05"), or null when the zone is missing or unknown. */
export function localTimeIn(timezone: string | null, locale: string, now: Date = new Date()): string | null {
  if (!timezone) return null;
  try {
    return new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: timezone }).format(now);
  } catch {
    return null;
  }
}

/** Specializations a card shows before "+N more": enough for most people, two or three lines. */
export const SPECIALIZATIONS_SHOWN = 8;

/**
 * The specializations a card shows folded: the first `limit`, with the one the list is filtered by
 * always among them (first, when it would be folded away), and how many are left.
 */
export function foldedSpecializations(
  specializations: readonly string[],
  filter: string | undefined,
  limit = SPECIALIZATIONS_SHOWN,
): { shown: string[]; hidden: number } {
  if (specializations.length <= limit) return { shown: [...specializations], hidden: 0 };
  const wanted = filter ? foldText(filter) : undefined;
  const at = wanted === undefined ? -1 : specializations.findIndex((s) => foldText(s) === wanted);
  const shown =
    at >= limit
      ? [specializations[at] as string, ...specializations.slice(0, limit - 1)]
      : specializations.slice(0, limit);
  return { shown, hidden: specializations.length - limit };
}
