import { describe, expect, it } from 'vitest';
import { accountTabOf, searchWithTab } from './accountTab.js';

describe('accountTabOf', () => {
  it('reads the tab from the query string, with or without the leading "?"', () => {
    expect(accountTabOf('tab=company')).toBe('company');
    expect(accountTabOf('?tab=documents')).toBe('documents');
    expect(accountTabOf('?x=1&tab=Company')).toBe('company');
  });

  it('falls back to the documents tab for a missing, empty or unknown tab', () => {
    expect(accountTabOf('')).toBe('documents');
    expect(accountTabOf('tab=')).toBe('documents');
    expect(accountTabOf('tab=billing')).toBe('documents');
  });
});

describe('searchWithTab', () => {
  it('sets the tab and keeps the other parameters', () => {
    expect(searchWithTab('tab=documents', 'company')).toBe('tab=company');
    expect(searchWithTab('ref=mail&tab=documents', 'company')).toBe('ref=mail&tab=company');
    expect(searchWithTab('', 'documents')).toBe('tab=documents');
  });
});
