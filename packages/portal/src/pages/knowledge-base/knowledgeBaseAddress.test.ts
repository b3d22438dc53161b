import { describe, expect, it } from 'vitest';
import {
  articleHref,
  categoryOf,
  isTooShort,
  listSearch,
  searchTermOf,
  viewOf,
} from './knowledgeBaseAddress.js';

describe('viewOf', () => {
  it('is the list at the page’s own path, with or without a trailing slash or query', () => {
    expect(viewOf('/knowledge-base')).toEqual({ kind: 'list' });
    expect(viewOf('/knowledge-base/')).toEqual({ kind: 'list' });
    expect(viewOf('/Knowledge-Base?q=dora')).toEqual({ kind: 'list' });
  });

  it('is an article below it', () => {
    expect(viewOf('/knowledge-base/reading-dora-metrics')).toEqual({
      kind: 'article',
      slug: 'reading-dora-metrics',
    });
    expect(viewOf('/knowledge-base/reading-dora-metrics/?x=1')).toEqual({
      kind: 'article',
      slug: 'reading-dora-metrics',
    });
  });

  it('is "not found" for anything that cannot be a slug', () => {
    for (const path of [
      '/knowledge-base/Upper-Case',
      '/knowledge-base/a/b',
      '/knowledge-base/..',
      '/knowledge-base/a%2Fb',
      '/knowledge-base/%E0%A4%A',
      '/knowledge-base/double--hyphen',
      `/knowledge-base/${'a'.repeat(201)}`,
      '/knowledge-basement',
    ]) {
      expect(viewOf(path), path).toEqual({ kind: 'notFound' });
    }
  });
});

describe('articleHref', () => {
  it('is the article’s address', () => {
    expect(articleHref('reading-dora-metrics')).toBe('/knowledge-base/reading-dora-metrics');
  });
});

describe('searchTermOf', () => {
  it('trims, and is empty below two characters', () => {
    expect(searchTermOf('  dora  ')).toBe('dora');
    expect(searchTermOf('d')).toBe('');
    expect(searchTermOf(' d ')).toBe('');
    expect(searchTermOf(null)).toBe('');
  });

  it('keeps at most 200 characters and drops what the host refuses', () => {
    expect(searchTermOf('x'.repeat(300))).toHaveLength(200);
    expect(searchTermOf('do\u0000ra')).toBe('do ra');
    expect(searchTermOf('ab\uD800')).toBe('ab');
    expect(searchTermOf('😀 ok')).toBe('😀 ok');
  });

  it('says when what is typed is still too short', () => {
    expect(isTooShort('d')).toBe(true);
    expect(isTooShort('')).toBe(false);
    expect(isTooShort('  ')).toBe(false);
    expect(isTooShort('do')).toBe(false);
  });
});

describe('categoryOf', () => {
  it('is the category, or none when empty or too long for the host', () => {
    expect(categoryOf('Billing')).toBe('Billing');
    expect(categoryOf(' ')).toBeUndefined();
    expect(categoryOf(null)).toBeUndefined();
    expect(categoryOf('x'.repeat(101))).toBeUndefined();
  });
});

describe('listSearch', () => {
  it('writes the set values only', () => {
    expect(listSearch({})).toBe('');
    expect(listSearch({ q: 'dora metrics' })).toBe('q=dora+metrics');
    expect(listSearch({ q: 'x', category: 'Delivery analytics' })).toBe('q=x&category=Delivery+analytics');
    expect(listSearch({ category: 'Billing' })).toBe('category=Billing');
  });
});
