import { describe, expect, it } from 'vitest';
import { signedUrlHref } from './signedUrl.js';

describe('signedUrlHref', () => {
  it('keeps an absolute URL', () => {
    const url = 'https://files.example/a.pdf?sig=1';
    expect(signedUrlHref(url, 'https://api.example')).toBe(url);
    expect(signedUrlHref('//cdn.example/a.pdf', '')).toBe('//cdn.example/a.pdf');
  });

  it("puts a path on the API's origin (the path carries the host's mount path)", () => {
    expect(signedUrlHref('/api/files/file_1?exp=1&sig=x', 'https://api.example')).toBe(
      'https://api.example/api/files/file_1?exp=1&sig=x',
    );
    expect(signedUrlHref('/portal/api/files/f', 'https://api.example/portal/')).toBe(
      'https://api.example/portal/api/files/f',
    );
  });

  it("leaves a path as it is when the API is on the page's origin", () => {
    expect(signedUrlHref('/api/files/f', '')).toBe('/api/files/f');
    expect(signedUrlHref('/portal/api/files/f', '/portal')).toBe('/portal/api/files/f');
  });
});
