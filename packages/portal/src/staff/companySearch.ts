/** A company staff may act for, as GET /api/auth/companies lists it. */
export interface StaffCompany {
  id: string;
  name: string;
}

/** At most this many companies are listed at once; a search narrows a longer list. */
export const SHOWN_COMPANIES = 50;

/** Lower case without accents, so "nestle" finds "Nestlé" and "ACME" finds "Acme". */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').trim();
}

export interface CompanyMatches {
  /** The companies to list: matches whose name starts with a word of the search first, then the rest. */
  shown: StaffCompany[];
  /** How many companies match in all (more than `shown` when the list is cut at `limit`). */
  total: number;
}

/**
 * The companies whose name (or id) contains the search, in the list's own order (by name), those
 * with a word starting with it first; at most `limit` of them. An empty search matches all.
 */
export function matchCompanies(
  companies: readonly StaffCompany[],
  search: string,
  limit = SHOWN_COMPANIES,
): CompanyMatches {
  const term = foldForSearch(search);
  if (!term) return { shown: companies.slice(0, limit), total: companies.length };
  const wordStart: StaffCompany[] = [];
  const inside: StaffCompany[] = [];
  for (const company of companies) {
    const name = foldForSearch(company.name);
    if (name.startsWith(term) || name.includes(` ${term}`)) wordStart.push(company);
    else if (name.includes(term) || foldForSearch(company.id) === term) inside.push(company);
  }
  const all = [...wordStart, ...inside];
  return { shown: all.slice(0, limit), total: all.length };
}
