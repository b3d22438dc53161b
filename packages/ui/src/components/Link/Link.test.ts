import { describe, expect, it } from 'vitest';
import { externalRel, isExternalHref } from './external.js';

const here = 'https://portal.example.com';

describe('isExternalHref', () => {
  it('detects absolute http(s) URLs on another origin', () => {
    expect(isExternalHref('https://example.org/docs', here)).toBe(true);
    expect(isExternalHref('http://portal.example.com', here)).toBe(true); // other scheme, other origin
    expect(isExternalHref('https://portal.example.com:8443/', here)).toBe(true);
    expect(isExternalHref('//cdn.example.net/file.pdf', here)).toBe(true);
    expect(isExternalHref('  HTTPS://EXAMPLE.ORG  ', here)).toBe(true);
  });
  it('treats same-origin, relative and non-http links as internal', () => {
    expect(isExternalHref('https://portal.example.com/settings', here)).toBe(false);
    expect(isExternalHref('/settings', here)).toBe(false);
    expect(isExternalHref('settings?tab=2', here)).toBe(false);
    expect(isExternalHref('#main', here)).toBe(false);
    expect(isExternalHref('mailto:help@example.org', here)).toBe(false);
    expect(isExternalHref('tel:+441234', here)).toBe(false);
    expect(isExternalHref('', here)).toBe(false);
    expect(isExternalHref(undefined, here)).toBe(false);
    expect(isExternalHref('https://', here)).toBe(false);
  });
  it('counts every absolute http(s) URL as external without an origin', () => {
    expect(isExternalHref('https://portal.example.com/x')).toBe(true);
    expect(isExternalHref('/x')).toBe(false);
  });
});

describe('externalRel', () => {
  it('adds noopener noreferrer without duplicating', () => {
    expect(externalRel()).toBe('noopener noreferrer');
    expect(externalRel('nofollow')).toBe('nofollow noopener noreferrer');
    expect(externalRel('noopener  nofollow')).toBe('noopener nofollow noreferrer');
  });
});
