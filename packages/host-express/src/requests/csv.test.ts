import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.js';

describe('the requests CSV writer', () => {
  it('quotes what RFC 4180 says must be quoted, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('defuses cells a spreadsheet would run as a formula, but not numbers', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(text)).toBe(`'${text}`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes a byte order mark, the header and CRLF-ended rows', () => {
    expect(
      csvDocument(
        ['A', 'B'],
        [
          ['1', 'x,y'],
          [2, null],
        ],
      ),
    ).toBe('\uFEFFA,B\r\n1,"x,y"\r\n2,\r\n');
  });
});
