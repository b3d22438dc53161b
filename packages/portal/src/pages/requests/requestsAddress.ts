import {
  REQUEST_KEY_PATTERN,
  REQUEST_SEARCH_MAX,
  type RequestDueState,
  type RequestLabel,
  type RequestListQuery,
} from '@client-portal/api-client/requests';
import { isDueState, isLabel } from './requestLabels.js';

/** The section's path, relative to the portal's base path. */
export const REQUESTS_PATH = '/requests';
export const NEW_REQUEST_PATH = `${REQUESTS_PATH}/new`;
/** Rows per page of the list. */
export const REQUESTS_PAGE_SIZE = 20;
export const SEARCH_MIN = 2;

/** What an address below the section shows. */
export type RequestsView =
  | { kind: 'list' }
  | { kind: 'new' }
  | { kind: 'detail'; key: string }
  | { kind: 'notFound' };

/**
 * `/requests` is the list, `/requests/new` the form and `/requests/<KEY>` one request. A segment
 * that cannot be a key is "not found" without asking the host; a lower-case key is the same key.
 */
export function requestsViewOf(path: string): RequestsView {
  const clean = (path.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
  const root = clean.toLowerCase().indexOf(REQUESTS_PATH);
  if (root === -1) return { kind: 'list' };
  const rest = clean.slice(root + REQUESTS_PATH.length);
  if (rest === '') return { kind: 'list' };
  const segment = rest.slice(1);
  if (!rest.startsWith('/') || segment.includes('/')) return { kind: 'notFound' };
  if (segment.toLowerCase() === 'new') return { kind: 'new' };
  let key: string;
  try {
    key = decodeURIComponent(segment).toUpperCase();
  } catch {
    return { kind: 'notFound' };
  }
  return key.length <= 20 && REQUEST_KEY_PATTERN.test(key) ? { kind: 'detail', key } : { kind: 'notFound' };
}

export const requestHref = (key: string) => `${REQUESTS_PATH}/${encodeURIComponent(key)}`;

/** The list's state as its address keeps it. */
export interface ListFilters {
  scope: 'mine' | 'company';
  status: RequestLabel | undefined;
  type: string | undefined;
  due: RequestDueState | undefined;
  /** The search as typed into the address (may still be too short to search for). */
  q: string;
  subscriptionId: string | undefined;
  projectId: string | undefined;
  page: number;
}

const TYPE_ID = /^[a-z][a-z0-9_]{0,39}$/;
const RECORD_ID = /^[A-Za-z0-9][A-Za-z0-9_:.-]{0,127}$/;

/** Text the host accepts in a search: no control characters, at most its length. */
export function searchTermOf(input: string | null | undefined): string {
  const term = (input ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')
    .trim()
    .slice(0, REQUEST_SEARCH_MAX)
    .trim();
  return term.length >= SEARCH_MIN ? term : '';
}

export const isTooShort = (input: string) => input.trim() !== '' && searchTermOf(input) === '';

/** The filters of a query string; a value the host would refuse is no filter. */
export function filtersOf(search: string | URLSearchParams): ListFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const get = (name: string) => params.get(name) ?? '';
  const status = get('status');
  const due = get('due');
  const type = get('type');
  const page = Number(get('page'));
  const id = (name: string) => (RECORD_ID.test(get(name)) ? get(name) : undefined);
  return {
    scope: get('scope') === 'company' ? 'company' : 'mine',
    status: isLabel(status) ? status : undefined,
    type: TYPE_ID.test(type) ? type : undefined,
    due: isDueState(due) ? due : undefined,
    q: get('q').slice(0, REQUEST_SEARCH_MAX),
    subscriptionId: id('subscriptionId'),
    projectId: id('projectId'),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The query string of a list state: only what differs from the defaults, in a stable order. */
export function listSearch(filters: Partial<ListFilters>): string {
  const params = new URLSearchParams();
  if (filters.scope === 'company') params.set('scope', 'company');
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.due) params.set('due', filters.due);
  const q = filters.q?.trim();
  if (q) params.set('q', q);
  if (filters.subscriptionId) params.set('subscriptionId', filters.subscriptionId);
  if (filters.projectId) params.set('projectId', filters.projectId);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** The list at these filters, e.g. the open requests about one subscription. */
export const listHref = (filters: Partial<ListFilters>) => {
  const search = listSearch(filters);
  return search ? `${REQUESTS_PATH}?${search}` : REQUESTS_PATH;
};

/** Whether any filter narrows the list (the scope is not a filter). */
export const isFiltered = (f: ListFilters) =>
  Boolean(f.status || f.type || f.due || searchTermOf(f.q) || f.subscriptionId || f.projectId);

/** What the host is asked for. */
export function listQueryOf(f: ListFilters, pageSize = REQUESTS_PAGE_SIZE): RequestListQuery {
  const q = searchTermOf(f.q);
  return {
    scope: f.scope,
    ...(f.status ? { status: f.status } : {}),
    ...(f.type ? { type: f.type } : {}),
    ...(f.due ? { dueState: f.due } : {}),
    ...(q ? { q } : {}),
    ...(f.subscriptionId ? { subscriptionId: f.subscriptionId } : {}),
    ...(f.projectId ? { projectId: f.projectId } : {}),
    page: String(f.page),
    pageSize: String(pageSize),
  };
}

/** What the form starts from: the type and what it concerns, from the address. */
export interface NewRequestPrefill {
  type?: string | undefined;
  subscriptionId?: string | undefined;
  projectId?: string | undefined;
}

export function prefillOf(search: string | URLSearchParams): NewRequestPrefill {
  const f = filtersOf(search);
  return { type: f.type, subscriptionId: f.subscriptionId, projectId: f.projectId };
}

export function newRequestHref(prefill: NewRequestPrefill = {}): string {
  const search = listSearch({
    type: prefill.type,
    subscriptionId: prefill.subscriptionId,
    projectId: prefill.projectId,
  });
  return search ? `${NEW_REQUEST_PATH}?${search}` : NEW_REQUEST_PATH;
}
