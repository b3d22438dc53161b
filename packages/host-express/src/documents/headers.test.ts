import { describe, expect, it } from 'vitest';
import { contentDisposition, safeContentType, safeFileName } from './headers.js';

/** What a browser saves the file as: filename* decoded (RFC 8187). */
function savedName(header: string): string {
  const match = /filename\*=UTF-8''([^;]+)$/.exec(header);
  if (!match?.[1]) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(match[1]);
}

describe('Content-Disposition', () => {
  it('gives a plain name both ways', () => {
    expect(contentDisposition('MSA 2025.pdf')).toBe(
      `attachment; filename="MSA 2025.pdf"; filename*=UTF-8''MSA%202025.pdf`,
    );
  });

  it('keeps quotes, backslashes and percent signs out of the quoted fallback', () => {
    const header = contentDisposition('Report "Q4" 100%.pdf');
    expect(header).toContain('filename="Report _Q4_ 100_.pdf"');
    expect(savedName(header)).toBe('Report "Q4" 100%.pdf');
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('carries unicode in filename* and an ASCII fallback', () => {
    const header = contentDisposition('Übersicht – 東京 😀.pdf');
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    expect(header).toContain('filename="Ubersicht _ __ __.pdf"');
    expect(savedName(header)).toBe('Übersicht – 東京 😀.pdf');
  });

  it("percent-encodes RFC 8187's reserved characters", () => {
    expect(contentDisposition("it's (final)!.pdf")).toContain("filename*=UTF-8''it%27s%20%28final%29%21.pdf");
  });

  it('drops paths, control characters and lone surrogates (header injection, odd names)', () => {
    const header = contentDisposition('../../etc/passwd\r\nSet-Cookie: x=1\u0000\uD800.pdf');
    expect(header).not.toMatch(/\p{Cc}/u);
    expect(savedName(header)).not.toContain('/');
    expect(savedName(header)).toBe('_.._etc_passwd__Set-Cookie_ x=1_\uFFFD.pdf');
  });

  it('never gives an empty or hidden name, and caps long ones', () => {
    expect(safeFileName('')).toBe('download');
    expect(safeFileName('...')).toBe('download');
    expect(safeFileName('.htaccess')).toBe('htaccess');
    const long = `${'a'.repeat(500)}.pdf`;
    expect(safeFileName(long)).toHaveLength(200);
    expect(safeFileName(long).endsWith('.pdf')).toBe(true);
  });
});

describe('Content-Type', () => {
  it('keeps media types', () => {
    expect(safeContentType('application/pdf')).toBe('application/pdf');
    expect(safeContentType('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(safeContentType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('replaces anything else with application/octet-stream', () => {
    for (const bad of ['', 'pdf', 'text/html\r\nX-Evil: 1', 'a/b; c', `application/${'x'.repeat(300)}`]) {
      expect(safeContentType(bad)).toBe('application/octet-stream');
    }
  });
});
