// Internal: the base Menu and Select render through. Not re-exported from the package.
export { CheckIcon, ChevronIcon, FloatingList } from './FloatingList.js';
export type { FloatingListParts, FloatingListProps } from './FloatingList.js';
export * as floatingListStyles from './FloatingList.css.js';
