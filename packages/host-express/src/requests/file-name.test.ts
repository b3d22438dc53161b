import { describe, expect, it } from 'vitest';
import { cleanFileName, extensionOf, MAX_FILE_NAME_BYTES } from './file-name.js';

describe('cleanFileName', () => {
  it('keeps an ordinary name', () => {
    expect(cleanFileName('Report Q2 2025.pdf')).toBe('Report Q2 2025.pdf');
    expect(cleanFileName('Überblick – März.xlsx')).toBe('Überblick – März.xlsx');
  });

  it('strips any path, with either separator', () => {
    expect(cleanFileName('C:\\Users\\alex\\Desktop\\invoice.pdf')).toBe('invoice.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a/b\\c/d.txt')).toBe('d.txt');
    expect(cleanFileName('folder/')).toBe('attachment');
  });

  it('removes control characters, NUL and line breaks', () => {
    expect(cleanFileName('re\u0000port\u0007.pdf')).toBe('report.pdf');
    expect(cleanFileName('two\r\nlines\t.txt')).toBe('twolines.txt');
    expect(cleanFileName('c1\u0085\u009b.txt')).toBe('c1.txt');
    expect(cleanFileName('del\u007f.txt')).toBe('del.txt');
  });

  it('removes direction overrides, embeddings, isolates and marks', () => {
    // "invoice‮fdp.exe" would show as "invoiceexe.pdf".
    expect(cleanFileName('invoice\u202efdp.exe')).toBe('invoicefdp.exe');
    const marks = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u2028\u2029';
    expect(cleanFileName(`a${marks}b.txt`)).toBe('ab.txt');
  });

  it('removes leading dots and surrounding white space', () => {
    expect(cleanFileName('.htaccess')).toBe('htaccess');
    expect(cleanFileName('...')).toBe('attachment');
    expect(cleanFileName('..')).toBe('attachment');
    expect(cleanFileName('  . hidden.txt  ')).toBe('hidden.txt');
    expect(cleanFileName('\u202e.bashrc')).toBe('bashrc');
  });

  it('normalises to NFC', () => {
    const decomposed = 'Cafe\u0301.txt';
    expect(cleanFileName(decomposed)).toBe('Caf\u00e9.txt');
    expect(cleanFileName(decomposed)).toHaveLength(8);
  });

  it('drops lone surrogates', () => {
    expect(cleanFileName('a\ud800b.txt')).toBe('ab.txt');
    expect(cleanFileName('smile\ud83d\ude00.png')).toBe('smile\ud83d\ude00.png');
  });

  it('cuts to 255 bytes of UTF-8, keeping the extension and whole characters', () => {
    const long = `${'é'.repeat(300)}.pdf`;
    const cut = cleanFileName(long);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(cut.endsWith('.pdf')).toBe(true);
    expect(cut).toBe(`${'é'.repeat(125)}.pdf`);
    const emoji = cleanFileName(`${'😀'.repeat(100)}.docx`);
    expect(Buffer.byteLength(emoji)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(emoji).toBe(`${'😀'.repeat(62)}.docx`);
    const noExtension = cleanFileName('x'.repeat(400));
    expect(noExtension).toBe('x'.repeat(255));
  });

  it('falls back to "attachment" when nothing is left, or the name is not a string', () => {
    expect(cleanFileName('')).toBe('attachment');
    expect(cleanFileName('\u0000\u202e')).toBe('attachment');
    expect(cleanFileName(undefined)).toBe('attachment');
    expect(cleanFileName(42)).toBe('attachment');
  });

  it('tells the extension', () => {
    expect(extensionOf('data.CSV')).toBe('csv');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('README')).toBe('');
  });
});
