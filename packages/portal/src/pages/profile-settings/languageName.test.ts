import { describe, expect, it } from 'vitest';
import { languageNameOf } from './languageName.js';

describe('languageNameOf', () => {
  it('names the language in itself, with its region when the tag has one', () => {
    expect(languageNameOf('en')).toBe('English');
    expect(languageNameOf('de')).toBe('Deutsch');
    expect(languageNameOf('ar')).toBe('العربية');
    expect(languageNameOf('de-CH')).toBe('Schweizer Hochdeutsch');
    expect(languageNameOf('fr')).toBe('Français');
  });

  it('gives the tag back when it is not a valid one, and nothing for none', () => {
    expect(languageNameOf('not a tag')).toBe('not a tag');
    expect(languageNameOf(' ')).toBe('');
  });
});
