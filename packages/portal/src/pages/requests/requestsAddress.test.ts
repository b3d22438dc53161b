import { describe, expect, it } from 'vitest';
import {
  filtersOf,
  isFiltered,
  isTooShort,
  listHref,
  listQueryOf,
  listSearch,
  newRequestHref,
  prefillOf,
  requestHref,
  requestsViewOf,
  searchTermOf,
} from './requestsAddress.js';

describe('requestsViewOf', () => {
  it('reads the list, the form and a request from the path', () => {
    expect(requestsViewOf('/requests')).toEqual({ kind: 'list' });
    expect(requestsViewOf('/requests/?status=closed')).toEqual({ kind: 'list' });
    expect(requestsViewOf('/requests/new?type=question')).toEqual({ kind: 'new' });
    expect(requestsViewOf('/requests/NORTH-12')).toEqual({ kind: 'detail', key: 'NORTH-12' });
    expect(requestsViewOf('/requests/north-12')).toEqual({ kind: 'detail', key: 'NORTH-12' });
  });

  it('is "not found" for what cannot be a key, without asking the host', () => {
    for (const path of [
      '/requests/42',
      '/requests/NORTH-0',
      '/requests/a/b',
      '/requests/%E0%A4%A',
      '/requestsx',
    ])
      expect(requestsViewOf(path)).toEqual({ kind: 'notFound' });
    expect(requestHref('NORTH-3')).toBe('/requests/NORTH-3');
  });
});

describe('the list address', () => {
  it('reads known filters and drops what the host would refuse', () => {
    expect(
      filtersOf('scope=company&status=waiting_for_you&type=change_of_scope&due=overdue&q=sprint&page=3'),
    ).toEqual({
      scope: 'company',
      status: 'waiting_for_you',
      type: 'change_of_scope',
      due: 'overdue',
      q: 'sprint',
      subscriptionId: undefined,
      projectId: undefined,
      page: 3,
    });
    const odd = filtersOf(
      'scope=all&status=waiting_on_customer&type=DROP%20TABLE&due=late&page=-1&projectId=../x',
    );
    expect(odd).toMatchObject({ scope: 'mine', status: undefined, type: undefined, due: undefined, page: 1 });
    expect(odd.projectId).toBeUndefined();
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(listSearch({ scope: 'mine', page: 1, q: '  ' })).toBe('');
    const search = listSearch({ scope: 'company', status: 'resolved', q: ' key ', page: 2 });
    expect(search).toBe('scope=company&status=resolved&q=key&page=2');
    expect(filtersOf(search)).toMatchObject({ scope: 'company', status: 'resolved', q: 'key', page: 2 });
    expect(listHref({ subscriptionId: 'deal_1', scope: 'company' })).toBe(
      '/requests?scope=company&subscriptionId=deal_1',
    );
    expect(listHref({})).toBe('/requests');
  });

  it('searches from two characters, cleaned', () => {
    expect(searchTermOf('a')).toBe('');
    expect(searchTermOf(' ab\u0007 ')).toBe('ab');
    expect(isTooShort('a')).toBe(true);
    expect(isTooShort('')).toBe(false);
    expect(isFiltered(filtersOf('q=a'))).toBe(false);
    expect(isFiltered(filtersOf('q=ab'))).toBe(true);
    expect(isFiltered(filtersOf('scope=company'))).toBe(false);
  });

  it('asks the host for the page with the filters as its query names them', () => {
    expect(listQueryOf(filtersOf('status=closed&due=at_risk&q=x'), 20)).toEqual({
      scope: 'mine',
      status: 'closed',
      dueState: 'at_risk',
      page: '1',
      pageSize: '20',
    });
  });
});

describe('the new-request address', () => {
  it('pre-fills the type and what the request concerns', () => {
    const href = newRequestHref({ type: 'change_of_scope', subscriptionId: 'deal_7' });
    expect(href).toBe('/requests/new?type=change_of_scope&subscriptionId=deal_7');
    expect(prefillOf(href.split('?')[1] ?? '')).toEqual({
      type: 'change_of_scope',
      subscriptionId: 'deal_7',
      projectId: undefined,
    });
    expect(newRequestHref()).toBe('/requests/new');
  });
});
