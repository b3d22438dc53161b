import { describe, expect, it } from 'vitest';
import {
  pageOf,
  searchOf,
  specializationOf,
  talentAddressOf,
  talentSearch,
  talentTabOf,
} from './talentAddress.js';

describe('talentTabOf', () => {
  it('reads the tab whatever its case', () => {
    expect(talentTabOf('Active')).toBe('Active');
    expect(talentTabOf('past')).toBe('Past');
    expect(talentTabOf(' ALL ')).toBe('All');
  });

  it('takes "available" for the All tab, and anything else for Active', () => {
    expect(talentTabOf('Available')).toBe('All');
    expect(talentTabOf('everyone')).toBe('Active');
    expect(talentTabOf('')).toBe('Active');
    expect(talentTabOf(null)).toBe('Active');
  });
});

describe('specializationOf', () => {
  it('is the trimmed specialization, or none when empty or too long', () => {
    expect(specializationOf(' React ')).toBe('React');
    expect(specializationOf('  ')).toBeUndefined();
    expect(specializationOf(null)).toBeUndefined();
    expect(specializationOf('x'.repeat(101))).toBeUndefined();
    expect(specializationOf('CI/CD')).toBe('CI/CD');
    expect(specializationOf('*')).toBeUndefined();
  });
});

describe('searchOf', () => {
  it('trims, drops control characters and keeps at most 100 characters', () => {
    expect(searchOf('  ana ')).toBe('ana');
    expect(searchOf('an\u0000a')).toBe('an a');
    expect(searchOf('x'.repeat(150))).toHaveLength(100);
    expect(searchOf(undefined)).toBe('');
  });
});

describe('pageOf', () => {
  it('is a whole number of at least 1, else the first page', () => {
    expect(pageOf('3')).toBe(3);
    expect(pageOf('0')).toBe(1);
    expect(pageOf('-2')).toBe(1);
    expect(pageOf('1.5')).toBe(1);
    expect(pageOf('two')).toBe(1);
    expect(pageOf('1e9')).toBe(1);
    expect(pageOf(null)).toBe(1);
  });
});

describe('talentAddressOf', () => {
  it('reads every part of the query string', () => {
    expect(talentAddressOf('tab=All&specialization=React&q=lisbon&page=2')).toEqual({
      tab: 'All',
      specialization: 'React',
      q: 'lisbon',
      page: 2,
    });
  });

  it('defaults to the first page of the Active tab, unfiltered', () => {
    expect(talentAddressOf('')).toEqual({ tab: 'Active', specialization: undefined, q: '', page: 1 });
  });
});

describe('talentSearch', () => {
  it('always names the tab and writes only what is set', () => {
    expect(talentSearch({ tab: 'Active', specialization: undefined, q: '', page: 1 })).toBe('tab=Active');
    expect(talentSearch({ tab: 'All', specialization: 'Node.js', q: ' go ', page: 3 })).toBe(
      'tab=All&specialization=Node.js&q=go&page=3',
    );
  });

  it('reads back what it wrote', () => {
    const address = { tab: 'Past', specialization: 'CI/CD & more', q: 'São Paulo', page: 2 } as const;
    expect(talentAddressOf(talentSearch(address))).toEqual(address);
  });
});
