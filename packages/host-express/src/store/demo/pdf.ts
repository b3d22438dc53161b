// Builds small, valid one-page PDFs for the demo documents (PDF 1.4: catalog, pages, a page, the
// standard Helvetica font, a content stream, an info dictionary, an exact xref table). Written in
// code so the repository holds no binary files.

export interface PdfContent {
  title: string;
  /** Lines of body text; kept short, there is no wrapping. */
  lines: readonly string[];
  /** For the info dictionary's CreationDate. */
  createdAt: Date;
}

/** PDF string literal: ASCII only (accents dropped), with \, ( and ) escaped. */
function pdfText(value: string): string {
  const ascii = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[–—]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\x7e]/g, '?');
  return `(${ascii.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

export function buildPdf({ title, lines, createdAt }: PdfContent): Buffer {
  const stream = [
    'BT',
    '/F1 18 Tf',
    '56 780 Td',
    `${pdfText(title)} Tj`,
    '/F1 11 Tf',
    '16 TL',
    'T*',
    ...lines.map((line) => `T* ${pdfText(line)} Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfText(title)} /Producer (Client Portal demo data) /CreationDate (${pdfDate(createdAt)}) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = body.length;
  // Each xref entry is exactly 20 bytes: 10-digit offset, space, 5-digit generation, space, flag, space, LF.
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
