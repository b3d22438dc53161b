/** The Account page's tabs, in the query string as `?tab=documents` (the navigation's link) or `?tab=company`. */
export const ACCOUNT_TABS = ['documents', 'company'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
export const DEFAULT_ACCOUNT_TAB: AccountTab = 'documents';

const isAccountTab = (value: string): value is AccountTab =>
  (ACCOUNT_TABS as readonly string[]).includes(value);

/** The tab a query string asks for (case-insensitive); the default for none or an unknown one. */
export function accountTabOf(search: string): AccountTab {
  const tab = new URLSearchParams(search).get('tab')?.trim().toLowerCase() ?? '';
  return isAccountTab(tab) ? tab : DEFAULT_ACCOUNT_TAB;
}

/** The query string with `tab` set to `tab` and every other parameter kept, without the leading '?'. */
export function searchWithTab(search: string, tab: AccountTab): string {
  const params = new URLSearchParams(search);
  params.set('tab', tab);
  return params.toString();
}
