import type { Talent } from '@client-portal/api-client';
import { describe, expect, it } from 'vitest';
import {
  filterTalent,
  foldedSpecializations,
  localTimeIn,
  matchesSearch,
  peopleOnTab,
  specializationChoices,
} from './talentList.js';

const person = (change: Partial<Talent>): Talent => ({
  id: 'tal_1',
  name: 'Ana Ferreira',
  role: 'Senior Backend Engineer',
  seniority: 'Senior',
  specializations: ['Node.js', 'PostgreSQL'],
  yearsOfExperience: 8,
  location: 'Lisbon, Portugal',
  timezone: 'Europe/Lisbon',
  photoUrl: null,
  status: 'Active',
  projectName: 'Customer Portal Rebuild',
  startDate: '2025-01-01',
  endDate: null,
  ...change,
});

const ana = person({});
const lucia = person({
  id: 'tal_2',
  name: 'Lucía Gómez',
  role: 'Product Designer',
  specializations: ['Figma', 'Accessibility'],
  location: 'Buenos Aires, Argentina',
  status: 'Past',
  projectName: null,
});
const tomasz = person({
  id: 'tal_3',
  name: 'Tomasz Nowak',
  role: 'Android Engineer',
  seniority: 'Mid',
  specializations: ['Kotlin'],
  location: null,
  status: 'Active',
});

describe('peopleOnTab', () => {
  it('splits the associations into who works with you now and who did', () => {
    expect(peopleOnTab('Active', [ana, lucia, tomasz])).toEqual([ana, tomasz]);
    expect(peopleOnTab('Past', [ana, lucia, tomasz])).toEqual([lucia]);
  });

  it('lists the available talent as it comes, and nobody before the answer', () => {
    expect(peopleOnTab('All', [lucia, ana])).toEqual([lucia, ana]);
    expect(peopleOnTab('Active', undefined)).toEqual([]);
  });
});

describe('matchesSearch', () => {
  it('finds a name, role, skill, location or project, ignoring case and accents', () => {
    expect(matchesSearch(lucia, 'lucia')).toBe(true);
    expect(matchesSearch(ana, 'BACKEND')).toBe(true);
    expect(matchesSearch(ana, 'postgres')).toBe(true);
    expect(matchesSearch(ana, 'lisbon')).toBe(true);
    expect(matchesSearch(ana, 'portal rebuild')).toBe(true);
    expect(matchesSearch(tomasz, 'mid')).toBe(true);
  });

  it('needs every word, in any order', () => {
    expect(matchesSearch(ana, 'node senior')).toBe(true);
    expect(matchesSearch(ana, 'node kotlin')).toBe(false);
  });

  it('matches everyone for an empty search, and copes with missing details', () => {
    expect(matchesSearch(tomasz, '   ')).toBe(true);
    expect(matchesSearch(tomasz, 'lisbon')).toBe(false);
  });
});

describe('filterTalent', () => {
  it('keeps who has the specialization (any case) and matches the search', () => {
    const people = [ana, lucia, tomasz];
    expect(filterTalent(people, { specialization: 'kotlin', search: '' })).toEqual([tomasz]);
    expect(filterTalent(people, { specialization: undefined, search: 'engineer' })).toEqual([ana, tomasz]);
    expect(filterTalent(people, { specialization: 'Figma', search: 'ana' })).toEqual([]);
    expect(filterTalent(people, { specialization: undefined, search: '' })).toEqual(people);
  });
});

describe('specializationChoices', () => {
  const unique = ['Accessibility', 'Figma', 'Kotlin', 'Node.js', 'PostgreSQL'];

  it('offers the answer’s specializations that someone on the tab has, in its order', () => {
    expect(specializationChoices(unique, [ana, tomasz], undefined)).toEqual([
      'Kotlin',
      'Node.js',
      'PostgreSQL',
    ]);
  });

  it('keeps a chosen specialization nobody on the tab has, first', () => {
    expect(specializationChoices(unique, [tomasz], 'Figma')).toEqual(['Figma', 'Kotlin']);
    expect(specializationChoices(unique, [tomasz], 'kotlin')).toEqual(['Kotlin']);
    expect(specializationChoices(undefined, [], undefined)).toEqual([]);
  });
});

describe('localTimeIn', () => {
  const noon = new Date('2026-03-05T12:00:00Z');

  it('is the time now in the person’s zone', () => {
    expect(localTimeIn('Asia/Tokyo', 'en-GB', noon)).toBe('21:00');
    expect(localTimeIn('Europe/Lisbon', 'en-GB', noon)).toBe('12:00');
  });

  it('is null without a zone or with one the browser does not know', () => {
    expect(localTimeIn(null, 'en', noon)).toBeNull();
    expect(localTimeIn('Mars/Olympus_Mons', 'en', noon)).toBeNull();
  });
});

describe('foldedSpecializations', () => {
  const many = ['a', 'b', 'c', 'd', 'e'];

  it('shows all when they fit', () => {
    expect(foldedSpecializations(['a', 'b'], undefined, 3)).toEqual({ shown: ['a', 'b'], hidden: 0 });
    expect(foldedSpecializations(['a', 'b', 'c'], 'c', 3)).toEqual({ shown: ['a', 'b', 'c'], hidden: 0 });
  });

  it('shows the first ones and counts the rest', () => {
    expect(foldedSpecializations(many, undefined, 3)).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 });
    expect(foldedSpecializations(many, 'b', 3)).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 });
  });

  it('keeps the filtered one visible, first', () => {
    expect(foldedSpecializations(many, 'E', 3)).toEqual({ shown: ['e', 'a', 'b'], hidden: 2 });
  });
});
