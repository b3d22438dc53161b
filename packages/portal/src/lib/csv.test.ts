import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './csv.js';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          [1, 'x'],
          [2.5, null],
        ],
      ),
    ).toBe('a,b\r\n1,x\r\n2.5,\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['t'], [['a,b'], ['say "hi"'], ['two\nlines']])).toBe(
      't\r\n"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as formulas, but keeps negative numbers', () => {
    expect(toCsv(['t'], [['=SUM(A1)'], ['+1'], ['@cmd'], ['-x'], [-3]])).toBe(
      "t\r\n'=SUM(A1)\r\n'+1\r\n'@cmd\r\n'-x\r\n-3\r\n",
    );
  });

  it('leaves non-finite numbers and missing values empty; writes booleans as words', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[Number.NaN, undefined, true, false]])).toBe(
      'a,b,c,d\r\n,,true,false\r\n',
    );
  });
});

describe('csvFileName', () => {
  it('joins safe parts with dashes', () => {
    expect(csvFileName('PORTAL', 'deployments', '2026-01-01', '2026-03-31')).toBe(
      'PORTAL-deployments-2026-01-01-2026-03-31.csv',
    );
  });

  it('cannot add a path or odd characters', () => {
    expect(csvFileName('../../etc', 'a b')).toBe('etc-a_b.csv');
    expect(csvFileName('///')).toBe('export.csv');
  });
});
