import { describe, expect, it } from 'vitest';
import { fileFormatOf } from './fileFormat.js';

describe('fileFormatOf', () => {
  it('names the common office formats by media type', () => {
    expect(fileFormatOf('application/pdf', 'MSA.pdf')).toBe('PDF');
    expect(
      fileFormatOf('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Hours.xlsx'),
    ).toBe('Excel');
    expect(fileFormatOf('Application/PDF; charset=binary', 'x')).toBe('PDF');
  });

  it("falls back to the file name's extension, then to nothing", () => {
    expect(fileFormatOf('image/png', 'diagram.png')).toBe('PNG');
    expect(fileFormatOf('application/octet-stream', 'notes')).toBe('');
    expect(fileFormatOf('', 'archive.tar.gz ')).toBe('GZ');
  });
});
