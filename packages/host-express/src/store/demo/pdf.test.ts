import { describe, expect, it } from 'vitest';
import { buildPdf } from './pdf.js';

/** Checks what a PDF reader relies on: header, object offsets in the xref table, startxref, trailer. */
function checkStructure(pdf: Buffer): void {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const table = text.slice(startxref + `xref\n0 ${count}\n`.length);
  for (let n = 1; n < Number(count); n++) {
    const entry = table.slice(n * 20, n * 20 + 20);
    expect(entry).toMatch(/^\d{10} 00000 n \n$/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${n} 0 obj\n`)).toBe(true);
  }
  expect(text).toMatch(/trailer\n<< \/Size 7 \/Root 1 0 R \/Info 6 0 R >>/);
  const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text);
  expect(Number(stream?.[1])).toBe(Buffer.byteLength(stream?.[2] ?? '', 'latin1'));
}

describe('buildPdf', () => {
  it('writes a small, structurally valid one-page PDF', () => {
    const pdf = buildPdf({
      title: 'Master Services Agreement',
      lines: ['Between Acme and the provider.', 'Term: 24 months.'],
      createdAt: new Date('2025-01-02T03:04:05Z'),
    });
    checkStructure(pdf);
    expect(pdf.length).toBeGreaterThan(300);
    expect(pdf.length).toBeLessThan(2000);
    const text = pdf.toString('latin1');
    expect(text).toContain('(Master Services Agreement) Tj');
    expect(text).toContain('/CreationDate (D:20250102030405Z)');
  });

  it('escapes PDF string delimiters and drops what Helvetica cannot show', () => {
    const pdf = buildPdf({ title: 'Álvarez (draft) \\ v2 — 😀', lines: [], createdAt: new Date(0) });
    checkStructure(pdf);
    expect(pdf.toString('latin1')).toContain('(Alvarez \\(draft\\) \\\\ v2 - ??) Tj');
  });
});
