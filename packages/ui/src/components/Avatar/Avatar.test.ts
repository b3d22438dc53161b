import { describe, expect, it } from 'vitest';
import { getInitials } from './initials.js';

describe('getInitials', () => {
  it('uses the first letter of a single word', () => {
    expect(getInitials('ada')).toBe('A');
    expect(getInitials('  Ada  ')).toBe('A');
  });
  it('uses the first and last word of many', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('Ada King Lovelace')).toBe('AL');
    expect(getInitials('Jean-Luc Picard')).toBe('JP');
    expect(getInitials('maría  josé\tgarcía')).toBe('MG');
  });
  it('can be limited to one letter', () => {
    expect(getInitials('Ada Lovelace', 1)).toBe('A');
  });
  it('gives an empty string for empty or punctuation-only names', () => {
    expect(getInitials('')).toBe('');
    expect(getInitials('   ')).toBe('');
    expect(getInitials(undefined)).toBe('');
    expect(getInitials(null)).toBe('');
    expect(getInitials('- ( )')).toBe('');
  });
  it('skips leading punctuation inside words', () => {
    expect(getInitials('(Ada) "Lovelace"')).toBe('AL');
    expect(getInitials('@ada')).toBe('A');
  });
  it('keeps combining marks with their letter', () => {
    expect(getInitials('e\u0301mile zola')).toBe('ÉZ');
  });
  it('keeps Arabic initials unjoined with a zero-width non-joiner', () => {
    expect(getInitials('محمد علي')).toBe('م\u200Cع');
    expect(getInitials('فاطمة')).toBe('ف');
  });
  it('handles other scripts', () => {
    expect(getInitials('Дмитрий Шостакович')).toBe('ДШ');
    expect(getInitials('יוסי כהן')).toBe('יכ');
    expect(getInitials('山田 太郎')).toBe('山');
    expect(getInitials('김민준')).toBe('김');
  });
  it('upper-cases for the locale', () => {
    expect(getInitials('ilker inan', 2, 'tr')).toBe('İİ');
  });
});
