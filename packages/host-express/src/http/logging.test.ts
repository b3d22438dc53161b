import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging.js';

describe('redactUrl', () => {
  it('hides signed-URL secrets and keeps everything else', () => {
    expect(redactUrl('/api/files/doc-1?exp=1&kid=k1&sig=abc')).toBe(
      '/api/files/doc-1?exp=1&kid=k1&sig=[Redacted]',
    );
    expect(redactUrl('/x?a=1')).toBe('/x?a=1');
    expect(redactUrl('/x')).toBe('/x');
  });

  it('hides a secret sent under a bracketed or encoded name too', () => {
    expect(redactUrl('/f?sig[a]=abc')).toBe('/f?sig[a]=[Redacted]');
    expect(redactUrl('/f?sig%5B%5D=abc')).toBe('/f?sig%5B%5D=[Redacted]');
    expect(redactUrl('/f?SIG=abc')).toBe('/f?SIG=[Redacted]');
  });
});
