/**
 * Pure row-selection logic for <Table>: the header checkbox's state and what toggling a row or the
 * whole page does. Unit-tested in selection.test.ts.
 */

export type TableRowId = string | number;

/** The header checkbox: every selectable row on the page selected, some, or none. */
export type PageSelection = 'all' | 'some' | 'none';

/** How many of `pageIds` (the page's selectable rows) are in `selected`. */
export function pageSelection(
  selected: ReadonlySet<TableRowId>,
  pageIds: readonly TableRowId[],
): PageSelection {
  const count = pageIds.filter((id) => selected.has(id)).length;
  return count === 0 ? 'none' : count === pageIds.length ? 'all' : 'some';
}

/** `selected` with `id` added or removed; order of selection kept, no duplicates. */
export function toggleRow(selected: readonly TableRowId[], id: TableRowId, on: boolean): TableRowId[] {
  const rest = selected.filter((s) => s !== id);
  return on ? [...rest, id] : rest;
}

/**
 * The header checkbox: when every selectable row of the page is selected it clears them, otherwise
 * it selects them all. Rows on other pages, and disabled rows (not in `pageIds`), keep their state.
 */
export function togglePage(selected: readonly TableRowId[], pageIds: readonly TableRowId[]): TableRowId[] {
  const set = new Set(selected);
  if (pageSelection(set, pageIds) === 'all') {
    const page = new Set(pageIds);
    return selected.filter((id) => !page.has(id));
  }
  return [...selected, ...pageIds.filter((id) => !set.has(id))];
}
