/**
 * The Talent page's state in its query string, `/services/talent?tab=Active&specialization=React&q=node&page=2`,
 * so a reload, "back" or a shared link opens the same list.
 */

/** `Active` and `Past`: who works, or worked, with the customer; `All`: everyone available to join. */
export const TALENT_TABS = ['Active', 'Past', 'All'] as const;
export type TalentTab = (typeof TALENT_TABS)[number];
export const DEFAULT_TALENT_TAB: TalentTab = 'Active';

/** Longer text in the address is cut: nobody types more, and it keeps a pasted link harmless. */
export const SEARCH_MAX_LENGTH = 100;
export const SPECIALIZATION_MAX_LENGTH = 100;

export interface TalentAddress {
  tab: TalentTab;
  /** Only people with this specialization; undefined for everyone. */
  specialization: string | undefined;
  /** What the search box holds ('' for none). */
  q: string;
  /** 1-based; the list clamps it to its last page. */
  page: number;
}

/** Control characters never belong in a search or a specialization (a pasted link may carry them). */
const cleanText = (text: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  text.replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ').trim();

/** The tab of the address, case-insensitive (`available` names the `All` tab too); `Active` otherwise. */
export function talentTabOf(value: string | null | undefined): TalentTab {
  const tab = (value ?? '').trim().toLowerCase();
  if (tab === 'available') return 'All';
  return TALENT_TABS.find((t) => t.toLowerCase() === tab) ?? DEFAULT_TALENT_TAB;
}

/** The filter's "all specializations" choice; in the address, the same as no filter. */
export const ANY_SPECIALIZATION = '*';

export function specializationOf(value: string | null | undefined): string | undefined {
  const specialization = cleanText(value ?? '');
  return specialization &&
    specialization !== ANY_SPECIALIZATION &&
    specialization.length <= SPECIALIZATION_MAX_LENGTH
    ? specialization
    : undefined;
}

export const searchOf = (value: string | null | undefined): string =>
  cleanText(value ?? '')
    .slice(0, SEARCH_MAX_LENGTH)
    .trim();

/** A whole number ≥ 1; anything else (0, -2, 1.5, "two") is the first page. */
export function pageOf(value: string | null | undefined): number {
  const text = (value ?? '').trim();
  if (!/^\d{1,6}$/.test(text)) return 1;
  return Math.max(1, Number(text));
}

export function talentAddressOf(search: string | URLSearchParams): TalentAddress {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return {
    tab: talentTabOf(params.get('tab')),
    specialization: specializationOf(params.get('specialization')),
    q: searchOf(params.get('q')),
    page: pageOf(params.get('page')),
  };
}

/** The query string (without '?'): always the tab, then what is set; page 1 is left out. */
export function talentSearch(address: TalentAddress): string {
  const params = new URLSearchParams({ tab: address.tab });
  if (address.specialization) params.set('specialization', address.specialization);
  const q = searchOf(address.q);
  if (q) params.set('q', q);
  if (address.page > 1) params.set('page', String(Math.floor(address.page)));
  return params.toString();
}
