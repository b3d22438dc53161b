export { Table, defaultTableLabels } from './Table';
export type {
  TableAlign,
  TableColumn,
  TableLabels,
  TableProps,
  TableShowingDetails,
  TableSort,
} from './Table';
export {
  compareValues,
  defaultSortValue,
  nextSort,
  pageRange,
  pageRows,
  sortAndPage,
  sortRows,
} from './sortAndPage';
export type {
  PageRange,
  PageResult,
  SortAndPageOptions,
  SortDescriptor,
  SortDirection,
  SortInput,
  SortValue,
  SortValueGetter,
} from './sortAndPage';
