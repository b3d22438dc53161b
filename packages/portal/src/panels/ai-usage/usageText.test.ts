import { describe, expect, it } from 'vitest';
import type { I18n } from '../../i18n/I18nProvider.js';
import { en } from '../../i18n/messages.en.js';
import { acceptanceText, reportedText, throughText, usersText } from './usageText.js';

const i18n = (locale: string): I18n => ({
  locale,
  t: (key, values) => en[key].replace(/\{(\w+)\}/g, (_, name: string) => String(values?.[name] ?? '')),
});

describe('acceptanceText', () => {
  it('formats a share with at most one decimal, in the locale', () => {
    expect(acceptanceText(i18n('en'), { kind: 'rate', rate: 0.31416 })).toBe('31.4%');
    expect(acceptanceText(i18n('de'), { kind: 'rate', rate: 0.31416 })).toMatch(/^31,4\s%$/u);
  });
  it('names the tool that does not report, instead of 0 %', () => {
    expect(acceptanceText(i18n('en'), { kind: 'notReported' }, 'windsurf')).toBe('Not reported by Windsurf');
    expect(acceptanceText(i18n('en'), { kind: 'notReported' })).toBe('Not reported');
    expect(acceptanceText(i18n('en'), { kind: 'noneShown' })).toBe('No completions shown');
  });
});

describe('usersText, reportedText and throughText', () => {
  it('shows users against seats when the seats are known', () => {
    expect(usersText(i18n('en'), 5, 12)).toBe('5 of 12 seats');
    expect(usersText(i18n('en'), 1234, null)).toBe('1,234');
  });
  it('says "Not reported" for a counter the tool does not give', () => {
    expect(reportedText(i18n('en'), null)).toBe('Not reported');
    expect(reportedText(i18n('en'), 0)).toBe('0');
  });
  it('gives one day, or the span when scopes differ', () => {
    expect(throughText(i18n('en'), { earliest: '2026-03-01', latest: '2026-03-01' })).toBe('Mar 1, 2026');
    expect(throughText(i18n('en'), { earliest: '2026-02-27', latest: '2026-03-01' })).toBe(
      'Feb 27, 2026 to Mar 1, 2026',
    );
    expect(throughText(i18n('en'), null)).toBe('Not reported');
  });
});
