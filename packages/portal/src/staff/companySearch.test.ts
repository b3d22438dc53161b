import { describe, expect, it } from 'vitest';
import { foldForSearch, matchCompanies, SHOWN_COMPANIES } from './companySearch.js';

const companies = [
  { id: 'acme', name: 'Acme Corp' },
  { id: 'globex', name: 'Globex Corporation' },
  { id: 'hooli', name: 'Hooli' },
  { id: 'initech', name: 'Initech' },
  { id: 'nestle', name: 'Nestlé Waters' },
  { id: 'umbrella', name: 'Umbrella Corp' },
];
const names = (search: string, limit?: number) =>
  matchCompanies(companies, search, limit).shown.map((c) => c.name);

describe('matchCompanies', () => {
  it('lists every company, in the list’s order, for an empty or blank search', () => {
    expect(names('')).toEqual(companies.map((c) => c.name));
    expect(names('   ')).toHaveLength(companies.length);
  });

  it('ignores case and accents', () => {
    expect(names('ACME')).toEqual(['Acme Corp']);
    expect(names('nestle')).toEqual(['Nestlé Waters']);
    expect(names('Nestlé')).toEqual(['Nestlé Waters']);
    expect(foldForSearch(' Ünïcödé ')).toBe('unicode');
  });

  it('puts names with a word starting with the search before names merely containing it', () => {
    expect(names('corp')).toEqual(['Acme Corp', 'Globex Corporation', 'Umbrella Corp']);
    expect(names('ech')).toEqual(['Initech']);
    expect(names('c')).toEqual(['Acme Corp', 'Globex Corporation', 'Umbrella Corp', 'Initech']);
  });

  it('finds a company by its exact id too', () => {
    expect(names('initech')).toEqual(['Initech']);
    expect(names('glob')).toEqual(['Globex Corporation']);
  });

  it('says how many match in all when the list is cut', () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ id: `c${i}`, name: `Company ${i}` }));
    const all = matchCompanies(many, '');
    expect([all.shown.length, all.total]).toEqual([SHOWN_COMPANIES, 120]);
    const some = matchCompanies(many, 'company 1', 5);
    expect([some.shown.length, some.total]).toEqual([5, 31]);
    expect(matchCompanies(many, 'nothing like it')).toEqual({ shown: [], total: 0 });
  });
});
