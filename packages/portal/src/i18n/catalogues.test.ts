import { describe, expect, it } from 'vitest';
import { catalogueFor, languageOf, loadCatalogue } from './catalogues.js';
import { dateLocaleFor } from './dates.js';
import { ar } from './messages.ar.js';
import { de } from './messages.de.js';
import { en, type MessageKey } from './messages.en.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(en).sort() as MessageKey[];
/** [visible text, the accessible name given to the element showing it]. */
const LABELLED: [MessageKey, MessageKey][] = [
  ['requestLinks.requestChange', 'requestLinks.requestChangeFor'],
  ['requestPage.file.download', 'requestPage.file.downloadName'],
  ['requestPage.file.preview', 'requestPage.file.previewName'],
  ['requestPage.file.newer', 'requestPage.file.newerName'],
  ['requestPage.file.save', 'requestPage.file.saveName'],
  ['page.account.documents.download', 'page.account.documents.downloadName'],
];

describe.each([
  ['ar', ar],
  ['de', de],
] as const)('the %s catalogue', (_name, catalogue) => {
  it("has exactly English's keys", () => {
    expect(Object.keys(catalogue).sort()).toEqual(keys);
  });

  it('has no empty or untrimmed strings', () => {
    for (const key of keys) {
      expect(typeof catalogue[key], key).toBe('string');
      expect(catalogue[key].trim(), key).not.toBe('');
      expect(catalogue[key], key).toBe(catalogue[key].trim());
    }
  });

  it("keeps each message's placeholders", () => {
    for (const key of keys) expect(placeholders(catalogue[key]), key).toEqual(placeholders(en[key]));
  });

  it('names a link by its visible words: each accessible name holds the text it labels (WCAG 2.5.3)', () => {
    // A button or link shows a verb ("Download") and is named with its object ("Download a.pdf"): a
    // speech-input user says what they see, so the name holds the visible words in one piece (as
    // axe's label-content-name-mismatch compares them: ignoring case).
    for (const [visible, name] of LABELLED) {
      expect(catalogue[name].toLowerCase(), name).toContain(catalogue[visible].toLowerCase());
      expect(en[name].toLowerCase(), name).toContain(en[visible].toLowerCase());
    }
  });
});

describe('the English catalogue', () => {
  it('has no empty strings and only {word} placeholders', () => {
    for (const key of keys) {
      expect(en[key].trim(), key).not.toBe('');
      // A brace that is not part of a {name} placeholder is a typo.
      expect(en[key].replace(/\{\w+\}/g, ''), key).not.toMatch(/[{}]/);
    }
  });
});

describe('catalogueFor and loadCatalogue', () => {
  it('has English (no overrides) at once, and other languages once loaded, by language part', async () => {
    expect(catalogueFor('en')).toEqual({});
    expect(catalogueFor('fr-FR')).toEqual({});
    expect(catalogueFor('')).toEqual({});
    await expect(loadCatalogue('fr')).resolves.toEqual({});
    await expect(loadCatalogue('ar-EG')).resolves.toBe(ar);
    expect(catalogueFor('ar')).toBe(ar);
    await expect(loadCatalogue('DE-at')).resolves.toBe(de);
    expect(catalogueFor('de')).toBe(de);
    expect(languageOf('de-CH')).toBe('de');
  });
});

describe('dateLocaleFor', () => {
  it('is the locale itself for a language we ship besides English, US English otherwise', () => {
    expect(dateLocaleFor('de-AT')).toBe('de-AT');
    expect(dateLocaleFor('ar')).toBe('ar');
    for (const locale of ['en', 'en-GB', 'nl', 'fr', '']) expect(dateLocaleFor(locale)).toBe('en-US');
  });
});
