import { describe, expect, it } from 'vitest';
import { pageSelection, togglePage, toggleRow } from './selection.js';

describe('pageSelection', () => {
  it('is all, some or none of the page', () => {
    expect(pageSelection(new Set([1, 2]), [1, 2])).toBe('all');
    expect(pageSelection(new Set([1, 9]), [1, 2])).toBe('some');
    expect(pageSelection(new Set([9]), [1, 2])).toBe('none');
  });
  it('is none for a page without selectable rows', () => {
    expect(pageSelection(new Set([1]), [])).toBe('none');
  });
});

describe('toggleRow', () => {
  it('adds at the end and removes, without duplicates', () => {
    expect(toggleRow(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleRow(['a', 'b'], 'a', true)).toEqual(['b', 'a']);
    expect(toggleRow(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggleRow([], 'x', false)).toEqual([]);
  });
  it('tells numbers and strings apart', () => {
    expect(toggleRow([1], '1', true)).toEqual([1, '1']);
  });
});

describe('togglePage', () => {
  it("selects the page's missing rows and keeps other pages' selection", () => {
    expect(togglePage(['x', 2], [1, 2, 3])).toEqual(['x', 2, 1, 3]);
  });
  it('clears the page when all of it is selected, keeping other pages', () => {
    expect(togglePage(['x', 1, 2, 3], [1, 2, 3])).toEqual(['x']);
  });
  it('leaves rows outside the page (disabled ones) alone', () => {
    // Row 4 is disabled: not in pageIds, so it stays selected when the page is cleared…
    expect(togglePage([1, 2, 4], [1, 2])).toEqual([4]);
    // …and is not added when the page is selected.
    expect(togglePage([], [1, 2])).toEqual([1, 2]);
  });
  it('does nothing for a page without selectable rows', () => {
    expect(togglePage(['x'], [])).toEqual(['x']);
  });
});
