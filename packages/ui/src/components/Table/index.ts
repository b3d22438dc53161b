export { Table, defaultTableLabels } from './Table.js';
export type {
  TableAlign,
  TableColumn,
  TableLabels,
  TableProps,
  TableRowId,
  TableShowingDetails,
  TableSort,
} from './Table.js';
export {
  compareValues,
  defaultSortValue,
  nextSort,
  pageRange,
  pageRows,
  sortAndPage,
  sortRows,
} from './sortAndPage.js';
export type {
  PageRange,
  PageResult,
  SortAndPageOptions,
  SortDescriptor,
  SortDirection,
  SortInput,
  SortValue,
  SortValueGetter,
} from './sortAndPage.js';
